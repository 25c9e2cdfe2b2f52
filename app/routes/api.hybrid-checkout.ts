import type { ActionFunctionArgs, AppLoadContext } from "react-router";
import {
  type HybridCheckoutResponse,
  hybridCheckoutForm,
  hybridCheckoutInput,
  isPlaceholder,
  PRODUCT_NOT_CONFIGURED,
} from "~/contracts/checkout";
import {
  type ApiError,
  ApiError as ApiFailure,
  apiAction,
  apiJson,
  methodNotAllowed,
} from "~/server/http/api.server";
import { CheckoutRequestError, type CheckoutRequestLine } from "~/server/orders/checkout.server";
import { cancelUrlFor } from "~/server/orders/return-url.server";
import { catalogApiError } from "~/server/shopify/api-errors.server";
import { PaymentProviderError } from "~/server/stripe/types";

/**
 * POST /api/hybrid-checkout (spec §7). JSON `{products:[{shopifyVariantId, quantity}]}` →
 * `{success, checkoutUrl}`; the buy button without JavaScript posts the form `item=…&quantity=…` and
 * is answered 303 to the checkout (or a short page saying what went wrong). Names, prices and currency
 * come from Shopify; the session is created at Stripe and recorded in `checkouts`.
 */
export const loader = methodNotAllowed;

async function startCheckout(
  lines: CheckoutRequestLine[],
  request: Request,
  context: AppLoadContext,
): Promise<{ checkoutUrl: string; sessionId: string }> {
  // Placeholders are refused before any outside call (spec §5).
  if (lines.some((line) => isPlaceholder(line.variantId))) throw new ApiFailure(400, PRODUCT_NOT_CONFIGURED);
  const { checkout, env, logger } = context.services;
  try {
    const started = await checkout.start({
      lines,
      cancelUrl: cancelUrlFor(request, env.PUBLIC_SITE_URL),
      requestKey: `${context.clientIp} ${context.requestId}`,
      buyerIp: context.clientIp,
    });
    return { checkoutUrl: started.checkoutUrl, sessionId: started.sessionId };
  } catch (error) {
    if (error instanceof CheckoutRequestError) throw new ApiFailure(error.status, error.message);
    if (error instanceof PaymentProviderError) {
      logger.error(
        { err: error, requestId: context.requestId },
        "stripe: creating the checkout session failed",
      );
      throw new ApiFailure(
        502,
        "Failed to create checkout session: the payment provider could not be reached.",
      );
    }
    const catalogError = catalogApiError(error);
    if (catalogError) {
      logger.warn({ err: error, requestId: context.requestId }, "checkout: variant lookup failed");
      throw catalogError;
    }
    throw error;
  }
}

const jsonAction = apiAction({
  rateLimit: "hybrid-checkout",
  checkOrigin: true,
  input: hybridCheckoutInput,
  async handler({ input, request, context }): Promise<HybridCheckoutResponse> {
    const started = await startCheckout(
      input.products.map((line) => ({ variantId: line.shopifyVariantId, quantity: line.quantity })),
      request,
      context,
    );
    return { success: true, checkoutUrl: started.checkoutUrl, sessionId: started.sessionId };
  },
});

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** The no-JavaScript answer to a failure: a short page in the tab the form opened. */
function formErrorPage(error: ApiError, { request, context }: { request: Request; context: AppLoadContext }) {
  const back = cancelUrlFor(request, context.services.env.PUBLIC_SITE_URL);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Checkout could not start</title>
<style>
body { margin: 0; font: 16px/1.6 system-ui, sans-serif; background: #0d0f12; color: #f5f6f8; }
main { max-width: 34rem; margin: 12vh auto; padding: 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
a { color: #ff8a4c; }
a:focus-visible { outline: 3px solid #ff8a4c; outline-offset: 3px; }
</style>
</head>
<body>
<main>
<h1>Checkout Error</h1>
<p>Unable to proceed to checkout. ${escapeHtml(error.message)}</p>
<p><a href="${escapeHtml(back)}">Back to the store</a></p>
</main>
</body>
</html>`;
  return new Response(html, {
    status: error.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...error.headers },
  });
}

const formAction = apiAction({
  rateLimit: "hybrid-checkout",
  checkOrigin: true,
  input: hybridCheckoutForm,
  form: (fields) => Object.fromEntries(fields),
  formError: formErrorPage,
  async handler({ input, request, context, via }) {
    if (via !== "form") return apiJson({ success: false, error: "Send products as JSON." }, { status: 400 });
    const variantId = context.services.catalogConfig.variantIds[input.item];
    const started = await startCheckout([{ variantId, quantity: input.quantity }], request, context);
    return new Response(null, {
      status: 303,
      headers: { Location: started.checkoutUrl, "Cache-Control": "no-store" },
    });
  },
});

export function action(args: ActionFunctionArgs) {
  const type = (args.request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "application/x-www-form-urlencoded" ? formAction(args) : jsonAction(args);
}
