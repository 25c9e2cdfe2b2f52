import type {
  CalendarBar,
  CalendarEntry,
  SubscribeCalendar,
  SubscribeChoice,
  SubscribeTerms,
} from "~/contracts/subscribe";
import type { SubscriptionOffer } from "~/server/shopify/types";
import { toMinorUnits } from "~/shared/money";
import {
  addDays,
  type CycleChoice,
  cycleCalendar,
  daysBetween,
  type PlainDate,
} from "~/shared/subscription-cycle";

/**
 * What the sign-up page, its welcome page and the sign-up e-mail state (issue 36 item 2, decision 131),
 * worked out once: the terms of a choice on Shopify's selling plan (the saving only against the plan's
 * own one-time price, never a "was" price), and the cycle's calendar for the first months, drawn from
 * `cycleCalendar` (decision 119) so the page shows the dates Stripe will keep.
 */

/** How far ahead the page and the e-mail draw the calendar. */
export const CALENDAR_MONTHS = 6;

/** The terms of `bottles` per delivery on the plan; null when its prices are not prices. */
export function termsOf(offer: SubscriptionOffer, bottles: number): SubscribeTerms | null {
  const currency = offer.pricePerDelivery.currencyCode.toLowerCase();
  if (offer.oneTimePrice.currencyCode.toLowerCase() !== currency) return null;
  const pricePerBottle = toMinorUnits(offer.pricePerDelivery.amount, currency);
  const oneTimePerBottle = toMinorUnits(offer.oneTimePrice.amount, currency);
  if (pricePerBottle === null || oneTimePerBottle === null || pricePerBottle <= 0) return null;
  const saving = Math.max(0, oneTimePerBottle - pricePerBottle);
  return {
    currency,
    bottles,
    pricePerBottle,
    oneTimePerBottle,
    perDelivery: pricePerBottle * bottles,
    oneTimePerDelivery: oneTimePerBottle * bottles,
    savingPerDelivery: saving * bottles,
    // Whole percent, rounded down, in integers: 585 of 3900 is 15, never 14.999… nor 16.
    percentOff: oneTimePerBottle > 0 ? Math.floor((saving * 100) / oneTimePerBottle) : 0,
    everyDays: offer.deliveryEveryDays,
  };
}

/** The same day `months` later, or the month's last day when it has no such day (Jan 31 + 1 = Feb 28). */
export function addMonths(date: PlainDate, months: number): PlainDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${targetYear}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

const MONTH_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });

/** The first day of each month after `start` and before `end`: the bar's month marks. */
function monthStarts(start: PlainDate, end: PlainDate): PlainDate[] {
  const firsts: PlainDate[] = [];
  let first = addMonths(`${start.slice(0, 7)}-01`, 1);
  while (first < end) {
    firsts.push(first);
    first = addMonths(first, 1);
  }
  return firsts;
}

/**
 * The cycle from `start` (the first charge) for `months` months: every charge, every on and off stretch
 * (an off stretch with the servings it carries into the next on stretch), in date order, and the same
 * as a bar. Each charge is `amountPerDelivery`.
 */
export function signUpCalendar(input: {
  start: PlainDate;
  cycle: CycleChoice;
  amountPerDelivery: number;
  months?: number;
}): SubscribeCalendar {
  const months = input.months ?? CALENDAR_MONTHS;
  const end = addMonths(input.start, months);
  const through = addDays(end, -1);
  const calendar = cycleCalendar({ start: input.start, ...input.cycle, through });
  const entries: CalendarEntry[] = [];
  for (const period of calendar.periods) {
    if (period.kind === "paused") continue;
    // A stretch that runs past the horizon is stated whole: its real last day.
    const last = addDays(period.end, -1);
    if (period.kind === "on") entries.push({ kind: "on", start: period.start, last });
    else
      entries.push({
        kind: "off",
        start: period.start,
        last,
        days: daysBetween(period.start, period.end),
        servingsCarried: period.servingsCarried ?? 0,
      });
  }
  const charges = calendar.charges.filter((charge) => !charge.skipped);
  for (const charge of charges)
    entries.push({
      kind: "charge",
      date: charge.date,
      delivery: charge.bottle + 1,
      amount: input.amountPerDelivery,
    });
  // By date; on a day with both, the stretch first (it begins that day), then its charge.
  const dateOf = (entry: CalendarEntry) => (entry.kind === "charge" ? entry.date : entry.start);
  const rank = (entry: CalendarEntry) => (entry.kind === "charge" ? 1 : 0);
  entries.sort((a, b) => dateOf(a).localeCompare(dateOf(b)) || rank(a) - rank(b));

  const span = daysBetween(input.start, end);
  const at = (date: PlainDate) => Math.round((daysBetween(input.start, date) / span) * 10_000) / 100;
  const bar: CalendarBar = {
    segments: calendar.periods.flatMap((period) =>
      period.kind === "paused"
        ? []
        : [{ kind: period.kind, from: at(period.start), to: Math.min(100, at(period.end)) }],
    ),
    charges: charges.map((charge) => ({ at: at(charge.date), delivery: charge.bottle + 1 })),
    months: monthStarts(input.start, end).map((first) => ({
      at: at(first),
      label: MONTH_LABEL.format(new Date(`${first}T00:00:00Z`)),
    })),
  };
  return {
    start: input.start,
    through,
    months,
    entries,
    bar,
    deliveries: charges.length,
    total: charges.length * input.amountPerDelivery,
  };
}

/** The choice a subscription was sold with (its row), as the page's choice. */
export function choiceOf(row: { weeksOn: number; weeksOff: number; quantity: number }): SubscribeChoice {
  return {
    weeksOn: row.weeksOn as SubscribeChoice["weeksOn"],
    weeksOff: row.weeksOff as SubscribeChoice["weeksOff"],
    bottles: row.quantity,
  };
}
