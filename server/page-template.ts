import {
  CONFIG_PLACEHOLDER,
  NEWSLETTER_STATUS_PLACEHOLDER,
  PRERENDER_NONCE,
  type PublicRuntimeConfig,
  SANDBOX_ATTRIBUTE,
  serializeConfig,
} from "../app/lib/document-runtime";
import { DOCUMENT_TEXT_TOKEN_PATTERN, documentText, isJsonTextKey } from "../app/lib/document-text";
import { type Between, type DeflatedPart, deflateChain, deflatePart, splicedGzip } from "./spliced-gzip";

/**
 * A page rendered with the prerender placeholders (at build time, or by the page cache), split around
 * them once so that each response only fills in its own values: the CSP nonce, the runtime
 * configuration, the texts that follow from it (app/lib/document-text.ts) and the sign-up status. The fixed parts are kept as UTF-8 bytes and compressed once,
 * so a response neither encodes nor compresses the page again (docs/decisions/015-serving-prerendered-pages.md).
 */
type Slot = "nonce" | "config" | "html" | "newsletter" | { text: string };
export type Template = {
  /** The fixed parts, each also compressed on its own (right for any values). */
  parts: DeflatedPart[];
  slots: Slot[];
  /** The parts compressed as a chain (smaller), per runtime configuration; none for a page with a zero byte. */
  chained?: WeakMap<PublicRuntimeConfig, Buffer[]>;
};

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
    const text = new RegExp(DOCUMENT_TEXT_TOKEN_PATTERN.source).exec(rest);
    if (text && (!next || text.index < next.index))
      next = { index: text.index, token: text[0], slot: { text: text[1] as string } };
    if (!next) break;
    parts.push(deflatePart(Buffer.from(rest.slice(0, next.index))));
    slots.push(next.slot);
    rest = rest.slice(next.index + next.token.length);
  }
  parts.push(deflatePart(Buffer.from(rest)));
  return { parts, slots, ...(html.includes("\0") ? {} : { chained: new WeakMap() }) };
}

/** `nonce="…"` with a nonce of 16 bytes in base64 (server/security-headers.ts): always this long. */
const NONCE_VALUE_BYTES = `nonce="${"A".repeat(24)}"`.length;

/** The template's parts compressed as a chain for this configuration (server/spliced-gzip.ts). */
function chainedParts(template: Template, config: PublicRuntimeConfig): Buffer[] | undefined {
  if (!template.chained) return undefined;
  let chain = template.chained.get(config);
  if (!chain) {
    const fixed = encodedConfig(config);
    chain = deflateChain(
      template.parts.map((part) => part.raw),
      template.slots.map((slot): Between => {
        if (slot === "nonce") return { length: NONCE_VALUE_BYTES };
        if (slot === "config") return fixed.config;
        if (slot === "html") return fixed.html;
        if (typeof slot === "object") return textOf(slot.text, config);
        return null;
      }),
    );
    template.chained.set(config, chain);
  }
  return chain;
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

/** A configuration's text for a slot, encoded once per configuration and key. */
const encodedTexts = new WeakMap<PublicRuntimeConfig, Map<string, Buffer>>();
function textOf(key: string, config: PublicRuntimeConfig): Buffer {
  let texts = encodedTexts.get(config);
  if (!texts) {
    texts = new Map();
    encodedTexts.set(config, texts);
  }
  let bytes = texts.get(key);
  if (!bytes) {
    const text = documentText(key, config);
    // JSON inside a <script>: only `<` could end the element (as JsonLd escapes it); HTML escapes would corrupt it.
    bytes = Buffer.from(isJsonTextKey(key) ? text.replace(/</g, "\\u003c") : escapeHtml(text));
    texts.set(key, bytes);
  }
  return bytes;
}

/** The page for one response, as the chunks of bytes to send in order, gzipped or not. */
export function renderTemplate(
  template: Template,
  page: PageValues,
  encoding: "identity" | "gzip",
): Buffer[] {
  const fixed = encodedConfig(page.config);
  const value = (slot: Slot): Buffer => {
    if (typeof slot === "object") return textOf(slot.text, page.config);
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
  const values = template.slots.map(value);
  if (encoding === "identity") {
    return template.parts.flatMap((part, i) =>
      i < values.length ? [part.raw, values[i] as Buffer] : [part.raw],
    );
  }
  // The chain holds only while every nonce is as long as it assumed (a test's nonce may not be).
  const chain = values.every(
    (bytes, i) => template.slots[i] !== "nonce" || bytes.length === NONCE_VALUE_BYTES,
  )
    ? chainedParts(template, page.config)
    : undefined;
  const pieces: (DeflatedPart | Buffer)[] = [];
  template.parts.forEach((part, i) => {
    pieces.push(chain ? { raw: part.raw, deflated: chain[i] as Buffer } : part);
    if (i < values.length) pieces.push(values[i] as Buffer);
  });
  return splicedGzip(pieces);
}
