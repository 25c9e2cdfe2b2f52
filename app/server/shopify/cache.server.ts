/**
 * The one in-memory cache for what Shopify answers (decision 072), used by the product cache
 * (product-cache.server.ts) and checkout's variant lookups (checkout-variants.server.ts). Each use
 * names a strategy, as Hydrogen names CacheShort and CacheLong: how long an answer is fresh, how long
 * it may be served stale, how many are kept, and how age and eviction are counted. Callers that miss
 * the same key at the same moment share one Shopify call.
 */
export type CacheStrategy = {
  /** Served without asking Shopify while younger than this. */
  ttlMs: number;
  /** After `ttlMs`, served at once for this much longer while one background call refreshes it. */
  swrMs: number;
  /**
   * Kept to serve when Shopify fails while younger than this, and dropped when read past it. Without
   * it an expired answer is never served and stays until replaced or pushed out by `maxEntries`.
   */
  maxStaleMs?: number;
  /** Answers kept at most; the first in eviction order is dropped first. */
  maxEntries: number;
  /** A fresh read moves the answer to the back of the eviction order (least recently used first). */
  touchOnRead: boolean;
  /** An answer's age counts from when Shopify was asked, or from when it answered. */
  ageFrom: "asked" | "answered";
};

export const cacheStrategies = {
  /**
   * The product behind shopify-get-product and the Enhancer page (decision 021): fresh, then
   * stale-while-revalidate, then the last good product while Shopify fails; 1,000 handles, least
   * recently used dropped first.
   */
  product: (options: { ttlMs: number; swrMs: number; maxStaleMs: number; maxEntries?: number }) =>
    ({
      ttlMs: options.ttlMs,
      swrMs: options.swrMs,
      maxStaleMs: options.maxStaleMs,
      maxEntries: options.maxEntries ?? 1_000,
      touchOnRead: true,
      ageFrom: "answered",
    }) satisfies CacheStrategy,
  /**
   * Checkout's variants (decision 033): fresh for a few seconds and never served older, counted from
   * when Shopify was asked; 500 variants, oldest dropped first.
   */
  checkoutVariants: (options: { ttlMs: number; maxEntries?: number }) =>
    ({
      ttlMs: options.ttlMs,
      swrMs: 0,
      maxEntries: options.maxEntries ?? 500,
      touchOnRead: false,
      ageFrom: "asked",
    }) satisfies CacheStrategy,
} as const;

export type Kept<V> = {
  value: V;
  ageMs: number;
  /** Younger than the strategy's `ttlMs`: served without asking Shopify. */
  fresh: boolean;
};

export type ShopifyCache<V> = {
  /**
   * What is kept for `key` and how old it is. A fresh answer moves to the back of the eviction order
   * when the strategy says reads do; one past `maxStaleMs` is returned this once and dropped.
   */
  read(key: string): Kept<V> | undefined;
  delete(key: string): void;
  /**
   * Runs `load` once for every caller asking with the same `flightKey` while it runs; `store` keeps an
   * answer with the age the strategy counts. A failure is shared and nothing is kept.
   */
  shared<T>(flightKey: string, load: (store: (key: string, value: V) => void) => Promise<T>): Promise<T>;
};

export function createShopifyCache<V>(
  strategy: CacheStrategy,
  now: () => number = Date.now,
): ShopifyCache<V> {
  const entries = new Map<string, { value: V; storedAt: number }>();
  const inFlight = new Map<string, Promise<unknown>>();

  return {
    read(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const ageMs = now() - entry.storedAt;
      if (strategy.maxStaleMs !== undefined && ageMs > strategy.maxStaleMs) entries.delete(key);
      const fresh = ageMs < strategy.ttlMs;
      if (strategy.touchOnRead && fresh) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return { value: entry.value, ageMs, fresh };
    },
    delete(key) {
      entries.delete(key);
    },
    shared<T>(flightKey: string, load: (store: (key: string, value: V) => void) => Promise<T>) {
      let pending = inFlight.get(flightKey) as Promise<T> | undefined;
      if (!pending) {
        const askedAt = now();
        const store = (key: string, value: V) => {
          const storedAt = strategy.ageFrom === "asked" ? askedAt : now();
          setBounded(entries, key, { value, storedAt }, strategy.maxEntries);
        };
        pending = load(store).finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, pending);
      }
      return pending;
    },
  };
}

/**
 * Sets `key` as the newest entry of `map` (a Map keeps insertion order), then drops the oldest entries
 * beyond `max` (the emulators keep their own: sandbox/retention.ts).
 */
function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}
