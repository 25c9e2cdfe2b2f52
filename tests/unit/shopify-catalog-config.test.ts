import { describe, expect, it } from "vitest";
import { placeholderVariantIds, purchasableItems } from "~/content/catalog";
import { parseEnv } from "~/server/runtime/env.server";
import { resolveCatalogConfig } from "~/server/shopify/catalog-config.server";
import { sandboxProducts, seededCatalogEnv } from "../../sandbox/shopify/seed";

const seeded = Object.fromEntries(sandboxProducts.map((p) => [p.item, p.variantId]));

describe("catalog configuration", () => {
  it("takes the emulator's seeded ids from the environment the sandbox hands it when no store is configured", () => {
    // The app knows no emulator's products: the sandbox sets CATALOG_* to its seeded ids (decision 064).
    const config = resolveCatalogConfig(parseEnv(seededCatalogEnv()));
    expect(config.shopifyEmulated).toBe(true);
    expect(config.variantIds).toEqual({
      enhancer: seeded.enhancer,
      test_kit: seeded.test_kit,
      bundle_3_month: seeded.bundle_3_month,
      enhancer_kit_bundle: seeded.enhancer_kit_bundle,
      test_item: placeholderVariantIds.test_item,
    });
    expect(config.itemOf(seeded.test_kit as string)).toBe("test_kit");
  });

  it("defaults to the YOUR_ placeholders when no store is configured and no ids are given", () => {
    const config = resolveCatalogConfig(parseEnv({}));
    expect(config.shopifyEmulated).toBe(true);
    expect(config.variantIds).toEqual(placeholderVariantIds);
  });

  it("defaults to the YOUR_ placeholders for a real store", () => {
    const config = resolveCatalogConfig(
      parseEnv({ SHOPIFY_STORE_DOMAIN: "forge.myshopify.com", SHOPIFY_STOREFRONT_TOKEN: "x".repeat(32) }),
    );
    expect(config.shopifyEmulated).toBe(false);
    expect(config.variantIds).toEqual(placeholderVariantIds);
    for (const item of purchasableItems) expect(config.variantIds[item]).toContain("YOUR_");
  });

  it("takes each item's id from its CATALOG_* variable", () => {
    const config = resolveCatalogConfig(
      parseEnv({
        SHOPIFY_STORE_DOMAIN: "forge.myshopify.com",
        SHOPIFY_STOREFRONT_TOKEN: "x".repeat(32),
        CATALOG_ENHANCER_VARIANT_ID: "gid://shopify/ProductVariant/11",
        CATALOG_TEST_KIT_VARIANT_ID: "gid://shopify/ProductVariant/22",
        CATALOG_BUNDLE_3_MONTH_VARIANT_ID: "gid://shopify/ProductVariant/33",
        CATALOG_KIT_BUNDLE_VARIANT_ID: "gid://shopify/ProductVariant/44",
      }),
    );
    expect(config.variantIds).toEqual({
      enhancer: "gid://shopify/ProductVariant/11",
      test_kit: "gid://shopify/ProductVariant/22",
      bundle_3_month: "gid://shopify/ProductVariant/33",
      enhancer_kit_bundle: "gid://shopify/ProductVariant/44",
      test_item: placeholderVariantIds.test_item,
    });
    expect(config.itemOf("gid://shopify/ProductVariant/33")).toBe("bundle_3_month");
    expect(config.itemOf("gid://shopify/ProductVariant/99")).toBeUndefined();
  });

  it("refuses a variant id that is not a variant gid, naming the variable", () => {
    expect(() => parseEnv({ CATALOG_ENHANCER_VARIANT_ID: "12345" })).toThrow("CATALOG_ENHANCER_VARIANT_ID");
  });

  it("refuses an invalid Shopify endpoint or timeout, naming the variable", () => {
    expect(() => parseEnv({ SHOPIFY_API_URL: "ftp://x" })).toThrow("SHOPIFY_API_URL");
    expect(() => parseEnv({ SHOPIFY_TIMEOUT_MS: "0" })).toThrow("SHOPIFY_TIMEOUT_MS");
    expect(() => parseEnv({ RATE_LIMIT_MULTIPLIER: "-1" })).toThrow("RATE_LIMIT_MULTIPLIER");
  });
});
