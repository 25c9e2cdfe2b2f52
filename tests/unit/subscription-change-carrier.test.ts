import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { subscriptionChanges, subscriptions } from "~/server/db/schema";
import type { EnqueueInput, Outbox } from "~/server/mail/outbox.server";
import type {
  BillingPause,
  SubscriptionBilling,
  SubscriptionDetails,
} from "~/server/stripe/subscription-types";
import { pauseInstant } from "~/server/subscriptions/cycle-pauses.server";
import {
  createChangeCarrier,
  createUnconfirmedChangesSweep,
} from "~/server/subscriptions/unconfirmed-changes.server";
import { addDays, STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import { openTestDatabase } from "../support/memory-database";
import { insertSubscriber, SUBSCRIBED_AT, stripeSubscriptionOf } from "../support/subscription-rows";

/**
 * Decision 157's carrier and sweep on a real database (PGlite), with a Stripe that records its writes
 * and an outbox that records what is queued: a pending change carried by two at once is recorded and
 * e-mailed once; one that can no longer be made is dropped, Stripe and the record written back, the
 * subscriber told, unless it is a skip Stripe made past its day (decision 160); one of a subscription
 * Stripe ended is removed without a write; and the sweep leaves
 * a subscription whose change is under way alone.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

type Subscriber = Awaited<ReturnType<typeof insertSubscriber>>;

/** Stripe's time is `now` (ten days in by default), and it holds the pauses `held`. */
function carrierFor(details: SubscriptionDetails, stripe: { now?: number; held?: BillingPause[] } = {}) {
  const writes: string[] = [];
  const queued: EnqueueInput[] = [];
  const billing = {
    retrieveSubscription: async () => details,
    timeOf: async () => stripe.now ?? SUBSCRIBED_AT + 10 * 86_400,
    pausesOf: async () => stripe.held ?? [],
    followCycle: async () => {
      writes.push("pauses");
      // Another carrier's turn comes between the write and the record.
      await new Promise((resolve) => setImmediate(resolve));
      return true;
    },
    setQuantity: async (_id: string, quantity: number) => {
      writes.push(`quantity ${quantity}`);
      return { ...details, quantity };
    },
    setCycle: async (_id: string, cycle: { weeksOn: number; weeksOff: number }) => {
      writes.push(`cycle ${cycle.weeksOn}/${cycle.weeksOff}`);
    },
  } as unknown as SubscriptionBilling;
  const outbox = {
    enqueue: async (_tx: unknown, input: EnqueueInput) => {
      queued.push(input);
      return { id: String(queued.length), created: true };
    },
    nudge: () => undefined,
  } as unknown as Outbox;
  const carrier = createChangeCarrier({
    db: database.db,
    billing,
    outbox,
    logger: pino({ level: "silent" }),
    pageUrl: "http://127.0.0.1:3000/account/subscription",
  });
  return { carrier, writes, queued };
}

async function pending(row: Subscriber, values: Partial<typeof subscriptionChanges.$inferInsert>) {
  const [change] = await database.db
    .insert(subscriptionChanges)
    .values({ subscriptionId: row.id, sequence: row.changeCount + 1, kind: "skip", pending: true, ...values })
    .returning();
  if (!change) throw new Error("no change");
  return change;
}

const changesOf = (row: Subscriber) =>
  database.db
    .select({ kind: subscriptionChanges.kind, pending: subscriptionChanges.pending })
    .from(subscriptionChanges)
    .where(eq(subscriptionChanges.subscriptionId, row.id));
const recorded = async (row: Subscriber) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0];

