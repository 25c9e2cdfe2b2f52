import { brand } from "./site";

/**
 * The purchasable items of spec §3 and how each maps to a Shopify variant id. Browser-safe: variant
 * ids are public identifiers, never secrets. The server decides the ids (its CATALOG_*_VARIANT_ID
 * environment, which the sandbox fills in with its Shopify emulator's seeded ids) and hands them to
 * the page.
 */
export const purchasableItems = [
  "enhancer",
  "test_kit",
  "bundle_3_month",
  "enhancer_kit_bundle",
  "test_item",
] as const;
export type PurchasableItem = (typeof purchasableItems)[number];

export const VARIANT_GID_PREFIX = "gid://shopify/ProductVariant/";
/** An id left unconfigured for a real store: spec §5 blocks checkout for anything containing YOUR_. */
export const PLACEHOLDER_MARKER = "YOUR_";

export const placeholderVariantIds: Record<PurchasableItem, string> = {
  enhancer: `${VARIANT_GID_PREFIX}YOUR_ENHANCER_VARIANT_ID`,
  test_kit: `${VARIANT_GID_PREFIX}YOUR_TEST_KIT_VARIANT_ID`,
  bundle_3_month: `${VARIANT_GID_PREFIX}YOUR_BUNDLE_VARIANT_ID`,
  enhancer_kit_bundle: `${VARIANT_GID_PREFIX}YOUR_KIT_BUNDLE_VARIANT_ID`,
  test_item: `${VARIANT_GID_PREFIX}YOUR_TEST_PRODUCT_VARIANT_ID`,
};

/** Local-storage keys that override an item's variant id in the browser (spec §3). */
export const variantOverrideKeys: Partial<Record<PurchasableItem, string>> = {
  enhancer: `${brand.slug.toUpperCase()}_ENHANCER_VARIANT_ID`,
  bundle_3_month: `${brand.slug.toUpperCase()}_BUNDLE_VARIANT_ID`,
  test_item: "TEST_PRODUCT_VARIANT_ID",
};
