import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { subscriptionChanges, subscriptions } from "~/server/db/schema";
import type { SubscriptionDetails } from "~/server/stripe/subscription-types";
import {
  followOutsideChange,
  type OutsideChangeContext,
} from "~/server/subscriptions/outside-changes.server";
import { openTestDatabase } from "../support/memory-database";
import { insertSubscriber, stripeSubscriptionOf } from "../support/subscription-rows";

/**
 * Decision 133's outside changes, one step at a time on a real database (PGlite, the migrations
 * applied) and a Stripe that answers what each case needs: the bottles followed, a price not agreed
 * logged as an error, the pauses written only when no change of the subscriber's is under way (it
 * writes them itself; a write from the calendar before its row is recorded would undo it), a
 * cancellation handed to the cancellation path, a subscription of another site left alone.
 */

let database: Database;
const logs: { level: number; msg: string }[] = [];
const logger = pino({ level: "info" }, { write: (line: string) => logs.push(JSON.parse(line)) });

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const subscriber = (quantity = 1) => insertSubscriber(database.db, quantity);
const stripeSays = stripeSubscriptionOf;

function context(details: SubscriptionDetails | null, row: Awaited<ReturnType<typeof subscriber>> | null) {
  const calls = { follow: 0, deleted: 0, planned: 0 };
  const value: OutsideChangeContext = {
    db: database.db,
    billing: { retrieveSubscription: async () => details },
    logger,
    ours: async () =>
      row
        ? ((await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0] ?? null)
        : null,
    follow: async () => {
      calls.follow += 1;
      return true;
    },
    deleted: async () => {
      calls.deleted += 1;
      return { handled: true, outcome: "subscription_canceled" };
    },
    reminders: {
      plan: async () => {
        calls.planned += 1;
      },
    },
  };
  return { value, calls };
}

const NOT_OURS = { handled: false as const, ignored: "not a subscription of this site" };

describe("a subscription changed outside the site", () => {
  it("follows Stripe's bottles, and writes the pauses holding the subscription", async () => {
    const row = await subscriber(1);
    const { value, calls } = context(stripeSays(row, { quantity: 3 }), row);
    const result = await followOutsideChange(value, row.stripeSubscriptionId as string, NOT_OURS);
    expect(result).toEqual({ handled: true, outcome: "quantity_followed pauses_restored" });
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after?.quantity).toBe(3);
    // The hold is let go once the pauses are written.
    expect(after?.changingUntil).toBeNull();
    expect(calls).toEqual({ follow: 1, deleted: 0, planned: 1 });
  });

  it("logs a price the subscriber did not agree to as an error, and keeps the recorded one", async () => {
    const row = await subscriber();
    const { value } = context(stripeSays(row, { unitAmount: 4900 }), row);
    logs.length = 0;
    const result = await followOutsideChange(value, row.stripeSubscriptionId as string, NOT_OURS);
    expect(result.handled && result.outcome).toContain("price_not_agreed");
    expect(logs.some((line) => line.level === 50 && line.msg.includes("did not agree to"))).toBe(true);
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after?.unitAmount).toBe(3315);
  });

  it("writes no pauses while a change of the subscriber's is carried to Stripe", async () => {
    const row = await subscriber();
    const mine = new Date(Date.now() + 30_000);
    await database.db.update(subscriptions).set({ changingUntil: mine }).where(eq(subscriptions.id, row.id));
    const { value, calls } = context(stripeSays(row, {}), row);
    const result = await followOutsideChange(value, row.stripeSubscriptionId as string, NOT_OURS);
    expect(result).toEqual({ handled: true, outcome: "a_change_of_the_subscriber_under_way" });
    expect(calls.follow).toBe(0);
    // Their hold is theirs: left as it was.
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after?.changingUntil?.getTime()).toBe(mine.getTime());
    // Once it has lapsed (or been let go), the next event writes them.
    await database.db
      .update(subscriptions)
      .set({ changingUntil: sql`now() - interval '1 second'` })
      .where(eq(subscriptions.id, row.id));
    await followOutsideChange(value, row.stripeSubscriptionId as string, NOT_OURS);
    expect(calls.follow).toBe(1);
  });

  it("writes no pauses while a change of the subscriber's is pending, its hold let go (decision 157)", async () => {
    const row = await subscriber();
    await database.db
      .insert(subscriptionChanges)
      .values({ subscriptionId: row.id, sequence: 1, kind: "skip", bottle: 1, pending: true });
    const { value, calls } = context(stripeSays(row, {}), row);
    const result = await followOutsideChange(value, row.stripeSubscriptionId as string, NOT_OURS);
    expect(result).toEqual({ handled: true, outcome: "a_change_of_the_subscriber_under_way" });
    expect(calls.follow).toBe(0);
    // The reminders are still planned from what Stripe holds.
    expect(calls.planned).toBe(1);
  });

  it("hands a cancellation to the cancellation path; ignores what is not this site's or not live", async () => {
    const row = await subscriber();
    const cancelled = context(stripeSays(row, { status: "canceled" }), row);
    expect(await followOutsideChange(cancelled.value, row.stripeSubscriptionId as string, NOT_OURS)).toEqual({
      handled: true,
      outcome: "subscription_canceled",
    });
    expect(cancelled.calls).toMatchObject({ deleted: 1, follow: 0 });
    const foreign = context(stripeSays(row, {}), null);
    expect(await followOutsideChange(foreign.value, "sub_elsewhere", NOT_OURS)).toBe(NOT_OURS);
    const incomplete = context(stripeSays(row, { status: "incomplete" }), row);
    expect(await followOutsideChange(incomplete.value, row.stripeSubscriptionId as string, NOT_OURS)).toEqual(
      {
        handled: false,
        ignored: "nothing to follow while incomplete",
      },
    );
    expect(incomplete.calls.follow).toBe(0);
  });
});
