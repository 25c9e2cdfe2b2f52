import { type PurchasableItem, placeholderVariantIds, purchasableItems } from "~/content/catalog";
import type { Env } from "./env.server";

/**
 * Which Shopify variant each purchasable item (spec §3) sells, decided once at start:
 * CATALOG_*_VARIANT_ID when set, otherwise the YOUR_ placeholders, which the browser refuses to check
 * out (spec §5) until they are configured. The app knows no emulator's products: when the sandbox runs
 * the Shopify emulator it sets these variables to the emulator's seeded ids, unless they are set
 * (sandbox/index.ts; `npm run emulators` prints them; decision 064). The test item is never configured
 * here: the test page creates it and keeps its id in local storage. Variant ids are public; nothing
 * here is secret.
 */
export type CatalogConfig = {
  variantIds: Record<PurchasableItem, string>;
  /** True when the app talks to the Shopify emulator rather than a store. */
  shopifyEmulated: boolean;
  /** The item a variant id belongs to, if it is one of the configured ones. */
  itemOf(variantId: string): PurchasableItem | undefined;
};

export const catalogEnvVariables = {
  enhancer: "CATALOG_ENHANCER_VARIANT_ID",
  test_kit: "CATALOG_TEST_KIT_VARIANT_ID",
  bundle_3_month: "CATALOG_BUNDLE_3_MONTH_VARIANT_ID",
  enhancer_kit_bundle: "CATALOG_KIT_BUNDLE_VARIANT_ID",
} as const satisfies Record<Exclude<PurchasableItem, "test_item">, keyof Env>;

/** The emulator is in use exactly when no store is configured (sandbox/index.ts starts it then). */
export function isShopifyEmulated(env: Pick<Env, "SHOPIFY_STORE_DOMAIN">): boolean {
  return !env.SHOPIFY_STORE_DOMAIN;
}

export function resolveCatalogConfig(env: Env): CatalogConfig {
  const shopifyEmulated = isShopifyEmulated(env);
  const variantIds = Object.fromEntries(
    purchasableItems.map((item) => {
      if (item === "test_item") return [item, placeholderVariantIds.test_item];
      return [item, env[catalogEnvVariables[item]] ?? placeholderVariantIds[item]];
    }),
  ) as Record<PurchasableItem, string>;
  const byId = new Map(Object.entries(variantIds).map(([item, id]) => [id, item as PurchasableItem]));
  return {
    variantIds,
    shopifyEmulated,
    itemOf: (variantId) => byId.get(variantId),
  };
}
