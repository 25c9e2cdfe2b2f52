import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { subscriptionChanges, subscriptions } from "~/server/db/schema";
import type { SubscriptionBilling } from "~/server/stripe/subscription-types";
import {
  createSubscriptionEvents,
  type SubscriptionEventDeps,
} from "~/server/subscriptions/subscription-events.server";
import { openTestDatabase } from "../support/memory-database";
import { insertSubscriber, SUBSCRIBED_AT, stripeSubscriptionOf } from "../support/subscription-rows";

/**
 * Stripe's `customer.subscription.resumed` writes the cycle's next pauses (decision 119) holding the
 * subscription as a subscriber's own change does (decision 132's `changing_until`): never while one is
 * being carried to Stripe or still pending (that change writes the pauses from the same calendar; a
 * write from the calendar before its row is recorded would undo it), and the hold let go after. On a
 * real database (PGlite) and a Stripe that counts the writes.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const subscriber = () => insertSubscriber(database.db);

function eventsWith(row: Awaited<ReturnType<typeof subscriber>>) {
  const writes: string[] = [];
  // Stripe is two months in: the weeks off are over and the subscription has resumed.
  const details = stripeSubscriptionOf(row, {
    currentPeriodStart: SUBSCRIBED_AT + 60 * 86_400,
    currentPeriodEnd: SUBSCRIBED_AT + 90 * 86_400,
  });
  const billing = {
    retrieveSubscription: async () => details,
    followCycle: async ({ subscriptionId }: { subscriptionId: string }) => {
      // Written while the subscription is held: the hold is this write's, not a subscriber's.
      const [held] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
      expect(held?.changingUntil).not.toBeNull();
      writes.push(subscriptionId);
      return true;
    },
  } as unknown as SubscriptionBilling;
  const events = createSubscriptionEvents({
    db: database.db,
    billing,
    outbox: {} as SubscriptionEventDeps["outbox"],
    shopifySync: {} as SubscriptionEventDeps["shopifySync"],
    orderLinks: {} as SubscriptionEventDeps["orderLinks"],
    logger: pino({ level: "silent" }),
    siteUrl: "http://127.0.0.1:3000",
  });
  return { events, writes };
}

describe("a subscription resumed after its weeks off", () => {
  it("writes the next pauses holding the subscription, and lets the hold go", async () => {
    const row = await subscriber();
    const { events, writes } = eventsWith(row);
    expect(await events.resumed(row.stripeSubscriptionId as string)).toEqual({
      handled: true,
      outcome: "pauses_written",
    });
    expect(writes).toEqual([row.stripeSubscriptionId]);
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after?.changingUntil).toBeNull();
  });

  it("writes nothing while a change of the subscriber's is carried to Stripe, and leaves their hold", async () => {
    const row = await subscriber();
    const theirs = new Date(Date.now() + 30_000);
    await database.db
      .update(subscriptions)
      .set({ changingUntil: theirs })
      .where(eq(subscriptions.id, row.id));
    const { events, writes } = eventsWith(row);
    expect(await events.resumed(row.stripeSubscriptionId as string)).toEqual({
      handled: true,
      outcome: "a_change_of_the_subscriber_under_way",
    });
    expect(writes).toEqual([]);
    const [after] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after?.changingUntil?.getTime()).toBe(theirs.getTime());
    // A hold that lapsed (its process died) no longer stops the write.
    await database.db
      .update(subscriptions)
      .set({ changingUntil: sql`now() - interval '1 second'` })
      .where(eq(subscriptions.id, row.id));
    await events.resumed(row.stripeSubscriptionId as string);
    expect(writes).toEqual([row.stripeSubscriptionId]);
  });

  it("writes nothing while a change of the subscriber's waits, pending, for Stripe (decision 157)", async () => {
    const row = await subscriber();
    // Stripe did not answer: the change is written down, its carrier's hold let go.
    const [change] = await database.db
      .insert(subscriptionChanges)
      .values({ subscriptionId: row.id, sequence: 1, kind: "skip", bottle: 1, pending: true })
      .returning();
    const { events, writes } = eventsWith(row);
    expect(await events.resumed(row.stripeSubscriptionId as string)).toEqual({
      handled: true,
      outcome: "a_change_of_the_subscriber_under_way",
    });
    expect(writes).toEqual([]);
    // It holds back only its own subscription's writes.
    const other = await subscriber();
    const elsewhere = eventsWith(other);
    expect(await elsewhere.events.resumed(other.stripeSubscriptionId as string)).toMatchObject({
      outcome: "pauses_written",
    });
    expect(elsewhere.writes).toEqual([other.stripeSubscriptionId]);
    // Made (or dropped), it no longer stops the write.
    await database.db
      .update(subscriptionChanges)
      .set({ pending: false })
      .where(eq(subscriptionChanges.id, change?.id as string));
    await events.resumed(row.stripeSubscriptionId as string);
    expect(writes).toEqual([row.stripeSubscriptionId]);
  });
});
