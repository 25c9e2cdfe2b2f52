import type { CreateProductResponse } from "~/contracts/catalog";
import { createProductInput } from "~/contracts/catalog";
import { apiAction } from "~/server/http/api-action.server";
import { ApiError, methodNotAllowed } from "~/server/http/failures.server";
import { requireBearerToken } from "~/server/http/guards.server";

/**
 * POST /api/shopify-create-product {title, handle, price, currency, sku, descriptionHtml} →
 * {success: true, variantId, productId, handle} (spec §7 reads `variantId`). Creates an ACTIVE product
 * through Shopify's Admin API. Requires `Authorization: Bearer <ADMIN_API_TOKEN>` (constant-time
 * comparison) unless this process runs both the Shopify and the Stripe emulator (catalogConfig's
 * adminTokenWaived); refused (403) when that token, or the Shopify Admin token, is not configured.
 * Origin-checked: it changes the store. The created variant is recorded in `created_products`, which
 * is what lets checkout sell it.
 */
export const loader = methodNotAllowed;

export const action = apiAction({
  rateLimit: "shopify-create-product",
  checkOrigin: true,
  authorize({ request, context }) {
    const { catalogConfig, catalog, env } = context.services;
    if (!catalogConfig.adminTokenWaived) requireBearerToken(request, env.ADMIN_API_TOKEN, "Product creation");
    if (!catalog.adminConfigured) {
      throw new ApiError(
        403,
        "Product creation is turned off: no Shopify Admin API token is configured on the server.",
      );
    }
  },
  input: createProductInput,
  async handler({ input, context }): Promise<CreateProductResponse> {
    const { catalog, productCache, sellableVariants, logger } = context.services;
    const created = await catalog.createProduct(input);
    productCache.invalidate(input.handle);
    productCache.invalidate(created.handle);
    // Checkout sells only the catalog's variants and the products recorded here
    // (docs/decisions/062-own-checkouts-and-sellable-variants.md): recorded before the variant id is
    // handed out, so the test page can buy what it was just given.
    await sellableVariants.recordCreated(created);
    logger.info({ variantId: created.variantId, handle: created.handle }, "product created and recorded");
    return {
      success: true,
      variantId: created.variantId,
      productId: created.productId,
      handle: created.handle,
    };
  },
});
