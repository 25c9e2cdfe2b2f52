import pino from "pino";
import { describe, expect, it } from "vitest";
import { createProductCache } from "~/server/shopify/product-cache.server";
import type { StoreProduct } from "~/server/shopify/types";

const product = (title: string): StoreProduct => ({
  title,
  description: "",
  priceRange: { minVariantPrice: { amount: "39.0", currencyCode: "USD" } },
});

function setup(maxEntries?: number) {
  let clock = 0;
  const cache = createProductCache({
    ttlMs: 60_000,
    swrMs: 600_000,
    maxStaleMs: 86_400_000,
    maxEntries,
    logger: pino({ level: "silent" }),
    now: () => clock,
  });
  let calls = 0;
  let next: () => Promise<StoreProduct | null> = async () => product("v1");
  const load = () => {
    calls++;
    return next();
  };
  return {
    cache,
    load,
    calls: () => calls,
    advance: (ms: number) => {
      clock += ms;
    },
    answer: (fn: () => Promise<StoreProduct | null>) => {
      next = fn;
    },
  };
}

const down = async (): Promise<never> => {
  throw new Error("shopify down");
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("product cache", () => {
  it("serves a fresh entry without calling Shopify", async () => {
    const t = setup();
    expect(await t.cache.get("h", t.load)).toEqual({ product: product("v1"), source: "miss" });
    t.advance(59_000);
    expect(await t.cache.get("h", t.load)).toEqual({ product: product("v1"), source: "hit" });
    expect(t.calls()).toBe(1);
  });

  it("serves a stale entry at once and refreshes it in the background", async () => {
    const t = setup();
    await t.cache.get("h", t.load);
    t.advance(61_000);
    t.answer(async () => product("v2"));
    expect(await t.cache.get("h", t.load)).toEqual({ product: product("v1"), source: "stale" });
    await settle();
    expect(t.calls()).toBe(2);
    expect(await t.cache.get("h", t.load)).toEqual({ product: product("v2"), source: "hit" });
  });

  it("keeps the stale entry when the background refresh fails", async () => {
    const t = setup();
    await t.cache.get("h", t.load);
    t.advance(61_000);
    t.answer(down);
    expect((await t.cache.get("h", t.load)).source).toBe("stale");
    await settle();
    expect(await t.cache.get("h", t.load)).toEqual({ product: product("v1"), source: "stale" });
  });

  it("past stale-while-revalidate, waits for Shopify and serves the last good product if it fails", async () => {
    const t = setup();
    await t.cache.get("h", t.load);
    t.advance(23 * 3_600_000);
    t.answer(down);
    expect(await t.cache.get("h", t.load)).toEqual({ product: product("v1"), source: "stale-if-error" });
    t.answer(async () => product("v3"));
    expect(await t.cache.get("h", t.load)).toEqual({ product: product("v3"), source: "miss" });
  });

  it("stops serving the last good product after 24 hours", async () => {
    const t = setup();
    await t.cache.get("h", t.load);
    t.advance(24 * 3_600_000 + 1);
    t.answer(down);
    await expect(t.cache.get("h", t.load)).rejects.toThrow("shopify down");
  });

  it("throws when there is nothing cached and Shopify fails", async () => {
    const t = setup();
    t.answer(down);
    await expect(t.cache.get("h", t.load)).rejects.toThrow("shopify down");
  });

  it("shares one call between concurrent misses", async () => {
    const t = setup();
    let release: (p: StoreProduct) => void = () => {};
    t.answer(() => new Promise((resolve) => (release = resolve)));
    const both = Promise.all([t.cache.get("h", t.load), t.cache.get("h", t.load)]);
    await settle();
    release(product("v1"));
    expect((await both).map((r) => r.product?.title)).toEqual(["v1", "v1"]);
    expect(t.calls()).toBe(1);
  });

  it("caches 'no such product' and forgets it on invalidate", async () => {
    const t = setup();
    t.answer(async () => null);
    expect(await t.cache.get("new", t.load)).toEqual({ product: null, source: "miss" });
    expect(await t.cache.get("new", t.load)).toEqual({ product: null, source: "hit" });
    t.cache.invalidate("new");
    t.answer(async () => product("created"));
    expect(await t.cache.get("new", t.load)).toEqual({ product: product("created"), source: "miss" });
  });

  it("keeps at most maxEntries handles, dropping the least recently used", async () => {
    const t = setup(2);
    await t.cache.get("a", t.load);
    await t.cache.get("b", t.load);
    await t.cache.get("a", t.load); // a is now the most recent
    await t.cache.get("c", t.load); // evicts b
    expect(t.calls()).toBe(3);
    expect((await t.cache.get("a", t.load)).source).toBe("hit");
    expect((await t.cache.get("b", t.load)).source).toBe("miss");
  });
});

describe("the product cache read without waiting (current: the offers in every page's configuration)", () => {
  it("has nothing until the first background load answers, then serves it without loading again", async () => {
    const { cache, load, calls, advance } = setup();
    expect(cache.current("offers", load)).toBeUndefined();
    expect(calls()).toBe(1);
    expect(cache.current("offers", load)).toBeUndefined(); // the same load is still running: no second one
    expect(calls()).toBe(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(cache.current("offers", load)?.title).toBe("v1");
    advance(59_000);
    expect(cache.current("offers", load)?.title).toBe("v1");
    expect(calls()).toBe(1);
  });

  it("once stale, keeps serving the kept copy while one background load refreshes it, and after a failure", async () => {
    const { cache, load, calls, advance, answer } = setup();
    cache.current("offers", load);
    await new Promise((resolve) => setImmediate(resolve));
    advance(61_000);
    answer(async () => product("v2"));
    expect(cache.current("offers", load)?.title).toBe("v1");
    expect(calls()).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.current("offers", load)?.title).toBe("v2");
    advance(61_000);
    answer(async () => {
      throw new Error("Shopify is down");
    });
    expect(cache.current("offers", load)?.title).toBe("v2");
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.current("offers", load)?.title).toBe("v2");
    advance(86_400_000);
    expect(cache.current("offers", load)).toBeUndefined();
  });
});
