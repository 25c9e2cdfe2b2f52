import { RequestRejectedError } from "~/server/errors.server";
import type { Logger } from "~/server/runtime/logger.server";
import { CHECKOUT_SESSION_ID, type Payments, UNREADABLE_EVENT } from "~/server/stripe/types";
import type { InvoiceRefunds } from "~/server/subscriptions/invoice-refunds.server";
import type { SubscriptionEvents } from "~/server/subscriptions/subscription-events.server";
import { routeSubscriptionEvent } from "~/server/subscriptions/subscription-webhook.server";
import type { Fulfilment, RefusalReason } from "./fulfilment.server";
import type { Refunds } from "./refunds.server";

/**
 * Stripe's events, as the webhook receives them: verified by the `Stripe-Signature` header over the
 * exact raw body (a bad signature or an unreadable event is a rejected request).
 * `checkout.session.completed` and `checkout.session.async_payment_succeeded` run the same fulfilment
 * as the payment-success page, which re-reads the session from Stripe; a failure of Stripe is thrown
 * (answered 5xx: Stripe retries). A session that is not a checkout of this site is acknowledged and
 * ignored: no order, no e-mail. `charge.refunded` records the charge's refunds and mirrors them to
 * Shopify (refunds.server.ts); a refund that arrives before its payment's order fulfils the payment's
 * session first (the same fulfilment, so only a checkout of this site), and a charge of no checkout of
 * this site is acknowledged and ignored.
 * Stripe Billing's events (invoices, subscriptions, a subscription-mode session of this site) go to
 * the subscriptions first (subscription-webhook.server.ts, decision 130) and never to the fulfilment.
 */

const FULFIL_ON = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** What the acknowledgement of a session fulfilment refused says (no order, no e-mail). */
const IGNORED: Record<RefusalReason, string> = {
  not_this_site: "not a checkout of this site",
  amount_mismatch: "does not match the checkout this site recorded",
  no_payment: "no payment was taken",
};

export type PaymentEventDeps = {
  payments: Payments;
  fulfilment: Fulfilment;
  refunds: Refunds;
  logger: Logger;
  /** Stripe Billing's events for this site's subscriptions (decision 130); a subscription session never fulfils. */
  subscriptions?: SubscriptionEvents;
  /** A refund that arrives before its subscription invoice's order fulfils the invoice first. */
  invoiceRefunds?: InvoiceRefunds;
};

/**
 * The charge's refunds; when its payment has no order yet (the refund's event came first), the session
 * that took the payment is fulfilled, then the refunds recorded: a refund is never dropped for arriving
 * early. The fulfilment refuses a session this site did not create, without a call to Stripe. A
 * payment of no session may be a subscription invoice's: that invoice is fulfilled as `invoice.paid`
 * would (invoice-refunds.server.ts; only an invoice of this site's subscriptions), then the refunds.
 */
async function recordRefundsFulfillingFirst(
  {
    payments,
    fulfilment,
    refunds,
    invoiceRefunds,
  }: Pick<PaymentEventDeps, "payments" | "fulfilment" | "refunds" | "invoiceRefunds">,
  chargeId: string,
) {
  const first = await refunds.recordChargeRefunds(chargeId);
  if (first.outcome !== "no_order") return first;
  const sessionId = await payments.checkoutSessionOfPaymentIntent(first.paymentIntentId);
  if (!sessionId) {
    if (!(await invoiceRefunds?.fulfilInvoiceOfPaymentIntent(first.paymentIntentId)))
      return { outcome: "not_ours" } as const;
    return refunds.recordChargeRefunds(chargeId);
  }
  const fulfilled = await fulfilment.fulfil(sessionId, { source: "webhook" });
  if (fulfilled.outcome !== "fulfilled") return { outcome: "not_ours" } as const;
  return refunds.recordChargeRefunds(chargeId);
}

/** A charge id as Stripe writes one (ch_… or py_…), checked before it is sent to Stripe. */
const CHARGE_ID = /^(ch|py)_[A-Za-z0-9]{1,250}$/;

/** The acknowledgement Stripe gets (any 2xx tells it to stop retrying). */
export type PaymentEventAck = { received: true; handled: boolean; ignored?: string; outcome?: string };

/** Stripe's events as the webhook route hands them on: the raw body and its signature header. */
export type PaymentEvents = { handle(rawBody: string, signature: string | null): Promise<PaymentEventAck> };

export function createPaymentEvents(deps: PaymentEventDeps): PaymentEvents {
  return { handle: (rawBody, signature) => handlePaymentEvent(deps, rawBody, signature) };
}

export async function handlePaymentEvent(
  { payments, fulfilment, refunds, logger, subscriptions, invoiceRefunds }: PaymentEventDeps,
  rawBody: string,
  signature: string | null,
): Promise<PaymentEventAck> {
  const event = payments.parseWebhook(rawBody, signature);
  const billed = subscriptions ? await routeSubscriptionEvent(subscriptions, event) : null;
  if (billed) {
    const { handled } = billed;
    logger.info(
      { eventId: event.id, type: event.type, ...billed },
      handled ? "stripe webhook handled" : "stripe webhook ignored",
    );
    return billed.handled
      ? { received: true, handled: true, outcome: billed.outcome }
      : { received: true, handled: false, ignored: billed.ignored };
  }
  if (event.type === "charge.refunded") {
    if (!event.chargeId || !CHARGE_ID.test(event.chargeId)) {
      throw new RequestRejectedError(`event ${event.id} names no charge id`, {
        publicMessage: UNREADABLE_EVENT,
      });
    }
    const result = await recordRefundsFulfillingFirst(
      { payments, fulfilment, refunds, invoiceRefunds },
      event.chargeId,
    );
    if (result.outcome !== "recorded") {
      const ignored = result.outcome === "not_found" ? "unknown charge" : "not a payment of this site";
      logger.info(
        { eventId: event.id, type: event.type, chargeId: event.chargeId },
        `stripe webhook ignored: ${ignored}`,
      );
      return { received: true, handled: false, ignored };
    }
    logger.info(
      { eventId: event.id, type: event.type, chargeId: event.chargeId, created: result.created },
      "stripe webhook handled",
    );
    return { received: true, handled: true, outcome: "refund_recorded" };
  }
  if (!FULFIL_ON.has(event.type) || !event.checkoutSessionId) return { received: true, handled: false };
  // Checked before calling Stripe with it, as every input is.
  if (!CHECKOUT_SESSION_ID.test(event.checkoutSessionId)) {
    throw new RequestRejectedError(`event ${event.id} names no checkout session id`, {
      publicMessage: UNREADABLE_EVENT,
    });
  }
  const sessionId = event.checkoutSessionId;
  const result = await fulfilment.fulfil(sessionId, { source: "webhook" });
  if (result.outcome === "refused") {
    // Acknowledged, not refused: Stripe retries any non-2xx for days and then disables the endpoint,
    // and a Stripe account shared with another deployment (or used elsewhere) sends this site every
    // session's events. Retrying cannot make a session ours, so a 4xx here would only cost this
    // site its own webhooks (docs/decisions/062-own-checkouts-and-sellable-variants.md).
    const ignored = IGNORED[result.reason];
    logger.info(
      { eventId: event.id, type: event.type, sessionId, reason: result.reason },
      `stripe webhook ignored: ${ignored}`,
    );
    return { received: true, handled: false, ignored };
  }
  logger.info(
    { eventId: event.id, type: event.type, sessionId, outcome: result.outcome },
    "stripe webhook handled",
  );
  return { received: true, handled: true, outcome: result.outcome };
}
