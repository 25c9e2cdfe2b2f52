import Stripe from "stripe";
import { formatMoney } from "~/shared/money";
import { termsConsent } from "./consent.server";
import { createStripeClient, type PaymentsConfig, withoutCallSiteStack } from "./payments.server";
import { reshapeCreatedSession, reshapeStripeError, VARIANT_METADATA_KEY } from "./reshape.server";
import {
  reshapeInvoice,
  reshapeSchedule,
  reshapeSubscription,
  reshapeSubscriptionSession,
  SUBSCRIPTION_METADATA,
} from "./subscription-reshape.server";
import {
  type BillingPause,
  CANCELLED_ON_THE_SITE,
  type CreateSubscriptionCheckoutInput,
  type SubscriptionBilling,
} from "./subscription-types";
import { CHECKOUT_NOT_CREATED } from "./types";

/**
 * Stripe Billing for subscriptions that follow the cycle (decision 119): Checkout in subscription mode
 * (flexible billing, the price every `everyDays` days), the subscription and its invoices read back,
 * and the schedule whose pause schedules leave the off weeks unbilled. The same SDK and settings as
 * the payments adapter (payments.server.ts).
 */

/** What each pause bills and credits (nothing) and how each resume charges (the new period, at once). */
const PAUSE_SETTINGS = {
  bill_for: {
    unused_time_from: { type: "none" as const },
    outstanding_usage_through: { type: "none" as const },
  },
};
const RESUME_SETTINGS = {
  billing_cycle_anchor: "resume_at" as const,
  payment_behavior: "resume_on_payment_success" as const,
  proration_behavior: "none" as const,
};

function pauseParam(pause: BillingPause) {
  return {
    key: pause.key,
    pause: { pause_at: { type: "timestamp" as const, timestamp: pause.pauseAt }, settings: PAUSE_SETTINGS },
    resume: {
      resume_at: { type: "timestamp" as const, timestamp: pause.resumeAt },
      settings: RESUME_SETTINGS,
    },
  };
}

/**
 * The automatic renewal, agreed to at Checkout beside the terms of sale (decision 131): the amount,
 * how often, the off weeks and how to cancel, as the sign-up page states them.
 */
export function renewalAgreement(
  input: Pick<
    CreateSubscriptionCheckoutInput,
    "unitAmount" | "quantity" | "currency" | "everyDays" | "cycle"
  >,
  siteUrl: string,
): string {
  const amount = formatMoney(input.unitAmount * input.quantity, input.currency);
  const manage = `${siteUrl.replace(/\/+$/, "")}/account/subscription`;
  return (
    `and to a subscription: ${amount} now, then ${amount} every ${input.everyDays} days during my weeks on ` +
    `and nothing during my weeks off (${input.cycle.weeksOn} weeks on, ${input.cycle.weeksOff} weeks off), ` +
    `until I cancel, which I can do online at any time on [my subscription page](${manage}).`
  );
}

const missing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;

