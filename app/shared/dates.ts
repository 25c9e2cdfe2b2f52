/**
 * Days as the site writes them, in en-US and in UTC, so the server's rendering and the browser's
 * hydration agree. Written out by hand rather than through `Intl`: the first `Intl.DateTimeFormat` a
 * page makes loads the locale's data, which cost a phone (4x CPU) about 130 ms in one task on every
 * page while this module made one on import (decision 143). A unit test holds each form equal to Intl's.
 */
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A Date, an ISO timestamp, or a calendar day (`YYYY-MM-DD`, read as midnight UTC). */
export type DayInput = Date | string;

function asDate(input: DayInput): Date {
  const date =
    typeof input !== "string"
      ? input
      : new Date(/^\d{4}-\d{2}-\d{2}$/.test(input) ? `${input}T00:00:00Z` : input);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return date;
}

const shortMonthName = (date: Date) => (MONTHS[date.getUTCMonth()] as string).slice(0, 3);

/** "Nov 27, 2026" (Intl's `dateStyle: "medium"`). */
export function formatDay(input: DayInput): string {
  const date = asDate(input);
  return `${shortMonthName(date)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "November 27, 2026" (Intl's `dateStyle: "long"`). */
export function formatDayLong(input: DayInput): string {
  const date = asDate(input);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "Fri, Nov 27, 2026" (weekday, month and day short, with the year). */
export function formatWeekdayDay(input: DayInput): string {
  const date = asDate(input);
  return `${(WEEKDAYS[date.getUTCDay()] as string).slice(0, 3)}, ${formatDay(date)}`;
}

/** "Nov 27". */
export function formatMonthDay(input: DayInput): string {
  const date = asDate(input);
  return `${shortMonthName(date)} ${date.getUTCDate()}`;
}

/** "Nov". */
export const formatMonth = (input: DayInput): string => shortMonthName(asDate(input));
