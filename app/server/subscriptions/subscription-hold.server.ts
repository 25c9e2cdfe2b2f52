import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";

/** No one holds the subscription: no hold, or one that ran out (its process died or gave up). */
export const notHeld = () =>
  or(isNull(subscriptions.changingUntil), lt(subscriptions.changingUntil, sql`now()`));

/** How long this site's hold on a subscription lasts while it writes its pauses (a write takes well under). */
const HOLD_MS = 60_000;

/**
 * Runs `write` holding the subscription as the subscriber's own changes do (decision 132's
 * `changing_until`), or not at all (null) while one of them is being carried to Stripe: that change
 * writes the pauses itself, and a write from the calendar before its row is recorded would undo it.
 */
export async function whileHeld<T>(db: Db, id: string, write: () => Promise<T>): Promise<T | null> {
  const until = new Date(Date.now() + HOLD_MS);
  const [held] = await db
    .update(subscriptions)
    .set({ changingUntil: until })
    .where(and(eq(subscriptions.id, id), notHeld()))
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
