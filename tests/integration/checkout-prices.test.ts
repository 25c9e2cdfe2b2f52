import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../scripts/lib/server-process";
import {
  createCheckout,
  createStore,
  type Emulators,
  ENHANCER,
  type StoreTarget,
  sleep,
  startEmulators,
  startShop,
} from "./checkout-harness";

/**
 * Checkout charges Shopify's price: a price changed in Shopify reaches the next checkouts once
 * CHECKOUT_VARIANT_CACHE_SECONDS is up, and checkouts arriving together ask Shopify once
 * (docs/decisions/033-checkout-variant-cache.md). The database plays no part here: PGlite only.
 */
describe("checkout prices come from Shopify", () => {
  let emulators: Emulators;
  let store: StoreTarget;
  let server: RunningServer;

  const enhancerVariant = () => {
    for (const product of emulators.shopify.store.products.values()) {
      const variant = product.variants.find((v) => v.id === ENHANCER);
      if (variant) return variant;
    }
    throw new Error("the Enhancer is not in the Shopify emulator");
  };
  const chargedFor = (sessionId: string) => emulators.stripe.session(sessionId)?.amount_total;

  beforeAll(async () => {
    emulators = await startEmulators();
    store = await createStore("pglite");
    server = await startShop({ ...emulators.env, ...store.env, CHECKOUT_VARIANT_CACHE_SECONDS: "1" });
  });
  afterAll(async () => {
    await server?.stop();
    await emulators?.close();
    await store?.drop();
  });

  it("charges a changed price once the cache time is up", async () => {
    enhancerVariant().price = "39.00";
    const first = await createCheckout(server, [{ shopifyVariantId: ENHANCER, quantity: 1 }]);
    expect(chargedFor(first.sessionId)).toBe(3900);

    enhancerVariant().price = "44.00";
    const shopifyBefore = emulators.shopify.calls().storefront;
    const soon = await createCheckout(server, [{ shopifyVariantId: ENHANCER, quantity: 2 }]);
    // Within the second, what Shopify said a moment ago.
    expect(chargedFor(soon.sessionId)).toBe(7800);
    expect(emulators.shopify.calls().storefront).toBe(shopifyBefore);

    await sleep(1_100);
    const later = await createCheckout(server, [{ shopifyVariantId: ENHANCER, quantity: 2 }]);
    expect(chargedFor(later.sessionId)).toBe(8800);
    expect(emulators.shopify.calls().storefront).toBe(shopifyBefore + 1);
  });

  it("asks Shopify once for checkouts that arrive together", async () => {
    await sleep(1_100);
    enhancerVariant().price = "41.00";
    const shopifyBefore = emulators.shopify.calls().storefront;
    const started = await Promise.all(
      Array.from({ length: 12 }, () => createCheckout(server, [{ shopifyVariantId: ENHANCER, quantity: 1 }])),
    );
    expect(new Set(started.map((s) => s.sessionId)).size).toBe(12);
    for (const s of started) expect(chargedFor(s.sessionId)).toBe(4100);
    expect(emulators.shopify.calls().storefront).toBe(shopifyBefore + 1);
  });

  it("sells nothing Shopify stopped selling once the cache time is up", async () => {
    enhancerVariant().availableForSale = false;
    try {
      await sleep(1_100);
      await expect(createCheckout(server, [{ shopifyVariantId: ENHANCER, quantity: 1 }])).rejects.toThrow(
        /answered 400: .*not available for sale right now/,
      );
    } finally {
      enhancerVariant().availableForSale = true;
    }
  });
});
