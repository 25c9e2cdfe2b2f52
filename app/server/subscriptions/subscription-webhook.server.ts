import { CHECKOUT_SESSION_ID } from "~/shared/checkout-session-id";
import {
  NOT_OURS,
  type SubscriptionEventResult,
  type SubscriptionEvents,
} from "./subscription-events.server";

const INVOICE_ID = /^in_[A-Za-z0-9]{1,250}$/;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{1,250}$/;
/** Stripe's event ids (`evt_…`; the emulator's and the tests' carry more underscores). */
const EVENT_ID = /^evt_[A-Za-z0-9_]{1,250}$/;

/**
 * The subscription events among the webhook's (payment-events.server.ts hands each one here first);
 * null when the event is not one of them, and the one-time fulfilment (or nothing) takes it. Ids are
 * checked before Stripe is asked about them; one that is not an id is not ours.
 */
export async function routeSubscriptionEvent(
  events: SubscriptionEvents,
  event: {
    id: string;
    type: string;
    checkoutSessionId: string | null;
    invoiceId: string | null;
    subscriptionId: string | null;
  },
): Promise<SubscriptionEventResult | null> {
  const invoice = event.invoiceId && INVOICE_ID.test(event.invoiceId) ? event.invoiceId : null;
  const subscription =
    event.subscriptionId && SUBSCRIPTION_ID.test(event.subscriptionId) ? event.subscriptionId : null;
  // Checked before the database is asked about it: a signed event may carry anything there (a NUL
  // byte made the lookup fail with a 500); one that is not a session id is left to the one-time
  // fulfilment, which refuses it.
  const session =
    event.checkoutSessionId && CHECKOUT_SESSION_ID.test(event.checkoutSessionId)
      ? event.checkoutSessionId
      : null;
  switch (event.type) {
    case "invoice.paid":
      return invoice ? events.invoicePaid(invoice) : NOT_OURS;
    case "invoice.payment_failed":
      // The event id is stored as the attempt's key: checked like every id the database sees.
      return invoice && EVENT_ID.test(event.id) ? events.invoicePaymentFailed(invoice, event.id) : NOT_OURS;
    case "customer.subscription.resumed":
      return subscription ? events.resumed(subscription) : NOT_OURS;
    case "customer.subscription.deleted":
      return subscription ? events.deleted(subscription) : NOT_OURS;
    // The reminders and the changes made outside this site (decision 133).
    case "invoice.upcoming":
      return subscription ? events.upcoming(subscription) : NOT_OURS;
    case "customer.subscription.updated":
    case "subscription_schedule.updated":
    case "subscription_schedule.released":
    case "subscription_schedule.canceled":
    case "subscription_schedule.aborted":
      return subscription ? events.updated(subscription) : NOT_OURS;
    case "test_helpers.test_clock.ready":
      return events.clockMoved();
    case "checkout.session.completed":
      if (session && (await events.isOwnSession(session))) return events.sessionCompleted(session);
      return null;
    default:
      return null;
  }
}
