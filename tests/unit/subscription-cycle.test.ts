import { describe, expect, it } from "vitest";
import {
  addDays,
  billingGaps,
  cycleCalendar,
  dayNumber,
  daysBetween,
  nextCharge,
  SERVINGS_PER_BOTTLE,
  STORE_TIME_ZONE,
  WEEKS_OFF,
  WEEKS_ON,
  zonedDate,
  zonedInstant,
} from "~/shared/subscription-cycle";

/** Issue 36 items 3 and 9: the cycle calendar, across month ends, leap years and clock changes. */

const NOON = { hour: 12, minute: 0 };
const utc = (iso: string) => Date.parse(iso) / 1000;
const chargeDates = (calendar: ReturnType<typeof cycleCalendar>) =>
  calendar.charges.filter((charge) => !charge.skipped).map((charge) => charge.date);

describe("the cycle calendar", () => {
  it("8 on / 2 off from January 31: a bottle every 30 on days, leftovers carried, nothing in the off weeks", () => {
    const calendar = cycleCalendar({ start: "2026-01-31", weeksOn: 8, weeksOff: 2, through: "2026-07-31" });
    // Day 0, 30; the third bottle is needed on the 60th on day, which after the 14 off days is day 74.
    expect(chargeDates(calendar)).toEqual([
      "2026-01-31",
      "2026-03-02",
      "2026-04-15",
      "2026-05-15",
      "2026-06-28",
      "2026-07-28",
    ]);
    expect(calendar.periods.slice(0, 4)).toEqual([
      { kind: "on", start: "2026-01-31", end: "2026-03-28" },
      { kind: "off", start: "2026-03-28", end: "2026-04-11", servingsCarried: 4 },
      { kind: "on", start: "2026-04-11", end: "2026-06-06" },
      { kind: "off", start: "2026-06-06", end: "2026-06-20", servingsCarried: 8 },
    ]);
    // No charge falls in an off period.
    for (const date of chargeDates(calendar)) {
      const period = calendar.periods.find((entry) => entry.start <= date && date < entry.end);
      expect(period?.kind).toBe("on");
    }
  });

  it("every cycle: charges at least 30 days apart, never in an off period, leftovers under a bottle", () => {
    for (const weeksOn of WEEKS_ON) {
      for (const weeksOff of WEEKS_OFF) {
        const calendar = cycleCalendar({ start: "2026-05-01", weeksOn, weeksOff, through: "2028-05-01" });
        const dates = chargeDates(calendar);
        for (let index = 1; index < dates.length; index++)
          expect(daysBetween(dates[index - 1] as string, dates[index] as string)).toBeGreaterThanOrEqual(30);
        for (const date of dates) {
          const period = calendar.periods.find((entry) => entry.start <= date && date < entry.end);
          expect(period?.kind, `${weeksOn}/${weeksOff} ${date}`).toBe("on");
        }
        const on = calendar.periods.filter((entry) => entry.kind === "on");
        const off = calendar.periods.filter((entry) => entry.kind === "off");
        expect(daysBetween(on[0]?.start as string, on[0]?.end as string)).toBe(weeksOn * 7);
        expect(daysBetween(off[0]?.start as string, off[0]?.end as string)).toBe(weeksOff * 7);
        for (const period of off) expect(period.servingsCarried).toBeLessThan(SERVINGS_PER_BOTTLE);
      }
    }
  });

  it("10 on / 3 off and 12 on / 4 off: the bottles the on days need", () => {
    const ten = cycleCalendar({ start: "2026-01-01", weeksOn: 10, weeksOff: 3, through: "2026-07-15" });
    expect(ten.charges.map((charge) => daysBetween("2026-01-01", charge.date))).toEqual([
      0, 30, 60, 111, 141, 192,
    ]);
    const twelve = cycleCalendar({ start: "2026-01-01", weeksOn: 12, weeksOff: 4, through: "2026-08-25" });
    expect(twelve.charges.map((charge) => daysBetween("2026-01-01", charge.date))).toEqual([
      0, 30, 60, 118, 148, 178, 236,
    ]);
  });

  it("counts February's 29th day in a leap year and not otherwise", () => {
    const leap = cycleCalendar({ start: "2028-02-01", weeksOn: 8, weeksOff: 2, through: "2028-03-31" });
    const common = cycleCalendar({ start: "2027-02-01", weeksOn: 8, weeksOff: 2, through: "2027-03-31" });
    expect(chargeDates(leap)).toEqual(["2028-02-01", "2028-03-02"]);
    expect(chargeDates(common)).toEqual(["2027-02-01", "2027-03-03"]);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(() => dayNumber("2027-02-29")).toThrow(RangeError);
    expect(() => dayNumber("2026-01-32")).toThrow(RangeError);
  });

  it("a skipped bottle is neither charged nor shipped, and moves nothing else", () => {
    const plain = cycleCalendar({ start: "2026-01-31", weeksOn: 8, weeksOff: 2, through: "2026-07-31" });
    const skipped = cycleCalendar({
      start: "2026-01-31",
      weeksOn: 8,
      weeksOff: 2,
      through: "2026-07-31",
      adjustments: [{ kind: "skip", bottle: 3 }],
    });
    expect(skipped.charges.map((charge) => charge.date)).toEqual(plain.charges.map((charge) => charge.date));
    expect(skipped.charges.find((charge) => charge.bottle === 3)).toEqual({
      bottle: 3,
      date: "2026-05-15",
      skipped: true,
    });
    expect(skipped.periods).toEqual(plain.periods);
    expect(nextCharge(skipped, "2026-04-16")?.date).toBe("2026-06-28");
  });

  it("a pause moves everything from its first day on by its length, splitting the on period", () => {
    const calendar = cycleCalendar({
      start: "2026-01-31",
      weeksOn: 8,
      weeksOff: 2,
      through: "2026-06-30",
      adjustments: [{ kind: "pause", from: "2026-03-12", weeks: 2 }],
    });
    expect(chargeDates(calendar)).toEqual(["2026-01-31", "2026-03-02", "2026-04-29", "2026-05-29"]);
    expect(calendar.periods.slice(0, 5)).toEqual([
      { kind: "on", start: "2026-01-31", end: "2026-03-12" },
      { kind: "paused", start: "2026-03-12", end: "2026-03-26" },
      { kind: "on", start: "2026-03-26", end: "2026-04-11" },
      { kind: "off", start: "2026-04-11", end: "2026-04-25", servingsCarried: 4 },
      { kind: "on", start: "2026-04-25", end: "2026-06-20" },
    ]);
    // A pause from a charge's own day delays that charge.
    const fromCharge = cycleCalendar({
      start: "2026-01-31",
      weeksOn: 8,
      weeksOff: 2,
      through: "2026-04-30",
      adjustments: [{ kind: "pause", from: "2026-03-02", weeks: 3 }],
    });
    expect(chargeDates(fromCharge)).toEqual(["2026-01-31", "2026-03-23"]);
  });

  it("refuses a cycle it does not offer and a pause outside 2-8 weeks", () => {
    const base = { start: "2026-01-01", through: "2026-12-31" };
    expect(() => cycleCalendar({ ...base, weeksOn: 9 as 8, weeksOff: 2 })).toThrow(RangeError);
    expect(() => cycleCalendar({ ...base, weeksOn: 8, weeksOff: 1 as 2 })).toThrow(RangeError);
    for (const weeks of [1, 9, 2.5])
      expect(() =>
        cycleCalendar({
          ...base,
          weeksOn: 8,
          weeksOff: 2,
          adjustments: [{ kind: "pause", from: "2026-02-01", weeks }],
        }),
      ).toThrow(RangeError);
  });
});

