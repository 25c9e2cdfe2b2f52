import { z } from "zod";
import { productPagePricing, type ShownOffers } from "~/content/pricing";
import type { ProductSummary } from "~/content/product";

/**
 * POST /api/shopify-get-product and /api/shopify-create-product: their bodies and replies, and the
 * product as the Enhancer page's loader hands it to the page. Shared by the routes and the browser
 * (lib/connection-test.ts, lib/test-product.ts, components/sections/live-product.tsx). Strict: an
 * unknown field is refused. Messages read after the field's name: `"handle" must be …`
 * (app/server/http/api.server.ts).
 */

export const MAX_HANDLE_LENGTH = 255;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One message per bad handle: empty, then too long, then malformed. */
export const handleSchema = z.string().superRefine((value, ctx) => {
  const message =
    value === ""
      ? "must not be empty"
      : value.length > MAX_HANDLE_LENGTH
        ? `must be at most ${MAX_HANDLE_LENGTH} characters`
        : HANDLE.test(value)
          ? undefined
          : "must be lowercase letters, digits and single hyphens (like forge-enhancer)";
  if (message) ctx.addIssue({ code: "custom", message });
});

export const getProductInput = z.strictObject({ handle: handleSchema });
export type GetProductInput = z.infer<typeof getProductInput>;
/** What the browser sends (before the schema normalises it). */
export type GetProductBody = z.input<typeof getProductInput>;

const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
const PRICE_MESSAGE = "must be a positive decimal amount with at most two decimals (like 0.50)";

/** A positive decimal, as a JSON number (0.5) or string ("0.50"); normalised to two decimals. */
export const priceSchema = z
  .custom<number | string>((value) => typeof value === "number" || typeof value === "string", {
    message: PRICE_MESSAGE,
  })
  .transform((value, ctx) => {
    const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
    if (!PRICE.test(text) || Number(text) <= 0) {
      ctx.addIssue({ code: "custom", message: PRICE_MESSAGE });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

const isoCurrencies = new Set(Intl.supportedValuesOf("currency"));

export const currencySchema = z
  .string()
  .refine((value) => /^[A-Z]{3}$/.test(value) && isoCurrencies.has(value), {
    message: "must be an ISO 4217 currency code in capitals (like USD)",
  });

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: "must not be empty" })
    .max(max, { message: `must be at most ${max} characters` });

export const createProductInput = z.strictObject({
  title: text(255),
  handle: handleSchema,
  price: priceSchema,
  currency: currencySchema,
  sku: text(255),
  descriptionHtml: z.string().max(10_000, { message: "must be at most 10,000 characters" }),
});
export type CreateProductRequest = z.infer<typeof createProductInput>;
/** What the browser sends (a price may be a number: the schema makes it a two-decimal string). */
export type CreateProductBody = z.input<typeof createProductInput>;

export type Money = {
  /** A decimal string as Shopify gives it, e.g. "39.0". */
  amount: string;
  /** ISO 4217, e.g. "USD". */
  currencyCode: string;
};

/** A product as spec §3 reads it: title, description, priceRange.minVariantPrice.amount. */
export type StoreProduct = {
  title: string;
  /** Plain text (Shopify's `description`, tags stripped). */
  description: string;
  priceRange: { minVariantPrice: Money };
};

/** POST /api/shopify-get-product */
export type GetProductResponse =
  | { success: true; product: StoreProduct | null }
  | { success: false; error: string };

/** POST /api/shopify-create-product */
export type CreateProductResponse =
  | { success: true; variantId: string; productId: string; handle: string }
  | { success: false; error: string };

/**
 * What the Enhancer page learns from Shopify (spec §4): the live product, no such product, or a
 * failure with its message. Never a rejected promise, so the page can always render.
 */
export type LiveProduct =
  | { status: "found"; product: ProductSummary }
  | { status: "not-found" }
  | { status: "failed"; message: string };

export function liveProductFrom(product: StoreProduct | null): LiveProduct {
  if (!product) return { status: "not-found" };
  return {
    status: "found",
    product: {
      title: product.title,
      description: product.description,
      price: product.priceRange.minVariantPrice.amount,
      priceLabel: productPagePricing.livePriceLabel,
    },
  };
}

/**
 * The offers a page shows beside its buy buttons, read from Shopify through checkout's own variant
 * cache, so a shown price is the charged price. Never a rejected promise: on failure the page keeps
 * its defaults, labelled as test pricing.
 */
export type LiveOffers = { status: "found"; offers: ShownOffers } | { status: "failed"; message: string };
