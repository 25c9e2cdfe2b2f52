import {
  NOT_OURS,
  type SubscriptionEventResult,
  type SubscriptionEvents,
} from "./subscription-events.server";

const INVOICE_ID = /^in_[A-Za-z0-9]{1,250}$/;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{1,250}$/;

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
  switch (event.type) {
    case "invoice.paid":
      return invoice ? events.invoicePaid(invoice) : NOT_OURS;
    case "invoice.payment_failed":
      return invoice ? events.invoicePaymentFailed(invoice, event.id) : NOT_OURS;
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
      if (event.checkoutSessionId && (await events.isOwnSession(event.checkoutSessionId)))
        return events.sessionCompleted(event.checkoutSessionId);
      return null;
    default:
      return null;
  }
}