describe("the calendar against Stripe's 30-day renewals", () => {
  it("pauses a day before Stripe would renew and resumes on the next charge", () => {
    const calendar = cycleCalendar({ start: "2026-01-31", weeksOn: 8, weeksOff: 2, through: "2026-07-31" });
    expect(billingGaps(calendar)).toEqual([
      { after: 1, pauseOn: "2026-03-31", resumeOn: "2026-04-15" },
      { after: 3, pauseOn: "2026-06-13", resumeOn: "2026-06-28" },
    ]);
    const skipped = cycleCalendar({
      start: "2026-01-31",
      weeksOn: 8,
      weeksOff: 2,
      through: "2026-07-31",
      adjustments: [{ kind: "skip", bottle: 1 }],
    });
    expect(billingGaps(skipped)[0]).toEqual({ after: 0, pauseOn: "2026-03-01", resumeOn: "2026-04-15" });
  });

  it("New York's clock changes move an instant by an hour, never a date", () => {
    expect(zonedInstant("2026-03-07", NOON, STORE_TIME_ZONE)).toBe(utc("2026-03-07T17:00:00Z"));
    // Daylight time begins at 02:00 on 2026-03-08 and ends at 02:00 on 2026-11-01.
    expect(zonedInstant("2026-03-08", NOON, STORE_TIME_ZONE)).toBe(utc("2026-03-08T16:00:00Z"));
    expect(zonedInstant("2026-10-31", NOON, STORE_TIME_ZONE)).toBe(utc("2026-10-31T16:00:00Z"));
    expect(zonedInstant("2026-11-01", NOON, STORE_TIME_ZONE)).toBe(utc("2026-11-01T17:00:00Z"));
    expect(zonedInstant("2026-03-08", { hour: 0, minute: 30 }, STORE_TIME_ZONE)).toBe(
      utc("2026-03-08T05:30:00Z"),
    );
    expect(zonedDate(utc("2026-03-08T04:59:00Z"), STORE_TIME_ZONE)).toBe("2026-03-07");
    expect(zonedDate(utc("2026-03-08T05:00:00Z"), STORE_TIME_ZONE)).toBe("2026-03-08");
  });

  it("a renewal 30 days (Stripe's UTC days) after a noon charge lands on the calendar's date, across clock changes", () => {
    for (const start of ["2026-02-20", "2026-10-10", "2027-02-27"]) {
      const calendar = cycleCalendar({ start, weeksOn: 12, weeksOff: 4, through: addDays(start, 400) });
      for (const charge of calendar.charges) {
        const renewal = zonedInstant(charge.date, NOON, STORE_TIME_ZONE) + 30 * 86_400;
        expect(zonedDate(renewal, STORE_TIME_ZONE)).toBe(addDays(charge.date, 30));
      }
      for (const gap of billingGaps(calendar)) {
        const charged = calendar.charges.find((charge) => charge.bottle === gap.after)?.date as string;
        const renewal = zonedInstant(charged, NOON, STORE_TIME_ZONE) + 30 * 86_400;
        expect(zonedInstant(gap.pauseOn, NOON, STORE_TIME_ZONE)).toBeLessThan(renewal - 12 * 3600);
      }
    }
  });
});