describe("a subscriber's change carried to Stripe (decision 157)", () => {
  it("carried by two at once: Stripe written by both, recorded and e-mailed once", async () => {
    const row = await insertSubscriber(database.db);
    const change = await pending(row, { kind: "skip", bottle: 1 });
    const { carrier, writes, queued } = carrierFor(stripeSubscriptionOf(row));
    const outcomes = await Promise.all([carrier.carry(row, change), carrier.carry(row, change)]);
    expect(outcomes.sort()).toEqual(["made", "made_elsewhere"]);
    expect(writes).toEqual(["pauses", "pauses"]);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ dedupeKey: change.id, to: row.email, payload: { change: "skip" } });
    expect(await changesOf(row)).toEqual([{ kind: "skip", pending: false }]);
    expect((await recorded(row))?.changeCount).toBe(1);
  });

  it("not carried within a day: dropped, the bottles written back on Stripe and in the record, the subscriber told", async () => {
    const row = await insertSubscriber(database.db);
    const change = await pending(row, {
      kind: "quantity",
      quantity: 3,
      previousQuantity: 1,
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    // Stripe holds the new number, and its event brought it into the record.
    await database.db.update(subscriptions).set({ quantity: 3 }).where(eq(subscriptions.id, row.id));
    const { carrier, writes, queued } = carrierFor(stripeSubscriptionOf(row, { quantity: 3 }));
    expect(await carrier.carry({ ...row, quantity: 3 }, change)).toBe("dropped");
    expect(writes).toEqual(["quantity 1", "pauses"]);
    expect(await changesOf(row)).toEqual([]);
    expect((await recorded(row))?.quantity).toBe(1);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload).toMatchObject({
      change: "not_made",
      asked: { kind: "quantity", quantity: 3 },
      amount: 3315,
    });
  });

  describe("a day-old skip whose delivery's day has gone by (decision 160)", () => {
    const start = zonedDate(SUBSCRIBED_AT, STORE_TIME_ZONE);
    const due = addDays(start, 30);
    /** Stripe's time: two days after the skipped delivery's day, nothing charged since the start. */
    const now = pauseInstant(addDays(due, 2));
    const skipsPause = (resumeOn: string): BillingPause => ({
      key: "after-0",
      pauseAt: pauseInstant(addDays(due, -1)),
      resumeAt: pauseInstant(resumeOn),
      pauseStatus: "completed",
    });
    const dayOld = (row: Subscriber) =>
      pending(row, { kind: "skip", bottle: 1, createdAt: new Date(Date.now() - 25 * 3_600_000) });

    it("made, and told as made, when Stripe's pause for it covered that day", async () => {
      const row = await insertSubscriber(database.db);
      const change = await dayOld(row);
      const held = [skipsPause(addDays(start, 74))];
      const { carrier, writes, queued } = carrierFor(stripeSubscriptionOf(row), { now, held });
      expect(await carrier.carry(row, change)).toBe("made");
      expect(writes).toEqual(["pauses"]);
      expect(await changesOf(row)).toEqual([{ kind: "skip", pending: false }]);
      expect(queued.map((input) => input.payload)).toMatchObject([{ change: "skip", skippedOn: due }]);
    });

    it("dropped when Stripe holds no such pause, or one that ended by that day", async () => {
      for (const held of [[], [skipsPause(due)], [{ ...skipsPause(addDays(start, 74)), key: "after-1" }]]) {
        const row = await insertSubscriber(database.db);
        const change = await dayOld(row);
        const { carrier, queued } = carrierFor(stripeSubscriptionOf(row), { now, held });
        expect(await carrier.carry(row, change)).toBe("dropped");
        expect(queued.map((input) => input.payload)).toMatchObject([{ change: "not_made" }]);
      }
    });
  });

  it("of a subscription Stripe has ended: removed, nothing written, nothing told", async () => {
    const row = await insertSubscriber(database.db);
    const change = await pending(row, { kind: "pause", fromDate: "2027-01-25", weeks: 3 });
    const { carrier, writes, queued } = carrierFor(stripeSubscriptionOf(row, { status: "canceled" }));
    expect(await carrier.carry(row, change)).toBe("subscription_ended");
    expect(writes).toEqual([]);
    expect(queued).toEqual([]);
    expect(await changesOf(row)).toEqual([]);
  });

  it("the sweep settles the changes left pending, and leaves a subscription whose change is under way", async () => {
    const idle = await insertSubscriber(database.db);
    const busy = await insertSubscriber(database.db);
    await pending(idle, { kind: "skip", bottle: 1 });
    await pending(busy, { kind: "skip", bottle: 1 });
    await database.db
      .update(subscriptions)
      .set({ changingUntil: sql`now() + interval '1 minute'` })
      .where(eq(subscriptions.id, busy.id));
    const { carrier, queued } = carrierFor(stripeSubscriptionOf(idle));
    const sweep = createUnconfirmedChangesSweep({
      db: database.db,
      carrier,
      logger: pino({ level: "silent" }),
      pollIntervalMs: 60_000,
    });
    expect(await sweep.runOnce()).toBe(1);
    expect(await changesOf(idle)).toEqual([{ kind: "skip", pending: false }]);
    expect(await changesOf(busy)).toEqual([{ kind: "skip", pending: true }]);
    expect(queued.map((input) => input.to)).toEqual([idle.email]);
    expect((await recorded(idle))?.changingUntil).toBeNull();
  });
});
