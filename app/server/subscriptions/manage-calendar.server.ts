import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { subscriptionChanges, type subscriptions } from "~/server/db/schema";
import type { BillingPause, SubscriptionDetails, WithdrawnPause } from "~/server/stripe/subscription-types";
import {
  addDays,
  type CycleAdjustment,
  type CycleCalendar,
  type CycleCharge,
  type CycleChoice,
  cycleCalendar,
  isCycleChoice,
  type PlainDate,
  STORE_TIME_ZONE,
  zonedDate,
} from "~/shared/subscription-cycle";
import { cyclePauses, pauseInstant } from "./cycle-pauses.server";

/**
 * A subscription's calendar from its real inputs (decision 132): Stripe's start (the first charge), the
 * cycle it was sold with, and the subscriber's changes in the order made (subscription_changes). The
 * webhook's pauses (subscription-events.server.ts) and the account page draw it the same way.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ChangeRow = typeof subscriptionChanges.$inferSelect;

/** The changes that move the calendar, as its adjustments. */
export function adjustmentsOf(changes: readonly ChangeRow[]): CycleAdjustment[] {
  return [...changes]
    .sort((a, b) => a.sequence - b.sequence)
    .flatMap((change): CycleAdjustment[] => {
      if (change.kind === "skip" && change.bottle !== null) return [{ kind: "skip", bottle: change.bottle }];
      if (change.kind === "pause" && change.fromDate && change.weeks !== null)
        return [{ kind: "pause", from: change.fromDate, weeks: change.weeks }];
      if (change.kind === "cycle" && change.fromDate) {
        const cycle = { weeksOn: change.weeksOn ?? 0, weeksOff: change.weeksOff ?? 0 };
        return isCycleChoice(cycle) ? [{ kind: "cycle", from: change.fromDate, ...cycle }] : [];
      }
      return [];
    });
}

/** The cycle the subscription started with: the row holds the current one, a change the one before. */
export function firstCycleOf(row: SubscriptionRow, changes: readonly ChangeRow[]): CycleChoice {
  const first = [...changes]
    .sort((a, b) => a.sequence - b.sequence)
    .find((change) => change.kind === "cycle");
  const cycle = first
    ? { weeksOn: first.previousWeeksOn ?? row.weeksOn, weeksOff: first.previousWeeksOff ?? row.weeksOff }
    : { weeksOn: row.weeksOn, weeksOff: row.weeksOff };
  if (!isCycleChoice(cycle)) throw new Error(`subscription ${row.id} has no cycle the calendar knows`);
  return cycle;
}

/**
 * The subscription's changes made (held by Stripe and recorded), in order; or, with `pending`, those
 * still being carried to Stripe (decision 157), which nothing else reads as made.
 */
export async function changesOf(
  db: Db,
  subscriptionId: string,
  { pending = false }: { pending?: boolean } = {},
): Promise<ChangeRow[]> {
  return db
    .select()
    .from(subscriptionChanges)
    .where(
      and(eq(subscriptionChanges.subscriptionId, subscriptionId), eq(subscriptionChanges.pending, pending)),
    )
    .orderBy(asc(subscriptionChanges.sequence));
}

type CalendarInputs = { cycle: CycleChoice; adjustments: readonly CycleAdjustment[] };

/** The calendar's inputs with a pending change made after the recorded ones. */
export function inputsWith(inputs: CalendarInputs, change: ChangeRow): CalendarInputs {
  return { cycle: inputs.cycle, adjustments: [...inputs.adjustments, ...adjustmentsOf([change])] };
}

/** The calendar's inputs for a subscription, its changes read from the database. */
export async function calendarInputsOf(
  db: Db,
  row: SubscriptionRow,
): Promise<{ cycle: CycleChoice; adjustments: CycleAdjustment[]; changes: ChangeRow[] }> {
  const changes = await changesOf(db, row.id);
  return { cycle: firstCycleOf(row, changes), adjustments: adjustmentsOf(changes), changes };
}

/** The calendar of a subscription as Stripe holds it, drawn through `through`. */
export function calendarOf(
  details: Pick<SubscriptionDetails, "startedAt">,
  inputs: CalendarInputs,
  through: PlainDate,
): CycleCalendar {
  return cycleCalendar({
    start: zonedDate(details.startedAt, STORE_TIME_ZONE),
    ...inputs.cycle,
    adjustments: inputs.adjustments,
    through,
  });
}

/**
 * The next charge Stripe has not made: the first bottle not skipped after the last charge (the start of
 * Stripe's current period) and not before today.
 */
export function upcomingCharge(
  calendar: CycleCalendar,
  today: PlainDate,
  lastChargeOn: PlainDate,
): CycleCharge | null {
  return (
    calendar.charges.find(
      (charge) => !charge.skipped && charge.date > lastChargeOn && charge.date >= today,
    ) ?? null
  );
}

/** The day a pause or a new cycle takes effect: today, or tomorrow when today's bottle was charged. */
export function effectiveFrom(today: PlainDate, lastChargeOn: PlainDate): PlainDate {
  return today > lastChargeOn ? today : addDays(lastChargeOn, 1);
}

/** Seconds a pause or resume is set ahead of Stripe's now when the calendar's instant has passed. */
const SOON = 60;

/**
 * The pauses that make Stripe follow the calendar from `now` (Stripe's time), as cyclePauses writes
 * them; an instant already past (a change made late on the day before a charge) is moved to a minute
 * from now, as Stripe takes no schedule in the past.
 */
export function pausesFor(
  details: Pick<SubscriptionDetails, "startedAt">,
  inputs: CalendarInputs,
  now: number,
): { pauses: BillingPause[]; keepUntil: number } {
  const planned = cyclePauses({
    startedAt: details.startedAt,
    cycle: inputs.cycle,
    adjustments: inputs.adjustments,
    now,
  });
  return {
    keepUntil: planned.keepUntil,
    pauses: planned.pauses.map((pause) => {
      const pauseAt = Math.max(pause.pauseAt, now + SOON);
      return { ...pause, pauseAt, resumeAt: Math.max(pause.resumeAt, pauseAt + SOON) };
    }),
  };
}

/**
 * The pause a change asks Stripe for: the first of the pauses its calendar (`asked`, the recorded
 * changes plus this one) holds at `now`. A skip's keeps its gap's key while it is under way.
 */
export function askedPause(
  details: Pick<SubscriptionDetails, "startedAt">,
  asked: CalendarInputs,
  now: number,
): BillingPause | null {
  return pausesFor(details, asked, now).pauses[0] ?? null;
}

/**
 * The pause a dropped change asked Stripe for, withdrawn (decision 158): should Stripe have begun it,
 * it resumes for the recorded calendar's next charge (`nextChargeOn`, the day the subscriber is told),
 * or a minute from now once that instant has passed. Null when there is no charge to resume for.
 */
export function withdrawnPause(
  details: Pick<SubscriptionDetails, "startedAt">,
  asked: CalendarInputs,
  now: number,
  nextChargeOn: PlainDate | null,
): WithdrawnPause | null {
  const pause = askedPause(details, asked, now);
  if (!pause || !nextChargeOn) return null;
  return { key: pause.key, resumeAt: Math.max(pauseInstant(nextChargeOn), now + SOON) };
}