export function createSubscriptionBilling(config: PaymentsConfig): SubscriptionBilling {
  const stripe = createStripeClient(config);

  async function call<T>(run: () => Promise<T>, publicMessage?: string): Promise<T> {
    try {
      return await withoutCallSiteStack(run);
    } catch (error) {
      throw reshapeStripeError(error, publicMessage);
    }
  }

  async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
    try {
      return await withoutCallSiteStack(run);
    } catch (error) {
      if (missing(error)) return null;
      throw reshapeStripeError(error);
    }
  }

  async function scheduleOf(subscriptionId: string) {
    const subscription = reshapeSubscription(await call(() => stripe.subscriptions.retrieve(subscriptionId)));
    if (!subscription.scheduleId) return { subscription, schedule: null };
    const schedule = reshapeSchedule(
      await call(() => stripe.subscriptionSchedules.retrieve(subscription.scheduleId as string)),
    );
    return { subscription, schedule: schedule.active ? schedule : null };
  }

  return {
    async createSubscriptionCheckout(input) {
      const metadata = {
        [SUBSCRIPTION_METADATA.variantId]: input.variantId,
        [SUBSCRIPTION_METADATA.sellingPlanId]: input.sellingPlanId,
        [SUBSCRIPTION_METADATA.weeksOn]: String(input.cycle.weeksOn),
        [SUBSCRIPTION_METADATA.weeksOff]: String(input.cycle.weeksOff),
        ...(input.reference ? { [SUBSCRIPTION_METADATA.reference]: input.reference } : {}),
      };
      return call(async () => {
        const created = reshapeCreatedSession(
          await stripe.checkout.sessions.create(
            {
              mode: "subscription",
              line_items: [
                {
                  quantity: input.quantity,
                  price_data: {
                    currency: input.currency,
                    unit_amount: input.unitAmount,
                    recurring: { interval: "day", interval_count: input.everyDays },
                    product_data: { name: input.name, metadata: { [VARIANT_METADATA_KEY]: input.variantId } },
                  },
                },
              ],
              subscription_data: { billing_mode: { type: "flexible" }, metadata },
              shipping_address_collection: {
                allowed_countries: (config.shippingCountries ?? [
                  "US",
                ]) as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
              },
              ...(input.customerId ? { customer: input.customerId } : {}),
              ...termsConsent(config.siteUrl, (siteUrl) => renewalAgreement(input, siteUrl)),
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        );
        return { id: created.id, url: created.url };
      }, CHECKOUT_NOT_CREATED);
    },

    async retrieveSubscriptionSession(id) {
      const raw = await orNull(() => stripe.checkout.sessions.retrieve(id));
      return raw ? reshapeSubscriptionSession(raw) : null;
    },

    async retrieveSubscription(id) {
      const raw = await orNull(() => stripe.subscriptions.retrieve(id));
      return raw ? reshapeSubscription(raw) : null;
    },

    async retrieveInvoice(id) {
      const raw = await orNull(() => stripe.invoices.retrieve(id, { expand: ["payments"] }));
      return raw ? reshapeInvoice(raw) : null;
    },

    async invoiceOfPaymentIntent(paymentIntentId) {
      const found = await call(() =>
        stripe.invoicePayments.list({
          payment: { type: "payment_intent", payment_intent: paymentIntentId },
          limit: 1,
        }),
      );
      const invoice = found.data[0]?.invoice;
      return (typeof invoice === "string" ? invoice : invoice?.id) ?? null;
    },

    async pausesOf(subscriptionId) {
      return (await scheduleOf(subscriptionId)).schedule?.pauses ?? [];
    },

    async followCycle({ subscriptionId, pauses, keepUntil, withdrawn }) {
      const current = await scheduleOf(subscriptionId);
      let subscription = current.subscription;
      let schedule: ReturnType<typeof reshapeSchedule>;
      if (current.schedule) schedule = current.schedule;
      else {
        // No idempotency key: a key would replay this request's answer after a release, when a new
        // schedule is wanted. Two writers at once (processes, events) are told by Stripe that the
        // subscription is already attached: the other one's schedule is then read and used.
        try {
          schedule = reshapeSchedule(
            await withoutCallSiteStack(() =>
              stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }),
            ),
          );
        } catch (error) {
          const attached =
            error instanceof Stripe.errors.StripeInvalidRequestError
              ? await scheduleOf(subscriptionId)
              : null;
          if (!attached?.schedule) throw reshapeStripeError(error);
          subscription = attached.subscription;
          schedule = attached.schedule;
        }
      }
      // Pauses Stripe has begun stay as they are, but one still waiting for its resume takes the resume
      // `pauses` gives it (the subscriber moved the next charge), or, withdrawn (its change dropped) and
      // not in `pauses`, the sooner resume the drop gives it; those not yet begun are replaced.
      const begun = schedule.pauses
        .filter((pause) => pause.pauseStatus !== "scheduled")
        .map((pause) => {
          if (pause.resumeStatus !== "scheduled") return pause;
          const moved = pauses.find((entry) => entry.key === pause.key);
          if (moved) return moved.resumeAt > pause.pauseAt ? { ...pause, resumeAt: moved.resumeAt } : pause;
          return withdrawn?.key === pause.key &&
            withdrawn.resumeAt < pause.resumeAt &&
            withdrawn.resumeAt > pause.pauseAt
            ? { ...pause, resumeAt: withdrawn.resumeAt }
            : pause;
        });
      const upcoming = pauses.filter(
        (pause) =>
          !begun.some((done) => done.key === pause.key) && pause.pauseAt > (begun.at(-1)?.resumeAt ?? 0),
      );
      const id = schedule.id;
      const priceId = subscription.priceId as string;
      // Stripe holds one pause schedule ("Only one entry is supported"): the pause under way while its
      // resume is still to come, else the next one; the one it replaces is over.
      const underWay = begun.filter((pause) => pause.resumeStatus === "scheduled");
      const written = underWay.length > 0 ? underWay.slice(-1) : upcoming.slice(0, 1);
      // Nothing to write when Stripe holds exactly this: the same pauses, phase end and item. Our own
      // write's `subscription_schedule.updated` then ends here instead of writing again.
      const same =
        schedule.phaseEnd === keepUntil &&
        schedule.phaseItem?.priceId === priceId &&
        schedule.phaseItem?.quantity === subscription.quantity &&
        schedule.pauses.length === written.length &&
        schedule.pauses.every(
          (pause, index) =>
            pause.key === written[index]?.key &&
            pause.pauseAt === written[index]?.pauseAt &&
            pause.resumeAt === written[index]?.resumeAt,
        );
      if (same) return false;
      await call(() =>
        stripe.subscriptionSchedules.update(id, {
          pause_schedules: written.map(pauseParam),
          phases: [
            {
              items: [{ price: priceId, quantity: subscription.quantity }],
              start_date: schedule.phaseStart ?? subscription.startedAt,
              end_date: keepUntil,
            },
          ],
        }),
      );
      return true;
    },

    async stripeNow(testClock) {
      if (!testClock) return Math.floor(Date.now() / 1000);
      const clock = await orNull(() => stripe.testHelpers.testClocks.retrieve(testClock));
      return clock ? clock.frozen_time : null;
    },

    async cancelSubscription(id) {
      // Said to Stripe, so its `customer.subscription.deleted` tells the subscriber's own cancellation
      // from one made in Stripe's dashboard (decision 133), whichever is handled first.
      return reshapeSubscription(
        await call(() =>
          stripe.subscriptions.cancel(id, { cancellation_details: { comment: CANCELLED_ON_THE_SITE } }),
        ),
      );
    },

    async timeOf(testClockId) {
      if (!testClockId) return Math.floor(Date.now() / 1000);
      const clock = await call(() => stripe.testHelpers.testClocks.retrieve(testClockId));
      return clock.frozen_time;
    },

    async setQuantity(subscriptionId, quantity) {
      const subscription = reshapeSubscription(
        await call(() => stripe.subscriptions.retrieve(subscriptionId)),
      );
      await call(() =>
        stripe.subscriptionItems.update(subscription.itemId, { quantity, proration_behavior: "none" }),
      );
      return reshapeSubscription(await call(() => stripe.subscriptions.retrieve(subscriptionId)));
    },

    async setCycle(subscriptionId, cycle) {
      await call(() =>
        stripe.subscriptions.update(subscriptionId, {
          metadata: {
            [SUBSCRIPTION_METADATA.weeksOn]: String(cycle.weeksOn),
            [SUBSCRIPTION_METADATA.weeksOff]: String(cycle.weeksOff),
          },
        }),
      );
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },
  };
}
