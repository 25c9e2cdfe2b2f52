/**
 * The results timeline (issue 35 item 6): a person's test results, the Enhancer supply their orders
 * bought and their saved quiz results, on one time axis. Pure and browser-safe: the page draws it on the
 * server as SVG (components/results/results-timeline-chart.tsx) and lists the same events as a table.
 *
 * The supply is what the orders bought, not what was taken: each bottle is a 30-day supply counted from
 * the order's date, and an order placed before the last supply ran out continues it.
 */

import { formatDay } from "./dates";
import { formatNumber } from "./number-format";

const DAY_MS = 86_400_000;

export type ResultFlag = "low" | "normal" | "high";

export interface TimelineResultInput {
  kitId: string;
  /** When the sample was collected (ISO 8601). */
  collectedAt: string;
  /** The value in ng/dL (converted from nmol/L where the lab reported that). */
  valueNgDl: number;
  flag: ResultFlag | null;
  /** The lab's reference range for this result, in ng/dL; either end may be missing. */
  rangeNgDl: { low?: number; high?: number } | null;
}

export interface TimelineOrderInput {
  /** When the order was placed (ISO 8601). */
  orderedAt: string;
  /** Days of Enhancer the order bought (30 a bottle). */
  supplyDays: number;
}

export interface TimelineQuizInput {
  /** When the quiz result was saved (ISO 8601). */
  savedAt: string;
  /** The outcome's short name, as the quiz shows it. */
  outcome: string;
}

export interface SupplyPeriod {
  start: Date;
  end: Date;
  days: number;
}

export interface Timeline {
  results: (TimelineResultInput & { at: Date })[];
  supply: SupplyPeriod[];
  quiz: (TimelineQuizInput & { at: Date })[];
}

/** Orders' supply as continuous periods: an order placed before the last supply ran out extends it. */
export function supplyPeriods(orders: readonly TimelineOrderInput[]): SupplyPeriod[] {
  const sorted = orders
    .filter((order) => order.supplyDays > 0)
    .map((order) => ({ at: new Date(order.orderedAt), days: order.supplyDays }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const periods: SupplyPeriod[] = [];
  for (const order of sorted) {
    const last = periods.at(-1);
    if (last && order.at.getTime() <= last.end.getTime()) {
      last.end = new Date(last.end.getTime() + order.days * DAY_MS);
      last.days += order.days;
    } else {
      periods.push({
        start: order.at,
        end: new Date(order.at.getTime() + order.days * DAY_MS),
        days: order.days,
      });
    }
  }
  return periods;
}

export function buildTimeline(input: {
  results: readonly TimelineResultInput[];
  orders: readonly TimelineOrderInput[];
  quiz: readonly TimelineQuizInput[];
}): Timeline {
  const byTime = <T extends { at: Date }>(a: T, b: T) => a.at.getTime() - b.at.getTime();
  return {
    results: input.results.map((result) => ({ ...result, at: new Date(result.collectedAt) })).sort(byTime),
    supply: supplyPeriods(input.orders),
    quiz: input.quiz.map((entry) => ({ ...entry, at: new Date(entry.savedAt) })).sort(byTime),
  };
}

/** One row of the chart's table equivalent, in time order. */
export interface TimelineRow {
  at: Date;
  event: string;
  detail: string;
}

const FLAG_WORDS: Record<ResultFlag, string> = {
  low: "below the lab's range",
  normal: "within the lab's range",
  high: "above the lab's range",
};

export function flagWords(flag: ResultFlag | null): string {
  return flag ? FLAG_WORDS[flag] : "no range reported";
}

export function timelineRows(timeline: Timeline): TimelineRow[] {
  const rows: TimelineRow[] = [
    ...timeline.results.map((result) => ({
      at: result.at,
      event: "Test result",
      detail: `${formatNgDl(result.valueNgDl)} ng/dL, ${flagWords(result.flag)}`,
    })),
    ...timeline.supply.map((period) => ({
      at: period.start,
      event: "Enhancer supply",
      detail: `${period.days} days bought, to ${formatDay(period.end)}`,
    })),
    ...timeline.quiz.map((entry) => ({ at: entry.at, event: "Quiz saved", detail: entry.outcome })),
  ];
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime());
}

export function formatNgDl(value: number): string {
  return formatNumber(Math.round(value));
}

export { DAY_MS };
