import type { BillingPause } from "~/server/stripe/subscription-types";
import {
  addDays,
  type CycleAdjustment,
  type CycleCalendar,
  type CycleChoice,
  cycleCalendar,
  type PlainDate,
  STORE_TIME_ZONE,
  zonedDate,
  zonedInstant,
} from "~/shared/subscription-cycle";

/**
 * Which reminders a subscriber is owed, and when (issue 36 item 4, decision 133). Pure: from what
 * Stripe holds (the subscription's start, the pause schedules it will carry out, its time now) and the
 * cycle the subscriber chose.
 *
 * - `charge`: three days before each charge that ends a pause (Stripe's `resume_at`). A charge that is
 *   an ordinary renewal is announced by Stripe's own `invoice.upcoming` instead and is not planned here.
 * - `off_start` / `off_end`: three days before each break (the cycle's weeks off, and any pause the
 *   subscriber asked for, taken together when they touch) starts, and three days before its first day
 *   back on.
 *
 * Each is due at 09:00 in the store's time zone on its day, a calendar date like the cycle's own, so a
 * month's end or a clock change cannot move it.
 */

export const REMINDER_LEAD_DAYS = 3;
const MORNING = { hour: 9, minute: 0 };
/** How far ahead breaks are planned (re-planned on every event of the subscription). */
export const REMINDER_HORIZON_DAYS = 180;

export type ReminderKind = "charge" | "off_start" | "off_end";

export type PlannedReminder = {
  kind: ReminderKind;
  /** The charge's date, the break's first day, or its first day back on. */
  onDate: PlainDate;
  /** Unix seconds on Stripe's clock. */
  dueAt: number;
};

/** A break: the on period's end to the next on period's start (off weeks, a pause, or both). */
export type CycleBreak = {
  start: PlainDate;
  /** The first day back on. */
  end: PlainDate;
  /** "off": the cycle's weeks off only; "pause": it holds a pause the subscriber asked for. */
  reason: "off" | "pause";
  /** Servings left from the last bottle when it starts, taken once back on. */
  servingsCarried: number;
};

export type ReminderPlanInput = {
  /** The first charge (Unix seconds). */
  startedAt: number;
  cycle: CycleChoice;
  adjustments?: readonly CycleAdjustment[];
  /** Stripe's pause schedules for the subscription. */
  pauses: readonly BillingPause[];
  /** Stripe's time now (the test clock's in tests). */
  now: number;
};

export const reminderDueAt = (onDate: PlainDate) =>
  zonedInstant(addDays(onDate, -REMINDER_LEAD_DAYS), MORNING, STORE_TIME_ZONE);

/** The calendar the plan is drawn from: from the start to the horizon past Stripe's today. */
export function calendarOf(input: Omit<ReminderPlanInput, "pauses">): CycleCalendar {
  const today = zonedDate(input.now, STORE_TIME_ZONE);
  return cycleCalendar({
    start: zonedDate(input.startedAt, STORE_TIME_ZONE),
    weeksOn: input.cycle.weeksOn,
    weeksOff: input.cycle.weeksOff,
    adjustments: input.adjustments,
    through: addDays(today, REMINDER_HORIZON_DAYS + 60),
  });
}

/** The calendar's breaks: consecutive off and paused stretches taken together. */
export function breaksOf(calendar: CycleCalendar): CycleBreak[] {
  const breaks: CycleBreak[] = [];
  for (const period of calendar.periods) {
    if (period.kind === "on") continue;
    const last = breaks.at(-1);
    if (last && last.end === period.start) {
      last.end = period.end;
      if (period.kind === "paused") last.reason = "pause";
      continue;
    }
    breaks.push({
      start: period.start,
      end: period.end,
      reason: period.kind === "paused" ? "pause" : "off",
      servingsCarried: period.servingsCarried ?? 0,
    });
  }
  return breaks;
}

export function planReminders(input: ReminderPlanInput): PlannedReminder[] {
  const today = zonedDate(input.now, STORE_TIME_ZONE);
  const until = addDays(today, REMINDER_HORIZON_DAYS);
  const planned: PlannedReminder[] = [];
  const add = (kind: ReminderKind, onDate: PlainDate) => {
    if (onDate <= today || onDate > until) return;
    if (planned.some((entry) => entry.kind === kind && entry.onDate === onDate)) return;
    planned.push({ kind, onDate, dueAt: reminderDueAt(onDate) });
  };
  for (const pause of input.pauses) {
    if (pause.resumeStatus === "succeeded" || pause.resumeAt <= input.now) continue;
    add("charge", zonedDate(pause.resumeAt, STORE_TIME_ZONE));
  }
  for (const cycleBreak of breaksOf(calendarOf(input))) {
    add("off_start", cycleBreak.start);
    add("off_end", cycleBreak.end);
  }
  return planned.sort((a, b) => a.dueAt - b.dueAt || a.kind.localeCompare(b.kind));
}
