import { setBounded } from "../../lib/bounded-map";
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
 * Failures are not kept. `ttlMs` 0 asks Shopify for every checkout, as before.
 */
export type CheckoutVariantsOptions = {
  catalog: Pick<CatalogService, "getVariants">;
  ttlMs: number;
  /** Variants kept at most (least recently stored dropped first). */
  maxEntries?: number;
  now?: () => number;
};

type Entry = { variant: CatalogVariant | null; storedAt: number };

export function createCheckoutVariants(
  options: CheckoutVariantsOptions,
): Pick<CatalogService, "getVariants"> {
  const { catalog, ttlMs } = options;
  if (ttlMs <= 0) return catalog;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry>();
  /** Keyed by the sorted ids asked for: checkouts that miss the same variants wait for one call. */
  const inFlight = new Map<string, Promise<Map<string, CatalogVariant>>>();

  const fresh = (id: string): Entry | undefined => {
    const entry = entries.get(id);
    return entry && now() - entry.storedAt < ttlMs ? entry : undefined;
  };

  const load = (ids: string[], buyerIp: string | undefined): Promise<Map<string, CatalogVariant>> => {
    const key = ids.join(" ");
    let pending = inFlight.get(key);
    if (!pending) {
      // Kept from when the question was sent: the answer is at most that old.
      const askedAt = now();
      pending = catalog
        .getVariants(ids, { buyerIp })
        .then((variants) => {
          const found = new Map(variants.map((variant) => [variant.id, variant]));
          for (const id of ids)
            setBounded(entries, id, { variant: found.get(id) ?? null, storedAt: askedAt }, maxEntries);
          return found;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return {
    async getVariants(ids, requestOptions = {}) {
      const known = new Map<string, CatalogVariant | null>();
      for (const id of ids) {
        const entry = fresh(id);
        if (entry) known.set(id, entry.variant);
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
