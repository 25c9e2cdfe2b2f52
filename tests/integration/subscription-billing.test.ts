import { beforeAll, describe, expect, it } from "vitest";
import type { SubscriptionBilling } from "~/server/stripe/subscription-types";
import { createSubscriptionBilling } from "~/server/stripe/subscriptions.server";
import { cyclePauses } from "~/server/subscriptions/cycle-pauses.server";
import { type CycleAdjustment, cycleCalendar, STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import { advanceClock, at, checkoutSubscriber, DAY, withStripeEmulator } from "./stripe-billing-harness";

/**
 * Issue 36 items 3 and 9, the app's side: its Stripe Billing adapter against the emulator over a
 * test-clock timeline. The subscription is made by the adapter's Checkout in subscription mode, made
 * to follow the cycle by the adapter's pauses (the next two gaps, topped up after each resume, as the
 * `customer.subscription.resumed` handler will), and invoices are made only in the on periods; a skip
 * and a cancellation change what Stripe charges.
 */

const ENHANCER = "gid://shopify/ProductVariant/49100000000001";

// The official client with the SDK's default retries (the adapter under test has none).
const sandbox = withStripeEmulator({}, {});
let billing: SubscriptionBilling;

beforeAll(() => {
  billing = createSubscriptionBilling({
    secretKey: sandbox.emulator.secretKey,
    webhookSecret: sandbox.emulator.webhookSecret,
    apiUrl: sandbox.emulator.apiUrl,
    maxNetworkRetries: 0,
  });
});

/** A subscriber whose Stripe time is a test clock (tests only: the app makes no clocks). */
async function subscriber(start: string, email: string) {
  const { clockId, subscriptionId } = await checkoutSubscriber(
    sandbox.stripe,
    sandbox.emulator,
    start,
    email,
    {
      // The app's adapter opens the Checkout session in subscription mode.
      open: async (customer) => {
        const checkout = await billing.createSubscriptionCheckout({
          variantId: ENHANCER,
          sellingPlanId: "gid://shopify/SellingPlan/9400000000001",
          name: "Forge Enhancer",
          unitAmount: 3315,
          currency: "usd",
          quantity: 1,
          everyDays: 30,
          cycle: { weeksOn: 8, weeksOff: 2 },
          customerId: customer.id,
          successUrl: "https://shop.example/subscribed?session_id={CHECKOUT_SESSION_ID}",
          cancelUrl: "https://shop.example/product/forge-enhancer",
          idempotencyKey: `checkout-${email}`,
        });
        expect(checkout.url).toMatch(/^http/);
        return checkout;
      },
    },
  );
  return { clockId, subscriptionId };
}

/** What the `customer.subscription.resumed` handler will do: write the next pauses from the calendar. */
async function follow(subscriptionId: string, now: number, adjustments: CycleAdjustment[] = []) {
  const subscription = await billing.retrieveSubscription(subscriptionId);
  if (!subscription?.cycle) throw new Error("no cycle on the subscription");
  await billing.followCycle({
    subscriptionId,
    ...cyclePauses({
      startedAt: subscription.startedAt,
      cycle: subscription.cycle as never,
      adjustments,
      now,
    }),
  });
}

/** Advances four weeks at a time; after each resume Stripe announced, the pauses are topped up. */
async function live(
  clockId: string,
  subscriptionId: string,
  until: string,
  adjustments: CycleAdjustment[] = [],
) {
  const resumes = () =>
    sandbox.emulator
      .events()
      .filter(
        (event) =>
          event.type === "customer.subscription.resumed" &&
          (event.data.object as { id: string }).id === subscriptionId,
      ).length;
  let seen = resumes();
  let clock = await sandbox.stripe.testHelpers.testClocks.retrieve(clockId);
  while (clock.frozen_time < at(until)) {
    clock = (await advanceClock(sandbox.stripe, clockId, Math.min(at(until), clock.frozen_time + 28 * DAY)))
      .ready;
    if (resumes() > seen) {
      seen = resumes();
      await follow(subscriptionId, clock.frozen_time, adjustments);
    }
  }
}

async function paidDates(subscriptionId: string) {
  const invoices = await sandbox.stripe.invoices.list({ subscription: subscriptionId, limit: 100 });
  const details = await Promise.all(invoices.data.map((invoice) => billing.retrieveInvoice(invoice.id)));
  return details
    .filter((invoice) => invoice?.status === "paid")
    .map((invoice) => zonedDate(invoice?.created ?? 0, STORE_TIME_ZONE))
    .sort();
}

/** A subscriber from 2026-03-01 who, ten days in, skips the second bottle (due 2026-03-31). */
async function skippedSecondBottle(email: string) {
  const { clockId, subscriptionId } = await subscriber("2026-03-01", email);
  await follow(subscriptionId, at("2026-03-01"));
  await live(clockId, subscriptionId, "2026-03-11");
  const skip: CycleAdjustment[] = [{ kind: "skip", bottle: 1 }];
  await follow(subscriptionId, at("2026-03-11"), skip);
  return { clockId, subscriptionId, skip };
}

/** That subscriber's calendar (8 weeks on, 2 off) through 2026-06-30, with or without the skip. */
const marchCalendar = (adjustments: CycleAdjustment[] = []) =>
  cycleCalendar({ start: "2026-03-01", weeksOn: 8, weeksOff: 2, through: "2026-06-30", adjustments });

describe("the app's Stripe Billing adapter over a test-clock timeline", () => {
  it("charges only in the on periods for six months, the next gap's pause written at each resume", async () => {
    const { clockId, subscriptionId } = await subscriber("2026-01-31", "six-months@sandbox.forge.test");
    const subscription = await billing.retrieveSubscription(subscriptionId);
    expect(subscription).toMatchObject({
      status: "active",
      variantId: ENHANCER,
      sellingPlanId: "gid://shopify/SellingPlan/9400000000001",
      cycle: { weeksOn: 8, weeksOff: 2 },
      unitAmount: 3315,
      quantity: 1,
      currency: "usd",
      startedAt: at("2026-01-31"),
    });
    await follow(subscriptionId, at("2026-01-31"));
    // Stripe holds one pause schedule: the next gap's.
    expect((await billing.pausesOf(subscriptionId)).map((pause) => pause.key)).toEqual(["after-1"]);

    await live(clockId, subscriptionId, "2026-07-31");
    const calendar = cycleCalendar({ start: "2026-01-31", weeksOn: 8, weeksOff: 2, through: "2026-07-31" });
    expect(await paidDates(subscriptionId)).toEqual(calendar.charges.map((charge) => charge.date));
    // At each resume the next gap's pause replaced the one carried out (after-1, then after-3).
    const pauses = await billing.pausesOf(subscriptionId);
    expect(pauses.map((pause) => [pause.key, pause.pauseStatus])).toEqual([["after-5", "scheduled"]]);

    const first = await billing.retrieveInvoice((subscription?.latestInvoiceId ?? "") as string);
    expect(first).toMatchObject({
      subscriptionId,
      status: "paid",
      billingReason: "subscription_create",
      amountPaid: 3315,
      customerEmail: "six-months@sandbox.forge.test",
      shippingAddress: {
        name: "Sam Sample",
        line1: "1 Main St",
        city: "Albany",
        postalCode: "12207",
        country: "US",
      },
    });
  });

  it("a skipped bottle is not charged; a canceled subscription charges nothing more", async () => {
    const { clockId, subscriptionId, skip } = await skippedSecondBottle("skip@sandbox.forge.test");
    await live(clockId, subscriptionId, "2026-06-30", skip);
    const calendar = marchCalendar(skip);
    const expected = calendar.charges.filter((charge) => !charge.skipped).map((charge) => charge.date);
    expect(expected).not.toContain("2026-03-31");
    expect(await paidDates(subscriptionId)).toEqual(expected);

    const canceled = await billing.cancelSubscription(subscriptionId);
    expect(canceled).toMatchObject({ status: "canceled", cancellationReason: "cancellation_requested" });
    const before = (await paidDates(subscriptionId)).length;
    await live(clockId, subscriptionId, "2026-08-20", skip);
    expect(await paidDates(subscriptionId)).toHaveLength(before);
  });

  it("a skip dropped after its pause began: the pause withdrawn, the delivery charged on its day (decision 158)", async () => {
    const { clockId, subscriptionId, skip } = await skippedSecondBottle("withdrawn@sandbox.forge.test");
    const skipped = marchCalendar(skip);
    const resumeForSkip = at(skipped.charges.find((charge) => charge.bottle === 2)?.date as string);
    // Stripe begins the skip's pause at noon the day before the second bottle (2026-03-31).
    const now = at("2026-03-30") + 3_600;
    await advanceClock(sandbox.stripe, clockId, now);
    expect(await billing.pausesOf(subscriptionId)).toMatchObject([
      {
        key: "after-0",
        pauseAt: at("2026-03-30"),
        resumeAt: resumeForSkip,
        pauseStatus: "succeeded",
        resumeStatus: "scheduled",
      },
    ]);
    // The calendar without the skip, written as any event writes it, keeps a pause Stripe has begun.
    await follow(subscriptionId, now);
    expect((await billing.pausesOf(subscriptionId))[0]?.resumeAt).toBe(resumeForSkip);
    // Withdrawn by the drop: it resumes for the second bottle, on its day.
    const subscription = await billing.retrieveSubscription(subscriptionId);
    const recorded = cyclePauses({
      startedAt: subscription?.startedAt as number,
      cycle: { weeksOn: 8, weeksOff: 2 },
      now,
    });
    const wrote = await billing.followCycle({
      subscriptionId,
      ...recorded,
      withdrawn: { key: "after-0", resumeAt: at("2026-03-31") },
    });
    expect(wrote).toBe(true);
    expect(await billing.pausesOf(subscriptionId)).toMatchObject([
      { key: "after-0", pauseAt: at("2026-03-30"), resumeAt: at("2026-03-31") },
    ]);
    await live(clockId, subscriptionId, "2026-06-30");
    const calendar = marchCalendar();
    expect(calendar.charges.map((charge) => charge.date)).toContain("2026-03-31");
    expect(await paidDates(subscriptionId)).toEqual(calendar.charges.map((charge) => charge.date));
  });

  it("answers null for what Stripe does not know, and opens the customer portal", async () => {
    expect(await billing.retrieveSubscription("sub_unknown")).toBeNull();
    expect(await billing.retrieveInvoice("in_unknown")).toBeNull();
    const { subscriptionId } = await subscriber("2026-05-01", "portal@sandbox.forge.test");
    const subscription = await billing.retrieveSubscription(subscriptionId);
    const url = await billing.createPortalSession(
      subscription?.customerId as string,
      "https://shop.example/account",
    );
    const page = await fetch(`${sandbox.emulator.apiUrl}${new URL(url).pathname}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Card ending in 4242");
  });
});
