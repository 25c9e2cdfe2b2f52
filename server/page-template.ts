import {
  CONFIG_PLACEHOLDER,
  NEWSLETTER_STATUS_PLACEHOLDER,
  PRERENDER_NONCE,
  type PublicRuntimeConfig,
  SANDBOX_ATTRIBUTE,
  serializeConfig,
} from "../app/lib/document-runtime";
import { type DeflatedPart, deflatePart, splicedGzip } from "./spliced-gzip";

/**
 * A page rendered with the prerender placeholders (at build time, or by the page cache), split around
 * them once so that each response only fills in its own values: the CSP nonce, the runtime
 * configuration and the sign-up status. The fixed parts are kept as UTF-8 bytes and compressed once,
 * so a response neither encodes nor compresses the page again (docs/decisions/015-serving-prerendered-pages.md).
 */
type Slot = "nonce" | "config" | "html" | "newsletter";
export type Template = { parts: DeflatedPart[]; slots: Slot[] };

/** Per-response values written into a page. */
export type PageValues = { nonce: string; config: PublicRuntimeConfig; newsletterStatus?: string };

const NONCE_TOKEN = `nonce="${PRERENDER_NONCE}"`;
const HTML_TOKEN = '<html lang="en"';

export function compileTemplate(html: string): Template {
  const tokens: [string, Slot][] = [
    [NONCE_TOKEN, "nonce"],
    [CONFIG_PLACEHOLDER, "config"],
    [HTML_TOKEN, "html"],
    [NEWSLETTER_STATUS_PLACEHOLDER, "newsletter"],
  ];
  const parts: DeflatedPart[] = [];
  const slots: Template["slots"] = [];
  let rest = html;
  for (;;) {
    let next: { index: number; token: string; slot: Slot } | undefined;
    for (const [token, slot] of tokens) {
      const index = rest.indexOf(token);
      if (index !== -1 && (!next || index < next.index)) next = { index, token, slot };
    }
    if (!next) break;
    parts.push(deflatePart(Buffer.from(rest.slice(0, next.index))));
    slots.push(next.slot);
    rest = rest.slice(next.index + next.token.length);
  }
  parts.push(deflatePart(Buffer.from(rest)));
  return { parts, slots };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The slots that depend only on the runtime configuration, encoded once per configuration. */
const encodedConfigs = new WeakMap<PublicRuntimeConfig, { config: Buffer; html: Buffer }>();
function encodedConfig(config: PublicRuntimeConfig) {
  let encoded = encodedConfigs.get(config);
  if (!encoded) {
    encoded = {
      config: Buffer.from(serializeConfig(config)),
      html: Buffer.from(config.paymentsEmulated ? `${HTML_TOKEN} ${SANDBOX_ATTRIBUTE}=""` : HTML_TOKEN),
    };
    encodedConfigs.set(config, encoded);
  }
  return encoded;
}

/** The page for one response, as the chunks of bytes to send in order, gzipped or not. */
export function renderTemplate(
  template: Template,
  page: PageValues,
  encoding: "identity" | "gzip",
): Buffer[] {
  const fixed = encodedConfig(page.config);
  const value = (slot: Slot): Buffer => {
    switch (slot) {
      case "nonce":
        return Buffer.from(`nonce="${page.nonce}"`);
      case "config":
        return fixed.config;
      case "html":
        return fixed.html;
      case "newsletter":
        return Buffer.from(escapeHtml(page.newsletterStatus ?? ""));
    }
  };
  const pieces: (DeflatedPart | Buffer)[] = [];
  for (let i = 0; i < template.parts.length; i++) {
    if (i > 0) pieces.push(value(template.slots[i - 1] as Slot));
    pieces.push(template.parts[i] as DeflatedPart);
  }
  if (encoding === "gzip") return splicedGzip(pieces);
  return pieces.map((piece) => (Buffer.isBuffer(piece) ? piece : piece.raw));
}
