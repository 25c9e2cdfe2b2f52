import { PLACEHOLDER_MARKER, type PurchasableItem } from "~/content/catalog";
import { defaultOffers, type ShownItem, type ShownOffers } from "~/content/pricing";
import { type LiveOffers, type LiveProduct, liveProductFrom } from "~/contracts/catalog";
import type { Logger } from "~/server/runtime/logger.server";
import { withinTime } from "~/server/time-limit.server";
import type { CatalogService } from "./catalog.server";
import type { CatalogConfig } from "./catalog-config.server";
import type { CacheSource, ProductCache } from "./product-cache.server";
import type { CatalogVariant, StoreProduct } from "./types";

/** The services a product or offer read uses: the catalog adapter and its caches. */
export type LookupServices = {
  catalog: CatalogService;
  productCache: ProductCache;
  offerCache: ProductCache<CatalogVariant[]>;
  catalogConfig: CatalogConfig;
  logger: Logger;
};

/** Who is asking: the shopper's address (Shopify's buyer IP) and the request's id for the logs. */
export type Caller = { buyerIp: string; requestId: string };

/**
 * The product reads a route makes, with the catalog adapter and its caches bound in (issue 33 item 4:
 * routes never hold the raw catalog client).
 */
export type ProductLookup = {
  product(handle: string, caller: Pick<Caller, "buyerIp">): ReturnType<typeof lookupProduct>;
  live(handle: string, timeoutMs: number, caller: Caller): Promise<LiveProduct>;
  offers(items: readonly PurchasableItem[], timeoutMs: number, caller: Caller): Promise<LiveOffers>;
  /** The offers the marketing pages show, from the offer cache without waiting (see `shownOffers`). */
  shown(): ShownOffers | undefined;
};

export function createProductLookup(services: LookupServices): ProductLookup {
  return {
    product: (handle, caller) => lookupProduct(services, handle, caller),
    live: (handle, timeoutMs, caller) => liveProduct(services, handle, timeoutMs, caller),
    offers: (items, timeoutMs, caller) => liveOffers(services, items, timeoutMs, caller),
    shown: () => shownOffers(services),
  };
}

/**
 * A product by handle through the product cache: the one way the app reads a product, used by
 * shopify-get-product and by the Enhancer page's loader. Throws what the catalog throws when Shopify
 * fails and no good copy is young enough.
 */
export function lookupProduct(
  services: Pick<LookupServices, "catalog" | "productCache">,
  handle: string,
  caller: Pick<Caller, "buyerIp">,
): Promise<{ product: StoreProduct | null; source: CacheSource }> {
  const { catalog, productCache } = services;
  return productCache.get(handle, () => catalog.getProductByHandle(handle, { buyerIp: caller.buyerIp }));
}

/** A store slower than `timeoutMs` counts as failed. */
const withTimeout = <T>(work: Promise<T>, timeoutMs: number) =>
  withinTime(work, timeoutMs, () => new Error("The store took too long to answer."));

/**
 * The offers (price and compare-at price) of `items` for a page, from the variants checkout charges
 * for (the same ids), through the offer cache (the product cache's strategy: never waits once warm,
 * so the shown price is at most as old as the product header's). An item Shopify does not sell is
 * left out. Never a rejected promise.
 */
export function liveOffers(
  services: LookupServices,
  items: readonly PurchasableItem[],
  timeoutMs: number,
  caller: Caller,
): Promise<LiveOffers> {
  const { catalog, offerCache, catalogConfig, logger } = services;
  const ids = configuredIds(catalogConfig, items);
  const read = offerCache.get(ids.join(" "), () => catalog.getVariants(ids, { buyerIp: caller.buyerIp }));
  return withTimeout(read, timeoutMs)
    .then(({ product: found }): LiveOffers => ({ status: "found", offers: offersOf(found, catalogConfig) }))
    .catch((error: unknown): LiveOffers => {
      logger.warn({ err: error, requestId: caller.requestId, items }, "live offers unavailable");
      return { status: "failed", message: error instanceof Error ? error.message : "Unknown error" };
    });
}

/** The items whose prices the marketing pages show (home, Bro Science, the kit page): those with defaults. */
const shownItems = Object.keys(defaultOffers) as ShownItem[];

/**
 * The offers of one cached answer, made once: the cache hands back the same array until it refreshes,
 * so every page served in between gets the same object (server/public-config.ts compares by identity).
 */
const offersByAnswer = new WeakMap<readonly CatalogVariant[], ShownOffers>();

/**
 * The offers the pages carry in their runtime configuration (decision 080), read from the offer cache
 * without waiting: undefined until Shopify has answered once (a first call starts a background read),
 * then the cached offers, refreshed in the background as the product cache's strategy says. A page
 * shows its defaults until then.
 */
export function shownOffers(services: LookupServices): ShownOffers | undefined {
  const { catalog, offerCache, catalogConfig } = services;
  const ids = configuredIds(catalogConfig, shownItems);
  if (ids.length === 0) return undefined;
  const found = offerCache.current(ids.join(" "), () => catalog.getVariants(ids));
  if (!found) return undefined;
  let offers = offersByAnswer.get(found);
  if (!offers) {
    offers = offersOf(found, catalogConfig);
    offersByAnswer.set(found, offers);
  }
  return offers;
}

/**
 * The first read of the shown offers, awaited by the server before it answers its first request (at
 * most `timeoutMs`), so the first visitors get Shopify's prices and no Storefront call of the server's
 * own runs under a visitor's request. Never a rejected promise: a failure leaves the defaults.
 */
export async function warmShownOffers(services: LookupServices, timeoutMs: number): Promise<void> {
  const { catalog, offerCache, catalogConfig, logger } = services;
  const ids = configuredIds(catalogConfig, shownItems);
  if (ids.length === 0) return;
  await withTimeout(
    offerCache.get(ids.join(" "), () => catalog.getVariants(ids)),
    timeoutMs,
  ).catch((error: unknown) =>
    logger.warn({ err: error }, "shown offers not read at start: pages show defaults"),
  );
}

/** A real store not yet configured has placeholder ids: nothing to ask Shopify, the defaults stay. */
function configuredIds(config: CatalogConfig, items: readonly PurchasableItem[]): string[] {
  return items.map((item) => config.variantIds[item]).filter((id) => !id.includes(PLACEHOLDER_MARKER));
}

/** Each found variant's offer under its item; a variant Shopify does not sell now is left out. */
function offersOf(found: readonly CatalogVariant[], config: CatalogConfig): ShownOffers {
  const offers: ShownOffers = {};
  for (const variant of found) {
    const item = config.itemOf(variant.id);
    if (!item || !variant.availableForSale) continue;
    offers[item] = { price: variant.price.amount, compareAt: variant.compareAtPrice?.amount ?? null };
  }
  return offers;
}

/**
 * The live product for a page (spec §4), never a rejected promise: found, not found, or failed with
 * its message. A store slower than `timeoutMs` counts as failed, so the page keeps its defaults
 * instead of running into the document's stream timeout.
 */
export function liveProduct(
  services: LookupServices,
  handle: string,
  timeoutMs: number,
  caller: Caller,
): Promise<LiveProduct> {
  return withTimeout(
    lookupProduct(services, handle, caller).then(({ product }) => liveProductFrom(product)),
    timeoutMs,
  ).catch((error: unknown): LiveProduct => {
    services.logger.warn({ err: error, requestId: caller.requestId, handle }, "live product unavailable");
    return { status: "failed", message: error instanceof Error ? error.message : "Unknown error" };
  });
}
