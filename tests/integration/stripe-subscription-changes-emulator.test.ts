import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import { advanceClock, at, checkoutSubscriber, DAY, withStripeEmulator } from "./stripe-billing-harness";

/**
 * Issue 36 items 5 and 6: what the subscriber's page asks of Stripe, in the emulator, through the
 * official `stripe` package: a subscription item's quantity changed with no proration (and refused by
 * name with one), the next invoice at the new quantity; a pause under way given a later resume (a skip
 * or a pause during the off weeks); a subscription cancelled at once (DELETE), announced by
 * `customer.subscription.deleted`, billing nothing more; a customer portal session per request.
 */

const sandbox = withStripeEmulator();

const subscribe = (start: string, email: string) =>
  checkoutSubscriber(sandbox.stripe, sandbox.emulator, start, email);

async function advance(clockId: string, to: number) {
  await advanceClock(sandbox.stripe, clockId, to);
}

async function invoices(subscriptionId: string) {
  const list = await sandbox.stripe.invoices.list({ subscription: subscriptionId, limit: 100 });
  return list.data
    .filter((invoice) => invoice.status === "paid")
    .map((invoice) => ({ on: zonedDate(invoice.created, STORE_TIME_ZONE), amount: invoice.amount_paid }))
    .sort((a, b) => a.on.localeCompare(b.on));
}

const pause = (key: string, pauseAt: number, resumeAt: number) => ({
  key,
  pause: {
    pause_at: { type: "timestamp" as const, timestamp: pauseAt },
    settings: {
      bill_for: {
        unused_time_from: { type: "none" as const },
        outstanding_usage_through: { type: "none" as const },
      },
    },
  },
  resume: {
    resume_at: { type: "timestamp" as const, timestamp: resumeAt },
    settings: {
      billing_cycle_anchor: "resume_at" as const,
      payment_behavior: "resume_on_payment_success" as const,
      proration_behavior: "none" as const,
    },
  },
});

describe("the subscriber's changes in the Stripe emulator, through the official client", () => {
  it("changes an item's quantity with no proration; the next invoice bills it", async () => {
    const { clockId, subscriptionId } = await subscribe("2026-01-10", "quantity@sandbox.forge.test");
    const item = (await sandbox.stripe.subscriptions.retrieve(subscriptionId)).items
      .data[0] as Stripe.SubscriptionItem;
    // Stripe's default would prorate: refused by name rather than half done.
    await expect(sandbox.stripe.subscriptionItems.update(item.id, { quantity: 3 })).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      param: "proration_behavior",
    });
    const updated = await sandbox.stripe.subscriptionItems.update(item.id, {
      quantity: 3,
      proration_behavior: "none",
    });
    expect(updated).toMatchObject({ object: "subscription_item", id: item.id, quantity: 3 });
    expect((await sandbox.stripe.subscriptionItems.retrieve(item.id)).quantity).toBe(3);
    expect(sandbox.emulator.events().at(-1)?.type).toBe("customer.subscription.updated");
    await advance(clockId, at("2026-02-10"));
    expect(await invoices(subscriptionId)).toEqual([
      { on: "2026-01-10", amount: 3315 },
      { on: "2026-02-09", amount: 9945 },
    ]);
    await expect(sandbox.stripe.subscriptionItems.retrieve("si_unknown")).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it("moves the resume of a pause under way to a later day, and charges then", async () => {
    const { clockId, subscriptionId } = await subscribe("2026-03-01", "resume@sandbox.forge.test");
    const schedule = await sandbox.stripe.subscriptionSchedules.create({
      from_subscription: subscriptionId,
      pause_schedules: [pause("after-0", at("2026-03-30"), at("2026-04-14"))],
    });
    // The phase made from the subscription ends with its period: kept past the pauses, as the app does.
    const price = (await sandbox.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.price
      .id as string;
    await sandbox.stripe.subscriptionSchedules.update(schedule.id, {
      phases: [{ items: [{ price, quantity: 1 }], start_date: at("2026-03-01"), end_date: at("2027-03-01") }],
    });
    await advance(clockId, at("2026-04-05"));
    expect((await sandbox.stripe.subscriptions.retrieve(subscriptionId)).status).toBe("paused");
    // The same key and pause time, a later resume: the pause goes on until then.
    const moved = await sandbox.stripe.subscriptionSchedules.update(schedule.id, {
      pause_schedules: [pause("after-0", at("2026-03-30"), at("2026-05-05"))],
    });
    expect(moved.pause_schedules[0]).toMatchObject({
      key: "after-0",
      pause: { pause_at: at("2026-03-30"), status: { type: "succeeded" } },
      resume: { resume_at: at("2026-05-05"), status: { type: "scheduled" } },
    });
    await advance(clockId, at("2026-05-06"));
    expect((await invoices(subscriptionId)).map((invoice) => invoice.on)).toEqual([
      "2026-03-01",
      "2026-05-05",
    ]);
  });

  it("cancels at once with DELETE: customer.subscription.deleted, and nothing billed after", async () => {
    const { clockId, subscriptionId } = await subscribe("2026-06-01", "cancel@sandbox.forge.test");
    await expect(
      sandbox.stripe.subscriptions.cancel(subscriptionId, { prorate: true }),
    ).rejects.toMatchObject({
      param: "prorate",
    });
    const canceled = await sandbox.stripe.subscriptions.cancel(subscriptionId);
    expect(canceled).toMatchObject({
      status: "canceled",
      canceled_at: at("2026-06-01"),
      cancellation_details: { reason: "cancellation_requested" },
    });
    const deleted = sandbox.emulator
      .events()
      .filter((event) => event.type === "customer.subscription.deleted");
    expect(deleted.map((event) => (event.data.object as { id: string }).id)).toContain(subscriptionId);
    await advance(clockId, at("2026-06-01") + 40 * DAY);
    expect(await invoices(subscriptionId)).toHaveLength(1);
    const item = canceled.items.data[0] as Stripe.SubscriptionItem;
    await expect(
      sandbox.stripe.subscriptionItems.update(item.id, { quantity: 2, proration_behavior: "none" }),
    ).rejects.toMatchObject({ type: "StripeInvalidRequestError" });
  });

  it("makes a customer portal session per request, each returning where asked", async () => {
    const { subscriptionId } = await subscribe("2026-07-01", "portal@sandbox.forge.test");
    const customer = (await sandbox.stripe.subscriptions.retrieve(subscriptionId)).customer as string;
    const one = await sandbox.stripe.billingPortal.sessions.create({
      customer,
      return_url: "https://shop.example/back",
    });
    const two = await sandbox.stripe.billingPortal.sessions.create({
      customer,
      return_url: "https://shop.example/back",
    });
    expect(one.id).not.toBe(two.id);
    expect(one).toMatchObject({
      object: "billing_portal.session",
      customer,
      return_url: "https://shop.example/back",
    });
    const page = await fetch(`${sandbox.emulator.apiUrl}${new URL(one.url).pathname}`);
    expect(await page.text()).toContain('href="https://shop.example/back"');
  });
});
