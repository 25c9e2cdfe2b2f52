import {
  currency,
  defaultOffers,
  formatUsd,
  isPack,
  monthsOf,
  perMonth,
  priceApart,
  provenSaving,
  type ShownItem,
} from "~/content/pricing";
import { noReviewsYet } from "~/content/reviews";
import { sampleDataLabel } from "~/content/sample-data";
import type { RatingFigure } from "~/contracts/reviews";
import { type PublicRuntimeConfig, useDocumentValues } from "~/lib/document-runtime";
import { formatNumber } from "~/shared/number-format";

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
  /** `Save $18` when Shopify's offers prove a saving (decision 091), else empty: never by default. */
  | `save-label:${ShownItem}`
  /** A pack's price per month, `$65.67 a month`; empty for an item that is no pack. */
  | `per-month:${ShownItem}`
  /**
   * Inside a JSON-LD object: `,"offers":{…}` with Shopify's live price from the offer cache, else
   * empty: structured data never states a default price (decision 091). JSON, like `rating-json`.
   */
  | `offer-json:${ShownItem}`
  /** `4.8/5 from 2,847 reviews`, or `No reviews yet` (decision 085); empty until the server has read them. */
  | `rating-label:${RatingScope}`
  /** `4.8`, the average alone; empty with no reviews. */
  | `rating-score:${RatingScope}`
  /** The width, out of STARS_WIDTH, of the filled part of five stars drawn STAR_SIZE wide each. */
  | `rating-fill:${RatingScope}`
  /** `hidden` (a class) where no rating is stated, so its stars are not drawn; else empty. */
  | `rating-hide:${RatingScope}`
  /**
   * Inside a JSON-LD object: `,"aggregateRating":{…}` from real reviews only (never the sandbox's
   * samples), else empty. JSON, not HTML: the server escapes only `<` in it (isJsonTextKey).
   */
  | `rating-json:${RatingScope}`;

/** Whose rating: the store's (home), or the Enhancer's (its page). */
export type RatingScope = "all" | "enhancer";
/** Five stars of STAR_SIZE user units side by side: the star rating's SVG is STARS_WIDTH wide. */
export const STAR_SIZE = 24;
export const STARS_WIDTH = 5 * STAR_SIZE;
/** Where a star's shape begins and ends inside its STAR_SIZE cell (app/components/ui/stars.tsx). */
const STAR_LEFT = 2.5;
const STAR_SHAPE = 19;

/**
 * The filled width for `average` stars (0-5): whole stars, then the fraction of the next star's own
 * shape rather than of its cell, so 4.8 shows a fifth star 80% gold, visibly not a full one.
 */
export function starFillWidth(average: number): number {
  const stars = Math.min(5, Math.max(0, average));
  const whole = Math.floor(stars);
  const part = stars - whole;
  const width = whole * STAR_SIZE + (part > 0 ? STAR_LEFT + part * STAR_SHAPE : 0);
  return Math.round(width * 10) / 10;
}

const TOKEN_PREFIX = "__FORGE_TEXT:";
const TOKEN_SUFFIX = "__";
/** The token of `key` in prerendered HTML. */
export const documentTextToken = (key: DocumentTextKey) => `${TOKEN_PREFIX}${key}${TOKEN_SUFFIX}`;
/** Finds the tokens in a page (the keys are letters, digits, `_`, `-` and `:`). */
export const DOCUMENT_TEXT_TOKEN_PATTERN = /__FORGE_TEXT:([\w:-]+?)__/g;

const isShownItem = (item: string): item is ShownItem => Object.hasOwn(defaultOffers, item);
const isRatingScope = (scope: string): scope is RatingScope => scope === "all" || scope === "enhancer";

/** Keys whose text goes inside a `<script>` as JSON: escaped for JSON in a script, not as HTML. */
export const isJsonTextKey = (key: string) => key.startsWith("rating-json:") || key.startsWith("offer-json:");

/**
 * "4.8/5 from 2,847 reviews" (spec §9's wording), "5.0/5 from 1 review", or "No reviews yet"; with
 * " (sample data)" after it when sample reviews are counted in it (decision 091).
 */
export function ratingLabel(figure: RatingFigure): string {
  if (figure.count === 0 || figure.average === null) return noReviewsYet;
  const reviews = figure.count === 1 ? "review" : "reviews";
  const samples = figure.samples ? ` ${sampleDataLabel}` : "";
  return `${figure.average.toFixed(1)}/5 from ${formatNumber(figure.count)} ${reviews}${samples}`;
}

function ratingText(kind: string, scope: RatingScope, config: PublicRuntimeConfig): string {
  const figure = config.ratings?.[scope];
  const stated = figure && figure.count > 0 && figure.average !== null ? figure.average : null;
  switch (kind) {
    case "rating-label":
      return figure ? ratingLabel(figure) : "";
    case "rating-score":
      return stated === null ? "" : stated.toFixed(1);
    case "rating-fill":
      return String(stated === null ? 0 : starFillWidth(stated));
    case "rating-hide":
      return stated === null ? "hidden" : "";
    case "rating-json": {
      // Structured data states only what real buyers wrote: the sandbox's samples never count here.
      // Only a product carries an aggregateRating: the Enhancer's page.
      const real = scope === "enhancer" ? config.ratings?.enhancerReal : undefined;
      if (!real || real.count === 0 || real.average === null) return "";
      return `,"aggregateRating":${JSON.stringify({
        "@type": "AggregateRating",
        ratingValue: real.average.toFixed(1),
        bestRating: "5",
        worstRating: "1",
        reviewCount: real.count,
      })}`;
    }
    default:
      return "";
  }
}

/** The text for `key` under `config`; empty for a key this version does not know. */
export function documentText(key: string, config: PublicRuntimeConfig): string {
  const [kind = "", item = ""] = key.split(":");
  if (kind.startsWith("rating-")) return isRatingScope(item) ? ratingText(kind, item, config) : "";
  if (!isShownItem(item)) return "";
  const offer = config.offers?.[item];
  const price = offer ? offer.price : defaultOffers[item].price;
  switch (kind) {
    case "price":
    case "price-cents":
      return formatUsd(price, { cents: kind === "price-cents" });
    case "save-label": {
      const apart = isPack(item) ? priceApart(item, (part) => config.offers?.[part]?.price) : undefined;
      const saving = offer ? provenSaving(offer, apart) : null;
      return saving ? `Save ${formatUsd(saving.saving)}` : "";
    }
    case "per-month": {
      const months = monthsOf(item);
      return months > 1 ? `${formatUsd(perMonth(price, months), { cents: true })} a month` : "";
    }
    case "offer-json":
      // The price checkout charges (the variant's live offer), never a default.
      return offer
        ? `,"offers":${JSON.stringify({
            "@type": "Offer",
            price: Number(offer.price).toFixed(2),
            priceCurrency: currency,
            availability: "https://schema.org/InStock",
            itemCondition: "https://schema.org/NewCondition",
          })}`
        : "";
    default:
      return "";
  }
}

/** The text for `key` on this page: its token while prerendering, else computed from the configuration. */
export function useDocumentText(key: DocumentTextKey): string {
  const { config, prerendering } = useDocumentValues();
  return prerendering ? documentTextToken(key) : documentText(key, config);
}
