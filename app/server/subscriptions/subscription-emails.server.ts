import { defineEmailTemplate } from "~/server/mail/outbox.server";
import {
  paymentFailedPayload,
  renderPaymentFailed,
  renderSubscriptionCanceled,
  subscriptionCanceledPayload,
} from "~/server/mail/templates/subscription-notices";

/** The subscriber's notices the outbox sends (subscription-events.server.ts queues them; decision 130). */

export const SUBSCRIPTION_PAYMENT_FAILED = "subscription_payment_failed";
export const SUBSCRIPTION_CANCELED = "subscription_canceled";

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
