import { describe, expect, it } from "vitest";
import {
  type CycleAdjustment,
  cycleCalendar,
  daysBetween,
  WEEKS_OFF,
  WEEKS_ON,
} from "~/shared/subscription-cycle";

/**
 * Issue 36 item 5: a subscriber changes the cycle on /account/subscription. The period under way takes
 * its new length from its own start, the new lengths follow, bottles are still counted in on days (the
 * servings at home carry over), and nothing before the change moves.
 */

const START = "2026-01-31";
const day = (date: string) => daysBetween(START, date);
const chargeDays = (calendar: ReturnType<typeof cycleCalendar>) =>
  calendar.charges.filter((charge) => !charge.skipped).map((charge) => day(charge.date));
const periodDays = (calendar: ReturnType<typeof cycleCalendar>) =>
  calendar.periods.map((period) => [period.kind, day(period.start), day(period.end), period.servingsCarried]);

describe("a change of cycle", () => {
  it("in the first on period is the new cycle from the start", () => {
    const changed = cycleCalendar({
      start: START,
      weeksOn: 8,
      weeksOff: 2,
      through: "2026-09-30",
      adjustments: [{ kind: "cycle", from: "2026-02-21", weeksOn: 12, weeksOff: 4 }],
    });
    const fresh = cycleCalendar({ start: START, weeksOn: 12, weeksOff: 4, through: "2026-09-30" });
    expect(changed).toEqual(fresh);
    expect(chargeDays(changed).slice(0, 4)).toEqual([0, 30, 60, 118]);
  });

  it("in an off period gives it the new length from its own start", () => {
    const changed = cycleCalendar({
      start: START,
      weeksOn: 8,
      weeksOff: 4,
      through: "2026-06-30",
      // Day 60: four days into the 28 off days, which become 14.
      adjustments: [{ kind: "cycle", from: "2026-04-01", weeksOn: 8, weeksOff: 2 }],
    });
    expect(periodDays(changed).slice(0, 3)).toEqual([
      ["on", 0, 56, undefined],
      ["off", 56, 70, 4],
      ["on", 70, 126, undefined],
    ]);
    expect(chargeDays(changed).slice(0, 4)).toEqual([0, 30, 74, 104]);
  });

  it("ends an on period already longer than the new one on the day of the change, never before", () => {
    const changed = cycleCalendar({
      start: START,
      weeksOn: 12,
      weeksOff: 2,
      through: "2026-07-31",
      // Day 70 of a 12-week on period; 8 weeks were over on day 56.
      adjustments: [{ kind: "cycle", from: "2026-04-11", weeksOn: 8, weeksOff: 2 }],
    });
    expect(periodDays(changed).slice(0, 3)).toEqual([
      ["on", 0, 70, undefined],
      ["off", 70, 84, 20],
      ["on", 84, 140, undefined],
    ]);
    // Bottle 3 is the 90th on day: 20 servings are at home when the off weeks start.
    expect(chargeDays(changed).slice(0, 5)).toEqual([0, 30, 60, 104, 134]);
  });

  it("moves no charge and no period before the day it takes effect", () => {
    const before = cycleCalendar({ start: START, weeksOn: 8, weeksOff: 2, through: "2026-12-31" });
    for (const weeksOn of WEEKS_ON) {
      for (const weeksOff of WEEKS_OFF) {
        const from = "2026-05-20";
        const after = cycleCalendar({
          start: START,
          weeksOn: 8,
          weeksOff: 2,
          through: "2026-12-31",
          adjustments: [{ kind: "cycle", from, weeksOn, weeksOff }],
        });
        const earlier = (dates: { date: string }[]) => dates.filter((entry) => entry.date < from);
        expect(earlier(after.charges)).toEqual(earlier(before.charges));
        const closed = (periods: typeof before.periods) => periods.filter((period) => period.end <= from);
        expect(closed(after.periods)).toEqual(closed(before.periods));
      }
    }
  });

  it("counts the on days before a pause in the period's length", () => {
    const changed = cycleCalendar({
      start: START,
      weeksOn: 8,
      weeksOff: 2,
      through: "2026-07-31",
      adjustments: [
        { kind: "pause", from: "2026-02-20", weeks: 2 },
        // Day 40: 20 on days before the pause, 6 after it; 10 weeks on make 44 more.
        { kind: "cycle", from: "2026-03-12", weeksOn: 10, weeksOff: 3 },
      ],
    });
    expect(periodDays(changed).slice(0, 5)).toEqual([
      ["on", 0, 20, undefined],
      ["paused", 20, 34, undefined],
      ["on", 34, 84, undefined],
      ["off", 84, 105, 20],
      ["on", 105, 175, undefined],
    ]);
    expect(chargeDays(changed).slice(0, 4)).toEqual([0, 44, 74, 125]);
  });

  it("keeps charges 30 days apart and out of the off weeks, whatever the changes", () => {
    const changes: CycleAdjustment[][] = [];
    for (const weeksOn of WEEKS_ON)
      for (const weeksOff of WEEKS_OFF)
        changes.push([
          { kind: "cycle", from: "2026-03-10", weeksOn, weeksOff },
          { kind: "skip", bottle: 4 },
          { kind: "pause", from: "2026-06-01", weeks: 3 },
          { kind: "cycle", from: "2026-08-15", weeksOn: 8, weeksOff: 4 },
        ]);
    for (const adjustments of changes) {
      const calendar = cycleCalendar({
        start: START,
        weeksOn: 10,
        weeksOff: 3,
        through: "2027-06-30",
        adjustments,
      });
      const dates = calendar.charges.map((charge) => charge.date);
      for (let index = 1; index < dates.length; index++)
        expect(daysBetween(dates[index - 1] as string, dates[index] as string)).toBeGreaterThanOrEqual(30);
      for (const date of dates) {
        const period = calendar.periods.find((entry) => entry.start <= date && date < entry.end);
        expect(period?.kind).toBe("on");
      }
      // One period after another, no gap, no overlap.
      for (let index = 1; index < calendar.periods.length; index++)
        expect(calendar.periods[index]?.start).toBe(calendar.periods[index - 1]?.end);
    }
  });

  it("refuses a cycle it does not offer", () => {
    expect(() =>
      cycleCalendar({
        start: START,
        weeksOn: 8,
        weeksOff: 2,
        through: "2026-06-30",
        adjustments: [{ kind: "cycle", from: "2026-03-01", weeksOn: 9 as 8, weeksOff: 2 }],
      }),
    ).toThrow(RangeError);
  });
});
