/**
 * Every price of spec §9, in one place. Amounts are US dollars as numbers; pages format them with
 * `formatUsd`. The spec's sources disagree (marketing prices against the product page's test prices):
 * both readings stand, each where the spec puts it.
 */

import type { PurchasableItem } from "./catalog";
import { formatNumber } from "./number-format";

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
  /** What the 3-month pack saves against three single months. */
  threeMonthSavings: 40,
  /** The developer test item. */
  testItem: 0.5,
} as const;

/**
 * The marketing pages' default figures per item (the spec's), shown where Shopify's offer for the item
 * is not yet known (decision 080): the price and the saving it claims. A unit test ties them to the
 * sandbox's seeded prices and compare-at prices, so they are true where they show.
 */
export const defaultOffers = {
  enhancer: { price: prices.enhancer, saving: null },
  test_kit: { price: prices.testKit, saving: null },
  bundle_3_month: { price: prices.threeMonthPack, saving: prices.threeMonthSavings },
  enhancer_kit_bundle: { price: prices.enhancerKitBundle, saving: null },
} as const satisfies Partial<Record<PurchasableItem, { price: number; saving: number | null }>>;
export type ShownItem = keyof typeof defaultOffers;

/**
 * The Enhancer page's own figures: the price it shows until the live Shopify product arrives, and the
 * 3-month bundle card's test prices (spec §4, §9).
 */
export const productPagePricing = {
  defaultPrice: "0.25",
  defaultPriceLabel: "Test pricing",
  livePriceLabel: "Live Shopify pricing",
  bundle: { price: 0.6, compareAt: 0.75, savings: 0.15 },
} as const;

/**
 * What a compare-at ("was") price saves, in cents-exact dollars; null unless the data proves a saving
 * (a compare-at above the price). A "Save $X" shows only from this (issue 20).
 */
export function savingOf(
  price: number | string,
  compareAt: number | string | null | undefined,
): number | null {
  if (compareAt === null || compareAt === undefined) return null;
  const cents = Math.round(Number(compareAt) * 100) - Math.round(Number(price) * 100);
  return Number.isFinite(cents) && cents > 0 ? cents / 100 : null;
}

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
