import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { subscriptionChanges, subscriptions } from "~/server/db/schema";
import { DomainError } from "~/server/errors.server";
import { createBackgroundLoop } from "~/server/jobs/background-loop.server";
import type { Outbox } from "~/server/mail/outbox.server";
import type { SubscriptionChanged } from "~/server/mail/templates/subscription-changes";
import type { Logger } from "~/server/runtime/logger.server";
import type { SubscriptionBilling, SubscriptionDetails } from "~/server/stripe/subscription-types";
import {
  addDays,
  type CycleCalendar,
  type CycleCharge,
  type PlainDate,
  STORE_TIME_ZONE,
  zonedDate,
} from "~/shared/subscription-cycle";
import {
  askedPause,
  type ChangeRow,
  calendarInputsOf,
  calendarOf,
  changesOf,
  inputsWith,
  pausesFor,
  type SubscriptionRow,
  upcomingCharge,
  withdrawnPause,
} from "./manage-calendar.server";
import { SUBSCRIPTION_CHANGED } from "./subscription-emails.server";
import { notHeld, whileHeld } from "./subscription-hold.server";

/**
 * A subscriber's change from the moment it is written down until Stripe holds it (decision 157). The
 * change is recorded `pending` before the first call to Stripe; `carry` makes Stripe hold it (every
 * write sets a state, so carrying it again is harmless) and then, in one transaction, marks it made,
 * updates the subscription's terms and queues its one e-mail. A change left pending, because Stripe did
 * not answer or the process died between Stripe's answer and the record, is carried again by the next
 * change to the subscription or by the sweep below, whichever comes first; one that can no longer be
 * made (Stripe refused it, its delivery was charged meanwhile, or a day went by) is dropped: Stripe is
 * written back to the recorded calendar and the subscriber is told by e-mail that it was not made. A
 * skip Stripe carried out past its delivery's day is made, however old (decision 160).
 */

export type ChangeCarrierDeps = {
  db: Db;
  billing: SubscriptionBilling;
  outbox: Outbox;
  logger: Logger;
  /** The subscriber's page, linked from the e-mails. */
  pageUrl: string;
};

/** A pending change older than this is not carried any more: it is dropped. */
export const UNCONFIRMED_CHANGE_DAYS = 1;
/** The calendar is drawn this far ahead when a change is carried (its pauses and next charge). */
const CALENDAR_DAYS = 400;

export type CarryOutcome = "made" | "made_elsewhere" | "dropped" | "subscription_ended";

/** The change's terms as the calendar's state after it: the next charge and bottles per delivery. */
type After = { calendar: CycleCalendar; next: CycleCharge | null; quantity: number };

function noticeOf(
  row: SubscriptionRow,
  change: ChangeRow,
  after: After,
  pageUrl: string,
): SubscriptionChanged {
  const common = {
    productTitle: row.productTitle,
    nextChargeOn: after.next?.date ?? null,
    amount: row.unitAmount * after.quantity,
    currency: row.currency,
    manageUrl: pageUrl,
  };
  switch (change.kind) {
    case "skip":
      return {
        change: "skip",
        skippedOn: after.calendar.charges.find((charge) => charge.bottle === change.bottle)?.date as string,
        ...common,
      };
    case "pause":
      return { change: "pause", from: change.fromDate as string, weeks: change.weeks as number, ...common };
    case "cycle":
      return {
        change: "cycle",
        from: change.fromDate as string,
        weeksOn: change.weeksOn as number,
        weeksOff: change.weeksOff as number,
        ...common,
      };
    default:
      return {
        change: "quantity",
        quantity: change.quantity as number,
        unitAmount: row.unitAmount,
        ...common,
      };
  }
}

