/**
 * The subscription's calendar (decision 119): from the day it starts, its cycle (weeks on, weeks off)
 * and the subscriber's skips and pauses, the date of every charge (each a shipment of a bottle) and of
 * every on, off and paused stretch. Pure and import-free (app/shared, decision 096): the server turns
 * it into Stripe's pause schedules, the page draws it.
 *
 * One bottle holds 30 servings, one a day, taken on on days only: servings left when an off period
 * starts carry into the next on period, and the next bottle is charged the day the last one runs out.
 * So two charges are never less than 30 days apart. Dates are calendar dates ("2026-01-31") in the
 * store's time zone, counted in whole days: month ends, leap days and clock changes cannot move them.
 */

export const WEEKS_ON = [8, 10, 12] as const;
export const WEEKS_OFF = [2, 3, 4] as const;
export type WeeksOn = (typeof WEEKS_ON)[number];
export type WeeksOff = (typeof WEEKS_OFF)[number];

/** Servings in a bottle: one a day (3 capsules), so a bottle lasts 30 on days. */
export const SERVINGS_PER_BOTTLE = 30;
/** Where the store's calendar dates are counted. */
export const STORE_TIME_ZONE = "America/New_York";
/** How long a pause asked for may be, in weeks. */
export const PAUSE_WEEKS = { min: 2, max: 8 } as const;

/** A calendar date, `YYYY-MM-DD`. */
export type PlainDate = string;

export type CycleChoice = { weeksOn: WeeksOn; weeksOff: WeeksOff };

/**
 * What the subscriber changed, in the order they changed it. A skip names a bottle by its number
 * (0 is the first), which no pause moves; a pause starts on a date and lasts whole weeks, and moves
 * everything from that date on by its length.
 */
export type CycleAdjustment =
  | { kind: "skip"; bottle: number }
  | { kind: "pause"; from: PlainDate; weeks: number };

export type CycleInput = CycleChoice & {
  /** The first charge, and the first on day. */
  start: PlainDate;
  adjustments?: readonly CycleAdjustment[];
  /** The calendar is drawn up to this date (inclusive). */
  through: PlainDate;
};

export type CycleCharge = {
  /** 0 for the first bottle, in the order they are used. */
  bottle: number;
  date: PlainDate;
  /** Skipped: nothing is charged or shipped (the bottle's servings are the ones already at home). */
  skipped: boolean;
};

export type CyclePeriod = {
  kind: "on" | "off" | "paused";
  start: PlainDate;
  /** The day after its last day. */
  end: PlainDate;
  /** On an off period: the servings left when it starts, taken in the next on period. */
  servingsCarried?: number;
};

export type CycleCalendar = { charges: CycleCharge[]; periods: CyclePeriod[] };

// --- Dates --------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date; throws on anything that is not a real date. */
export function dayNumber(date: PlainDate): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    throw new RangeError(`not a date: ${date}`);
  return ms / DAY_MS;
}

export function dateOfDay(day: number): PlainDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: PlainDate, days: number): PlainDate {
  return dateOfDay(dayNumber(date) + days);
}

