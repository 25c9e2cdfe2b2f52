import { describe, expect, it } from "vitest";
import { useShop } from "../support/shop";
import { runtimeOffersIn, setVariantInShopify } from "../support/store-edits";

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

  const configOf = async (path: string) => ({
    offers: runtimeOffersIn(await (await fetch(`${shop.server.url}${path}`)).text()),
  });

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
    const setPrice = (item: string, price: string) => setVariantInShopify(shop.emulators, item, { price });
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
