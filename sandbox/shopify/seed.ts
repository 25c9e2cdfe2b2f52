import type { PurchasableItem } from "../../app/content/catalog";
import { brand } from "../../app/content/site";
import type { Env } from "../../app/server/runtime/env.server";

/**
 * The products the Shopify emulator's store starts with (and goes back to on reset): the catalog's
 * four items (spec §3) at the spec's prices. The app does not know these ids: when the sandbox runs
 * this emulator for a server it hands the server the variant ids as its CATALOG_*_VARIANT_ID
 * environment (sandbox/index.ts, and the environment `npm run emulators` prints), as an operator
 * configures a real store's (decision 064). The test item has no seed: the test page creates it.
 *
 * No product has a compare-at ("was") price: none was ever offered at a higher one (decision 091). The
 * 3-month pack ($197) costs more than three single bottles ($117) and the Enhancer with the kit ($128)
 * more than the two bought apart ($88), so neither shows a saving.
 */

type SeededProduct = {
  item: Exclude<PurchasableItem, "test_item">;
  /** The server's variable for this item's variant id. */
  catalogVariable: keyof Env & `CATALOG_${string}_VARIANT_ID`;
  handle: string;
  title: string;
  productId: string;
  variantId: string;
  /** Decimal string, as Shopify stores a price. */
  price: string;
  productType: "Supplement" | "Test kit";
  sku: string;
  descriptionHtml: string;
};

export const sandboxProducts = [
  {
    item: "enhancer",
    catalogVariable: "CATALOG_ENHANCER_VARIANT_ID",
    handle: `${brand.slug}-enhancer`,
    title: `${brand.name} Enhancer`,
    productId: "gid://shopify/Product/9100000000001",
    variantId: "gid://shopify/ProductVariant/49100000000001",
    price: "39.00",
    productType: "Supplement",
    sku: "FORGE-ENHANCER",
    descriptionHtml:
      "<p>A daily capsule that supports your natural testosterone production: 14 researched ingredients, three capsules with your first meal, a 30-day supply.</p>",
  },
  {
    item: "test_kit",
    catalogVariable: "CATALOG_TEST_KIT_VARIANT_ID",
    handle: "test-kit",
    title: "At-Home Testosterone Test Kit",
    productId: "gid://shopify/Product/9100000000002",
    variantId: "gid://shopify/ProductVariant/49100000000002",
    price: "49.00",
    productType: "Test kit",
    sku: "FORGE-TEST-KIT",
    descriptionHtml:
      "<p>An at-home testosterone test: collect a small sample, send it back in the prepaid envelope, and read your results online in 3-5 days.</p>",
  },
  {
    item: "enhancer_kit_bundle",
    catalogVariable: "CATALOG_KIT_BUNDLE_VARIANT_ID",
    handle: `${brand.slug}-enhancer-test-kit-bundle`,
    title: `${brand.name} Enhancer + Test Kit`,
    productId: "gid://shopify/Product/9100000000003",
    variantId: "gid://shopify/ProductVariant/49100000000003",
    price: "128.00",
    productType: "Supplement",
    sku: "FORGE-ENHANCER-KIT-BUNDLE",
    descriptionHtml:
      "<p>One bottle of the Enhancer (a 30-day supply) and one at-home test kit, in one order: measure where you start, then take the Enhancer.</p>",
  },
  {
    item: "bundle_3_month",
    catalogVariable: "CATALOG_BUNDLE_3_MONTH_VARIANT_ID",
    handle: `${brand.slug}-enhancer-3-month`,
    title: `${brand.name} Enhancer 3-Month Pack`,
    productId: "gid://shopify/Product/9100000000004",
    variantId: "gid://shopify/ProductVariant/49100000000004",
    price: "197.00",
    productType: "Supplement",
    sku: "FORGE-BUNDLE-3-MONTH",
    descriptionHtml: "<p>Three bottles of the Enhancer, one a month: a full 8-12 week cycle.</p>",
  },
] as const satisfies readonly SeededProduct[];

/**
 * The selling plan the emulated store offers on the Enhancer, as a subscription app (Shopify
 * Subscriptions, Recharge, …) would create in a real store: delivered and billed every 30 days at 15 %
 * off the one-time price. Sandbox sample data, and its names say so, so that the label reaches whatever
 * shows them; a real store's plans are its own (decision 119).
 */
export const sandboxSellingPlanGroups = [
  {
    id: "gid://shopify/SellingPlanGroup/9300000000001",
    name: "Subscribe and save (sandbox sample data)",
    appName: "Sandbox sample data",
    productIds: ["gid://shopify/Product/9100000000001"],
    plans: [
      {
        id: "gid://shopify/SellingPlan/9400000000001",
        name: "Delivered every 30 days",
        description:
          "Sandbox sample data: a selling plan the Shopify emulator seeds, 15% off every delivery.",
        option: { name: "Delivery every", value: "30 days" },
        interval: "DAY" as const,
        intervalCount: 30,
        adjustments: [{ value: { percentage: 15 }, orderCount: null }],
      },
    ],
  },
];

/**
 * The server environment that makes the seeded products the catalog's: each CATALOG_*_VARIANT_ID the
 * given environment leaves unset (an operator's own id wins, as it did when the app defaulted to these).
 */
export function seededCatalogEnv(configured: Partial<Record<string, unknown>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const product of sandboxProducts) {
    if (configured[product.catalogVariable] === undefined) env[product.catalogVariable] = product.variantId;
  }
  return env;
}
