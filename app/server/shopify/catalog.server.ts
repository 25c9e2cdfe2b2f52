import { RequestRejectedError } from "~/server/errors.server";
import type { Env } from "~/server/runtime/env.server";
import type { Logger } from "~/server/runtime/logger.server";
import { adminDocuments, storefrontDocuments } from "./documents.server";
import { createShopifyGraphQL, ShopifyError, type ShopifyGraphQL } from "./graphql-client.server";
import {
  describeUserErrors,
  productByHandleData,
  productCreateData,
  productVariantsBulkUpdateData,
  publishablePublishData,
  reshapeCreatedProduct,
  reshapeProduct,
  reshapeVariants,
  shopCurrencyData,
  variantsByIdsData,
} from "./reshape.server";
import { reshapeSubscriptionAvailability, variantSellingPlansData } from "./selling-plans.server";
import type {
  CatalogVariant,
  CreatedProduct,
  CreateProductInput,
  StoreProduct,
  SubscriptionAvailability,
} from "./types";

export { ShopifyError } from "./graphql-client.server";
export type {
  CatalogVariant,
  CreatedProduct,
  CreateProductInput,
  StoreProduct,
  SubscriptionAvailability,
  SubscriptionOffer,
} from "./types";

/**
 * The catalog as the rest of the app uses it: Shopify's Storefront API for reading, its Admin API for
 * creating the test product. Failures throw `ShopifyError` (Shopify unreachable, refusing our token,
 * or answering wrongly) or `StoreRejectedError` (Shopify understood and said no, e.g. a currency the
 * store does not sell in).
 */
export interface CatalogService {
  /** The product with this handle, or null when the store has none (or does not sell it). */
  getProductByHandle(handle: string, options?: { buyerIp?: string }): Promise<StoreProduct | null>;
  /**
   * The variants among `ids` that the store knows, in the order asked; unknown ids are left out (the
   * caller compares ids). Ids must be gid://shopify/ProductVariant/<digits> (at most 250).
   */
  getVariants(ids: readonly string[], options?: { buyerIp?: string }): Promise<CatalogVariant[]>;
  /**
   * Whether the variant is sold on subscription, at the price its Shopify selling plan gives it
   * (decision 119); no plan the site can keep, no offer.
   */
  getSubscriptionOffer(variantId: string, options?: { buyerIp?: string }): Promise<SubscriptionAvailability>;
  /** Whether an Admin API token is configured (createProduct needs it). */
  readonly adminConfigured: boolean;
  /**
   * Creates an ACTIVE product with one variant at `price` and `sku`, published to
   * SHOPIFY_PUBLICATION_ID when set.
   */
  createProduct(input: CreateProductInput): Promise<CreatedProduct>;
}

/** Shopify understood the request and refused it: the caller's input is the problem. */
export class StoreRejectedError extends RequestRejectedError {
  constructor(message: string) {
    super(message);
    this.name = "StoreRejectedError";
  }
}

export const VARIANT_ID_PATTERN = /^gid:\/\/shopify\/ProductVariant\/\d+$/;

/** Where the Storefront and Admin APIs live: SHOPIFY_API_URL, else https://<SHOPIFY_STORE_DOMAIN>. */
export function shopifyEndpoints(
  env: Pick<Env, "SHOPIFY_API_URL" | "SHOPIFY_STORE_DOMAIN" | "SHOPIFY_API_VERSION">,
) {
  const base =
    env.SHOPIFY_API_URL ?? (env.SHOPIFY_STORE_DOMAIN ? `https://${env.SHOPIFY_STORE_DOMAIN}` : undefined);
  if (!base) return undefined;
  return {
    storefront: `${base}/api/${env.SHOPIFY_API_VERSION}/graphql.json`,
    admin: `${base}/admin/api/${env.SHOPIFY_API_VERSION}/graphql.json`,
  };
}

export type ShopifyCatalogOptions = {
  env: Env;
  logger: Logger;
  fetch?: typeof fetch;
};

