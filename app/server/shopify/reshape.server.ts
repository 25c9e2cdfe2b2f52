import { z } from "zod";
import type { CatalogVariant, CreatedProduct, StoreProduct } from "./types";

/**
 * Shopify's shapes (checked with zod: the app relies on them) and the `reshape*` functions that turn
 * them into the app's types (./types.ts). Nothing outside app/server/shopify sees Shopify's shapes.
 */

const money = z.object({ amount: z.string().regex(/^-?\d+(\.\d+)?$/), currencyCode: z.string().length(3) });

export const shopifyProductSchema = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  description: z.string(),
  priceRange: z.object({ minVariantPrice: money }),
});
export type ShopifyProduct = z.infer<typeof shopifyProductSchema>;

export const productByHandleData = z.object({ product: shopifyProductSchema.nullable() });

const shopifyVariantSchema = z.object({
  __typename: z.literal("ProductVariant"),
  id: z.string(),
  title: z.string(),
  availableForSale: z.boolean(),
  price: money,
  compareAtPrice: money.nullable().optional(),
  product: z.object({ title: z.string() }),
});
export type ShopifyVariant = z.infer<typeof shopifyVariantSchema>;

/** `nodes(ids)` answers null for an unknown id and another type for an id of something else. */
export const variantsByIdsData = z.object({
  nodes: z.array(z.union([shopifyVariantSchema, z.object({ __typename: z.string() }), z.null()])),
});

const userErrors = z.array(
  z.object({ field: z.array(z.string()).nullable().optional(), message: z.string() }),
);
export type ShopifyUserErrors = z.infer<typeof userErrors>;

export const shopCurrencyData = z.object({ shop: z.object({ currencyCode: z.string() }) });

export const productCreateData = z.object({
  productCreate: z.object({
    product: z
      .object({
        id: z.string(),
        handle: z.string(),
        variants: z.object({ nodes: z.array(z.object({ id: z.string() })) }),
      })
      .nullable(),
    userErrors,
  }),
});

export const productVariantsBulkUpdateData = z.object({
  productVariantsBulkUpdate: z.object({
    productVariants: z
      .array(z.object({ id: z.string(), price: z.string(), sku: z.string().nullable() }))
      .nullable(),
    userErrors,
  }),
});

export const publishablePublishData = z.object({ publishablePublish: z.object({ userErrors }) });

export function reshapeProduct(product: ShopifyProduct): StoreProduct {
  return {
    title: product.title,
    description: product.description,
    priceRange: {
      minVariantPrice: {
        amount: product.priceRange.minVariantPrice.amount,
        currencyCode: product.priceRange.minVariantPrice.currencyCode,
      },
    },
  };
}

export function reshapeVariant(variant: ShopifyVariant): CatalogVariant {
  return {
    id: variant.id,
    productTitle: variant.product.title,
    variantTitle: variant.title,
    price: { amount: variant.price.amount, currencyCode: variant.price.currencyCode },
    compareAtPrice: variant.compareAtPrice
      ? { amount: variant.compareAtPrice.amount, currencyCode: variant.compareAtPrice.currencyCode }
      : null,
    availableForSale: variant.availableForSale,
  };
}

/** The variants among `nodes`, in the order asked; unknown ids and other types are left out. */
export function reshapeVariants(nodes: z.infer<typeof variantsByIdsData>["nodes"]): CatalogVariant[] {
  return nodes
    .filter(
      (node): node is ShopifyVariant => node !== null && node.__typename === "ProductVariant" && "id" in node,
    )
    .map(reshapeVariant);
}

export function reshapeCreatedProduct(
  product: NonNullable<z.infer<typeof productCreateData>["productCreate"]["product"]>,
): CreatedProduct | null {
  const variantId = product.variants.nodes[0]?.id;
  return variantId ? { productId: product.id, variantId, handle: product.handle } : null;
}

/** "handle: Handle has already been taken" — Shopify's user errors, in one sentence. */
export function describeUserErrors(errors: ShopifyUserErrors): string {
  return errors
    .map((error) => (error.field?.length ? `${error.field.join(".")}: ${error.message}` : error.message))
    .join("; ");
}
