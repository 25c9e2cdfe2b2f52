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
 * everything from that date on by its length; a new cycle from a date gives the on or off period under
 * way on that date its new length (counted from the period's own start, pauses left out, and never
 * ending before that date) and alternates the new lengths after it. Bottles are counted in on days
 * throughout, so servings already at home carry over into the new cycle.
 */
export type CycleAdjustment =
  | { kind: "skip"; bottle: number }
  | { kind: "pause"; from: PlainDate; weeks: number }
  | { kind: "cycle"; from: PlainDate; weeksOn: WeeksOn; weeksOff: WeeksOff };

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

type Stretch = { kind: CyclePeriod["kind"]; start: number; end: number };

const lengthOf = (choice: CycleChoice, kind: "on" | "off") =>
  (kind === "on" ? choice.weeksOn : choice.weeksOff) * 7;
const byStart = (a: Stretch, b: Stretch) => a.start - b.start || (a.kind === "paused" ? -1 : 1);

/** On and off stretches in turn from `start` (the first of kind `first`, `firstLength` days) through `until`. */
function alternate(
  choice: CycleChoice,
  start: number,
  first: "on" | "off",
  firstLength: number,
  until: number,
): Stretch[] {
  const out: Stretch[] = [];
  let kind = first;
  let at = start;
  let length = firstLength;
  while (at <= until) {
    if (length > 0) out.push({ kind, start: at, end: at + length });
    at += length;
    kind = kind === "on" ? "off" : "on";
    length = lengthOf(choice, kind);
  }
  return out;
}

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
  return out.sort(byStart);
}

/**
 * A new cycle from day `at`: the on or off period under way then (or the next one, from within a pause)
 * lasts the new length from its own start, pauses left out, ending no earlier than `at`; the new lengths
 * alternate after it. Pauses that begin later are kept, moving what follows them.
 */
function changeCycle(stretches: Stretch[], at: number, choice: CycleChoice, until: number): Stretch[] {
  const sorted = [...stretches].sort(byStart);
  const index = sorted.findIndex((stretch) => stretch.kind !== "paused" && stretch.end > at);
  const current = sorted[index];
  if (!current || current.kind === "paused") return sorted;
  let elapsed = 0;
  for (let earlier = index - 1; earlier >= 0; earlier--) {
    const stretch = sorted[earlier] as Stretch;
    if (stretch.kind === "paused") continue;
    if (stretch.kind !== current.kind) break;
    elapsed += stretch.end - stretch.start;
  }
  const from = Math.max(at, current.start);
  elapsed += from - current.start;
  const remaining = Math.max(lengthOf(choice, current.kind) - elapsed, 0);
  const next = alternate(choice, from, current.kind, remaining, until);
  const head: Stretch[] = [];
  if (from > current.start) {
    const first = next[0];
    if (first && first.kind === current.kind && first.start === from) {
      next.shift();
      head.push({ kind: current.kind, start: current.start, end: first.end });
    } else head.push({ kind: current.kind, start: current.start, end: from });
  }
  let out = [...sorted.slice(0, index), ...head, ...next];
  for (const later of sorted.slice(index + 1).filter((stretch) => stretch.kind === "paused"))
    out = insertPause(out, later.start, later.end - later.start);
  return out.sort(byStart);
}

/** Each bottle's day: bottle n is needed on the (30 n)th on day. */
function chargeDays(stretches: Stretch[]): { bottle: number; day: number }[] {
  const charges: { bottle: number; day: number }[] = [];
  let used = 0;
  for (const stretch of stretches) {
    if (stretch.kind !== "on") continue;
    const length = stretch.end - stretch.start;
    for (let bottle = charges.length; bottle * SERVINGS_PER_BOTTLE < used + length; bottle++)
      charges.push({ bottle, day: stretch.start + bottle * SERVINGS_PER_BOTTLE - used });
    used += length;
  }
  return charges;
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
  let pausedDays = 0;
  for (const entry of adjustments) {
    if (entry.kind === "pause") {
      if (!Number.isInteger(entry.weeks) || entry.weeks < PAUSE_WEEKS.min || entry.weeks > PAUSE_WEEKS.max)
        throw new RangeError(`a pause lasts ${PAUSE_WEEKS.min} to ${PAUSE_WEEKS.max} weeks`);
      pausedDays += entry.weeks * 7;
    } else if (entry.kind === "cycle") {
      const { weeksOn: on, weeksOff: off } = entry as { weeksOn: number; weeksOff: number };
      if (!isCycleChoice({ weeksOn: on, weeksOff: off }))
        throw new RangeError(`not a cycle: ${on} on, ${off} off`);
    }
  }
  // Pauses move things later, so the cycle is drawn far enough to fill the horizon after them.
  const until = Math.max(horizon, 0) + pausedDays;
  let stretches = alternate(input, 0, "on", lengthOf(input, "on"), until);
  for (const entry of adjustments) {
    if (entry.kind === "pause")
      stretches = insertPause(stretches, dayNumber(entry.from) - origin, entry.weeks * 7);
    else if (entry.kind === "cycle")
      stretches = changeCycle(stretches, dayNumber(entry.from) - origin, entry, until);
  }
  const skipped = new Set(adjustments.flatMap((entry) => (entry.kind === "skip" ? [entry.bottle] : [])));
  // Servings left when an off stretch starts: the bottles delivered by then, less the on days used.
  let used = 0;
  const periods: CyclePeriod[] = [];
  for (const stretch of stretches) {
    if (stretch.kind === "on") used += stretch.end - stretch.start;
    if (stretch.start > horizon || stretch.end <= stretch.start) continue;
    const period: CyclePeriod = {
      kind: stretch.kind,
      start: dateOfDay(origin + stretch.start),
      end: dateOfDay(origin + stretch.end),
    };
    if (stretch.kind === "off")
      period.servingsCarried = Math.ceil(used / SERVINGS_PER_BOTTLE) * SERVINGS_PER_BOTTLE - used;
    periods.push(period);
  }
  return {
    charges: chargeDays(stretches)
      .filter((charge) => charge.day <= horizon)
      .map((charge) => ({
        bottle: charge.bottle,
        date: dateOfDay(origin + charge.day),
        skipped: skipped.has(charge.bottle),
      })),
    periods,
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
