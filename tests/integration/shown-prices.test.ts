import { describe, expect, it } from "vitest";
import { useShop } from "../support/shop";

/**
 * Decision 080: the marketing pages carry Shopify's prices for the items they sell in their runtime
 * configuration, read from the offer cache without waiting, so a price changed in Shopify reaches the
 * prerendered pages with no deploy, and a page never shows a price other than the one checkout charges.
 */
describe("prices on the marketing pages come from Shopify", () => {
  // Short cache lifetimes: a price change shows on the next refresh, within seconds.
  const shop = useShop({
    env: { PRODUCT_CACHE_TTL_SECONDS: "1", PRODUCT_CACHE_SWR_SECONDS: "60", PAGE_CACHE_FRESH_SECONDS: "0" },
  });

  type Config = { offers?: Record<string, { price: string; compareAt: string | null }> };
  const configOf = async (path: string): Promise<Config> => {
    const html = await (await fetch(`${shop.server.url}${path}`)).text();
    const json = /<script[^>]*id="forge-runtime-config"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
    if (!json) throw new Error(`${path} carries no runtime configuration`);
    return JSON.parse(json) as Config;
  };

  /** A raw Admin API call, as the brand's staff change a price in Shopify's admin. */
  async function admin<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const { shopify } = shop.emulators;
    const response = await fetch(`${shopify.url}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": shopify.adminToken },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data;
  }

  it("from the first page served, every prerendered page carries the seeded offers (read before the server answers)", async () => {
    for (const path of ["/", "/bro-science", "/product/test-kit"]) {
      expect((await configOf(path)).offers).toEqual({
        enhancer: { price: "39.0", compareAt: null },
        test_kit: { price: "49.0", compareAt: null },
        bundle_3_month: { price: "197.0", compareAt: null },
        enhancer_kit_bundle: { price: "128.0", compareAt: null },
      });
    }
  });

  it("a price changed in Shopify reaches the pages' HTML within the cache's lifetime, with no deploy", async () => {
    const setPrice = async (item: string, price: string) => {
      const variantId = shop.emulators.env[`CATALOG_${item}_VARIANT_ID`] as string;
      const found = await admin<{ productVariant: { product: { id: string } } }>(
        "query V($id: ID!) { productVariant(id: $id) { product { id } } }",
        { id: variantId },
      );
      await admin(
        "mutation U($productId: ID!, $variants: [ProductVariantsBulkInput!]!) { productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { message } } }",
        { productId: found.productVariant.product.id, variants: [{ id: variantId, price }] },
      );
    };
    const html = async (path: string) => (await fetch(`${shop.server.url}${path}`)).text();
    // Three bottles at $39 cost $117: the $197 pack proves no saving (decision 091).
    expect(await html("/bro-science")).not.toContain("Save $");
    await setPrice("ENHANCER", "42.00");
    await setPrice("TEST_KIT", "52.50");
    // The 3-month pack's new price still costs more than three bottles: no saving is proven, none shown.
    await setPrice("BUNDLE_3_MONTH", "240.00");
    await expect
      .poll(async () => (await configOf("/bro-science")).offers?.bundle_3_month, { timeout: 20_000 })
      .toEqual({ price: "240.0", compareAt: null });
    const bro = await html("/bro-science");
    expect(bro).toContain(">$42<");
    expect(bro).toContain(">$240<");
    expect(bro).not.toContain("Save $");
    const home = await html("/");
    expect(home).toMatch(/Shop Enhancer \(\$42\)/);
    expect(home).toMatch(/Add Test Kit \(\$52.50\)/);
    expect(await html("/product/test-kit")).toContain(">$52.50<");
  });
});
