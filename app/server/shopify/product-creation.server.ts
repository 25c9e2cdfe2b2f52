import type { Logger } from "~/server/runtime/logger.server";
import type { CatalogService } from "./catalog.server";
import type { ProductCache } from "./product-cache.server";
import type { CreatedProduct, CreateProductInput } from "./types";

/**
 * shopify-create-product's work below the edge (issue 33 item 4: the route holds this, never the raw
 * catalog client): whether creation is turned on, and the creation itself, with the product cache
 * told and the variant recorded as sellable before its id is handed out.
 */
export type ProductCreation = {
  /** Whether a Shopify Admin API token is configured: without one, creation is turned off. */
  readonly adminConfigured: boolean;
  create(input: CreateProductInput): Promise<CreatedProduct>;
};

export function createProductCreation(deps: {
  catalog: Pick<CatalogService, "adminConfigured" | "createProduct">;
  productCache: Pick<ProductCache, "invalidate">;
  /** Checkout's record of what it may sell (orders/sellable-variants.server.ts). */
  sellable: { recordCreated(product: CreatedProduct): Promise<void> };
  logger: Logger;
}): ProductCreation {
  const { catalog, productCache, sellable, logger } = deps;
  return {
    adminConfigured: catalog.adminConfigured,
    async create(input) {
      const created = await catalog.createProduct(input);
      productCache.invalidate(input.handle);
      productCache.invalidate(created.handle);
      // Checkout sells only the catalog's variants and the products recorded here
      // (docs/decisions/062-own-checkouts-and-sellable-variants.md): recorded before the variant id is
      // handed out, so the test page can buy what it was just given.
      await sellable.recordCreated(created);
      logger.info({ variantId: created.variantId, handle: created.handle }, "product created and recorded");
      return created;
    },
  };
}