describe("odd dates (issue 36 item 8)", () => {
  it("month ends: 30 days after January 31 is March 2 (March 1 in a leap year); August 31, December 31", () => {
    const second = (start: string) =>
      chargeDates(cycleCalendar({ start, weeksOn: 8, weeksOff: 2, through: addDays(start, 40) }))[1];
    expect(second("2026-01-31")).toBe("2026-03-02");
    expect(second("2028-01-31")).toBe("2028-03-01");
    expect(second("2026-08-31")).toBe("2026-09-30");
    expect(second("2026-12-31")).toBe("2027-01-30");
    expect(second("2026-02-28")).toBe("2026-03-30");
  });

  it("a subscription started on February 29 runs on whole days through the years after", () => {
    const calendar = cycleCalendar({ start: "2028-02-29", weeksOn: 8, weeksOff: 2, through: "2029-03-31" });
    expect(chargeDates(calendar).slice(0, 4)).toEqual([
      "2028-02-29",
      "2028-03-30",
      "2028-05-13",
      "2028-06-12",
    ]);
    // A year on there is no February 29: nothing is due on a date that does not exist.
    for (const date of chargeDates(calendar)) expect(() => dayNumber(date)).not.toThrow();
    expect(calendar.periods[1]).toEqual({
      kind: "off",
      start: "2028-04-25",
      end: "2028-05-09",
      servingsCarried: 4,
    });
  });

  it("a charge on the Sunday the clocks change: noon in New York, and Stripe's renewal 30 days on lands on its date", () => {
    // March 8 and November 1, 2026: a charge at noon on either day is at 16:00 and 17:00 UTC.
    for (const [date, iso] of [
      ["2026-03-08", "2026-03-08T16:00:00Z"],
      ["2026-11-01", "2026-11-01T17:00:00Z"],
    ] as const) {
      expect(zonedInstant(date, NOON, STORE_TIME_ZONE)).toBe(utc(iso));
      expect(zonedDate(utc(iso), STORE_TIME_ZONE)).toBe(date);
    }
    // Started so that the second charge falls on each Sunday: the calendar keeps it there.
    const spring = cycleCalendar({ start: "2026-02-06", weeksOn: 8, weeksOff: 2, through: "2026-03-31" });
    expect(chargeDates(spring)[1]).toBe("2026-03-08");
    const autumn = cycleCalendar({ start: "2026-10-02", weeksOn: 8, weeksOff: 2, through: "2026-11-30" });
    expect(chargeDates(autumn)[1]).toBe("2026-11-01");
    // Stripe renews 30 × 24 hours after the first charge: an hour off the wall clock, the same date.
    const renewal = (start: string) => zonedInstant(start, NOON, STORE_TIME_ZONE) + 30 * 86_400;
    expect(zonedDate(renewal("2026-02-06"), STORE_TIME_ZONE)).toBe("2026-03-08");
    expect(zonedDate(renewal("2026-10-02"), STORE_TIME_ZONE)).toBe("2026-11-01");
  });

  it("the hour that repeats in November and the hour that is skipped in March stay on their own date", () => {
    // 01:30 happens twice on November 1, 2026; 02:30 never happens on March 8, 2026.
    const repeated = zonedInstant("2026-11-01", { hour: 1, minute: 30 }, STORE_TIME_ZONE);
    expect([utc("2026-11-01T05:30:00Z"), utc("2026-11-01T06:30:00Z")]).toContain(repeated);
    expect(zonedDate(repeated, STORE_TIME_ZONE)).toBe("2026-11-01");
    const skipped = zonedInstant("2026-03-08", { hour: 2, minute: 30 }, STORE_TIME_ZONE);
    expect(zonedDate(skipped, STORE_TIME_ZONE)).toBe("2026-03-08");
    // Just before and after midnight either side of the autumn change.
    expect(zonedDate(utc("2026-11-01T03:59:00Z"), STORE_TIME_ZONE)).toBe("2026-10-31");
    expect(zonedDate(utc("2026-11-01T04:00:00Z"), STORE_TIME_ZONE)).toBe("2026-11-01");
    expect(zonedDate(utc("2026-11-02T04:59:00Z"), STORE_TIME_ZONE)).toBe("2026-11-01");
    expect(zonedDate(utc("2026-11-02T05:00:00Z"), STORE_TIME_ZONE)).toBe("2026-11-02");
  });

  it("a pause written across a clock change still starts a day before Stripe would renew", () => {
    // 8 on / 2 off from 2026-09-03: the pause after the second bottle (October 3) is on November 1.
    const calendar = cycleCalendar({ start: "2026-09-03", weeksOn: 8, weeksOff: 2, through: "2027-01-31" });
    const gap = billingGaps(calendar)[0];
    expect(gap).toEqual({ after: 1, pauseOn: "2026-11-01", resumeOn: "2026-11-16" });
    const renewal = zonedInstant("2026-10-03", NOON, STORE_TIME_ZONE) + 30 * 86_400;
    const pauseAt = zonedInstant(gap?.pauseOn as string, NOON, STORE_TIME_ZONE);
    expect(renewal - pauseAt).toBe(86_400 - 3_600);
  });
});
