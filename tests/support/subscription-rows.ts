import type { Db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";
import type { SubscriptionDetails } from "~/server/stripe/subscription-types";

/**
 * A subscription as this site records it (the sandbox's Enhancer plan, 8 weeks on and 2 off, linked
 * to a Stripe subscription) and as Stripe answers for it, for the unit tests of the subscription
 * events on a real database.
 */
export async function insertSubscriber(db: Db, quantity = 1) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      stripeSessionId: `cs_test_${Math.random().toString(36).slice(2)}`,
      stripeSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
      email: "sam@example.com",
      variantId: "gid://shopify/ProductVariant/49100000000001",
      sellingPlanId: "gid://shopify/SellingPlan/9400000000001",
      productTitle: "Forge Enhancer",
      weeksOn: 8,
      weeksOff: 2,
      quantity,
      unitAmount: 3315,
      currency: "usd",
      status: "active",
    })
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

export const SUBSCRIBED_AT = 1_800_000_000;

/** Stripe's answer for the row's subscription, started at SUBSCRIBED_AT, with `change` applied. */
export function stripeSubscriptionOf(
  row: { stripeSubscriptionId: string | null },
  change: Partial<SubscriptionDetails> = {},
): SubscriptionDetails {
  return {
    id: row.stripeSubscriptionId as string,
    status: "active",
    customerId: "cus_1",
    variantId: null,
    sellingPlanId: null,
    cycle: { weeksOn: 8, weeksOff: 2 },
    unitAmount: 3315,
    quantity: 1,
    currency: "usd",
    startedAt: SUBSCRIBED_AT,
    itemId: "si_1",
    currentPeriodStart: SUBSCRIBED_AT,
    currentPeriodEnd: SUBSCRIBED_AT + 30 * 86_400,
    testClockId: null,
    scheduleId: "sub_sched_1",
    canceledAt: null,
    cancellationReason: null,
    cancellationComment: null,
    latestInvoiceId: null,
    reference: null,
    priceId: "price_1",
    ...change,
  };
}
