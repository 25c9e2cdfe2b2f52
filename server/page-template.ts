import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzipSync } from "node:zlib";
import {
  CONFIG_PLACEHOLDER,
  NEWSLETTER_STATUS_PLACEHOLDER,
  PRERENDER_NONCE,
  type PublicRuntimeConfig,
  SANDBOX_ATTRIBUTE,
  serializeConfig,
} from "../app/lib/document-runtime";
import { DOCUMENT_TEXT_TOKEN_PATTERN, documentText, isJsonTextKey } from "../app/lib/document-text";

/**
 * A page rendered with the prerender placeholders (at build time, or by the page cache), split around
 * them once. What fills them is the runtime configuration, the texts that follow from it
 * (app/lib/document-text.ts) and the sign-up status, each from a small set: so a page is a few fixed
 * byte strings (its variants), each built, hashed and compressed once, gzip at once and Brotli in the
 * background. Its inline scripts are allowed by their hashes, not by a nonce, so that nothing in the
 * bytes changes per response (docs/decisions/148-fixed-pages-as-fixed-bytes.md; before it, 002 and 015).
 */
type Slot = "config" | "html" | "newsletter" | { text: string };
export type Template = {
  /** The fixed text between the slots, as UTF-8 bytes. */
  parts: Buffer[];
  slots: Slot[];
  /** The page's variants per runtime configuration, then per sign-up status. */
  variants: WeakMap<PublicRuntimeConfig, Map<string, PageVariant>>;
};

/** What a response's page depends on. */
export type PageValues = { config: PublicRuntimeConfig; newsletterStatus?: string };

/** One page as served: the same bytes for every response with these values. */
export type PageVariant = {
  identity: Buffer;
  gzip: Buffer;
  /** Brotli at its strongest once compressed (in the background: a large page takes a quarter second). */
  brotli: Buffer | null;
  /** Settles once `brotli` is set, or its compression failed (the page then stays gzip). */
  compressed: Promise<void>;
  /** SHA-256 (base64) of each inline script the page runs: the CSP's allow list for it. */
  scriptHashes: string[];
};

/** React and the document components write the placeholder nonce on each inline script; it goes. */
const NONCE_ATTRIBUTE = new RegExp(` ?nonce="${PRERENDER_NONCE}"`, "g");
const HTML_TOKEN = '<html lang="en"';

export function compileTemplate(html: string): Template {
  const tokens: [string, Slot][] = [
    [CONFIG_PLACEHOLDER, "config"],
    [HTML_TOKEN, "html"],
    [NEWSLETTER_STATUS_PLACEHOLDER, "newsletter"],
  ];
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  let rest = html.replace(NONCE_ATTRIBUTE, "");
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
    parts.push(Buffer.from(rest.slice(0, next.index)));
    slots.push(next.slot);
    rest = rest.slice(next.index + next.token.length);
  }
  parts.push(Buffer.from(rest));
  return { parts, slots, variants: new WeakMap() };
}

/** The page with these values, built and compressed the first time it is asked for. */
export function pageVariant(template: Template, values: PageValues): PageVariant {
  let byStatus = template.variants.get(values.config);
  if (!byStatus) {
    byStatus = new Map();
    template.variants.set(values.config, byStatus);
  }
  const status = values.newsletterStatus ?? "";
  let variant = byStatus.get(status);
  if (!variant) {
    variant = buildVariant(template, values.config, status);
    byStatus.set(status, variant);
  }
  return variant;
}

const brotli = promisify(brotliCompress);

function buildVariant(template: Template, config: PublicRuntimeConfig, status: string): PageVariant {
  const fixed = encodedConfig(config);
  const value = (slot: Slot): Buffer => {
    if (typeof slot === "object") return textOf(slot.text, config);
    if (slot === "config") return fixed.config;
    if (slot === "html") return fixed.html;
    return Buffer.from(escapeHtml(status));
  };
  const identity = Buffer.concat(
    template.parts.flatMap((part, i) =>
      i < template.slots.length ? [part, value(template.slots[i] as Slot)] : [part],
    ),
  );
  const variant: PageVariant = {
    identity,
    // About 3 ms for the largest page (the privacy policy), once per variant.
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    brotli: null,
    compressed: Promise.resolve(),
    scriptHashes: inlineScriptHashes(identity.toString()),
  };
  // On libuv's thread pool, not the event loop; a failure leaves the page in gzip.
  variant.compressed = brotli(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  }).then(
    (compressed) => {
      variant.brotli = compressed;
    },
    () => {},
  );
  return variant;
}

/** Script types a browser does not run (data blocks): no hash is needed for them. */
const DATA_SCRIPT_TYPE = /\btype="application\/(?:ld\+)?json"/;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The SHA-256 of each inline script's text, as CSP hash sources take it (base64, no prefix). Scripts
 * with `src` are allowed by `'self'`; JSON data blocks do not run. A script of another type (the
 * storefront's module held until after the first paint, decision 086) is hashed too: its text is what
 * the module made from it runs.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(attributes) || DATA_SCRIPT_TYPE.test(attributes)) continue;
    hashes.add(createHash("sha256").update(text).digest("base64"));
  }
  return [...hashes];
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

/** A configuration's text for a slot. */
function textOf(key: string, config: PublicRuntimeConfig): Buffer {
  const text = documentText(key, config);
  // JSON inside a <script>: only `<` could end the element (as JsonLd escapes it); HTML escapes would corrupt it.
  return Buffer.from(isJsonTextKey(key) ? text.replace(/</g, "\\u003c") : escapeHtml(text));
}
