import type { AppLoadContext } from "react-router";
import type { CacheSource } from "./catalog-cache.server";
import type { StoreProduct } from "./shopify/types";

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
