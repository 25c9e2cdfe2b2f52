import { subscribePaths } from "~/content/subscribe-paths";
import { defineEmailTemplate } from "~/server/mail/outbox.server";
import {
  renderSubscriptionChanged,
  subscriptionChangedPayload,
} from "~/server/mail/templates/subscription-changes";
import {
  paymentFailedPayload,
  renderPaymentFailed,
  renderSubscriptionCanceled,
  subscriptionCanceledPayload,
} from "~/server/mail/templates/subscription-notices";

/**
 * The subscriber's notices the outbox sends: from Stripe's events (subscription-events.server.ts;
 * decision 130) and from the subscriber's own changes (manage-subscriptions.server.ts; decision 132).
 */

export const SUBSCRIPTION_PAYMENT_FAILED = "subscription_payment_failed";
export const SUBSCRIPTION_CANCELED = "subscription_canceled";
export const SUBSCRIPTION_CHANGED = "subscription_changed";

/** The subscriber's page (issue 36 item 5): e-mails link to it, and Stripe's portal returns to it. */
export const SUBSCRIPTION_PAGE = subscribePaths.account;

export const paymentFailedTemplate = defineEmailTemplate({
  kind: SUBSCRIPTION_PAYMENT_FAILED,
  payload: paymentFailedPayload,
  render: renderPaymentFailed,
});
export const subscriptionCanceledTemplate = defineEmailTemplate({
  kind: SUBSCRIPTION_CANCELED,
  payload: subscriptionCanceledPayload,
  render: renderSubscriptionCanceled,
});
export const subscriptionChangedTemplate = defineEmailTemplate({
  kind: SUBSCRIPTION_CHANGED,
  payload: subscriptionChangedPayload,
  render: renderSubscriptionChanged,
});
