import http from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, billingGaps, cycleCalendar, STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import { advanceClock, at, checkoutSubscriber, DAY, withStripeEmulator } from "./stripe-billing-harness";

/**
 * Issue 36 item 6: the Stripe emulator's Billing, spoken to with the official `stripe` package, so
 * that the shapes are the ones the real client sends and reads: Checkout in subscription mode for a
 * customer on a test clock, a subscription schedule whose pause schedules follow the cycle calendar
 * (decision 119), invoices only in the on periods over six months of test-clock time, a failed payment
 * retried on schedule and fixed through the customer portal, one whose retries run out, and signed
 * events for all of it.
 */

const sandbox = withStripeEmulator({ webhookRetry: { maxAttempts: 2, baseDelayMs: 20 } });
let receiver: http.Server;
const received: Stripe.Event[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      // Every event is signed as Stripe signs it: the SDK's own check accepts it.
      const event = sandbox.stripe.webhooks.constructEvent(
        Buffer.concat(chunks).toString("utf8"),
        String(req.headers["stripe-signature"]),
        sandbox.emulator.webhookSecret,
      );
      received.push(event);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  sandbox.emulator.setWebhookUrls([`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`]);
});

afterAll(async () => {
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

/** Advances a test clock as a test would at Stripe: asks, then polls until it is ready (bounded). */
async function advance(clockId: string, to: number) {
  const { started, ready } = await advanceClock(sandbox.stripe, clockId, to);
  expect(started.status).toBe("advancing");
  return ready;
}

/** Advances in four-week steps (Stripe refuses more than two 30-day intervals at once). */
async function advanceThrough(clockId: string, to: number) {
  let clock = await sandbox.stripe.testHelpers.testClocks.retrieve(clockId);
  while (clock.frozen_time < to) clock = await advance(clockId, Math.min(to, clock.frozen_time + 28 * DAY));
}

/** A subscriber on a test clock, subscribed through Checkout in subscription mode. */
async function subscribe(start: string, email: string) {
  const { clock, customer, opened, session, subscriptionId } = await checkoutSubscriber(
    sandbox.stripe,
    sandbox.emulator,
    start,
    email,
    {
      clock: { name: email },
      customer: { name: "Sam Sample" },
      productMetadata: { shopify_variant_id: "gid://shopify/ProductVariant/49100000000001" },
      session: {
        subscription_data: {
          billing_mode: { type: "flexible" },
          metadata: { weeks_on: "8", weeks_off: "2", start },
        },
        shipping_address_collection: { allowed_countries: ["US"] },
        success_url: "https://shop.example/subscribed?session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "https://shop.example/product/forge-enhancer",
      },
    },
  );
  expect(opened).toMatchObject({
    mode: "subscription",
    status: "open",
    customer: customer.id,
    subscription: null,
  });
  return { clock, customer, session, subscriptionId };
}

/** Pause schedules for the calendar's gaps: pause a day before Stripe would renew, resume on the charge. */
function pausesFor(calendar: ReturnType<typeof cycleCalendar>) {
  return billingGaps(calendar).map((gap, index) => ({
    key: `gap-${index}`,
    pause: {
      pause_at: { type: "timestamp" as const, timestamp: at(gap.pauseOn) },
      settings: {
        bill_for: {
          unused_time_from: { type: "none" as const },
          outstanding_usage_through: { type: "none" as const },
        },
      },
    },
    resume: {
      resume_at: { type: "timestamp" as const, timestamp: at(gap.resumeOn) },
      settings: {
        billing_cycle_anchor: "resume_at" as const,
        payment_behavior: "resume_on_payment_success" as const,
        proration_behavior: "none" as const,
      },
    },
  }));
}

async function followCycle(
  subscriptionId: string,
  calendar: ReturnType<typeof cycleCalendar>,
  until: string,
) {
  const subscription = await sandbox.stripe.subscriptions.retrieve(subscriptionId);
  const schedule = await sandbox.stripe.subscriptionSchedules.create({
    from_subscription: subscriptionId,
    // Stripe holds one pause schedule: the first gap now, the next written at its resume.
    pause_schedules: pausesFor(calendar).slice(0, 1),
  });
  const phase = schedule.phases[0] as Stripe.SubscriptionSchedule.Phase;
  // The phase made from the subscription ends with its period: extended to outlive the pauses.
  return sandbox.stripe.subscriptionSchedules.update(schedule.id, {
    phases: [
      {
        items: [{ price: subscription.items.data[0]?.price.id as string, quantity: 1 }],
        start_date: phase.start_date,
        end_date: at(until),
      },
    ],
  });
}

describe("Stripe Billing in the emulator, through the official client", () => {
  it("subscribes through Checkout, then invoices only in the on periods for six months", async () => {
    const start = "2026-01-31";
    const { clock, customer, session, subscriptionId } = await subscribe(start, "cycle@sandbox.forge.test");
    expect(session).toMatchObject({ status: "complete", payment_status: "paid", customer: customer.id });
    expect(session.invoice).toMatch(/^in_/);
    const subscription = await sandbox.stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({
      object: "subscription",
      status: "active",
      customer: customer.id,
      test_clock: clock.id,
      billing_mode: { type: "flexible" },
      metadata: { weeks_on: "8", weeks_off: "2", start },
    });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    expect(item.price.recurring).toMatchObject({ interval: "day", interval_count: 30 });
    expect(item.current_period_end - item.current_period_start).toBe(30 * DAY);
    const product = await sandbox.stripe.products.retrieve(item.price.product as string);
    expect(product.metadata).toEqual({ shopify_variant_id: "gid://shopify/ProductVariant/49100000000001" });

    const calendar = cycleCalendar({ start, weeksOn: 8, weeksOff: 2, through: "2026-07-31" });
    const schedule = await followCycle(subscriptionId, calendar, "2027-01-31");
    expect(schedule.pause_schedules.map((entry) => entry.key)).toEqual(["gap-0"]);
    // "Only one entry is supported", in Stripe's error shape.
    await expect(
      sandbox.stripe.subscriptionSchedules.update(schedule.id, {
        pause_schedules: pausesFor(calendar).slice(0, 2),
      }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError", param: "pause_schedules" });
    // Past the first gap's resume, the next gap replaces the pause that is over.
    const [firstGap] = billingGaps(calendar);
    await advanceThrough(clock.id, at(addDays(firstGap?.resumeOn as string, 1)));
    const next = await sandbox.stripe.subscriptionSchedules.update(schedule.id, {
      pause_schedules: pausesFor(calendar).slice(1, 2),
    });
    expect(next.pause_schedules.map((entry) => entry.key)).toEqual(["gap-1"]);
    await advanceThrough(clock.id, at("2026-07-31"));

    const invoices = await sandbox.stripe.invoices.list({ subscription: subscriptionId, limit: 100 });
    const paidOn = invoices.data
      .filter((invoice) => invoice.status === "paid")
      .map((invoice) => zonedDate(invoice.created, STORE_TIME_ZONE))
      .sort();
    expect(paidOn).toEqual(calendar.charges.map((charge) => charge.date));
    for (const invoice of invoices.data) {
      expect(invoice.amount_paid).toBe(3315);
      expect(invoice.parent?.subscription_details?.subscription).toBe(subscriptionId);
      expect(invoice.lines.data[0]?.pricing?.price_details?.price).toBe(item.price.id);
    }

    await sandbox.emulator.webhooksSettled();
    const mine = received.filter(
      (event) =>
        (event.data.object as { id?: string; subscription?: string }).id === subscriptionId ||
        (event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === subscriptionId,
    );
    const types = mine.map((event) => event.type);
    expect(types.filter((type) => type === "invoice.paid")).toHaveLength(paidOn.length);
    expect(types.filter((type) => type === "customer.subscription.paused")).toHaveLength(2);
    expect(types.filter((type) => type === "customer.subscription.resumed")).toHaveLength(2);
    const paused = mine.find((event) => event.type === "customer.subscription.paused")?.data
      .object as Stripe.Subscription;
    expect(paused.status).toBe("paused");
    const after = await sandbox.stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(
      after.pause_schedules.map((entry) => [entry.pause.status.type, entry.resume?.status.type]),
    ).toEqual([["succeeded", "succeeded"]]);

    // Stripe's limit on an advance, in Stripe's error shape.
    await expect(
      sandbox.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: at("2026-12-31") }),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "frozen_time",
    });
  });

  it("retries a failed payment 3, 5 and 7 days on, is fixed through the portal, or is canceled when they run out", async () => {
    const fixed = await subscribe("2026-03-01", "fixed@sandbox.forge.test");
    const lapsed = await subscribe("2026-03-01", "lapsed@sandbox.forge.test");
    for (const subscriber of [fixed, lapsed])
      sandbox.emulator.setCustomerCard(subscriber.customer.id, "4000000000000341");

    // The renewal on day 30 fails; the next attempt is three days later.
    await advance(fixed.clock.id, at("2026-04-01"));
    const failing = (await sandbox.stripe.subscriptions.retrieve(fixed.subscriptionId, {
      expand: ["latest_invoice"],
    })) as Stripe.Subscription;
    const invoice = failing.latest_invoice as Stripe.Invoice;
    expect(failing.status).toBe("past_due");
    expect(invoice).toMatchObject({ status: "open", attempt_count: 1, billing_reason: "subscription_cycle" });
    // Stripe's periods are UTC days: 30 of them after noon on March 1 (standard time) is 13:00 on March 31.
    expect(invoice.next_payment_attempt).toBe(at("2026-03-01") + 33 * DAY);

    // The card fixed in the customer portal: the next retry pays.
    const portal = await sandbox.stripe.billingPortal.sessions.create({
      customer: fixed.customer.id,
      return_url: "https://shop.example/account/subscription",
    });
    expect(portal).toMatchObject({ object: "billing_portal.session", customer: fixed.customer.id });
    const portalPath = new URL(portal.url).pathname;
    const page = await fetch(`${sandbox.emulator.apiUrl}${portalPath}`);
    expect(await page.text()).toContain("Card ending in 0341");
    const update = await fetch(`${sandbox.emulator.apiUrl}${portalPath}/card`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "card=4242+4242+4242+4242",
      redirect: "manual",
    });
    expect(update.status).toBe(303);
    await advance(fixed.clock.id, at("2026-04-04"));
    const recovered = await sandbox.stripe.invoices.retrieve(invoice.id);
    expect(recovered).toMatchObject({ status: "paid", attempt_count: 2, next_payment_attempt: null });
    const hosted = await fetch(
      `${sandbox.emulator.apiUrl}${new URL(recovered.hosted_invoice_url as string).pathname}`,
    );
    expect(await hosted.text()).toContain(`Invoice ${recovered.number}`);
    expect((await sandbox.stripe.subscriptions.retrieve(fixed.subscriptionId)).status).toBe("active");

    // Never fixed: attempts on days 30, 33, 38 and 45, then the subscription is canceled.
    await advanceThrough(lapsed.clock.id, at("2026-04-20"));
    const canceled = await sandbox.stripe.subscriptions.retrieve(lapsed.subscriptionId);
    expect(canceled).toMatchObject({
      status: "canceled",
      cancellation_details: { reason: "payment_failed" },
    });
    const [last] = (await sandbox.stripe.invoices.list({ subscription: lapsed.subscriptionId, limit: 1 }))
      .data;
    expect(last).toMatchObject({ status: "open", attempt_count: 4, next_payment_attempt: null });
    await sandbox.emulator.webhooksSettled();
    const failures = received.filter(
      (event) =>
        event.type === "invoice.payment_failed" &&
        (event.data.object as Stripe.Invoice).parent?.subscription_details?.subscription ===
          lapsed.subscriptionId,
    );
    expect(
      failures.map((event) => zonedDate((event.data.object as Stripe.Invoice).created, STORE_TIME_ZONE)),
    ).toEqual(["2026-03-31", "2026-03-31", "2026-03-31", "2026-03-31"]);
    expect(failures.map((event) => (event.data.object as Stripe.Invoice).attempt_count)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(
      received.some(
        (event) =>
          event.type === "customer.subscription.deleted" &&
          (event.data.object as Stripe.Subscription).id === lapsed.subscriptionId,
      ),
    ).toBe(true);
  });

  it("refuses, in Stripe's error shape, what it does not model rather than doing half of it", async () => {
    const { subscriptionId } = await subscribe("2026-05-01", "refused@sandbox.forge.test");
    await expect(
      sandbox.stripe.subscriptionSchedules.create({
        from_subscription: subscriptionId,
        pause_schedules: [{ pause: { pause_at: { type: "timestamp", timestamp: at("2026-05-20") } } }],
      }),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: expect.stringContaining("bill_for"),
    });
    await expect(
      sandbox.stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [
          { quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "x" } } },
        ],
        success_url: "https://shop.example/ok",
      }),
    ).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "line_items[0][price_data][recurring]",
    });
  });

  it("the sandbox dashboard lists subscriptions with their invoices and advances one by four weeks", async () => {
    const { clock, subscriptionId } = await subscribe("2026-06-01", "dashboard@sandbox.forge.test");
    const listed = await (await fetch(`${sandbox.emulator.apiUrl}/subscriptions`)).text();
    expect(listed).toContain(subscriptionId);
    expect(listed).toContain("dashboard@sandbox.forge.test");
    const moved = await fetch(`${sandbox.emulator.apiUrl}/subscriptions/${subscriptionId}/advance`, {
      method: "POST",
      redirect: "manual",
    });
    expect(moved.status).toBe(303);
    expect((await sandbox.stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(
      at("2026-06-01") + 28 * DAY,
    );
    await fetch(`${sandbox.emulator.apiUrl}/subscriptions/${subscriptionId}/advance`, {
      method: "POST",
      redirect: "manual",
    });
    // Day 56: the renewal on day 30 happened.
    expect((await sandbox.stripe.invoices.list({ subscription: subscriptionId })).data).toHaveLength(2);
    // Canceled in the dashboard, as an operator might in Stripe's: the store hears of it.
    const canceled = await fetch(`${sandbox.emulator.apiUrl}/subscriptions/${subscriptionId}/cancel`, {
      method: "POST",
      redirect: "manual",
    });
    expect(canceled.status).toBe(303);
    expect(await sandbox.stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
      status: "canceled",
      cancellation_details: {
        reason: "cancellation_requested",
        comment: "Canceled in the sandbox dashboard",
      },
    });
    await sandbox.emulator.webhooksSettled();
    expect(
      received.some(
        (event) =>
          event.type === "customer.subscription.deleted" &&
          (event.data.object as Stripe.Subscription).id === subscriptionId,
      ),
    ).toBe(true);
  });
});
