import type { ActionFunctionArgs } from "react-router";
import { apiErrorResponse, apiJson, methodNotAllowed, readBytesUpTo } from "~/server/http/api.server";
import type { FulfilmentResult, RefusalReason } from "~/server/orders/fulfilment.server";
import { CHECKOUT_SESSION_ID, PaymentProviderError, WebhookSignatureError } from "~/server/stripe/types";

/**
 * POST /api/stripe-webhook: Stripe's events, verified by the `Stripe-Signature` header over the exact
 * raw body (STRIPE_WEBHOOK_SECRET; nothing parses the body before this). `checkout.session.completed`
 * and `checkout.session.async_payment_succeeded` run the same fulfilment as the payment-success page,
 * which re-reads the session from Stripe. Any 2xx tells Stripe to stop retrying; 5xx asks it to retry.
 * A session that is not a checkout of this site is acknowledged (2xx) and ignored: no order, no e-mail.
 */
export const loader = methodNotAllowed;

/** Events are a few kilobytes; anything much larger is not from Stripe. */
const MAX_EVENT_BYTES = 512 * 1024;

const FULFIL_ON = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** What the acknowledgement of a session fulfilment refused says (no order, no e-mail). */
const IGNORED: Record<RefusalReason, string> = {
  not_this_site: "not a checkout of this site",
  amount_mismatch: "does not match the checkout this site recorded",
  no_payment: "no payment was taken",
};

export async function action({ request, context }: ActionFunctionArgs): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  const { payments, fulfilment, logger } = context.services;
  const body = await readBytesUpTo(request, MAX_EVENT_BYTES);
  if (body === null) return apiErrorResponse(413, "The request is too large for a Stripe event.");
  const raw = body.toString("utf8");

  let event: ReturnType<typeof payments.parseWebhook>;
  try {
    event = payments.parseWebhook(raw, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn(
        { requestId: context.requestId, reason: error.message },
        "stripe webhook refused: bad signature",
      );
      return apiErrorResponse(400, "The Stripe signature is missing or not valid.");
    }
    // Signed, but not an event this site can read: a clear 400 (Stripe retries any non-2xx), not
    // React Router's bare 500.
    logger.error({ err: error, requestId: context.requestId }, "stripe webhook refused: unreadable event");
    return apiErrorResponse(400, "The Stripe event could not be read.");
  }

  if (!FULFIL_ON.has(event.type) || !event.checkoutSessionId) {
    return apiJson({ received: true, handled: false });
  }
  // Checked before calling Stripe with it, as every input is.
  if (!CHECKOUT_SESSION_ID.test(event.checkoutSessionId)) {
    logger.error(
      { eventId: event.id, requestId: context.requestId },
      "stripe webhook refused: not a session id",
    );
    return apiErrorResponse(400, "The Stripe event could not be read.");
  }
  try {
    const result: FulfilmentResult = await fulfilment.fulfil(event.checkoutSessionId, {
      source: "webhook",
    });
    if (result.outcome === "refused") {
      // Acknowledged, not refused: Stripe retries any non-2xx for days and then disables the endpoint,
      // and a Stripe account shared with another deployment (or used elsewhere) sends this site every
      // session's events. Retrying cannot make a session ours, so a 4xx here would only cost this
      // site its own webhooks (docs/decisions/062-own-checkouts-and-sellable-variants.md).
      const ignored = IGNORED[result.reason];
      logger.info(
        { eventId: event.id, type: event.type, sessionId: event.checkoutSessionId, reason: result.reason },
        `stripe webhook ignored: ${ignored}`,
      );
      return apiJson({ received: true, handled: false, ignored });
    }
    logger.info(
      { eventId: event.id, type: event.type, sessionId: event.checkoutSessionId, outcome: result.outcome },
      "stripe webhook handled",
    );
    return apiJson({ received: true, handled: true, outcome: result.outcome });
  } catch (error) {
    const unavailable = error instanceof PaymentProviderError;
    logger.error(
      { err: error, eventId: event.id, sessionId: event.checkoutSessionId, requestId: context.requestId },
      "stripe webhook: fulfilment failed; Stripe will retry",
    );
    return apiErrorResponse(
      unavailable ? 502 : 500,
      unavailable ? "The payment provider could not be reached." : "Something went wrong. Please try again.",
    );
  }
}
