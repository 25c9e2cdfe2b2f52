import type { Logger } from "~/server/runtime/logger.server";
import { cacheStrategies, createShopifyCache } from "./cache.server";
import type { StoreProduct } from "./types";

/**
 * The product cache behind shopify-get-product (docs/decisions/021-product-cache.md), like Hydrogen's
 * CacheShort + stale-while-revalidate + stale-if-error, in this process's memory:
 *
 * - younger than `ttlMs`: served from the cache, Shopify is not called;
 * - then, for `swrMs` more: served from the cache at once while one background call refreshes it;
 * - older: Shopify is called and waited for; if it fails, the last good answer is served while it is
 *   younger than `maxStaleMs` (24 h by default), else the failure is thrown.
 *
 * Concurrent misses for one handle share one call. "No such product" (null) is cached like a product,
 * so random handles cannot make every request reach Shopify; `invalidate` drops a handle (after the
 * Admin API creates it). At most `maxEntries` handles are kept, least recently used dropped first.
 */
export type ProductCacheOptions = {
  ttlMs: number;
  swrMs: number;
  maxStaleMs: number;
  maxEntries?: number;
  logger: Logger;
  now?: () => number;
};

export type CacheSource = "hit" | "stale" | "miss" | "stale-if-error";

/**
 * `V` is what is kept per key: a product (or null) by handle, or, for the Enhancer page's offers
 * (decision 080), the variants read for a set of ids; the same strategy serves both.
 */
export type ProductCache<V = StoreProduct | null> = {
  get(handle: string, load: () => Promise<V>): Promise<{ product: V; source: CacheSource }>;
  /**
   * What is kept for `handle` now, never waiting: undefined when nothing usable is kept. A copy past
   * its freshness (or none) starts one background `load`, so the next caller finds it; a failed load
   * is logged and keeps what was kept (stale-if-error, up to `maxStaleMs`).
   */
  current(handle: string, load: () => Promise<V>): V | undefined;
  invalidate(handle: string): void;
};

export function createProductCache<V = StoreProduct | null>(options: ProductCacheOptions): ProductCache<V> {
  const strategy = cacheStrategies.product(options);
  const cache = createShopifyCache<V>(strategy, options.now);

  const refresh = (handle: string, load: () => Promise<V>) =>
    cache.shared(handle, (store) =>
      load().then((product) => {
        store(handle, product);
        return product;
      }),
    );

  return {
    async get(handle, load) {
      const kept = cache.read(handle);
      const age = kept ? kept.ageMs : Number.POSITIVE_INFINITY;
      if (kept?.fresh) return { product: kept.value, source: "hit" };
      if (kept && age < strategy.ttlMs + strategy.swrMs) {
        refresh(handle, load).catch((error: unknown) =>
          options.logger.warn({ err: error, handle }, "product refresh failed: serving the cached product"),
        );
        return { product: kept.value, source: "stale" };
      }
      try {
        return { product: await refresh(handle, load), source: "miss" };
      } catch (error) {
        if (kept && age <= strategy.maxStaleMs) {
          options.logger.warn(
            { err: error, handle, ageMs: age },
            "shopify failed: serving the last good product",
          );
          return { product: kept.value, source: "stale-if-error" };
        }
        throw error;
      }
    },
    current(handle, load) {
      const kept = cache.read(handle);
      if (kept?.fresh) return kept.value;
      refresh(handle, load).catch((error: unknown) =>
        options.logger.warn({ err: error, handle }, "background refresh failed: keeping what was kept"),
      );
      return kept && kept.ageMs <= options.maxStaleMs ? kept.value : undefined;
    },
    invalidate(handle) {
      cache.delete(handle);
    },
  };
}