export function daysBetween(from: PlainDate, to: PlainDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** Minutes the zone is ahead of UTC at `ms` (New York: -300 in winter, -240 in summer). */
function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = Date.UTC(
    value("year"),
    value("month") - 1,
    value("day"),
    value("hour"),
    value("minute"),
    value("second"),
  );
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instant (Unix seconds) of a wall-clock time on a date in a time zone, as Stripe's timestamps
 * want it: "2026-03-09" at 12:00 in New York is 16:00 UTC (daylight time), "2026-03-07" 17:00 UTC.
 */
export function zonedInstant(date: PlainDate, time: { hour: number; minute: number }, timeZone: string) {
  const wall = dayNumber(date) * DAY_MS + (time.hour * 60 + time.minute) * 60_000;
  let guess = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  // Once more at the guess: the offset at the instant itself (the day the clocks change).
  guess = wall - zoneOffsetMinutes(guess, timeZone) * 60_000;
  return Math.floor(guess / 1000);
}

/** The calendar date of an instant (Unix seconds) in a time zone. */
export function zonedDate(unixSeconds: number, timeZone: string): PlainDate {
  const ms = unixSeconds * 1000;
  return dateOfDay(Math.floor((ms + zoneOffsetMinutes(ms, timeZone) * 60_000) / DAY_MS));
}

// --- The calendar -------------------------------------------------------------------------------------

/** The cycle without adjustments, as day offsets from the start: charges and on/off stretches. */
function plainCycle(choice: CycleChoice, horizon: number) {
  const onDays = choice.weeksOn * 7;
  const cycleDays = (choice.weeksOn + choice.weeksOff) * 7;
  // The day on which the n-th on day (0-based) falls.
  const dayOfOnDay = (n: number) => Math.floor(n / onDays) * cycleDays + (n % onDays);
  const charges: { bottle: number; day: number }[] = [];
  for (let bottle = 0; dayOfOnDay(bottle * SERVINGS_PER_BOTTLE) <= horizon; bottle++)
    charges.push({ bottle, day: dayOfOnDay(bottle * SERVINGS_PER_BOTTLE) });
  const periods: { kind: "on" | "off"; start: number; end: number; servingsCarried?: number }[] = [];
  for (let cycle = 0; cycle * cycleDays <= horizon; cycle++) {
    const start = cycle * cycleDays;
    const onUsed = (cycle + 1) * onDays;
    const delivered = Math.ceil(onUsed / SERVINGS_PER_BOTTLE) * SERVINGS_PER_BOTTLE;
    periods.push({ kind: "on", start, end: start + onDays });
    periods.push({
      kind: "off",
      start: start + onDays,
      end: start + cycleDays,
      servingsCarried: delivered - onUsed,
    });
  }
  return { charges, periods };
}

type Stretch = { kind: CyclePeriod["kind"]; start: number; end: number; servingsCarried?: number };

/** Moves everything from `at` on by `length` days and puts a paused stretch there. */
function insertPause(stretches: Stretch[], at: number, length: number): Stretch[] {
  const out: Stretch[] = [];
  for (const stretch of stretches) {
    if (stretch.end <= at) out.push(stretch);
    else if (stretch.start >= at)
      out.push({ ...stretch, start: stretch.start + length, end: stretch.end + length });
    else {
      out.push({ ...stretch, end: at });
      out.push({ ...stretch, start: at + length, end: stretch.end + length });
    }
  }
  out.push({ kind: "paused", start: at, end: at + length });
  return out.sort((a, b) => a.start - b.start || (a.kind === "paused" ? -1 : 1));
}

/** Checks a cycle choice: 8, 10 or 12 weeks on and 2, 3 or 4 off. */
export function isCycleChoice(value: { weeksOn: number; weeksOff: number }): value is CycleChoice {
  return (
    (WEEKS_ON as readonly number[]).includes(value.weeksOn) &&
    (WEEKS_OFF as readonly number[]).includes(value.weeksOff)
  );
}

export function cycleCalendar(input: CycleInput): CycleCalendar {
  const { weeksOn, weeksOff } = input as { weeksOn: number; weeksOff: number };
  if (!isCycleChoice({ weeksOn, weeksOff }))
    throw new RangeError(`not a cycle: ${weeksOn} on, ${weeksOff} off`);
  const origin = dayNumber(input.start);
  const horizon = dayNumber(input.through) - origin;
  const adjustments = input.adjustments ?? [];
  const pauses = adjustments.filter((entry) => entry.kind === "pause");
  for (const pause of pauses) {
    if (!Number.isInteger(pause.weeks) || pause.weeks < PAUSE_WEEKS.min || pause.weeks > PAUSE_WEEKS.max)
      throw new RangeError(`a pause lasts ${PAUSE_WEEKS.min} to ${PAUSE_WEEKS.max} weeks`);
  }
  // Pauses move things later, so the plain cycle is drawn far enough to fill the horizon after them.
  const pausedDays = pauses.reduce((sum, pause) => sum + pause.weeks * 7, 0);
  const plain = plainCycle(input, Math.max(horizon, 0) + pausedDays);
  let charges = plain.charges;
  let stretches: Stretch[] = plain.periods;
  for (const pause of pauses) {
    const at = dayNumber(pause.from) - origin;
    const length = pause.weeks * 7;
    charges = charges.map((charge) => (charge.day >= at ? { ...charge, day: charge.day + length } : charge));
    stretches = insertPause(stretches, at, length);
  }
  const skipped = new Set(adjustments.flatMap((entry) => (entry.kind === "skip" ? [entry.bottle] : [])));
  return {
    charges: charges
      .filter((charge) => charge.day <= horizon)
      .map((charge) => ({
        bottle: charge.bottle,
        date: dateOfDay(origin + charge.day),
        skipped: skipped.has(charge.bottle),
      })),
    periods: stretches
      .filter((stretch) => stretch.start <= horizon && stretch.end > stretch.start)
      .map((stretch) => ({
        kind: stretch.kind,
        start: dateOfDay(origin + stretch.start),
        end: dateOfDay(origin + stretch.end),
        ...(stretch.servingsCarried !== undefined ? { servingsCarried: stretch.servingsCarried } : {}),
      })),
  };
}

/** The first charge not skipped on or after `today`, or null within the calendar's horizon. */
export function nextCharge(calendar: CycleCalendar, today: PlainDate): CycleCharge | null {
  return calendar.charges.find((charge) => !charge.skipped && charge.date >= today) ?? null;
}

/**
 * Where Stripe, renewing every 30 days after a charge, must stop and start again (decision 119): after
 * each charge whose next (not skipped) charge is more than 30 days later, a pause from 29 days after
 * it (a day before Stripe would renew) to that next charge, which the resume makes.
 */
export function billingGaps(
  calendar: CycleCalendar,
): { after: number; pauseOn: PlainDate; resumeOn: PlainDate }[] {
  const made = calendar.charges.filter((charge) => !charge.skipped);
  const gaps: { after: number; pauseOn: PlainDate; resumeOn: PlainDate }[] = [];
  for (let index = 0; index + 1 < made.length; index++) {
    const charge = made[index] as CycleCharge;
    const next = made[index + 1] as CycleCharge;
    if (daysBetween(charge.date, next.date) > SERVINGS_PER_BOTTLE)
      gaps.push({
        after: charge.bottle,
        pauseOn: addDays(charge.date, SERVINGS_PER_BOTTLE - 1),
        resumeOn: next.date,
      });
  }
  return gaps;
}
