import { describe, expect, it } from "vitest";
import { cyclePauses } from "~/server/subscriptions/cycle-pauses.server";
import {
  breaksOf,
  calendarOf,
  planReminders,
  reminderDueAt,
} from "~/server/subscriptions/reminder-plan.server";
import { STORE_TIME_ZONE, zonedInstant } from "~/shared/subscription-cycle";

/**
 * Decision 133: which reminders a subscriber is owed and when, from what Stripe holds (its pauses, the
 * start, its time) and the cycle: three days before each resume's charge and before each break starts
 * and ends, at 09:00 in New York, whatever the month's length or the clock change.
 */

const at = (date: string) => zonedInstant(date, { hour: 12, minute: 0 }, STORE_TIME_ZONE);
const utc = (iso: string) => Date.parse(iso) / 1000;
const cycle = { weeksOn: 8, weeksOff: 2 } as const;

function plan(
  start: string,
  now: string,
  adjustments: Parameters<typeof cyclePauses>[0]["adjustments"] = [],
) {
  const { pauses } = cyclePauses({ startedAt: at(start), cycle, adjustments, now: at(start) });
  return planReminders({ startedAt: at(start), cycle, adjustments, pauses, now: at(now) });
}

describe("the reminders planned from Stripe's pauses and the cycle", () => {
  it("8 on / 2 off from January 31: the break's start and end, and the charge that ends the pause", () => {
    const planned = plan("2026-01-31", "2026-01-31");
    expect(planned.map(({ kind, onDate }) => [kind, onDate])).toEqual([
      ["off_start", "2026-03-28"],
      ["off_end", "2026-04-11"],
      ["charge", "2026-04-15"],
      ["off_start", "2026-06-06"],
      ["off_end", "2026-06-20"],
      // The charge that ends the second break is planned once Stripe holds its pause: Stripe holds one
      // pause schedule, the next one written at the first's resume (the test below).
    ]);
    // Three days before, at 09:00 in New York: daylight time from March 8 (13:00 UTC), standard before.
    expect(planned[0]?.dueAt).toBe(utc("2026-03-25T13:00:00Z"));
    expect(planned[2]?.dueAt).toBe(utc("2026-04-12T13:00:00Z"));
  });

  it("leaves out what is over and what Stripe has already resumed", () => {
    // At the first break's resume the app writes the next pause in its place (Stripe holds one).
    const { pauses } = cyclePauses({ startedAt: at("2026-01-31"), cycle, now: at("2026-04-15") });
    expect(pauses.map((pause) => pause.key)).toEqual(["after-3"]);
    const planned = planReminders({ startedAt: at("2026-01-31"), cycle, pauses, now: at("2026-04-15") });
    expect(planned.map(({ kind, onDate }) => [kind, onDate])).toEqual([
      ["off_start", "2026-06-06"],
      ["off_end", "2026-06-20"],
      ["charge", "2026-06-28"],
      ["off_start", "2026-08-15"],
      ["off_end", "2026-08-29"],
    ]);
    // On the break's first day its start is no longer ahead; its end still is.
    const during = plan("2026-01-31", "2026-03-28");
    expect(during[0]).toMatchObject({ kind: "off_end", onDate: "2026-04-11" });
  });

  it("a skipped bottle moves the charge reminder to the charge that is made", () => {
    const planned = plan("2026-01-31", "2026-02-10", [{ kind: "skip", bottle: 1 }]);
    const charges = planned.filter((entry) => entry.kind === "charge").map((entry) => entry.onDate);
    // The second bottle (March 2) is skipped: Stripe pauses from March 1 and resumes on April 15.
    expect(charges[0]).toBe("2026-04-15");
    expect(charges).not.toContain("2026-03-02");
  });

  it("a pause that touches the weeks off is one break, started and ended once", () => {
    const adjustments = [{ kind: "pause" as const, from: "2026-04-11", weeks: 2 }];
    const breaks = breaksOf(
      calendarOf({ startedAt: at("2026-01-31"), cycle, adjustments, now: at("2026-02-01") }),
    );
    expect(breaks[0]).toEqual({
      start: "2026-03-28",
      end: "2026-04-25",
      reason: "pause",
      servingsCarried: 4,
    });
    const planned = plan("2026-01-31", "2026-02-01", adjustments);
    expect(planned.filter((entry) => entry.kind !== "charge").slice(0, 2)).toMatchObject([
      { kind: "off_start", onDate: "2026-03-28" },
      { kind: "off_end", onDate: "2026-04-25" },
    ]);
  });

  it("due dates across month ends, a leap day and both clock changes", () => {
    // A charge on March 2: reminded on February 27 (2026) or February 28 (2028, February has 29 days).
    expect(reminderDueAt("2026-03-02")).toBe(utc("2026-02-27T14:00:00Z"));
    expect(reminderDueAt("2028-03-02")).toBe(utc("2028-02-28T14:00:00Z"));
    expect(reminderDueAt("2028-03-03")).toBe(utc("2028-02-29T14:00:00Z"));
    // Across the spring change (March 8, 2026) and the autumn one (November 1, 2026).
    expect(reminderDueAt("2026-03-10")).toBe(utc("2026-03-07T14:00:00Z"));
    expect(reminderDueAt("2026-03-11")).toBe(utc("2026-03-08T13:00:00Z"));
    expect(reminderDueAt("2026-11-03")).toBe(utc("2026-10-31T13:00:00Z"));
    expect(reminderDueAt("2026-11-04")).toBe(utc("2026-11-01T14:00:00Z"));
    // A year's end.
    expect(reminderDueAt("2027-01-02")).toBe(utc("2026-12-30T14:00:00Z"));
  });

  it("a subscription started on February 29 keeps its dates in the years after", () => {
    const planned = plan("2028-02-29", "2028-02-29");
    expect(planned.map(({ kind, onDate }) => [kind, onDate]).slice(0, 3)).toEqual([
      ["off_start", "2028-04-25"],
      ["off_end", "2028-05-09"],
      ["charge", "2028-05-13"],
    ]);
  });
});
