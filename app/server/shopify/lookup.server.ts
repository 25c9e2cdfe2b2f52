import type { AppLoadContext } from "react-router";
import { type LiveProduct, liveProductFrom } from "~/contracts/catalog";
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
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("The store took too long to answer.")), timeoutMs);
  });
  return Promise.race([
    lookupProduct(context, handle).then(({ product }) => liveProductFrom(product)),
    timeout,
  ])
    .catch((error: unknown): LiveProduct => {
      context.services.logger.warn(
        { err: error, requestId: context.requestId, handle },
        "live product unavailable",
      );
      return { status: "failed", message: error instanceof Error ? error.message : "Unknown error" };
    })
    .finally(() => clearTimeout(timer));
}
