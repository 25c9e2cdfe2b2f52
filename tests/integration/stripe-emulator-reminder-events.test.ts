import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { advanceClock, at, checkoutSubscriber, DAY, withStripeEmulator } from "./stripe-billing-harness";

/**
 * Decision 133's events from the Stripe emulator, read with the official `stripe` package: the
 * account's "upcoming renewal events" (`invoice.upcoming`, 3 days before a renewal that will happen,
 * once, an invoice without an id), none before a renewal a pause comes first, and the sandbox
 * dashboard's "Update subscription" and "Cancel subscription", which send what Stripe's dashboard does.
 */

const sandbox = withStripeEmulator();

const subscriber = (start: string, email: string) =>
  checkoutSubscriber(sandbox.stripe, sandbox.emulator, start, email);

async function advance(clockId: string, to: number) {
  await advanceClock(sandbox.stripe, clockId, to);
}

const eventsOf = (type: string, subscriptionId: string) =>
  sandbox.emulator
    .events()
    .filter((event) => event.type === type && JSON.stringify(event.data.object).includes(subscriptionId));

describe("the Stripe emulator's events for reminders and dashboard changes", () => {
  it("sends invoice.upcoming 3 days before each renewal, once, without an invoice id", async () => {
    const { clockId, subscriptionId } = await subscriber("2026-01-31", "upcoming@sandbox.forge.test");
    const renewal = at("2026-01-31") + 30 * DAY;
    await advance(clockId, renewal - 3 * DAY - 60);
    expect(eventsOf("invoice.upcoming", subscriptionId)).toEqual([]);
    await advance(clockId, renewal - 3 * DAY);
    const [upcoming] = eventsOf("invoice.upcoming", subscriptionId);
    const invoice = upcoming?.data.object as Stripe.Invoice;
    expect(invoice.id).toBeUndefined();
    expect(invoice).toMatchObject({
      object: "invoice",
      billing_reason: "upcoming",
      amount_due: 3315,
      next_payment_attempt: renewal,
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    expect(invoice.lines.data[0]?.period).toEqual({ start: renewal, end: renewal + 30 * DAY });
    // Once per renewal: the renewal and the next period's announcement, nothing more.
    await advance(clockId, renewal + 27 * DAY);
    expect(eventsOf("invoice.upcoming", subscriptionId)).toHaveLength(2);
  });

  it("sends none before a renewal that a pause of the schedule comes first, nor while paused", async () => {
    const { clockId, subscriptionId } = await subscriber("2026-03-01", "paused@sandbox.forge.test");
    const start = at("2026-03-01");
    const schedule = await sandbox.stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    await sandbox.stripe.subscriptionSchedules.update(schedule.id, {
      phases: [
        {
          items: [{ price: schedule.phases[0]?.items[0]?.price as string, quantity: 1 }],
          start_date: start,
          end_date: start + 400 * DAY,
        },
      ],
      pause_schedules: [
        {
          key: "gap",
          pause: {
            pause_at: { type: "timestamp", timestamp: start + 29 * DAY },
            settings: {
              bill_for: { unused_time_from: { type: "none" }, outstanding_usage_through: { type: "none" } },
            },
          },
          resume: {
            resume_at: { type: "timestamp", timestamp: start + 44 * DAY },
            settings: {
              billing_cycle_anchor: "resume_at",
              payment_behavior: "resume_on_payment_success",
              proration_behavior: "none",
            },
          },
        },
      ],
    } as Stripe.SubscriptionScheduleUpdateParams);
    await advance(clockId, start + 40 * DAY);
    expect(eventsOf("invoice.upcoming", subscriptionId)).toEqual([]);
    // After the resume (day 44), the next renewal (day 74) is announced on day 71.
    await advance(clockId, start + 71 * DAY);
    const announced = eventsOf("invoice.upcoming", subscriptionId);
    expect(announced).toHaveLength(1);
    const next = announced[0]?.data.object as Stripe.Invoice | undefined;
    expect(next?.next_payment_attempt).toBe(start + 74 * DAY);
  });

  it("the dashboard's Update subscription: a new price and quantity from the next invoice, with Stripe's events", async () => {
    const { clockId, subscriptionId } = await subscriber("2026-05-01", "dashboard@sandbox.forge.test");
    const schedule = await sandbox.stripe.subscriptionSchedules.create({ from_subscription: subscriptionId });
    const form = (action: string, fields: Record<string, string>) =>
      fetch(`${sandbox.emulator.apiUrl}/subscriptions/${subscriptionId}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const refused = await form("update", { quantity: "0", price: "33.15" });
    expect(refused.status).toBe(400);
    const updated = await form("update", { quantity: "2", price: "40.00" });
    expect(updated.status).toBe(303);
    const event = eventsOf("customer.subscription.updated", subscriptionId).at(-1);
    const after = event?.data.object as Stripe.Subscription;
    expect(after.items.data[0]).toMatchObject({ quantity: 2, price: { unit_amount: 4000 } });
    const previous = event?.data.previous_attributes as
      | { items: Stripe.ApiList<Stripe.SubscriptionItem> }
      | undefined;
    const before = previous?.items;
    expect(before?.data[0]).toMatchObject({ quantity: 1, price: { unit_amount: 3315 } });
    const phase = (await sandbox.stripe.subscriptionSchedules.retrieve(schedule.id)).phases.at(-1);
    expect(phase?.items[0]).toMatchObject({ price: after.items.data[0]?.price.id, quantity: 2 });
    expect(eventsOf("subscription_schedule.updated", subscriptionId).length).toBeGreaterThan(0);

    await advance(clockId, at("2026-05-01") + 30 * DAY);
    const invoices = await sandbox.stripe.invoices.list({ subscription: subscriptionId });
    expect(invoices.data.map((invoice) => invoice.amount_paid)).toEqual([8000, 3315]);

    expect((await form("cancel", {})).status).toBe(303);
    expect((await sandbox.stripe.subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
    expect(eventsOf("customer.subscription.deleted", subscriptionId)).toHaveLength(1);
    expect((await form("update", { quantity: "1", price: "33.15" })).status).toBe(400);
  });
});
