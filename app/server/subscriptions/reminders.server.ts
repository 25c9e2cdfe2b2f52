import { and, eq, gt, inArray, isNotNull, isNull, lte, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { subscriptionReminders, subscriptions } from "~/server/db/schema";
import { createDurableQueue, type QueueItem, queueControls } from "~/server/jobs/durable-queue.server";
import { stillOurs, tableQueueStore } from "~/server/jobs/queue-rows.server";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import {
  type BreakReminder,
  breakReminderPayload,
  type ChargeReminder,
  chargeReminderPayload,
  renderBreakEnds,
  renderBreakStarts,
  renderChargeReminder,
} from "~/server/mail/templates/subscription-reminders";
import type { Logger } from "~/server/runtime/logger.server";
import type {
  BillingPause,
  SubscriptionBilling,
  SubscriptionDetails,
} from "~/server/stripe/subscription-types";
import { nextCharge, STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import { calendarInputsOf } from "./manage-calendar.server";
import {
  breaksOf,
  calendarOf,
  type PlannedReminder,
  planReminders,
  REMINDER_LEAD_DAYS,
  type ReminderKind,
  type ReminderPlanInput,
} from "./reminder-plan.server";

/**
 * A subscriber's reminders (issue 36 item 4; docs/decisions/133-subscription-reminders-and-outside-changes.md).
 *
 * - Before an ordinary renewal: Stripe's `invoice.upcoming` (sent the number of days before a renewal
 *   the account's Billing settings say: three), checked against what Stripe holds now and e-mailed at
 *   once (`upcoming`).
 * - Before a charge that resumes the subscription after a break, and before each break starts and
 *   ends: Stripe sends nothing early enough, so each is a row in `subscription_reminders`, planned
 *   from Stripe's events (`plan`: its pause schedules, the subscription's start and cycle) and due on
 *   Stripe's clock: the real time, or the subscription's test clock in tests and the sandbox, read
 *   from Stripe at each pass (and each `test_helpers.test_clock.ready`). A due row is re-checked
 *   against Stripe before it is sent, and dropped when the plan no longer holds it.
 *
 * Every reminder is one outbox message, unique per (kind, subscription and date): once, whichever
 * process, replay or source (an `invoice.upcoming` and a planned row for the same charge) comes first.
 */

export const SUBSCRIPTION_CHARGE_REMINDER = "subscription_charge_reminder";
export const SUBSCRIPTION_BREAK_STARTS = "subscription_break_starts";
export const SUBSCRIPTION_BREAK_ENDS = "subscription_break_ends";

export const reminderTemplates = [
  defineEmailTemplate<ChargeReminder>({
    kind: SUBSCRIPTION_CHARGE_REMINDER,
    payload: chargeReminderPayload,
    render: renderChargeReminder,
  }),
  defineEmailTemplate<BreakReminder>({
    kind: SUBSCRIPTION_BREAK_STARTS,
    payload: breakReminderPayload,
    render: renderBreakStarts,
  }),
  defineEmailTemplate<BreakReminder>({
    kind: SUBSCRIPTION_BREAK_ENDS,
    payload: breakReminderPayload,
    render: renderBreakEnds,
  }),
];

const OUTBOX_KIND: Record<ReminderKind, string> = {
  charge: SUBSCRIPTION_CHARGE_REMINDER,
  off_start: SUBSCRIPTION_BREAK_STARTS,
  off_end: SUBSCRIPTION_BREAK_ENDS,
};

/** The self-service page each reminder links to (its actions named in the address). */
export const MANAGE_PATH = "/account/subscription";

type SubscriptionRow = typeof subscriptions.$inferSelect;
type ReminderRow = typeof subscriptionReminders.$inferSelect & QueueItem;

export type ReminderOutcome = { handled: true; outcome: string } | { handled: false; ignored: string };

export type SubscriptionRemindersDeps = {
  db: Db;
  billing: Pick<SubscriptionBilling, "retrieveSubscription" | "pausesOf" | "stripeNow">;
  outbox: Pick<Outbox, "enqueue" | "nudge">;
  logger: Logger;
  siteUrl: string;
  claimInTransaction?: boolean;
  /** How often due rows are looked for (besides each test clock's `ready` and each plan). */
  pollIntervalMs?: number;
  leaseMs?: number;
};

export interface SubscriptionReminders {
  /** Plans the subscription's reminders again from what Stripe holds now (after any of its events). */
  plan(row: SubscriptionRow, details?: SubscriptionDetails | null): Promise<void>;
  /** Stripe's `invoice.upcoming`: the charge reminder of an ordinary renewal. */
  upcoming(row: SubscriptionRow, details: SubscriptionDetails): Promise<ReminderOutcome>;
  /** A pass over the due reminders now (a test clock moved); answers how many were sent. */
  runDue(): Promise<number>;
  readonly name: string;
  processDue(limit?: number, deadline?: number): Promise<number>;
  retry(id: string): Promise<boolean>;
  nudge(): void;
  start(): void;
  stop(waitMs?: number): Promise<void>;
}

const DAY = 86_400;
const ignored = (why: string): ReminderOutcome => ({ handled: false, ignored: why });

/** Reminders not yet sent of a subscription that ended: dropped (in the cancellation's transaction). */
export async function dropReminders(executor: Db, subscriptionId: string): Promise<void> {
  await executor
    .update(subscriptionReminders)
    .set({ status: "dropped", lockedUntil: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(subscriptionReminders.subscriptionId, subscriptionId),
        inArray(subscriptionReminders.status, ["scheduled", "pending"]),
      ),
    );
}

export function createSubscriptionReminders(deps: SubscriptionRemindersDeps): SubscriptionReminders {
  const { db, billing, outbox, logger } = deps;
  const leaseMs = deps.leaseMs ?? 60_000;
  const manageUrl = new URL(MANAGE_PATH, deps.siteUrl).toString();

  /** The plan's inputs: Stripe's state, and the cycle with the subscriber's changes, as `follow` writes them. */
  async function planInput(
    row: SubscriptionRow,
    details: SubscriptionDetails,
    pauses: readonly BillingPause[],
    now: number,
  ): Promise<ReminderPlanInput> {
    const { cycle, adjustments } = await calendarInputsOf(db, row);
    return { startedAt: details.startedAt, cycle, adjustments, pauses, now };
  }

  /** What Stripe holds now for the subscription; null when it is over (or Stripe's clock is gone). */
  async function stripeState(row: SubscriptionRow, known?: SubscriptionDetails | null) {
    if (!row.stripeSubscriptionId || row.status === "canceled") return null;
    const details = known ?? (await billing.retrieveSubscription(row.stripeSubscriptionId));
    if (!details || details.status === "canceled") return null;
    const [pauses, now] = await Promise.all([
      billing.pausesOf(row.stripeSubscriptionId),
      billing.stripeNow(details.testClockId),
    ]);
    if (now === null) return null;
    return { details, input: await planInput(row, details, pauses, now) };
  }

  async function plan(row: SubscriptionRow, known?: SubscriptionDetails | null) {
    const state = await stripeState(row, known);
    if (!state) {
      await dropReminders(db, row.id);
      return;
    }
    const planned = planReminders(state.input);
    const testClock = state.details.testClockId;
    for (const entry of planned) {
      await db
        .insert(subscriptionReminders)
        .values({
          subscriptionId: row.id,
          kind: entry.kind,
          onDate: entry.onDate,
          dueAt: new Date(entry.dueAt * 1000),
          testClock,
        })
        .onConflictDoUpdate({
          target: [
            subscriptionReminders.subscriptionId,
            subscriptionReminders.kind,
            subscriptionReminders.onDate,
          ],
          set: {
            dueAt: new Date(entry.dueAt * 1000),
            testClock,
            status: "scheduled",
            updatedAt: sql`now()`,
          },
          // Sent, claimed or already due: left alone (the worker checks a due one against Stripe).
          setWhere: inArray(subscriptionReminders.status, ["scheduled", "dropped"]),
        });
    }
    // Planned before, no longer (a skip, a pause, a new cycle): dropped unless already under way.
    const today = zonedDate(state.input.now, STORE_TIME_ZONE);
    const kept = (kind: ReminderKind) =>
      planned.filter((entry) => entry.kind === kind).map((entry) => entry.onDate);
    for (const kind of ["charge", "off_start", "off_end"] as const) {
      const dates = kept(kind);
      await db
        .update(subscriptionReminders)
        .set({ status: "dropped", updatedAt: sql`now()` })
        .where(
          and(
            eq(subscriptionReminders.subscriptionId, row.id),
            eq(subscriptionReminders.kind, kind),
            eq(subscriptionReminders.status, "scheduled"),
            gt(subscriptionReminders.onDate, today),
            dates.length ? notInArray(subscriptionReminders.onDate, dates) : undefined,
          ),
        );
    }
    queue.nudge();
  }

  function chargePayload(row: SubscriptionRow, details: SubscriptionDetails, onDate: string): ChargeReminder {
    return {
      productTitle: row.productTitle,
      chargeOn: onDate,
      amount: details.unitAmount * details.quantity,
      currency: details.currency,
      bottles: details.quantity,
      manageUrl,
    };
  }

  /** A break reminder's facts, or null when the calendar holds no such break any more. */
  function breakPayload(
    row: SubscriptionRow,
    details: SubscriptionDetails,
    input: ReminderPlanInput,
    kind: "off_start" | "off_end",
    onDate: string,
  ): BreakReminder | null {
    const calendar = calendarOf(input);
    const found = breaksOf(calendar).find((entry) =>
      kind === "off_start" ? entry.start === onDate : entry.end === onDate,
    );
    if (!found) return null;
    // The next charge after the break: the resume Stripe will make, else the calendar's.
    const resume = input.pauses
      .filter((pause) => pause.resumeStatus !== "succeeded")
      .map((pause) => zonedDate(pause.resumeAt, STORE_TIME_ZONE))
      .find((date) => date >= found.start);
    const on = resume ?? nextCharge(calendar, found.start)?.date ?? null;
    return {
      productTitle: row.productTitle,
      reason: found.reason,
      start: found.start,
      end: found.end,
      servingsLeft: kind === "off_end" && found.reason === "off" ? found.servingsCarried : null,
      next: on
        ? {
            on,
            amount: details.unitAmount * details.quantity,
            currency: details.currency,
            bottles: details.quantity,
          }
        : null,
      manageUrl,
    };
  }

  /** Queues the e-mail (once per kind, subscription and date) and marks the row sent, together. */
  async function send(
    executor: Db,
    row: SubscriptionRow,
    kind: ReminderKind,
    onDate: string,
    payload: ChargeReminder | BreakReminder,
  ) {
    if (!row.email) {
      logger.warn({ subscriptionId: row.id, kind }, "subscription reminder: no e-mail address");
      return false;
    }
    const queued = await outbox.enqueue(executor, {
      kind: OUTBOX_KIND[kind],
      dedupeKey: `${row.id} ${onDate}`,
      to: row.email,
      payload,
    });
    return queued.created;
  }

  async function drop(reminder: ReminderRow, why: string) {
    await db
      .update(subscriptionReminders)
      .set({ status: "dropped", lockedUntil: null, lastError: why, updatedAt: sql`now()` })
      .where(stillOurs(subscriptionReminders, reminder));
    logger.info(
      { reminderId: reminder.id, kind: reminder.kind, onDate: reminder.onDate, why },
      "subscription reminder dropped",
    );
    return false;
  }

  async function work(reminder: ReminderRow): Promise<boolean> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, reminder.subscriptionId));
    if (!row) return drop(reminder, "no subscription");
    const state = await stripeState(row);
    if (!state) return drop(reminder, "the subscription is over");
    const still = planReminders(state.input).some(
      (entry: PlannedReminder) => entry.kind === reminder.kind && entry.onDate === reminder.onDate,
    );
    if (!still) return drop(reminder, "no longer in the plan");
    const kind = reminder.kind as ReminderKind;
    const payload =
      kind === "charge"
        ? chargePayload(row, state.details, reminder.onDate)
        : breakPayload(row, state.details, state.input, kind, reminder.onDate);
    if (!payload) return drop(reminder, "no such break");
    const sent = await db.transaction(async (tx) => {
      const marked = await tx
        .update(subscriptionReminders)
        .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
        .where(stillOurs(subscriptionReminders, reminder))
        .returning({ id: subscriptionReminders.id });
      if (marked.length === 0) return false;
      return send(tx as unknown as Db, row, kind, reminder.onDate, payload);
    });
    if (sent) {
      logger.info({ subscriptionId: row.id, kind, onDate: reminder.onDate }, "subscription reminder queued");
      outbox.nudge();
    }
    return sent;
  }

  /** Rows whose time has come on Stripe's clock become due (the queue claims only those). */
  async function ripen() {
    const due = (extra: ReturnType<typeof and>) =>
      db
        .update(subscriptionReminders)
        .set({ status: "pending", nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(subscriptionReminders.status, "scheduled"), extra));
    await due(and(isNull(subscriptionReminders.testClock), lte(subscriptionReminders.dueAt, sql`now()`)));
    const clocks = await db
      .selectDistinct({ clock: subscriptionReminders.testClock })
      .from(subscriptionReminders)
      .where(and(eq(subscriptionReminders.status, "scheduled"), isNotNull(subscriptionReminders.testClock)))
      .limit(100);
    for (const { clock } of clocks) {
      if (!clock) continue;
      let now: number | null;
      try {
        now = await billing.stripeNow(clock);
      } catch (error) {
        logger.warn(
          { err: error, testClock: clock },
          "subscription reminders: Stripe's test clock unreadable",
        );
        continue;
      }
      if (now === null) {
        // Stripe deletes a test clock, and its customers and subscriptions, 30 days after making it.
        await db
          .update(subscriptionReminders)
          .set({ status: "dropped", lastError: "test clock deleted", updatedAt: sql`now()` })
          .where(
            and(eq(subscriptionReminders.status, "scheduled"), eq(subscriptionReminders.testClock, clock)),
          );
        continue;
      }
      await due(
        and(
          eq(subscriptionReminders.testClock, clock),
          lte(subscriptionReminders.dueAt, new Date(now * 1000)),
        ),
      );
    }
  }

  const queue = createDurableQueue<ReminderRow, boolean>({
    name: "subscription reminders",
    logger,
    store: tableQueueStore(db, subscriptionReminders, {
      leaseMs,
      inTransaction: deps.claimInTransaction ?? false,
    }),
    beforePass: ripen,
    // The work records itself: the row is marked sent in the transaction that queues the e-mail.
    work,
    record: async () => {},
    counts: (sent) => sent,
    classify: () => "transient",
    backoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
    maxAttempts: 20,
    describe: (row) => ({ kind: row.kind, onDate: row.onDate, subscriptionId: row.subscriptionId }),
    pollIntervalMs: deps.pollIntervalMs ?? 60_000,
    passDeadlineMs: 30_000,
    batch: 50,
  });

  return {
    plan,
    async upcoming(row, details) {
      if (!row.stripeSubscriptionId || row.status === "canceled") return ignored("the subscription is over");
      if (details.status !== "active" && details.status !== "past_due") return ignored("not renewing");
      const [pauses, now] = await Promise.all([
        billing.pausesOf(row.stripeSubscriptionId),
        billing.stripeNow(details.testClockId),
      ]);
      const renewsAt = details.currentPeriodEnd;
      if (pauses.some((pause) => pause.pauseStatus === "scheduled" && pause.pauseAt <= renewsAt))
        return ignored("a pause of the cycle comes before the renewal");
      // A late or replayed event after the renewal reads the next period: too far ahead to announce.
      if (now === null || renewsAt <= now || renewsAt - now > (REMINDER_LEAD_DAYS + 1) * DAY)
        return ignored("no renewal within the reminder's days");
      const onDate = zonedDate(renewsAt, STORE_TIME_ZONE);
      if (onDate <= zonedDate(now, STORE_TIME_ZONE)) return ignored("the renewal is today");
      const created = await send(db, row, "charge", onDate, chargePayload(row, details, onDate));
      if (created) outbox.nudge();
      return { handled: true, outcome: created ? "charge_reminder_queued" : "charge_reminder_exists" };
    },
    runDue: () => queue.processDue(50, Date.now() + 20_000),
    ...queueControls(queue),
  };
}
