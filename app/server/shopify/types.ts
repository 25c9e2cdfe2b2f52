/**
 * The catalog's shapes as the app (and the browser) sees them, whatever Shopify's own shapes are.
 * Pure types: safe to import from browser code.
 */

export type Money = {
  /** A decimal string as Shopify gives it, e.g. "39.0". */
  amount: string;
  /** ISO 4217, e.g. "USD". */
  currencyCode: string;
};

/** A product as spec §3 reads it: title, description, priceRange.minVariantPrice.amount. */
export type StoreProduct = {
  title: string;
  /** Plain text (Shopify's `description`, tags stripped). */
  description: string;
  priceRange: { minVariantPrice: Money };
};

/** One variant, for checkout: prices and names always come from Shopify, never from the browser. */
export type CatalogVariant = {
  /** gid://shopify/ProductVariant/<digits> */
  id: string;
  productTitle: string;
  /** Shopify's variant title ("Default Title" for a product without options). */
  variantTitle: string;
  price: Money;
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

/** POST /api/shopify-get-product */
export type GetProductResponse =
  | { success: true; product: StoreProduct | null }
  | { success: false; error: string };

/** POST /api/shopify-create-product */
export type CreateProductResponse =
  | { success: true; variantId: string; productId: string; handle: string }
  | { success: false; error: string };
