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

/** What an item puts in the box (the contracts' OrderContents). */
type ItemContents = { enhancer: boolean; testKit: boolean };

/** What each item puts in the box. The test item is neither: a 50-cent developer product. */
export const itemContents: Record<PurchasableItem, ItemContents> = {
  enhancer: { enhancer: true, testKit: false },
  test_kit: { enhancer: false, testKit: true },
  bundle_3_month: { enhancer: true, testKit: false },
  enhancer_kit_bundle: { enhancer: true, testKit: true },
  test_item: { enhancer: false, testKit: false },
};

/** The contents of an order's lines, given which item (if any) each line's variant sells. */
export function contentsOf(
  variantIds: readonly string[],
  itemOf: (variantId: string) => PurchasableItem | undefined,
): ItemContents {
  const items = variantIds.map(itemOf).filter((item) => item !== undefined);
  return {
    enhancer: items.some((item) => itemContents[item].enhancer),
    testKit: items.some((item) => itemContents[item].testKit),
  };
}
