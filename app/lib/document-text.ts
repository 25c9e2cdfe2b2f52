import { defaultOffers, formatUsd, type ShownItem, savingOf } from "~/content/pricing";
import { type PublicRuntimeConfig, useDocumentValues } from "~/lib/document-runtime";

/**
 * Texts a page shows that follow from the public runtime configuration alone (Shopify's prices, decision
 * 080). A prerendered page is built with a token in their place, which the server replaces as it sends
 * the page (server/page-template.ts), from the same configuration it writes into that page; the browser
 * computes the same text from that configuration, so hydration finds what the HTML holds, and a visitor
 * without JavaScript reads the same figures.
 */
export type DocumentTextKey =
  /** `$39`: Shopify's price for the item, or the page's default until Shopify has answered. */
  | `price:${ShownItem}`
  /** `$49.00`: the same with cents. */
  | `price-cents:${ShownItem}`
  /** `Save $40` when the compare-at price (or, by default, the spec's figure) proves a saving, else empty. */
  | `save-label:${ShownItem}`;

const TOKEN_PREFIX = "__FORGE_TEXT:";
const TOKEN_SUFFIX = "__";
/** The token of `key` in prerendered HTML. */
export const documentTextToken = (key: DocumentTextKey) => `${TOKEN_PREFIX}${key}${TOKEN_SUFFIX}`;
/** Finds the tokens in a page (the keys are letters, digits, `_`, `-` and `:`). */
export const DOCUMENT_TEXT_TOKEN_PATTERN = /__FORGE_TEXT:([\w:-]+?)__/g;

const isShownItem = (item: string): item is ShownItem => Object.hasOwn(defaultOffers, item);

/** The text for `key` under `config`; empty for a key this version does not know. */
export function documentText(key: string, config: PublicRuntimeConfig): string {
  const [kind, item = ""] = key.split(":");
  if (!isShownItem(item)) return "";
  const offer = config.offers?.[item];
  const fallback = defaultOffers[item];
  switch (kind) {
    case "price":
    case "price-cents":
      return formatUsd(offer ? offer.price : fallback.price, { cents: kind === "price-cents" });
    case "save-label": {
      const saving = offer ? savingOf(offer.price, offer.compareAt) : fallback.saving;
      return saving ? `Save ${formatUsd(saving)}` : "";
    }
    default:
      return "";
  }
}

/** The text for `key` on this page: its token while prerendering, else computed from the configuration. */
export function useDocumentText(key: DocumentTextKey): string {
  const { config, prerendering } = useDocumentValues();
  return prerendering ? documentTextToken(key) : documentText(key, config);
}
