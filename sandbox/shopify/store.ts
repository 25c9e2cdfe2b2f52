import { createOrderBook, type OrderBook } from "./orders";
import { sandboxProducts, sandboxSellingPlanGroups } from "./seed";

/**
 * The emulated store's data: products with their variants, in memory. Seeded with the products of
 * seed.ts, whose variant ids the sandbox hands the server as its catalog's while the emulator is in
 * use; the Admin mutations add to it. Orders (orders.ts) and stock go back to the seed with the rest.
 */

export type StoredVariant = {
  id: string;
  title: string;
  /** Decimal string, e.g. "39.00". */
  price: string;
  /** Decimal string, or null: no "was" price. */
  compareAtPrice?: string | null;
  sku: string | null;
  /**
   * The merchant offers it (published, not withdrawn). What the APIs answer as `availableForSale` is
   * `variantAvailable`: this, and stock left unless the stock is untracked or the policy is CONTINUE.
   */
  availableForSale: boolean;
  /**
   * Units on hand at the store's one location; orderCreate takes from it, orderCancel puts back. Left
   * out: not tracked (a product made by productCreate), counted from 0.
   */
  inventoryQuantity?: number;
  /** DENY: no selling past zero (orderCreate with DECREMENT_OBEYING_POLICY fails); CONTINUE (default): oversell. */
  inventoryPolicy?: "DENY" | "CONTINUE";
};

/** A selling plan (selling-plans.ts): how its price is adjusted and how often it bills and delivers. */
export type StoredSellingPlan = {
  id: string;
  name: string;
  description: string | null;
  /** The one option it contributes to its group ("Delivery every": "30 days"). */
  option: { name: string; value: string };
  interval: "DAY" | "WEEK" | "MONTH" | "YEAR";
  intervalCount: number;
  /** Up to two, as Shopify allows; the second applies after `orderCount` orders of the first. */
  adjustments: {
    value: { percentage: number } | { amountOff: string } | { price: string };
    orderCount: number | null;
  }[];
};

export type StoredSellingPlanGroup = {
  id: string;
  name: string;
  appName: string | null;
  plans: StoredSellingPlan[];
};

export type StoredProduct = {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  status: "ACTIVE" | "ARCHIVED" | "DRAFT" | "UNLISTED";
  vendor: string;
  productType: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  publicationIds: string[];
  variants: StoredVariant[];
  /** Selling plan groups that hold every variant of the product (none: sold one time only). */
  sellingPlanGroups?: StoredSellingPlanGroup[];
};

export type ShopInfo = { name: string; currencyCode: string; myshopifyDomain: string };

export type ShopifyStore = {
  shop: ShopInfo;
  products: Map<string, StoredProduct>;
  orders: OrderBook;
  productByHandle(handle: string): StoredProduct | undefined;
  findVariant(id: string): { product: StoredProduct; variant: StoredVariant } | undefined;
  nextProductId(): string;
  nextVariantId(): string;
  /** A handle not yet used: `handle`, else `handle-1`, `handle-2`, … (as Shopify does). */
  uniqueHandle(handle: string): string;
  reset(): void;
};

/**
 * Units of each seeded variant on hand: finite so stock shows, and with the DENY policy a variant whose
 * stock is gone is not for sale, as in Shopify. One end-to-end run sells about 15 Enhancers from its
 * server, and a developer's `reuseExistingServer` outlives many runs; the integration tests each start
 * an emulator of their own and buy a handful; the chaos run sets its own stock (`PUT /__control/stock`).
 */
export const SEEDED_STOCK = 1_000;

/**
 * Shopify's `availableForSale` of a variant: offered, and either its stock is not tracked, or it may
 * be sold past zero (policy CONTINUE), or some is left. A DENY variant at zero or below is not for
 * sale (the chaos run found the emulator saying it was, issue 37).
 */
export function variantAvailable(variant: StoredVariant): boolean {
  if (!variant.availableForSale) return false;
  if (variant.inventoryQuantity === undefined || variant.inventoryPolicy !== "DENY") return true;
  return variant.inventoryQuantity > 0;
}

/** Shopify's `currentlyNotInStock`: out of stock, yet for sale (a CONTINUE variant: a backorder). */
export function variantBackordered(variant: StoredVariant): boolean {
  return (
    variant.availableForSale &&
    variant.inventoryQuantity !== undefined &&
    variant.inventoryQuantity <= 0 &&
    variant.inventoryPolicy !== "DENY"
  );
}

export function createStore(options: { maxOrders?: number } = {}): ShopifyStore {
  const products = new Map<string, StoredProduct>();
  const orders = createOrderBook(options.maxOrders);
  let productCounter = 0;
  let variantCounter = 0;
  const shop: ShopInfo = {
    name: "Forge (sandbox)",
    currencyCode: "USD",
    myshopifyDomain: "forge-sandbox.myshopify.com",
  };

  const seed = () => {
    products.clear();
    orders.reset();
    productCounter = 0;
    variantCounter = 0;
    const at = new Date("2026-01-01T00:00:00Z").toISOString();
    for (const seeded of sandboxProducts) {
      products.set(seeded.productId, {
        id: seeded.productId,
        handle: seeded.handle,
        title: seeded.title,
        descriptionHtml: seeded.descriptionHtml,
        status: "ACTIVE",
        vendor: "Forge",
        productType: seeded.productType,
        tags: [],
        createdAt: at,
        updatedAt: at,
        publicationIds: [],
        variants: [
          {
            id: seeded.variantId,
            title: "Default Title",
            price: seeded.price,
            // No seeded "was" price (decision 091); the Admin API can set one, as in Shopify.
            compareAtPrice: null,
            sku: seeded.sku,
            availableForSale: true,
            inventoryQuantity: SEEDED_STOCK,
            inventoryPolicy: "DENY",
          },
        ],
        sellingPlanGroups: structuredClone(
          sandboxSellingPlanGroups.filter((group) => group.productIds.includes(seeded.productId)),
        ).map(({ productIds: _, ...group }) => group),
      });
    }
  };
  seed();

  return {
    shop,
    products,
    orders,
    productByHandle: (handle) => [...products.values()].find((product) => product.handle === handle),
    findVariant(id) {
      for (const product of products.values()) {
        const variant = product.variants.find((v) => v.id === id);
        if (variant) return { product, variant };
      }
      return undefined;
    },
    nextProductId: () => `gid://shopify/Product/${9_200_000_000_001 + productCounter++}`,
    nextVariantId: () => `gid://shopify/ProductVariant/${49_200_000_000_001 + variantCounter++}`,
    uniqueHandle(handle) {
      const taken = new Set([...products.values()].map((product) => product.handle));
      if (!taken.has(handle)) return handle;
      for (let suffix = 1; ; suffix++) if (!taken.has(`${handle}-${suffix}`)) return `${handle}-${suffix}`;
    },
    reset: seed,
  };
}

/** Shopify's Decimal: "39.00" → "39.0", "0.50" → "0.5", "19.99" → "19.99". */
export function shopifyDecimal(value: string): string {
  const number = Number(value);
  return Number.isInteger(number) ? `${number}.0` : String(number);
}

/** Shopify's Admin Money scalar: two decimals, "0.50". */
export function adminMoney(value: string): string {
  return Number(value).toFixed(2);
}

/** Storefront `description`: the HTML's text, tags stripped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** "Forge Test Product!" → "forge-test-product" */
export function handleize(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "product"
  );
}
