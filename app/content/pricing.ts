/**
 * Every price of spec §9, in one place. Amounts are US dollars as numbers; pages format them with
 * `formatUsd`. The spec's sources disagree (marketing prices against the product page's test prices):
 * both readings stand, each where the spec puts it.
 */

import { formatNumber } from "../shared/number-format";
import type { PurchasableItem } from "./catalog";

export const currency = "USD" as const;

/** What an item sells for in Shopify: the price checkout charges, and the "was" price if it has one. */
export type ItemOffer = { price: string; compareAt: string | null };
/** The offers Shopify gave for some items; an item it does not sell now is absent. */
export type ShownOffers = Partial<Record<PurchasableItem, ItemOffer>>;

export const prices = {
  /** The Enhancer, one month: the marketing price (home, Bro Science). */
  enhancer: 39,
  /** The at-home test kit: "$49" in marketing, "$49.00" on the kit page. */
  testKit: 49,
  /** The Enhancer plus the test kit. */
  enhancerKitBundle: 128,
  /** The 3-month pack (Bro Science's BEAST MODE). */
  threeMonthPack: 197,
  /** The developer test item. */
  testItem: 0.5,
} as const;

/**
 * The marketing pages' default prices per item (the spec's), shown where Shopify's offer for the item
 * is not yet known (decision 080). A default never claims a saving: only live offers can prove one
 * (decision 091). A unit test ties them to the sandbox's seeded prices.
 */
export const defaultOffers = {
  enhancer: { price: prices.enhancer },
  test_kit: { price: prices.testKit },
  bundle_3_month: { price: prices.threeMonthPack },
  enhancer_kit_bundle: { price: prices.enhancerKitBundle },
} as const satisfies Partial<Record<PurchasableItem, { price: number }>>;
export type ShownItem = keyof typeof defaultOffers;

/**
 * The items that hold others sold on their own: the 3-month pack is three bottles of the Enhancer (one
 * a month), the kit bundle one bottle and one test kit. A saving on them is measured against their
 * contents bought apart at the live prices (decision 091).
 */
export const packs = {
  bundle_3_month: { contents: [{ item: "enhancer", units: 3 }], months: 3 },
  enhancer_kit_bundle: {
    contents: [
      { item: "enhancer", units: 1 },
      { item: "test_kit", units: 1 },
    ],
  },
} as const satisfies Partial<
  Record<ShownItem, { contents: readonly { item: ShownItem; units: number }[]; months?: number }>
>;
export type PackItem = keyof typeof packs;
export const isPack = (item: string): item is PackItem => Object.hasOwn(packs, item);
/** How many bottles of the Enhancer an item holds: 1 for the bottle, its contents' for a pack, else 0. */
export function enhancerBottlesIn(item: string): number {
  if (item === "enhancer") return 1;
  if (!isPack(item)) return 0;
  const contents: readonly { item: string; units: number }[] = packs[item].contents;
  return contents.reduce(
    (bottles, content) => bottles + (content.item === "enhancer" ? content.units : 0),
    0,
  );
}

/** How many months of the Enhancer an item holds, where it holds several (the 3-month pack: 3); else 1. */
export function monthsOf(item: ShownItem): number {
  const pack = isPack(item) ? packs[item] : undefined;
  return pack && "months" in pack ? pack.months : 1;
}

/**
 * The Enhancer page's own figures: the price it shows until the live Shopify product arrives, and the
 * 3-month bundle card's test prices (spec §4, §9).
 */
export const productPagePricing = {
  defaultPrice: "0.25",
  defaultPriceLabel: "Test pricing",
  livePriceLabel: "Live Shopify pricing",
  /** The spec's test price of the 3-month card; the spec's "$0.75, save $0.15" is no live figure, so never shown. */
  bundle: { price: 0.6 },
} as const;

type Amount = number | string;
/** What the shopper would otherwise pay (`reference`) and what the offer saves against it, in dollars. */
export type ProvenSaving = { reference: number; saving: number; basis: "compare-at" | "apart" };

const toCents = (amount: Amount | null | undefined) =>
  amount === null || amount === undefined ? null : Math.round(Number(amount) * 100);

/**
 * What a pack's contents cost bought apart, at the prices `priceOf` gives (Shopify's live offers), in
 * dollars; null when any of them has no price.
 */
export function priceApart(item: PackItem, priceOf: (item: ShownItem) => Amount | undefined): number | null {
  let cents = 0;
  for (const { item: part, units } of packs[item].contents) {
    const price = toCents(priceOf(part));
    if (price === null || !Number.isFinite(price)) return null;
    cents += units * price;
  }
  return cents / 100;
}

/**
 * The saving an offer may show (decision 091), or null. A compare-at ("was") price counts only above
 * the price. A pack (`apart` given) is measured against its contents bought apart at the live prices,
 * and against its compare-at only where that is no higher; with `apart` unknown (null) it shows none.
 */
export function provenSaving(
  offer: { price: Amount; compareAt?: Amount | null },
  apart?: Amount | null,
): ProvenSaving | null {
  const price = toCents(offer.price);
  let reference = toCents(offer.compareAt);
  let basis: ProvenSaving["basis"] = "compare-at";
  if (apart !== undefined) {
    const whole = toCents(apart);
    if (whole === null) return null;
    if (reference === null || whole < reference) {
      reference = whole;
      basis = "apart";
    }
  }
  if (price === null || reference === null || !Number.isFinite(price) || !Number.isFinite(reference)) {
    return null;
  }
  return reference > price ? { reference: reference / 100, saving: (reference - price) / 100, basis } : null;
}

/** What a month of a pack costs (a third of the 3-month pack), to the cent. */
export const perMonth = (price: Amount, months: number) => Math.round((Number(price) * 100) / months) / 100;

/**
 * `$39` for whole dollars, `$0.25` otherwise; `cents: true` always shows cents (`$49.00`).
 * Accepts the Shopify amount string ("39.0") as well as a number.
 */
export function formatUsd(amount: number | string, options: { cents?: boolean } = {}): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (!Number.isFinite(value)) return String(amount);
  const whole = Number.isInteger(value) && !options.cents;
  const digits = whole ? 0 : 2;
  return `$${formatNumber(value, { minFraction: digits, maxFraction: digits })}`;
}
