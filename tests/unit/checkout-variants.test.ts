import { describe, expect, it } from "vitest";
import { createCheckoutVariants } from "~/server/shopify/checkout-variants.server";
import type { CatalogVariant } from "~/server/shopify/types";

const ENHANCER = "gid://shopify/ProductVariant/101";
const KIT = "gid://shopify/ProductVariant/202";
const UNKNOWN = "gid://shopify/ProductVariant/999";

const variant = (id: string, amount: string): CatalogVariant => ({
  id,
  productTitle: id === KIT ? "Test Kit" : "Forge Enhancer",
  variantTitle: "Default Title",
  compareAtPrice: null,
  price: { amount, currencyCode: "USD" },
  availableForSale: true,
});

/** A Shopify stand-in whose prices the test changes, counting what it was asked. */
function setup(ttlMs = 5_000, maxEntries?: number) {
  let clock = 0;
  const prices = new Map([
    [ENHANCER, "39.00"],
    [KIT, "59.00"],
  ]);
  const asked: string[][] = [];
  let fail: Error | null = null;
  let gate: Promise<void> | null = null;
  const shopify = {
    async getVariants(ids: readonly string[], options?: { buyerIp?: string }) {
      asked.push([...ids, `ip=${options?.buyerIp ?? ""}`]);
      if (gate) await gate;
      if (fail) throw fail;
      return ids.flatMap((id) => {
        const amount = prices.get(id);
        return amount ? [variant(id, amount)] : [];
      });
    },
  };
  const lookup = createCheckoutVariants({ catalog: shopify, ttlMs, maxEntries, now: () => clock });
  return {
    lookup,
    asked,
    prices,
    advance: (ms: number) => {
      clock += ms;
    },
    failWith: (error: Error | null) => {
      fail = error;
    },
    hold: () => {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const priceOf = (variants: CatalogVariant[], id: string) => variants.find((v) => v.id === id)?.price.amount;

describe("checkout's variant lookups", () => {
  it("answers from Shopify, then from what it kept until the time is up", async () => {
    const t = setup(5_000);
    expect(priceOf(await t.lookup.getVariants([ENHANCER], { buyerIp: "203.0.113.9" }), ENHANCER)).toBe(
      "39.00",
    );
    expect(t.asked).toEqual([[ENHANCER, "ip=203.0.113.9"]]);

    t.prices.set(ENHANCER, "45.00");
    t.advance(4_999);
    expect(priceOf(await t.lookup.getVariants([ENHANCER]), ENHANCER)).toBe("39.00");
    expect(t.asked).toHaveLength(1);

    // After the time is up, Shopify's new price is what checkout charges.
    t.advance(1);
    expect(priceOf(await t.lookup.getVariants([ENHANCER]), ENHANCER)).toBe("45.00");
    expect(t.asked).toHaveLength(2);
  });

  it("asks Shopify every time when the time is 0", async () => {
    const t = setup(0);
    await t.lookup.getVariants([ENHANCER]);
    t.prices.set(ENHANCER, "45.00");
    expect(priceOf(await t.lookup.getVariants([ENHANCER]), ENHANCER)).toBe("45.00");
    expect(t.asked).toHaveLength(2);
  });

  it("lets checkouts that miss at the same moment share one Shopify call", async () => {
    const t = setup();
    const release = t.hold();
    const waiting = Array.from({ length: 20 }, () => t.lookup.getVariants([ENHANCER, KIT]));
    release();
    const answers = await Promise.all(waiting);
    expect(t.asked).toEqual([[ENHANCER, KIT, "ip="]]);
    for (const answer of answers) expect(answer.map((v) => v.id)).toEqual([ENHANCER, KIT]);
  });

  it("asks only for the variants it does not have, and keeps the order asked", async () => {
    const t = setup();
    await t.lookup.getVariants([ENHANCER]);
    const both = await t.lookup.getVariants([KIT, ENHANCER]);
    expect(both.map((v) => v.id)).toEqual([KIT, ENHANCER]);
    expect(t.asked).toEqual([
      [ENHANCER, "ip="],
      [KIT, "ip="],
    ]);
  });

  it("remembers that a variant is unknown, so made-up ids do not reach Shopify each time", async () => {
    const t = setup();
    expect(await t.lookup.getVariants([UNKNOWN])).toEqual([]);
    expect(await t.lookup.getVariants([UNKNOWN])).toEqual([]);
    expect(t.asked).toHaveLength(1);
  });

  it("keeps no failure: the next checkout asks Shopify again", async () => {
    const t = setup();
    t.failWith(new Error("Shopify is down"));
    await expect(t.lookup.getVariants([ENHANCER])).rejects.toThrow("Shopify is down");
    t.failWith(null);
    expect(priceOf(await t.lookup.getVariants([ENHANCER]), ENHANCER)).toBe("39.00");
    expect(t.asked).toHaveLength(2);
  });

  it("keeps at most maxEntries variants, dropping the oldest first", async () => {
    const t = setup(5_000, 1);
    await t.lookup.getVariants([ENHANCER]);
    await t.lookup.getVariants([KIT]);
    // A request answered by the call it made keeps its answer even when the entry is dropped at once.
    expect((await t.lookup.getVariants([ENHANCER])).map((v) => v.id)).toEqual([ENHANCER]);
    expect(t.asked).toHaveLength(3);
  });

  it("counts a variant's age from when Shopify was asked, not from when it answered", async () => {
    const t = setup(5_000);
    const release = t.hold();
    const pending = t.lookup.getVariants([ENHANCER]);
    t.advance(3_000);
    release();
    await pending;
    t.advance(2_000);
    await t.lookup.getVariants([ENHANCER]);
    expect(t.asked).toHaveLength(2);
  });
});
