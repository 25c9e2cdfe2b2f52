import { subscribePaths } from "~/content/subscribe-paths";
import { defineEmailTemplate } from "~/server/mail/outbox.server";
import {
  renderSubscriptionWelcome,
  type SubscriptionWelcome,
  subscriptionWelcomePayload,
} from "~/server/mail/templates/subscription-welcome";
import { termsUrl } from "~/server/stripe/consent.server";
import { SERVINGS_PER_BOTTLE, STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import { choiceOf, signUpCalendar } from "./sign-up-terms.server";

/**
 * The sign-up confirmation (decision 131): queued by the webhook's `checkout.session.completed` of a
 * subscription this site started, keyed in the outbox on the Stripe subscription, so it is sent once
 * whatever Stripe replays.
 */
export const SUBSCRIPTION_WELCOME = "subscription_welcome";

export const subscriptionWelcomeTemplate = defineEmailTemplate({
  kind: SUBSCRIPTION_WELCOME,
  payload: subscriptionWelcomePayload,
  render: renderSubscriptionWelcome,
});

/** The e-mail's payload: the terms the subscription was sold with (its row) and Stripe's start. */
export function subscriptionWelcomeOf(
  row: {
    productTitle: string;
    quantity: number;
    unitAmount: number;
    currency: string;
    weeksOn: number;
    weeksOff: number;
  },
  startedAt: number,
  siteUrl: string,
): SubscriptionWelcome {
  const site = siteUrl.replace(/\/+$/, "");
  const startedOn = zonedDate(startedAt, STORE_TIME_ZONE);
  const { months, deliveries, total, entries } = signUpCalendar({
    start: startedOn,
    cycle: choiceOf(row),
    amountPerDelivery: row.unitAmount * row.quantity,
  });
  return {
    productTitle: row.productTitle,
    quantity: row.quantity,
    unitAmount: row.unitAmount,
    currency: row.currency,
    weeksOn: row.weeksOn,
    weeksOff: row.weeksOff,
    // Every subscription this site sells renews every 30 days (decision 119).
    everyDays: SERVINGS_PER_BOTTLE,
    startedOn,
    calendar: { months, deliveries, total, entries },
    manageUrl: `${site}${subscribePaths.account}`,
    termsUrl: termsUrl(site),
  };
}
