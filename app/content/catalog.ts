import { brand } from "./site";

/**
 * The purchasable items of spec §3 and how each maps to a Shopify variant id. Browser-safe: variant
 * ids are public identifiers, never secrets. The server decides the ids (environment, or the Shopify
 * emulator's seeded ids when no store is configured) and hands them to the page.
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

/**
 * The products the Shopify emulator is seeded with, and so the catalog's defaults when no store is
 * configured. The test item has no default: the test page creates it.
 */
export const sandboxProducts = [
  {
    item: "enhancer",
    handle: `${brand.slug}-enhancer`,
    title: `${brand.name} Enhancer`,
    productId: "gid://shopify/Product/9100000000001",
    variantId: `${VARIANT_GID_PREFIX}49100000000001`,
    price: "39.00",
  },
  {
    item: "test_kit",
    handle: "test-kit",
    title: "At-Home Testosterone Test Kit",
    productId: "gid://shopify/Product/9100000000002",
    variantId: `${VARIANT_GID_PREFIX}49100000000002`,
    price: "49.00",
  },
  {
    item: "enhancer_kit_bundle",
    handle: `${brand.slug}-enhancer-test-kit-bundle`,
    title: `${brand.name} Enhancer + Test Kit Bundle`,
    productId: "gid://shopify/Product/9100000000003",
    variantId: `${VARIANT_GID_PREFIX}49100000000003`,
    price: "128.00",
  },
  {
    item: "bundle_3_month",
    handle: `${brand.slug}-enhancer-3-month`,
    title: `${brand.name} Enhancer 3-Month Pack`,
    productId: "gid://shopify/Product/9100000000004",
    variantId: `${VARIANT_GID_PREFIX}49100000000004`,
    price: "197.00",
  },
] as const satisfies readonly {
  item: Exclude<PurchasableItem, "test_item">;
  handle: string;
  title: string;
  productId: string;
  variantId: string;
  price: string;
}[];

/** Local-storage keys that override an item's variant id in the browser (spec §3). */
export const variantOverrideKeys: Partial<Record<PurchasableItem, string>> = {
  enhancer: `${brand.slug.toUpperCase()}_ENHANCER_VARIANT_ID`,
  bundle_3_month: `${brand.slug.toUpperCase()}_BUNDLE_VARIANT_ID`,
  test_item: "TEST_PRODUCT_VARIANT_ID",
};
