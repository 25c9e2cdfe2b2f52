import { methodNotAllowed } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";
import { webhookAction } from "~/server/http/webhook-action.server";

/**
 * POST /api/stripe-webhook: Stripe's events, verified by the `Stripe-Signature` header over the exact
 * raw body (STRIPE_WEBHOOK_SECRET; nothing parses the body before this), handled by
 * app/server/orders/payment-events.server.ts. Any 2xx tells Stripe to stop retrying; 5xx asks it to
 * retry.
 */
export const loader = methodNotAllowed;

export const action = webhookAction({
  // Events are a few kilobytes; anything much larger is not from Stripe.
  maxBytes: 512 * 1024,
  tooLarge: "The request is too large for a Stripe event.",
  handler: ({ body, request, context }) =>
    servicesFor(context, "paymentEvents").paymentEvents.handle(body, request.headers.get("stripe-signature")),
});
