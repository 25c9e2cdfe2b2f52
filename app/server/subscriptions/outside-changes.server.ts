import { eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";
import type { Logger } from "~/server/runtime/logger.server";
import type { SubscriptionBilling, SubscriptionDetails } from "~/server/stripe/subscription-types";
import type { SubscriptionReminders } from "./reminders.server";
import { whileNoChangeUnderWay } from "./subscription-hold.server";

/**
 * A subscription changed outside this site (issue 36 item 8; decision 133): in Stripe's dashboard, by
 * the shop's staff, or by Stripe itself. `customer.subscription.updated` and the
 * `subscription_schedule.*` events re-read the subscription from Stripe, whichever event it was and in
 * whatever order they come, and bring this site's record in step:
 *
 * - cancelled at Stripe: the cancellation (marked once, e-mailed once: `deleted`);
 * - the bottles per delivery: the record follows Stripe (the next order ships what Stripe charged);
 * - the price: a price the subscriber did not agree to is logged as an error; its invoices are refused
 *   by `invoice.paid`'s check (decision 130) rather than fulfilled, until someone puts it right;
 * - the schedule released (its pauses with it) or its pauses edited: the cycle's pauses are written
 *   again (`follow`), so the weeks off are not charged; when Stripe already holds them nothing is
 *   written, so the write's own `subscription_schedule.updated` ends there; and nothing is written
 *   while a change of the subscriber's is under way, carried or still pending (it writes them itself);
 * - and the reminders planned again from what Stripe now holds.
 *
 * Each step reads the present state, so an event delivered twice, late or out of order changes
 * nothing more than the latest state calls for.
 */

type Row = typeof subscriptions.$inferSelect;

export type OutsideChangeResult = { handled: true; outcome: string } | { handled: false; ignored: string };

export type OutsideChangeContext = {
  db: Db;
  billing: Pick<SubscriptionBilling, "retrieveSubscription">;
  logger: Logger;
  /** This site's record of the Stripe subscription (linked on first sight), or null: not ours. */
  ours(subscriptionId: string, known?: SubscriptionDetails | null): Promise<Row | null>;
  /** Writes the cycle's pauses; true when Stripe did not already hold them. */
  follow(subscriptionId: string, row: Row): Promise<boolean>;
  /** The cancellation: the record marked, one e-mail. */
  deleted(subscriptionId: string): Promise<OutsideChangeResult>;
  reminders?: Pick<SubscriptionReminders, "plan">;
};

const FOLLOWED = new Set(["active", "past_due", "paused"]);
export async function followOutsideChange(
  context: OutsideChangeContext,
  subscriptionId: string,
  notOurs: OutsideChangeResult,
): Promise<OutsideChangeResult> {
  const { db, logger } = context;
  const details = await context.billing.retrieveSubscription(subscriptionId);
  let row = await context.ours(subscriptionId, details);
  if (!row) return notOurs;
  if (!details) return { handled: false, ignored: "unknown to Stripe" };
  if (details.status === "canceled") return context.deleted(subscriptionId);
  if (row.status === "canceled" || !FOLLOWED.has(details.status))
    return { handled: false, ignored: `nothing to follow while ${details.status}` };
  const changes: string[] = [];

  if (details.quantity !== row.quantity) {
    const [updated] = await db
      .update(subscriptions)
      .set({ quantity: details.quantity, updatedAt: sql`now()` })
      .where(eq(subscriptions.id, row.id))
      .returning();
    logger.info(
      { subscriptionId: row.id, from: row.quantity, to: details.quantity },
      "subscription bottles per delivery changed at Stripe: followed",
    );
    row = updated ?? row;
    changes.push("quantity_followed");
  }

  if (details.unitAmount !== row.unitAmount || details.currency !== row.currency) {
    logger.error(
      {
        subscriptionId: row.id,
        recorded: { unitAmount: row.unitAmount, currency: row.currency },
        stripe: { unitAmount: details.unitAmount, currency: details.currency },
      },
      "subscription price changed at Stripe to one the subscriber did not agree to: its invoices will not be fulfilled",
    );
    changes.push("price_not_agreed");
  }

  const hadSchedule = Boolean(details.scheduleId);
  const held = row;
  const wrote = await whileNoChangeUnderWay(db, row.id, () => context.follow(subscriptionId, held));
  if (wrote === null) changes.push("a_change_of_the_subscriber_under_way");
  if (wrote) {
    if (hadSchedule)
      logger.warn(
        { subscriptionId: row.id },
        "subscription pauses differed from its cycle at Stripe: written again",
      );
    else logger.info({ subscriptionId: row.id }, "subscription schedule attached with the cycle's pauses");
    changes.push(hadSchedule ? "pauses_restored" : "schedule_attached");
  }

  await context.reminders?.plan(row);
  return { handled: true, outcome: changes.length ? changes.join(" ") : "in_step" };
}
