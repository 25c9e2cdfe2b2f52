import type { ShownOffers } from "../app/content/pricing";
import type { PublicRuntimeConfig } from "../app/lib/document-runtime";

/**
 * The public runtime configuration each page carries: what is fixed at start (payments emulated, the
 * variant ids) plus the offers the offer cache holds now (decision 080). The same object is returned
 * while the offers are unchanged, because the page templates encode and compress their parts once per
 * configuration object (server/page-template.ts): a new object only when a price really changes.
 */
export function publicConfigSource(
  fixed: Omit<PublicRuntimeConfig, "offers">,
  readOffers: () => ShownOffers | undefined,
): () => PublicRuntimeConfig {
  let current: PublicRuntimeConfig = { ...fixed };
  let currentKey = "";
  let lastOffers: ShownOffers | undefined;
  return () => {
    const offers = readOffers();
    // The same offers object as last time (the usual case, per page served): nothing to compare.
    if (offers === lastOffers) return current;
    lastOffers = offers;
    const key = offers ? JSON.stringify(offers) : "";
    if (key !== currentKey) {
      current = offers ? { ...fixed, offers } : { ...fixed };
      currentKey = key;
    }
    return current;
  };
}
