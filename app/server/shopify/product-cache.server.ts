import { setBounded } from "../../lib/bounded-map";
import type { Logger } from "../logger.server";
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

export type ProductCache = {
  get(
    handle: string,
    load: () => Promise<StoreProduct | null>,
  ): Promise<{ product: StoreProduct | null; source: CacheSource }>;
  invalidate(handle: string): void;
};

type Entry = { product: StoreProduct | null; storedAt: number };

export function createProductCache(options: ProductCacheOptions): ProductCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1_000;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<StoreProduct | null>>();

  const store = (handle: string, product: StoreProduct | null) =>
    setBounded(entries, handle, { product, storedAt: now() }, maxEntries);

  const refresh = (handle: string, load: () => Promise<StoreProduct | null>) => {
    let pending = inFlight.get(handle);
    if (!pending) {
      pending = load()
        .then((product) => {
          store(handle, product);
          return product;
        })
        .finally(() => inFlight.delete(handle));
      inFlight.set(handle, pending);
    }
    return pending;
  };

  return {
    async get(handle, load) {
      const entry = entries.get(handle);
      const age = entry ? now() - entry.storedAt : Number.POSITIVE_INFINITY;
      if (entry && age > options.maxStaleMs) entries.delete(handle);
      if (entry && age < options.ttlMs) {
        // Recently used: move to the back of the eviction order.
        entries.delete(handle);
        entries.set(handle, entry);
        return { product: entry.product, source: "hit" };
      }
      if (entry && age < options.ttlMs + options.swrMs) {
        refresh(handle, load).catch((error: unknown) =>
          options.logger.warn({ err: error, handle }, "product refresh failed: serving the cached product"),
        );
        return { product: entry.product, source: "stale" };
      }
      try {
        return { product: await refresh(handle, load), source: "miss" };
      } catch (error) {
        if (entry && age <= options.maxStaleMs) {
          options.logger.warn(
            { err: error, handle, ageMs: age },
            "shopify failed: serving the last good product",
          );
          return { product: entry.product, source: "stale-if-error" };
        }
        throw error;
      }
    },
    invalidate(handle) {
      entries.delete(handle);
    },
  };
}
