import { describe, expect, it } from "vitest";
import { useShop } from "../support/shop";
import { createCheckout, ENHANCER, sleep } from "./checkout-harness";

/**
 * The cache time: long enough that two checkouts one after the other fall within it on a machine
 * other work keeps busy (at 1 s, a slow checkout let it run out in between); each test waits it out
 * first, so no test sees a price another test left cached.
 */
const CACHE_SECONDS = 4;
const cacheRunsOut = () => sleep(CACHE_SECONDS * 1_000 + 100);

/**
 * Checkout charges Shopify's price: a price changed in Shopify reaches the next checkouts once
 * CHECKOUT_VARIANT_CACHE_SECONDS is up, and checkouts arriving together ask Shopify once
 * (docs/decisions/033-checkout-variant-cache.md). The database plays no part here: PGlite only.
 */
describe("checkout prices come from Shopify", () => {
  const shop = useShop({ store: "pglite", env: { CHECKOUT_VARIANT_CACHE_SECONDS: String(CACHE_SECONDS) } });

  const enhancerVariant = () => {
    for (const product of shop.emulators.shopify.store.products.values()) {
      const variant = product.variants.find((v) => v.id === ENHANCER);
      if (variant) return variant;
    }
    throw new Error("the Enhancer is not in the Shopify emulator");
  };
  const chargedFor = (sessionId: string) => shop.emulators.stripe.session(sessionId)?.amount_total;

  it("charges a changed price once the cache time is up", async () => {
    await cacheRunsOut();
    enhancerVariant().price = "39.00";
    const first = await createCheckout(shop.server, [{ shopifyVariantId: ENHANCER, quantity: 1 }]);
    expect(chargedFor(first.sessionId)).toBe(3900);

    enhancerVariant().price = "44.00";
    const shopifyBefore = shop.emulators.shopify.calls().storefront;
    const soon = await createCheckout(shop.server, [{ shopifyVariantId: ENHANCER, quantity: 2 }]);
    // Within the cache time, what Shopify said a moment ago.
    expect(chargedFor(soon.sessionId)).toBe(7800);
    expect(shop.emulators.shopify.calls().storefront).toBe(shopifyBefore);

    await cacheRunsOut();
    const later = await createCheckout(shop.server, [{ shopifyVariantId: ENHANCER, quantity: 2 }]);
    expect(chargedFor(later.sessionId)).toBe(8800);
    expect(shop.emulators.shopify.calls().storefront).toBe(shopifyBefore + 1);
  });

  it("asks Shopify once for checkouts that arrive together", async () => {
    await cacheRunsOut();
    enhancerVariant().price = "41.00";
    const shopifyBefore = shop.emulators.shopify.calls().storefront;
    const started = await Promise.all(
      Array.from({ length: 12 }, () =>
        createCheckout(shop.server, [{ shopifyVariantId: ENHANCER, quantity: 1 }]),
      ),
    );
    expect(new Set(started.map((s) => s.sessionId)).size).toBe(12);
    for (const s of started) expect(chargedFor(s.sessionId)).toBe(4100);
    expect(shop.emulators.shopify.calls().storefront).toBe(shopifyBefore + 1);
  });

  it("sells nothing Shopify stopped selling once the cache time is up", async () => {
    enhancerVariant().availableForSale = false;
    try {
      await cacheRunsOut();
      await expect(
        createCheckout(shop.server, [{ shopifyVariantId: ENHANCER, quantity: 1 }]),
      ).rejects.toThrow(/answered 400: .*not available for sale right now/);
    } finally {
      enhancerVariant().availableForSale = true;
    }
  });
});
