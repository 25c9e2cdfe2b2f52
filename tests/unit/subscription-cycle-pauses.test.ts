import { describe, expect, it } from "vitest";
import { cyclePauses } from "~/server/subscriptions/cycle-pauses.server";
import { STORE_TIME_ZONE, zonedInstant } from "~/shared/subscription-cycle";

/** Decision 119: the calendar's gaps as the pauses Stripe holds, two ahead, at noon in New York. */

const at = (date: string) => zonedInstant(date, { hour: 12, minute: 0 }, STORE_TIME_ZONE);
const cycle = { weeksOn: 8, weeksOff: 2 } as const;

describe("the pauses written to Stripe", () => {
  it("are the next gap (Stripe holds one pause schedule), keyed by the bottle before it; the phase outlives it by a year", () => {
    const { pauses, keepUntil } = cyclePauses({ startedAt: at("2026-01-31"), cycle, now: at("2026-01-31") });
    expect(pauses).toEqual([{ key: "after-1", pauseAt: at("2026-03-31"), resumeAt: at("2026-04-15") }]);
    expect(keepUntil).toBe(at("2026-04-15") + 365 * 86_400);
    // Further gaps when asked for (the reminders look ahead; Stripe is written one at a time).
    expect(
      cyclePauses({ startedAt: at("2026-01-31"), cycle, now: at("2026-01-31"), horizon: 2 }).pauses[1],
    ).toEqual({ key: "after-3", pauseAt: at("2026-06-13"), resumeAt: at("2026-06-28") });
  });

  it("leave out gaps that are over, keep one under way, and follow a skip", () => {
    const during = cyclePauses({ startedAt: at("2026-01-31"), cycle, now: at("2026-04-01") });
    expect(during.pauses.map((pause) => pause.key)).toEqual(["after-1"]);
    const after = cyclePauses({ startedAt: at("2026-01-31"), cycle, now: at("2026-04-16") });
    expect(after.pauses.map((pause) => pause.key)).toEqual(["after-3"]);
    const skipped = cyclePauses({
      startedAt: at("2026-01-31"),
      cycle,
      adjustments: [{ kind: "skip", bottle: 1 }],
      now: at("2026-02-10"),
    });
    expect(skipped.pauses[0]).toEqual({
      key: "after-0",
      pauseAt: at("2026-03-01"),
      resumeAt: at("2026-04-15"),
    });
  });

  it("count the start in the store's time zone, whatever the hour in UTC", () => {
    // 02:30 UTC on February 1 is still January 31 in New York.
    const late = cyclePauses({
      startedAt: Date.parse("2026-02-01T02:30:00Z") / 1000,
      cycle,
      now: at("2026-01-31"),
    });
    expect(late.pauses[0]?.resumeAt).toBe(at("2026-04-15"));
  });
});
