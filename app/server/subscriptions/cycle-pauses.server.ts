import type { BillingPause } from "~/server/stripe/subscription-types";
import {
  addDays,
  billingGaps,
  type CycleAdjustment,
  type CycleChoice,
  cycleCalendar,
  type PlainDate,
  STORE_TIME_ZONE,
  zonedDate,
  zonedInstant,
} from "~/shared/subscription-cycle";

/**
 * The pauses Stripe must hold for a subscription to follow its cycle (decision 119): the calendar's
 * gaps between charges, as instants at noon in the store's time zone (a day before Stripe would renew,
 * and the next charge), the next `horizon` of them not yet over; and how long the schedule's phase must
 * last to outlive them. Written when Checkout completes and again on each `customer.subscription.resumed`.
 */

const NOON = { hour: 12, minute: 0 };
/** The instant a pause begins or ends on `date`: noon in the store's time zone. */
export const pauseInstant = (date: PlainDate) => zonedInstant(date, NOON, STORE_TIME_ZONE);
/** Gaps written ahead: one, as a subscription schedule holds one pause schedule (Stripe's API). */
export const PAUSE_HORIZON = 1;
/** The schedule's phase outlives the last pause written by a year (a lost event cannot end it early). */
const PHASE_MARGIN_SECONDS = 365 * 86_400;

export function cyclePauses(input: {
  /** The first charge (Unix seconds): the calendar's start date, in the store's time zone. */
  startedAt: number;
  cycle: CycleChoice;
  adjustments?: readonly CycleAdjustment[];
  /** Stripe's time now (the test clock's in tests). */
  now: number;
  horizon?: number;
}): { pauses: BillingPause[]; keepUntil: number } {
  const start = zonedDate(input.startedAt, STORE_TIME_ZONE);
  const today = zonedDate(input.now, STORE_TIME_ZONE);
  const calendar = cycleCalendar({
    start,
    weeksOn: input.cycle.weeksOn,
    weeksOff: input.cycle.weeksOff,
    adjustments: input.adjustments,
    through: addDays(today, 400),
  });
  const pauses = billingGaps(calendar)
    .map((gap) => ({
      key: `after-${gap.after}`,
      pauseAt: pauseInstant(gap.pauseOn),
      resumeAt: pauseInstant(gap.resumeOn),
    }))
    .filter((pause) => pause.resumeAt > input.now)
    .slice(0, input.horizon ?? PAUSE_HORIZON);
  const last = pauses.at(-1)?.resumeAt ?? input.now;
  return { pauses, keepUntil: last + PHASE_MARGIN_SECONDS };
}
