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

/**
 * A subscription Shopify prices (decision 119): the variant's selling plan allocation, read through the
 * Storefront API. Only a plan the site can keep is offered: billed and delivered every 30 days, paid per
 * delivery, with one price adjustment at most.
 */
export type SubscriptionOffer = {
  variantId: string;
  /** gid://shopify/SellingPlan/<digits> */
  sellingPlanId: string;
  /** The plan's name in Shopify ("Delivered every 30 days"). */
  name: string;
  /** Its group's name ("Subscribe and save"), as the store named it. */
  groupName: string | null;
  description: string | null;
  /** What each delivery costs on the plan: the allocation's per-delivery price. */
  pricePerDelivery: Money;
  /** What the same delivery costs bought once: the allocation's compare-at price (the live one-time price). */
  oneTimePrice: Money;
  /** The plan's own percentage off, when it is stated as one ("15" for 15 %). */
  percentageOff: number | null;
  /** Days between deliveries (and charges). */
  deliveryEveryDays: 30;
};

/** Whether a variant can be bought on subscription, and why not: no plan, no offer. */
export type SubscriptionAvailability =
  | { offered: true; offer: SubscriptionOffer }
  | {
      offered: false;
      /** `unknown_variant`: not sold; `no_selling_plan`: Shopify has none; `unsupported_plan`: none the site can keep. */
      reason: "unknown_variant" | "no_selling_plan" | "unsupported_plan";
    };
