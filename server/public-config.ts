import type { ShownOffers } from "../app/content/pricing";
import type { ShownRatings } from "../app/contracts/reviews";
import type { PublicRuntimeConfig } from "../app/lib/document-runtime";

/** What changes while the server runs: Shopify's offers (decision 080) and the ratings (decision 085). */
export type LiveValues = { offers: ShownOffers | undefined; ratings: ShownRatings | undefined };

/**
 * The public runtime configuration each page carries: what is fixed at start (payments emulated, the
 * variant ids) plus the offers the offer cache holds now and the ratings read from the reviews. The same
 * object is returned while both are unchanged, because the page templates build and compress each page
 * once per configuration object (server/page-template.ts): a new object only when a price or a rating
 * really changes.
 */
export function publicConfigSource(
  fixed: Omit<PublicRuntimeConfig, "offers" | "ratings">,
  readOffers: () => ShownOffers | undefined,
  readRatings: () => ShownRatings | undefined = () => undefined,
): () => PublicRuntimeConfig {
  let current: PublicRuntimeConfig = { ...fixed };
  let currentKey = "";
  let last: LiveValues = { offers: undefined, ratings: undefined };
  return () => {
    const live: LiveValues = { offers: readOffers(), ratings: readRatings() };
    // The same objects as last time (the usual case, per page served): nothing to compare.
    if (live.offers === last.offers && live.ratings === last.ratings) return current;
    last = live;
    const key = JSON.stringify(live);
    if (key !== currentKey) {
      current = {
        ...fixed,
        ...(live.offers ? { offers: live.offers } : {}),
        ...(live.ratings ? { ratings: live.ratings } : {}),
      };
      currentKey = key;
    }
    return current;
  };
}
