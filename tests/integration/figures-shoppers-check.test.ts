import { describe, expect, it } from "vitest";
import { useShop } from "../support/shop";
import { runtimeOffersIn, setVariantInShopify } from "../support/store-edits";
import { BOT_UA, BROWSER_UA } from "./resilience-support";

/**
 * Issue 32 items 1 and 3 over HTTP (decision 091): a saving is shown only when Shopify's live offers
 * prove it against what the shopper would otherwise pay (a pack against its contents bought apart; a
 * compare-at no higher than that); a pack with no saving shows its price a month; prose names no price
 * but the live one; structured data carries the live price from the offer cache, or no offer at all,
 * never the on-screen fallback 0.25.
 */

type Offer = { price?: string; priceCurrency?: string };
type Product = { "@type": string; offers?: Offer };

async function get(origin: string, path: string, userAgent = BOT_UA) {
  const response = await fetch(`${origin}${path}`, { headers: { "user-agent": userAgent } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (match) => match[1] as string,
  );
  const products = jsonLd.map((text) => JSON.parse(text) as Product).filter((d) => d["@type"] === "Product");
  // What a visitor reads: the HTML's text without scripts and tags.
  const text = html
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
  return { html, text, jsonLd, products };
}

describe("figures a shopper can check (the sandbox's seeded store)", () => {
  const shop = useShop({
    env: { PRODUCT_CACHE_TTL_SECONDS: "1", PRODUCT_CACHE_SWR_SECONDS: "60", PAGE_CACHE_FRESH_SECONDS: "0" },
  });

  const setVariant = (item: string, fields: { price?: string; compareAtPrice?: string | null }) =>
    setVariantInShopify(shop.emulators, item, fields);
  const configOffers = async (path: string) => runtimeOffersIn((await get(shop.server.url, path)).html);

  it("the $197 pack beside a $39 bottle claims no saving anywhere, and shows its price a month", async () => {
    const bro = await get(shop.server.url, "/bro-science");
    expect(bro.text).toContain("$197");
    expect(bro.text).toContain("$65.67 a month");
    expect(bro.text).not.toMatch(/Save \$|\$237/);
    const enhancer = await get(shop.server.url, "/product/forge-enhancer");
    expect(enhancer.text).toContain("$197.00");
    expect(enhancer.text).toContain("$65.67 a month");
    expect(enhancer.text).not.toMatch(/Save \$|\$237|was \$/);
    // The kit with the Enhancer ($128 against $88 apart) says what it holds, and no "bundle".
    const kit = await get(shop.server.url, "/product/test-kit");
    expect(kit.text).toContain("one at-home test kit and one bottle of the Enhancer");
    expect(kit.text).toContain("Get Kit + Enhancer ($128)");
    expect(kit.text).not.toMatch(/bundle|Save \$/i);
  });

  it("prose repeats no price but the live one: the comparison reads Shopify's, FAQ and About name none", async () => {
    expect((await get(shop.server.url, "/")).text).toContain("$39 a month");
    for (const path of ["/faq", "/about"]) {
      const { text } = await get(shop.server.url, path);
      expect(text, path).not.toMatch(/\$(39|49|128|197)\b/);
    }
  });

  it("structured data carries the live price the offer cache holds, never the on-screen 0.25", async () => {
    for (const userAgent of [BOT_UA, BROWSER_UA]) {
      const enhancer = await get(shop.server.url, "/product/forge-enhancer", userAgent);
      expect(enhancer.products).toHaveLength(1);
      expect(enhancer.products[0]?.offers).toMatchObject({ price: "39.00", priceCurrency: "USD" });
      for (const text of enhancer.jsonLd) expect(text).not.toContain("0.25");
    }
    const kit = await get(shop.server.url, "/product/test-kit");
    expect(kit.products[0]?.offers).toMatchObject({ price: "49.00", priceCurrency: "USD" });
  });

  it("a saving shows once the live offers prove it, and a compare-at counts only where it is true", async () => {
    // The pack at $99 against three bottles at $39 ($117): Save $18.
    await setVariant("BUNDLE_3_MONTH", { price: "99.00" });
    await expect
      .poll(async () => (await configOffers("/bro-science"))?.bundle_3_month?.price, { timeout: 20_000 })
      .toBe("99.0");
    expect((await get(shop.server.url, "/bro-science")).text).toContain("Save $18");
    // The Enhancer page reads the pack with the bottle (its own cache entry): served stale once, then fresh.
    const enhancerText = async () => (await get(shop.server.url, "/product/forge-enhancer")).text;
    await expect.poll(enhancerText, { timeout: 20_000 }).toMatch(/Save \$18/);
    expect(await enhancerText()).toContain("3 single bottles cost $117.00");

    // Back at $197 with a compare-at of $237 (the old seed's claim): three bottles cost $117, no saving.
    await setVariant("BUNDLE_3_MONTH", { price: "197.00", compareAtPrice: "237.00" });
    await expect
      .poll(async () => (await configOffers("/bro-science"))?.bundle_3_month, { timeout: 20_000 })
      .toEqual({ price: "197.0", compareAt: "237.0" });
    expect((await get(shop.server.url, "/bro-science")).text).not.toMatch(/Save \$|\$237/);
    await expect.poll(enhancerText, { timeout: 20_000 }).not.toMatch(/Save \$|\$237/);

    // A price change reaches the structured data and the comparison's prose too.
    await setVariant("ENHANCER", { price: "42.00" });
    await expect
      .poll(async () => (await get(shop.server.url, "/product/forge-enhancer")).products[0]?.offers?.price, {
        timeout: 20_000,
      })
      .toBe("42.00");
    expect((await get(shop.server.url, "/")).text).toContain("$42 a month");
  });
});

describe("structured data while Shopify has never answered", () => {
  const shop = useShop({
    env: { PAGE_CACHE_FRESH_SECONDS: "0", SHOPIFY_TIMEOUT_MS: "500" },
    prepare: (emulators) => {
      emulators.shopify.addFault({ kind: "status", status: 503, api: "storefront", times: -1 });
    },
  });

  it("states no offer at all: no price, and never the fallback 0.25", async () => {
    for (const path of ["/product/forge-enhancer", "/product/test-kit"]) {
      const page = await get(shop.server.url, path);
      expect(page.products, path).toHaveLength(1);
      expect(page.products[0]?.offers, path).toBeUndefined();
      for (const text of page.jsonLd) expect(text, path).not.toMatch(/"price"|0\.25/);
    }
    // The on-screen fallback and its label stay as the spec describes them.
    const onScreen = await get(shop.server.url, "/product/forge-enhancer");
    expect(onScreen.text).toContain("$0.25");
    expect(onScreen.text).toContain("Test pricing");
  });
});
