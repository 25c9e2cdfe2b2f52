import { describe, expect, it } from "vitest";
import { formatRange } from "~/content/subscribe";
import { formatDay, formatDayLong, formatMonth, formatMonthDay, formatWeekdayDay } from "~/shared/dates";

/** Every day of two years, a leap year among them. */
const days = Array.from({ length: 731 }, (_, index) => new Date(Date.UTC(2027, 0, 1) + index * 86_400_000));
const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });

describe("days as en-US text without Intl (decision 143)", () => {
  it("each form reads as Intl's for every day of 2027 and 2028", () => {
    const medium = intl({ dateStyle: "medium" });
    const long = intl({ dateStyle: "long" });
    const weekday = intl({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
    const monthDay = intl({ month: "short", day: "numeric" });
    const month = intl({ month: "short" });
    for (const day of days) {
      expect(formatDay(day)).toBe(medium.format(day));
      expect(formatDayLong(day)).toBe(long.format(day));
      expect(formatWeekdayDay(day)).toBe(weekday.format(day));
      expect(formatMonthDay(day)).toBe(monthDay.format(day));
      expect(formatMonth(day)).toBe(month.format(day));
    }
  });

  it("reads a calendar day as that day and a timestamp in UTC, whatever the machine's zone", () => {
    expect(formatDay("2026-11-27")).toBe("Nov 27, 2026");
    expect(formatDay("2026-11-27T23:59:59.999Z")).toBe("Nov 27, 2026");
    expect(formatDay("2026-11-27T19:30:00-05:00")).toBe("Nov 28, 2026");
  });

  it("refuses a date that is not one, as Intl does", () => {
    expect(() => formatDay("not a date")).toThrow(RangeError);
  });

  it("writes the pages' dates as they read: a subscription's day, a review's, a legal text's, a range", () => {
    expect(formatWeekdayDay("2026-03-31")).toBe("Tue, Mar 31, 2026");
    expect(formatMonthDay("2026-03-31")).toBe("Mar 31");
    expect(formatMonth("2026-09-01")).toBe("Sep");
    expect(formatDayLong("2026-11-02T10:00:00Z")).toBe("November 2, 2026");
    expect(formatDayLong("2026-11-23")).toBe("November 23, 2026");
    expect(formatRange("2027-01-23", "2027-02-05")).toBe("Jan 23 to Feb 5, 2027");
    expect(formatRange("2026-11-28", "2027-01-22")).toBe("Nov 28, 2026 to Jan 22, 2027");
  });
});
