import { productPagePricing } from "~/content/pricing";
import type { ProductSummary } from "~/content/product";
import type { StoreProduct } from "~/server/shopify/types";

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
