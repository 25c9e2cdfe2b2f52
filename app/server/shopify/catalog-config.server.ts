import { type PurchasableItem, placeholderVariantIds, purchasableItems } from "~/content/catalog";
import type { Env } from "~/server/runtime/env.server";

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
  /** True when the app talks to a Shopify emulator rather than a store (no SHOPIFY_STORE_DOMAIN). */
  shopifyEmulated: boolean;
  /**
   * shopify-create-product needs no ADMIN_API_TOKEN: only while this process runs both the Shopify
   * emulator and the Stripe emulator itself (a laptop's sandbox, where nothing is real). An emulator
   * reached through SHOPIFY_API_URL, or any real payment set-up, needs the token as a store does.
   */
  adminTokenWaived: boolean;
  /** The item a variant id belongs to, if it is one of the configured ones. */
  itemOf(variantId: string): PurchasableItem | undefined;
};

export const catalogEnvVariables = {
  enhancer: "CATALOG_ENHANCER_VARIANT_ID",
  test_kit: "CATALOG_TEST_KIT_VARIANT_ID",
  bundle_3_month: "CATALOG_BUNDLE_3_MONTH_VARIANT_ID",
  enhancer_kit_bundle: "CATALOG_KIT_BUNDLE_VARIANT_ID",
} as const satisfies Record<Exclude<PurchasableItem, "test_item">, keyof Env>;

/**
 * An emulator stands in for Shopify exactly when no store is configured: the one sandbox/index.ts
 * starts in this process, or one started elsewhere (SHOPIFY_API_URL).
 */
export function isShopifyEmulated(env: Pick<Env, "SHOPIFY_STORE_DOMAIN">): boolean {
  return !env.SHOPIFY_STORE_DOMAIN;
}

/** The emulators this process started itself (sandbox/index.ts's `active`: "shopify", "stripe", "mail"). */
export type InProcessEmulators = readonly string[];

export function resolveCatalogConfig(env: Env, inProcessEmulators: InProcessEmulators = []): CatalogConfig {
  const shopifyEmulated = isShopifyEmulated(env);
  const adminTokenWaived =
    shopifyEmulated && inProcessEmulators.includes("shopify") && inProcessEmulators.includes("stripe");
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
    adminTokenWaived,
    itemOf: (variantId) => byId.get(variantId),
  };
}
