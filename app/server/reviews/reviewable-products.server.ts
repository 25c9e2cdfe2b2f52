import type { PurchasableItem } from "~/content/catalog";
import { brand, enhancerHandle } from "~/content/site";
import type { OrderLine } from "~/server/db/schema";

/**
 * What an order's buyer is invited to review (decision 083): the products in the box, by their Shopify
 * handle, once each, whatever the order's lines were called. The 3-month pack is three bottles of the
 * Enhancer and the bundle holds the Enhancer and the test kit, so their buyers review those products
 * (the rating a shopper reads is the product's, not the pack's). The 50-cent developer item and the
 * test products made at /test-product are no product a shopper buys: nothing to review.
 */

export type ReviewableProduct = { handle: string; name: string };

/** The test kit's Shopify handle (its page is /product/test-kit). */
export const testKitHandle = "test-kit";

const ENHANCER: ReviewableProduct = { handle: enhancerHandle, name: `${brand.name} Enhancer` };
const TEST_KIT: ReviewableProduct = { handle: testKitHandle, name: "At-Home Testosterone Test Kit" };

/** Every product a review can be for (an imported review's handle must be one of them). */
export const reviewedProductHandles: ReadonlySet<string> = new Set([ENHANCER.handle, TEST_KIT.handle]);

const productsOfItem: Record<PurchasableItem, readonly ReviewableProduct[]> = {
  enhancer: [ENHANCER],
  bundle_3_month: [ENHANCER],
  test_kit: [TEST_KIT],
  enhancer_kit_bundle: [ENHANCER, TEST_KIT],
  test_item: [],
};

/** The order's products to review, in the order of its lines, each once. */
export function reviewableProducts(
  lines: readonly Pick<OrderLine, "variantId">[],
  itemOf: (variantId: string) => PurchasableItem | undefined,
): ReviewableProduct[] {
  const found = new Map<string, ReviewableProduct>();
  for (const line of lines) {
    const item = itemOf(line.variantId);
    for (const product of item ? productsOfItem[item] : []) found.set(product.handle, product);
  }
  return [...found.values()];
}
