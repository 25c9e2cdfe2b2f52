import type { AppLoadContext } from "react-router";
import { PLACEHOLDER_MARKER, type PurchasableItem } from "~/content/catalog";
import { type ItemOffer, type LiveOffers, type LiveProduct, liveProductFrom } from "~/contracts/catalog";
import type { CacheSource } from "./product-cache.server";
import type { StoreProduct } from "./types";

/**
 * A product by handle through the product cache: the one way the app reads a product, used by
 * shopify-get-product and by the Enhancer page's loader. Throws what the catalog throws when Shopify
 * fails and no good copy is young enough.
 */
export function lookupProduct(
  context: AppLoadContext,
  handle: string,
): Promise<{ product: StoreProduct | null; source: CacheSource }> {
  const { catalog, productCache } = context.services;
  return productCache.get(handle, () => catalog.getProductByHandle(handle, { buyerIp: context.clientIp }));
}

/** Races `work` against `timeoutMs`: a store slower than that counts as failed. */
function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The store took too long to answer.")), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The offers (price and compare-at price) of `items` for a page, from the variants checkout charges
 * for (the same ids), through the offer cache (the product cache's strategy: never waits once warm,
 * so the shown price is at most as old as the product header's). An item Shopify does not sell is
 * left out. Never a rejected promise.
 */
export function liveOffers(
  context: AppLoadContext,
  items: readonly PurchasableItem[],
  timeoutMs: number,
): Promise<LiveOffers> {
  const { catalog, offerCache, catalogConfig, logger } = context.services;
  // A real store not yet configured has placeholder ids: nothing to ask Shopify, the defaults stay.
  const ids = items
    .map((item) => catalogConfig.variantIds[item])
    .filter((id) => !id.includes(PLACEHOLDER_MARKER));
  const read = offerCache.get(ids.join(" "), () => catalog.getVariants(ids, { buyerIp: context.clientIp }));
  return withTimeout(read, timeoutMs)
    .then(({ product: found }): LiveOffers => {
      const offers: Partial<Record<PurchasableItem, ItemOffer>> = {};
      for (const variant of found) {
        const item = catalogConfig.itemOf(variant.id);
        if (!item || !variant.availableForSale) continue;
        offers[item] = { price: variant.price.amount, compareAt: variant.compareAtPrice?.amount ?? null };
      }
      return { status: "found", offers };
    })
    .catch((error: unknown): LiveOffers => {
      logger.warn({ err: error, requestId: context.requestId, items }, "live offers unavailable");
      return { status: "failed", message: error instanceof Error ? error.message : "Unknown error" };
    });
}

/**
 * The live product for a page (spec §4), never a rejected promise: found, not found, or failed with
 * its message. A store slower than `timeoutMs` counts as failed, so the page keeps its defaults
 * instead of running into the document's stream timeout.
 */
export function liveProduct(
  context: AppLoadContext,
  handle: string,
  timeoutMs: number,
): Promise<LiveProduct> {
  return withTimeout(
    lookupProduct(context, handle).then(({ product }) => liveProductFrom(product)),
    timeoutMs,
  ).catch((error: unknown): LiveProduct => {
    context.services.logger.warn(
      { err: error, requestId: context.requestId, handle },
      "live product unavailable",
    );
    return { status: "failed", message: error instanceof Error ? error.message : "Unknown error" };
  });
}
