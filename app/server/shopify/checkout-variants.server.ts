import { cacheStrategies, createShopifyCache } from "./cache.server";
import type { CatalogService, CatalogVariant } from "./catalog.server";

/**
 * The variant lookups behind hybrid-checkout (docs/decisions/033-checkout-variant-cache.md): what
 * Shopify answered for a variant (title, price, currency, whether it is for sale) is reused for
 * `ttlMs`, and checkouts that miss at the same moment share one Storefront call. The store sells two
 * items, so under load nearly every checkout asks for the same one or two variants: without this,
 * each checkout is one more Shopify round trip, in series before Stripe's.
 *
 * What this trades: a price or availability changed in Shopify reaches checkout at most `ttlMs` later
 * (the product page's own cache shows a price up to a minute old). A variant Shopify does not know is
 * remembered as such for the same time, so made-up ids cannot make every request reach Shopify.
 * Failures are not kept. `ttlMs` 0 asks Shopify for every checkout, as before. The shared Shopify
 * cache, strategy `cacheStrategies.checkoutVariants` (cache.server.ts).
 */
export type CheckoutVariantsOptions = {
  catalog: Pick<CatalogService, "getVariants">;
  ttlMs: number;
  /** Variants kept at most (least recently stored dropped first). */
  maxEntries?: number;
  now?: () => number;
};

export function createCheckoutVariants(
  options: CheckoutVariantsOptions,
): Pick<CatalogService, "getVariants"> {
  const { catalog, ttlMs } = options;
  if (ttlMs <= 0) return catalog;
  const cache = createShopifyCache<CatalogVariant | null>(
    cacheStrategies.checkoutVariants({ ttlMs, maxEntries: options.maxEntries }),
    options.now,
  );

  /** Keyed by the sorted ids asked for: checkouts that miss the same variants wait for one call. */
  const load = (ids: string[], buyerIp: string | undefined): Promise<Map<string, CatalogVariant>> =>
    // Stored with the age counted from when the question was sent: the answer is at most that old.
    cache.shared(ids.join(" "), (store) =>
      catalog.getVariants(ids, { buyerIp }).then((variants) => {
        const found = new Map(variants.map((variant) => [variant.id, variant]));
        for (const id of ids) store(id, found.get(id) ?? null);
        return found;
      }),
    );

  return {
    async getVariants(ids, requestOptions = {}) {
      const known = new Map<string, CatalogVariant | null>();
      for (const id of ids) {
        const kept = cache.read(id);
        if (kept?.fresh) known.set(id, kept.value);
      }
      const missing = [...new Set(ids)].filter((id) => !known.has(id)).sort();
      const loaded = missing.length > 0 ? await load(missing, requestOptions.buyerIp) : undefined;
      return ids.flatMap((id) => {
        const variant = known.has(id) ? known.get(id) : loaded?.get(id);
        return variant ? [variant] : [];
      });
    },
  };
}
