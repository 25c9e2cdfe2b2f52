import { and, eq, isNull, lt, notExists, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { subscriptionChanges, subscriptions } from "~/server/db/schema";

/** No one holds the subscription: no hold, or one that ran out (its process died or gave up). */
export const notHeld = () =>
  or(isNull(subscriptions.changingUntil), lt(subscriptions.changingUntil, sql`now()`));

/** How long this site's hold on a subscription lasts while it writes its pauses (a write takes well under). */
const HOLD_MS = 60_000;

async function holding<T>(db: Db, id: string, free: SQL | undefined, write: () => Promise<T>) {
  const until = new Date(Date.now() + HOLD_MS);
  const [held] = await db
    .update(subscriptions)
    .set({ changingUntil: until })
    .where(and(eq(subscriptions.id, id), free))
    .returning({ id: subscriptions.id });
  if (!held) return null;
  try {
    return await write();
  } finally {
    await db
      .update(subscriptions)
      .set({ changingUntil: null })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.changingUntil, until)));
  }
}

/**
 * Runs `write` holding the subscription as the subscriber's own changes do (decision 132's
 * `changing_until`), or not at all (null) while another holds it. The sweep that carries pending
 * changes (decision 157) holds a subscription so.
 */
export function whileHeld<T>(db: Db, id: string, write: () => Promise<T>): Promise<T | null> {
  return holding(db, id, notHeld(), write);
}

/**
 * Runs `write` holding the subscription, or not at all (null) while a change of the subscriber's is
 * under way: held while it is carried to Stripe, or written down and still pending (decision 157; its
 * carrier's hold let go when Stripe did not answer or the process died). That change writes the
 * pauses itself, made or dropped; a write from the calendar before then would undo on Stripe what
 * Stripe may already hold. Stripe's events write the calendar's pauses so.
 */
export function whileNoChangeUnderWay<T>(db: Db, id: string, write: () => Promise<T>): Promise<T | null> {
  const noneWaiting = notExists(
    db
      .select({ id: subscriptionChanges.id })
      .from(subscriptionChanges)
      .where(
        and(eq(subscriptionChanges.subscriptionId, subscriptions.id), eq(subscriptionChanges.pending, true)),
      ),
  );
  return holding(db, id, and(notHeld(), noneWaiting), write);
}
