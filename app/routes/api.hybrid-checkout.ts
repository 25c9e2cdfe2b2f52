import type { AppLoadContext } from "react-router";
import {
  type HybridCheckoutResponse,
  hybridCheckoutForm,
  hybridCheckoutInput,
  isPlaceholder,
  PRODUCT_NOT_CONFIGURED,
} from "~/contracts/checkout";
import { RequestRejectedError } from "~/server/errors.server";
import { apiAction } from "~/server/http/api-action.server";
import { methodNotAllowed } from "~/server/http/failures.server";
import { checkoutErrorPage } from "~/server/http/pages/checkout-error.server";
import { cancelUrlFor } from "~/server/http/return-url.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { CheckoutRequestLine } from "~/server/orders/checkout.server";

/**
 * POST /api/hybrid-checkout (spec §7). JSON `{products:[{shopifyVariantId, quantity}]}` →
 * `{success, checkoutUrl}`; the buy button without JavaScript posts the form `item=…&quantity=…` and
 * is answered 303 to the checkout (or a short page saying what went wrong). Names, prices and currency
 * come from Shopify; the session is created at Stripe and recorded in `checkouts`.
 */
export const loader = methodNotAllowed;

function startCheckout(lines: CheckoutRequestLine[], request: Request, context: AppLoadContext) {
  // Placeholders are refused before any outside call (spec §5).
  if (lines.some((line) => isPlaceholder(line.variantId)))
    throw new RequestRejectedError(PRODUCT_NOT_CONFIGURED);
  const { checkout, env } = servicesFor(context, "checkout", "env");
  return checkout.start({
    lines,
    cancelUrl: cancelUrlFor(request, env.PUBLIC_SITE_URL),
    requestKey: `${context.clientIp} ${context.requestId}`,
    buyerIp: context.clientIp,
  });
}

export const action = apiAction({
  rateLimit: "hybrid-checkout",
  checkOrigin: true,
  input: hybridCheckoutInput,
  async handler({ input, request, context }): Promise<HybridCheckoutResponse> {
    const lines = input.products.map((line) => ({
      variantId: line.shopifyVariantId,
      quantity: line.quantity,
    }));
    const started = await startCheckout(lines, request, context);
    return { success: true, checkoutUrl: started.checkoutUrl, sessionId: started.sessionId };
  },
  formPost: {
    input: hybridCheckoutForm,
    fields: (fields) => Object.fromEntries(fields),
    async handler({ input, request, context }) {
      const variantId = servicesFor(context, "catalogConfig").catalogConfig.variantIds[input.item];
      const started = await startCheckout([{ variantId, quantity: input.quantity }], request, context);
      return new Response(null, {
        status: 303,
        headers: { Location: started.checkoutUrl, "Cache-Control": "no-store" },
      });
    },
    error: (failure, { request, context }) =>
      checkoutErrorPage({
        status: failure.status,
        message: failure.message,
        backUrl: cancelUrlFor(request, servicesFor(context, "env").env.PUBLIC_SITE_URL),
        headers: failure.headers,
      }),
  },
});
