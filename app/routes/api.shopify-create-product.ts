import type { CreateProductResponse } from "~/contracts/catalog";
import { createProductInput } from "~/contracts/catalog";
import { apiAction } from "~/server/http/api-action.server";
import { ApiError, methodNotAllowed } from "~/server/http/failures.server";
import { requireBearerToken } from "~/server/http/guards.server";
import { servicesFor } from "~/server/http/route-services.server";

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
    const { catalogConfig, productCreation, env } = servicesFor(
      context,
      "catalogConfig",
      "productCreation",
      "env",
    );
    if (!catalogConfig.adminTokenWaived) requireBearerToken(request, env.ADMIN_API_TOKEN, "Product creation");
    if (!productCreation.adminConfigured) {
      throw new ApiError(
        403,
        "Product creation is turned off: no Shopify Admin API token is configured on the server.",
      );
    }
  },
  input: createProductInput,
  async handler({ input, context }): Promise<CreateProductResponse> {
    const { productCreation } = servicesFor(context, "productCreation");
    const created = await productCreation.create(input);
    return {
      success: true,
      variantId: created.variantId,
      productId: created.productId,
      handle: created.handle,
    };
  },
});