/** Why a pending change can no longer be made as asked, or null when it still can. */
export function whyNotNow(
  change: ChangeRow,
  state: { before: CycleCalendar; today: PlainDate; lastChargeOn: PlainDate },
): string | null {
  if (change.createdAt.getTime() < Date.now() - UNCONFIRMED_CHANGE_DAYS * 86_400_000)
    return "not carried to Stripe within a day";
  if (change.kind === "skip") {
    const next = upcomingCharge(state.before, state.today, state.lastChargeOn);
    return next?.bottle === change.bottle ? null : "its delivery is no longer the next one";
  }
  // A pause or new cycle from a day since charged would draw a calendar Stripe did not follow.
  if (
    (change.kind === "pause" || change.kind === "cycle") &&
    change.fromDate &&
    change.fromDate <= state.lastChargeOn
  )
    return "a charge was made since the day it was to start";
  return null;
}

export function createChangeCarrier(deps: ChangeCarrierDeps) {
  const { db, billing, outbox, logger, pageUrl } = deps;

  const pendingOf = (subscriptionId: string) => changesOf(db, subscriptionId, { pending: true });

  async function stateOf(row: SubscriptionRow, details: SubscriptionDetails) {
    const now = await billing.timeOf(details.testClockId);
    const today = zonedDate(now, STORE_TIME_ZONE);
    const lastChargeOn = zonedDate(details.currentPeriodStart, STORE_TIME_ZONE);
    const inputs = await calendarInputsOf(db, row);
    const through = addDays(today, CALENDAR_DAYS);
    return { now, today, lastChargeOn, inputs, through, before: calendarOf(details, inputs, through) };
  }

  /**
   * Whether Stripe carried out a pending skip whose delivery's day has since gone by (decision 160):
   * nothing was charged on that day, and Stripe holds the skip's own pause, begun before the day and
   * resuming after it. That delivery cannot be had back, so the skip is recorded as made, however old.
   */
  async function skippedAtStripe(
    change: ChangeRow,
    details: SubscriptionDetails,
    state: Awaited<ReturnType<typeof stateOf>>,
  ): Promise<boolean> {
    if (change.kind !== "skip") return false;
    const skipped = state.before.charges.find((charge) => charge.bottle === change.bottle);
    if (!skipped || skipped.date >= state.today || skipped.date <= state.lastChargeOn) return false;
    const asked = askedPause(details, inputsWith(state.inputs, change), state.now);
    if (!asked) return false;
    const dayOf = (instant: number) => zonedDate(instant, STORE_TIME_ZONE);
    return (await billing.pausesOf(details.id)).some(
      (held) =>
        held.key === asked.key &&
        held.pauseAt <= state.now &&
        dayOf(held.pauseAt) < skipped.date &&
        dayOf(held.resumeAt) > skipped.date,
    );
  }

  /**
   * Writes Stripe back to the recorded calendar and terms (the change undone, if it got there), removes
   * the change and queues the e-mail saying it was not made.
   */
  async function drop(
    row: SubscriptionRow,
    change: ChangeRow,
    details: SubscriptionDetails,
    why: string,
    tell = true,
  ) {
    const state = await stateOf(row, details);
    const quantity = change.kind === "quantity" ? (change.previousQuantity ?? row.quantity) : row.quantity;
    const next = upcomingCharge(state.before, state.today, state.lastChargeOn);
    // Only what this change wrote is written back (a number changed in Stripe's dashboard stays).
    if (change.kind === "quantity" && details.quantity !== quantity)
      await billing.setQuantity(details.id, quantity);
    await billing.followCycle({
      subscriptionId: details.id,
      ...pausesFor(details, state.inputs, state.now),
      // A pause of the change's that Stripe has begun ends for the next charge the subscriber is told.
      withdrawn: withdrawnPause(details, inputsWith(state.inputs, change), state.now, next?.date ?? null),
    });
    if (change.kind === "cycle")
      await billing.setCycle(details.id, { weeksOn: row.weeksOn, weeksOff: row.weeksOff });
    const dropped = await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(subscriptionChanges)
        .where(and(eq(subscriptionChanges.id, change.id), eq(subscriptionChanges.pending, true)))
        .returning({ id: subscriptionChanges.id });
      if (!removed) return false;
      // Stripe's event may have brought the unconfirmed quantity into the record (decision 133).
      if (change.kind === "quantity")
        await tx
          .update(subscriptions)
          .set({ quantity, updatedAt: sql`now()` })
          .where(eq(subscriptions.id, row.id));
      if (row.email && tell)
        await outbox.enqueue(tx, {
          kind: SUBSCRIPTION_CHANGED,
          dedupeKey: change.id,
          to: row.email,
          payload: {
            change: "not_made",
            asked: notMadeAsked(change),
            askedOn: zonedDate(Math.floor(change.createdAt.getTime() / 1000), STORE_TIME_ZONE),
            productTitle: row.productTitle,
            nextChargeOn: next?.date ?? null,
            amount: row.unitAmount * quantity,
            currency: row.currency,
            manageUrl: pageUrl,
          } satisfies SubscriptionChanged,
        });
      return true;
    });
    if (dropped) {
      outbox.nudge();
      logger.warn(
        { subscriptionId: row.id, change: change.kind, why },
        "a subscriber's change could not be made: dropped, Stripe written back, the subscriber told",
      );
    }
  }

  /**
   * Makes Stripe hold `change` and records it as made with its one e-mail (or drops it, when it can no
   * longer be made). The caller holds the subscription (its lease); Stripe's failures are thrown. In
   * the subscriber's own request (`inRequest`), Stripe's refusal is dropped without an e-mail and
   * thrown: the page tells them.
   */
  async function carry(
    row: SubscriptionRow,
    change: ChangeRow,
    options: { details?: SubscriptionDetails; inRequest?: boolean } = {},
  ): Promise<CarryOutcome> {
    const details =
      options.details ??
      (row.stripeSubscriptionId ? await billing.retrieveSubscription(row.stripeSubscriptionId) : null);
    if (!details || details.status === "canceled" || row.status === "canceled") {
      // The subscription ended (its cancellation is recorded by its own event): nothing to carry.
      await db
        .delete(subscriptionChanges)
        .where(and(eq(subscriptionChanges.id, change.id), eq(subscriptionChanges.pending, true)));
      return "subscription_ended";
    }
    const state = await stateOf(row, details);
    const why = whyNotNow(change, state);
    if (why && !(await skippedAtStripe(change, details, state))) {
      await drop(row, change, details, why);
      return "dropped";
    }
    const adjusted = inputsWith(state.inputs, change);
    const quantity = change.kind === "quantity" ? (change.quantity as number) : row.quantity;
    try {
      if (change.kind === "quantity" && details.quantity !== quantity)
        await billing.setQuantity(details.id, quantity);
      await billing.followCycle({ subscriptionId: details.id, ...pausesFor(details, adjusted, state.now) });
      if (change.kind === "cycle")
        await billing.setCycle(details.id, {
          weeksOn: change.weeksOn as number,
          weeksOff: change.weeksOff as number,
        });
    } catch (error) {
      // Stripe refused it (not: did not answer): it will not be made by asking again.
      if (error instanceof DomainError && error.category === "provider_rejected") {
        await drop(row, change, details, `Stripe refused it: ${error.message}`, !options.inRequest);
        if (options.inRequest) throw error;
        return "dropped";
      }
      throw error;
    }
    const calendar = calendarOf(details, adjusted, state.through);
    const after = { calendar, next: upcomingCharge(calendar, state.today, state.lastChargeOn), quantity };
    const made = await db.transaction(async (tx) => {
      const [confirmed] = await tx
        .update(subscriptionChanges)
        .set({ pending: false })
        .where(and(eq(subscriptionChanges.id, change.id), eq(subscriptionChanges.pending, true)))
        .returning({ id: subscriptionChanges.id });
      if (!confirmed) return false;
      await tx
        .update(subscriptions)
        .set({
          changeCount: change.sequence,
          updatedAt: sql`now()`,
          ...(change.kind === "cycle"
            ? { weeksOn: change.weeksOn as number, weeksOff: change.weeksOff as number }
            : {}),
          ...(change.kind === "quantity" ? { quantity } : {}),
        })
        .where(eq(subscriptions.id, row.id));
      if (row.email)
        await outbox.enqueue(tx, {
          kind: SUBSCRIPTION_CHANGED,
          dedupeKey: change.id,
          to: row.email,
          payload: noticeOf(row, change, after, pageUrl),
        });
      return true;
    });
    if (!made) return "made_elsewhere";
    outbox.nudge();
    logger.info({ subscriptionId: row.id, change: change.kind }, "subscription changed by its subscriber");
    return "made";
  }

  /**
   * Carries (or drops) the subscription's pending changes, in order, holding its lease: answers the
   * subscription as recorded after them.
   */
  async function settle(row: SubscriptionRow): Promise<SubscriptionRow> {
    const pending = await pendingOf(row.id);
    if (pending.length === 0) return row;
    let current = row;
    for (const change of pending) {
      const outcome = await carry(current, change);
      if (outcome !== "made_elsewhere")
        logger.warn(
          { subscriptionId: row.id, change: change.kind, outcome },
          "a pending subscription change settled",
        );
      const [now] = await db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
      current = now ?? current;
    }
    return current;
  }

  return { carry, settle, pendingOf };
}

