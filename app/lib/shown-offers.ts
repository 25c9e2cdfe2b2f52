import { useSyncExternalStore } from "react";
import type { PurchasableItem } from "~/content/catalog";
import { formatUsd, type ItemOffer, savingOf } from "~/content/pricing";
import { readBrowserConfig } from "~/lib/document-runtime";

/**
 * The price a marketing page shows for an item (decision 080): Shopify's, from the offers the server
 * put in the page's runtime configuration, once the page has hydrated; before that, and with no offer
 * (Shopify not yet answered, or it does not sell the item now), the page's own default, the spec's
 * figure. Hydration renders the default, as the prerendered HTML has it, so the two never disagree.
 */
export type ShownPrice = {
  /** `$39`, `$197`: as the spec writes whole-dollar prices. */
  price: string;
  /** What a compare-at price above the price proves; null when the data proves no saving. */
  saving: string | null;
  /** From Shopify (true) or the page's default (false). */
  live: boolean;
};

const noSubscription = () => () => {};
const offerOf = (item: PurchasableItem): ItemOffer | null => readBrowserConfig().offers?.[item] ?? null;

export function useShownOffer(item: PurchasableItem): ItemOffer | null {
  return useSyncExternalStore(
    noSubscription,
    () => offerOf(item),
    () => null,
  );
}

/**
 * `fallback` is the page's default price, and `fallbackSaving` the saving it claims by default (a
 * content figure that a unit test ties to the sandbox's seeded compare-at price).
 */
export function useShownPrice(
  item: PurchasableItem,
  fallback: number,
  options: { cents?: boolean; fallbackSaving?: number } = {},
): ShownPrice {
  const offer = useShownOffer(item);
  if (!offer) {
    const saving = options.fallbackSaving;
    return {
      price: formatUsd(fallback, { cents: options.cents }),
      saving: saving ? formatUsd(saving) : null,
      live: false,
    };
  }
  const saving = savingOf(offer.price, offer.compareAt);
  return {
    price: formatUsd(offer.price, { cents: options.cents }),
    saving: saving === null ? null : formatUsd(saving),
    live: true,
  };
}
