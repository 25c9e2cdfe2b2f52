import type { GetProductResponse } from "~/contracts/catalog";
import { getProductInput } from "~/contracts/catalog";
import { apiAction } from "~/server/http/api-action.server";
import { callerOf } from "~/server/http/caller.server";
import { methodNotAllowed } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";

/**
 * POST /api/shopify-get-product {handle} → {success, product: {title, description, priceRange:
 * {minVariantPrice: {amount, currencyCode}}}} (spec §7). A handle the store does not know is
 * `{success: true, product: null}`; `success: false` means the store could not be reached or answered
 * wrongly (502). Served through the product cache (docs/decisions/021-product-cache.md). A read: no
 * Origin check (a cross-site page cannot send JSON here without a CORS preflight, which is refused).
 */
export const loader = methodNotAllowed;

export const action = apiAction({
  rateLimit: "shopify-get-product",
  checkOrigin: false,
  input: getProductInput,
  async handler({ input, context }): Promise<GetProductResponse> {
    const { productLookup, logger } = servicesFor(context, "productLookup", "logger");
    const { product, source } = await productLookup.product(input.handle, callerOf(context));
    logger.debug({ handle: input.handle, cache: source, requestId: context.requestId }, "product lookup");
    return { success: true, product };
  },
});
