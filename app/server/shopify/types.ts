import type { Money, StoreProduct } from "~/contracts/catalog";

/**
 * The catalog's shapes as the app sees them, whatever Shopify's own shapes are. What the browser
 * sees too (the product, the replies) is in app/contracts/catalog.ts.
 */

export type { Money, StoreProduct };

/** One variant, for checkout: prices and names always come from Shopify, never from the browser. */
export type CatalogVariant = {
  /** gid://shopify/ProductVariant/<digits> */
  id: string;
  productTitle: string;
  /** Shopify's variant title ("Default Title" for a product without options). */
  variantTitle: string;
  price: Money;
  /** Shopify's "was" price, or null when the variant has none. */
  compareAtPrice: Money | null;
  availableForSale: boolean;
};

/** What shopify-create-product made. */
export type CreatedProduct = {
  productId: string;
  variantId: string;
  /** The handle Shopify gave it (Shopify adds a suffix when the asked-for handle is taken). */
  handle: string;
};

export type CreateProductInput = {
  title: string;
  handle: string;
  /** Decimal string with at most two fraction digits, e.g. "0.50". */
  price: string;
  /** ISO 4217; must be the store's currency. */
  currency: string;
  sku: string;
  descriptionHtml: string;
};