export type ChangeCarrier = ReturnType<typeof createChangeCarrier>;

function notMadeAsked(change: ChangeRow): Extract<SubscriptionChanged, { change: "not_made" }>["asked"] {
  switch (change.kind) {
    case "skip":
      return { kind: "skip" };
    case "pause":
      return { kind: "pause", weeks: change.weeks as number };
    case "cycle":
      return { kind: "cycle", weeksOn: change.weeksOn as number, weeksOff: change.weeksOff as number };
    default:
      return { kind: "quantity", quantity: change.quantity as number };
  }
}

/**
 * The sweep: every `pollIntervalMs`, the subscriptions with a pending change and no change under way
 * (their lease ended: the process carrying it died, or gave up when Stripe did not answer) are held and
 * settled, a few at a time, each in its own try.
 */
export function createUnconfirmedChangesSweep(options: {
  db: Db;
  carrier: ChangeCarrier;
  logger: Logger;
  pollIntervalMs: number;
  batchSize?: number;
}) {
  const { db, carrier, logger } = options;
  const batchSize = options.batchSize ?? 20;

  async function runOnce(deadline = Number.POSITIVE_INFINITY): Promise<number> {
    const due = await db
      .selectDistinct({ id: subscriptions.id })
      .from(subscriptionChanges)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionChanges.subscriptionId))
      .where(and(eq(subscriptionChanges.pending, true), notHeld()))
      .limit(batchSize);
    let settled = 0;
    for (const { id } of due) {
      if (Date.now() >= deadline) break;
      try {
        const done = await whileHeld(db, id, async () => {
          const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
          if (row) await carrier.settle(row);
          return true;
        });
        if (done) settled += 1;
      } catch (error) {
        logger.warn(
          { err: error, subscriptionId: id },
          "a pending subscription change could not be settled yet",
        );
      }
    }
    return settled;
  }

  const loop = createBackgroundLoop({
    name: "unconfirmed subscription changes",
    logger,
    pass: runOnce,
    pollIntervalMs: options.pollIntervalMs,
    passDeadlineMs: 60_000,
  });
  return {
    runOnce,
    start: () => loop.start(),
    stop: (waitMs?: number) => loop.stop(waitMs),
    nudge: () => loop.nudge(),
  };
}

export type UnconfirmedChangesSweep = ReturnType<typeof createUnconfirmedChangesSweep>;
