import { inArray } from "drizzle-orm";
import { isPlaceholder } from "~/contracts/checkout";
import type { Db } from "~/server/db/client.server";
import { createdProducts } from "~/server/db/schema";
import { ProviderError } from "~/server/errors.server";
import type { CreatedProduct } from "~/server/shopify/types";

/**
 * What checkout may sell (docs/decisions/062-own-checkouts-and-sellable-variants.md): the catalog's
 * configured variants (CATALOG_*_VARIANT_ID, or the emulator's seeded ids) and the products this site's
 * shopify-create-product made (the test page's 50-cent item), nothing else. A Shopify store holds more
 * than this site sells (drafts, other channels' products, a "not for sale" test item someone made by
 * hand), and the browser names the variant: without this list, anything Shopify prices could be bought.
 *
 * The configured ids are checked in memory, so the checkouts that matter under load (the four catalog
 * items) cost no query; any other id is one primary-key lookup in `created_products`, shared by every
 * instance.
 */
export interface SellableVariants {
  /** The ids among these that this store does not sell, in the order given; empty when all are sold. */
  notSold(ids: readonly string[]): Promise<string[]>;
  /**
   * Records a product shopify-create-product made, so checkout sells it from now on. Throws a provider
   * error (the database) when it cannot.
   */
  recordCreated(product: CreatedProduct): Promise<void>;
}

/** What the caller of shopify-create-product is told when the product could not be recorded. */
const NOT_RECORDED =
  "The product was created in Shopify, but this site could not record it, so checkout would refuse it. Please try again.";

export type SellableVariantsDeps = {
  db: Db;
  /** The catalog's variant ids (placeholders among them are never sellable). */
  configuredIds: readonly string[];
};

export function createSellableVariants(deps: SellableVariantsDeps): SellableVariants {
  const configured = new Set(deps.configuredIds.filter((id) => !isPlaceholder(id)));
  return {
    async notSold(ids) {
      const others = [...new Set(ids)].filter((id) => !configured.has(id));
      if (others.length === 0) return [];
      const rows = await deps.db
        .select({ variantId: createdProducts.variantId })
        .from(createdProducts)
        .where(inArray(createdProducts.variantId, others));
      const created = new Set(rows.map((row) => row.variantId));
      return others.filter((id) => !created.has(id));
    },
    async recordCreated(product) {
      try {
        await deps.db
          .insert(createdProducts)
          .values({ variantId: product.variantId, productId: product.productId, handle: product.handle })
          .onConflictDoNothing({ target: createdProducts.variantId });
      } catch (error) {
        throw new ProviderError(
          "provider_unavailable",
          "database",
          `product ${product.variantId} created in Shopify but not recorded: checkout will not sell it`,
          { publicMessage: NOT_RECORDED, cause: error },
        );
      }
    },
  };
}

/** hybrid-checkout's answer (400) for variants this store does not sell. */
export function notSoldMessage(ids: readonly string[]): string {
  return `This store does not sell ${ids.join(", ")}: only the store's own products can be bought here.`;
}