export function createShopifyCatalog({
  env,
  logger,
  fetch: fetchImpl,
}: ShopifyCatalogOptions): CatalogService {
  const endpoints = shopifyEndpoints(env);
  const common = { timeoutMs: env.SHOPIFY_TIMEOUT_MS, logger, fetch: fetchImpl };
  const storefront: ShopifyGraphQL | undefined =
    endpoints && env.SHOPIFY_STOREFRONT_TOKEN
      ? createShopifyGraphQL({
          ...common,
          api: "storefront",
          url: endpoints.storefront,
          headers: { "Shopify-Storefront-Private-Token": env.SHOPIFY_STOREFRONT_TOKEN },
        })
      : undefined;
  const admin: ShopifyGraphQL | undefined =
    endpoints && env.SHOPIFY_ADMIN_TOKEN
      ? createShopifyGraphQL({
          ...common,
          api: "admin",
          url: endpoints.admin,
          headers: { "X-Shopify-Access-Token": env.SHOPIFY_ADMIN_TOKEN },
        })
      : undefined;

  const requireStorefront = () => {
    if (!storefront) throw new ShopifyError("unavailable", "The Shopify store is not configured.");
    return storefront;
  };
  const requireAdmin = () => {
    if (!admin) throw new ShopifyError("unauthorized", "The Shopify Admin API token is not configured.");
    return admin;
  };
  const buyerHeaders = (buyerIp?: string) =>
    buyerIp ? { "Shopify-Storefront-Buyer-IP": buyerIp } : undefined;

  let shopCurrency: string | undefined;

  return {
    adminConfigured: admin !== undefined,

    async getProductByHandle(handle, options = {}) {
      const data = await requireStorefront().request(storefrontDocuments.productByHandle, {
        variables: { handle },
        schema: productByHandleData,
        headers: buyerHeaders(options.buyerIp),
      });
      return data.product ? reshapeProduct(data.product) : null;
    },

    async getVariants(ids, options = {}) {
      if (ids.length === 0) return [];
      if (ids.length > 250) throw new RangeError("at most 250 variant ids per call");
      const invalid = ids.find((id) => !VARIANT_ID_PATTERN.test(id));
      if (invalid !== undefined) throw new RangeError(`not a Shopify variant id: ${invalid}`);
      const data = await requireStorefront().request(storefrontDocuments.variantsByIds, {
        variables: { ids: [...new Set(ids)] },
        schema: variantsByIdsData,
        headers: buyerHeaders(options.buyerIp),
      });
      const found = new Map(reshapeVariants(data.nodes).map((variant) => [variant.id, variant]));
      return ids.flatMap((id) => {
        const variant = found.get(id);
        return variant ? [variant] : [];
      });
    },

    async getSubscriptionOffer(variantId, options = {}) {
      if (!VARIANT_ID_PATTERN.test(variantId)) throw new RangeError(`not a Shopify variant id: ${variantId}`);
      const data = await requireStorefront().request(storefrontDocuments.variantSellingPlans, {
        variables: { id: variantId },
        schema: variantSellingPlansData,
        headers: buyerHeaders(options.buyerIp),
      });
      return reshapeSubscriptionAvailability(data.node);
    },

    async createProduct(input) {
      const client = requireAdmin();
      if (!shopCurrency) {
        const shop = await client.request(adminDocuments.shopCurrency, { schema: shopCurrencyData });
        shopCurrency = shop.shop.currencyCode;
      }
      if (input.currency !== shopCurrency) {
        throw new StoreRejectedError(
          `The store sells in ${shopCurrency}: a product priced in ${input.currency} cannot be created.`,
        );
      }

      const created = await client.request(adminDocuments.productCreate, {
        variables: {
          product: {
            title: input.title,
            handle: input.handle,
            descriptionHtml: input.descriptionHtml,
            status: "ACTIVE",
          },
        },
        schema: productCreateData,
      });
      const { product, userErrors } = created.productCreate;
      if (userErrors.length > 0 || !product) {
        throw new StoreRejectedError(`Shopify did not create the product: ${describeUserErrors(userErrors)}`);
      }
      const result = reshapeCreatedProduct(product);
      if (!result) throw new ShopifyError("bad_response", "Shopify created the product without a variant.");

      const updated = await client.request(adminDocuments.productVariantsBulkUpdate, {
        variables: {
          productId: result.productId,
          variants: [{ id: result.variantId, price: input.price, inventoryItem: { sku: input.sku } }],
        },
        schema: productVariantsBulkUpdateData,
      });
      if (updated.productVariantsBulkUpdate.userErrors.length > 0) {
        throw new StoreRejectedError(
          `Shopify created product ${result.productId} but did not set its price and SKU: ${describeUserErrors(
            updated.productVariantsBulkUpdate.userErrors,
          )}`,
        );
      }

      if (env.SHOPIFY_PUBLICATION_ID) {
        const published = await client.request(adminDocuments.publishablePublish, {
          variables: { id: result.productId, input: [{ publicationId: env.SHOPIFY_PUBLICATION_ID }] },
          schema: publishablePublishData,
        });
        if (published.publishablePublish.userErrors.length > 0) {
          throw new ShopifyError(
            "bad_response",
            `Shopify created product ${result.productId} but did not publish it: ${describeUserErrors(
              published.publishablePublish.userErrors,
            )}`,
          );
        }
      }
      logger.info({ productId: result.productId, handle: result.handle }, "shopify product created");
      return result;
    },
  };
}
