import { describe, expect, it } from "vitest";
import {
  calendarView,
  pageOf,
  type SubscriptionFacts,
  standingOf,
  stateFilterOf,
} from "~/server/admin/admin-subscriptions.server";
import { calendarOf, upcomingCharge } from "~/server/subscriptions/manage-calendar.server";

/**
 * Issue 36 item 7 (decision 135): where the back office says a subscription stands, worked out from
 * what the database records (its status, its orders, its failed payments) and the cycle's calendar on
 * a given day: the state, the next charge (the calendar's first charge not yet paid), the off weeks,
 * and the calendar with what became of each charge.
 *
 * 8 on / 2 off from Tue 2027-01-05 charges on days 0, 30, 74, 104: Jan 5, Feb 4, Mar 20, Apr 19; the
 * first off weeks are days 56-69 (Mar 2 to Mar 15), the on weeks start again Mar 16, four servings
 * carried over. New York's clocks change on Mar 14, inside them.
 */

const facts = (overrides: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  status: "active",
  weeksOn: 8,
  weeksOff: 2,
  quantity: 2,
  unitAmount: 3315,
  currency: "usd",
  // Noon in New York on Jan 5.
  firstChargeAt: new Date("2027-01-05T17:00:00Z"),
  paidOrders: 1,
  pastDue: false,
  canceledAt: null,
  ...overrides,
});

describe("a subscription's standing", () => {
  it("is active with the next bottle 30 days after the first, for the price of the bottles", () => {
    const standing = standingOf(facts(), "2027-01-20");
    expect(standing.state).toBe("active");
    expect(standing.startedOn).toBe("2027-01-05");
    expect(standing.nextCharge).toEqual({ date: "2027-02-04", amount: "$66.30", due: false });
  });

  it("is paused in the off weeks, on again the day they end, next charged when the carried servings run out", () => {
    for (const today of ["2027-03-02", "2027-03-08", "2027-03-15"]) {
      const standing = standingOf(facts({ paidOrders: 2 }), today);
      expect(standing.state, today).toBe("paused");
      expect(standing.pausedUntil, today).toBe("2027-03-16");
      expect(standing.nextCharge?.date, today).toBe("2027-03-20");
    }
    // The on weeks again: active, the next charge still Mar 20 (days after the clocks changed).
    expect(standingOf(facts({ paidOrders: 2 }), "2027-03-16")).toMatchObject({
      state: "active",
      pausedUntil: null,
      nextCharge: { date: "2027-03-20", due: false },
    });
    // The day before the off weeks: on.
    expect(standingOf(facts({ paidOrders: 2 }), "2027-03-01").state).toBe("active");
  });

  it("says a charge is due when its date has come and no order paid it, and past due once a payment failed", () => {
    expect(standingOf(facts(), "2027-02-04").nextCharge).toEqual({
      date: "2027-02-04",
      amount: "$66.30",
      due: true,
    });
    const failed = standingOf(facts({ pastDue: true }), "2027-02-07");
    expect(failed.state).toBe("past_due");
    expect(failed.nextCharge).toMatchObject({ date: "2027-02-04", due: true });
    // A failure in what would be the off weeks is still past due, not paused.
    expect(standingOf(facts({ pastDue: true, paidOrders: 2 }), "2027-03-08").state).toBe("past_due");
  });

  it("counts the next charge from the paid orders, whatever today's date (Stripe's test clocks run ahead)", () => {
    expect(standingOf(facts({ paidOrders: 3 }), "2027-01-05").nextCharge?.date).toBe("2027-04-19");
    expect(standingOf(facts({ paidOrders: 7 }), "2027-01-05").nextCharge?.date).toBe(
      // Days 0, 30, 74, 104, 148, 178, 222, then 252.
      "2027-09-14",
    );
  });

  it("has no next charge when cancelled or never paid, and no calendar before the first charge", () => {
    expect(standingOf(facts({ status: "canceled" }), "2027-01-20")).toMatchObject({
      state: "canceled",
      nextCharge: null,
    });
    expect(
      standingOf(facts({ status: "pending", firstChargeAt: null, paidOrders: 0 }), "2027-01-20"),
    ).toEqual(
      expect.objectContaining({ state: "pending", nextCharge: null, calendar: null, startedOn: null }),
    );
    // Checkout complete, the first invoice not yet an order: active, nothing to date from yet.
    expect(standingOf(facts({ firstChargeAt: null, paidOrders: 0 }), "2027-01-05")).toMatchObject({
      state: "active",
      nextCharge: null,
      calendar: null,
    });
  });

  it("dates the first charge in the store's time zone, not in UTC", () => {
    // 23:30 in New York on Jan 5 is Jan 6 in UTC.
    const late = standingOf(facts({ firstChargeAt: new Date("2027-01-06T04:30:00Z") }), "2027-01-20");
    expect(late.startedOn).toBe("2027-01-05");
    expect(late.nextCharge?.date).toBe("2027-02-04");
  });

  it("follows the subscriber's skip: the skipped bottle is not the next charge, as on the subscriber's page", () => {
    const skipped = facts({ adjustments: [{ kind: "skip", bottle: 1 }] });
    const standing = standingOf(skipped, "2027-01-20");
    // The second bottle (Feb 4) skipped: the next charge is the third bottle's, Mar 20.
    expect(standing.nextCharge?.date).toBe("2027-03-20");
    expect(standing.calendar?.charges.find((charge) => charge.bottle === 1)).toMatchObject({
      date: "2027-02-04",
      skipped: true,
    });
    const subscribers = upcomingCharge(
      calendarOf(
        { startedAt: Date.parse("2027-01-05T17:00:00Z") / 1000 },
        {
          cycle: { weeksOn: 8, weeksOff: 2 },
          adjustments: [{ kind: "skip", bottle: 1 }],
        },
        "2027-12-31",
      ),
      "2027-01-20",
      "2027-01-05",
    );
    expect(subscribers?.date).toBeDefined();
    expect(standing.nextCharge).toEqual({ date: subscribers?.date, amount: "$66.30", due: false });
    // Without the change, the back office would have said Feb 4.
    expect(standingOf(facts(), "2027-01-20").nextCharge?.date).toBe("2027-02-04");
  });

  it("is paused until the end of the subscriber's pause, the next charge after it", () => {
    const paused = facts({ adjustments: [{ kind: "pause", from: "2027-01-20", weeks: 4 }] });
    for (const today of ["2027-01-20", "2027-02-04", "2027-02-16"]) {
      const standing = standingOf(paused, today);
      expect(standing.state, today).toBe("paused");
      expect(standing.pausedUntil, today).toBe("2027-02-17");
      // The Feb 4 bottle four weeks later.
      expect(standing.nextCharge?.date, today).toBe("2027-03-04");
    }
    expect(standingOf(paused, "2027-02-17").state).toBe("active");
  });

  it("draws the calendar from the cycle it was sold with, the new cycle from its day", () => {
    // Sold 8 on / 2 off, changed to 12 on / 4 off from Feb 10: the row holds the new cycle.
    const changed = facts({
      weeksOn: 12,
      weeksOff: 4,
      firstCycle: { weeksOn: 8, weeksOff: 2 },
      adjustments: [{ kind: "cycle", from: "2027-02-10", weeksOn: 12, weeksOff: 4 }],
    });
    const standing = standingOf(changed, "2027-01-20");
    expect(standing.calendar?.periods[0]).toMatchObject({ kind: "on", start: "2027-01-05" });
    expect(standing.nextCharge?.date).toBe("2027-02-04");
  });

  it("has no calendar for a cycle it does not know (rather than a wrong one)", () => {
    const odd = standingOf(facts({ weeksOn: 9 }), "2027-01-20");
    expect(odd.calendar).toBeNull();
    expect(odd.nextCharge).toBeNull();
  });
});

describe("the calendar the subscription's page shows", () => {
  it("marks each charge paid (with its order), next or planned, and the stretch today is in", () => {
    const subscription = facts({ paidOrders: 2 });
    const standing = standingOf(subscription, "2027-03-08", 140);
    const view = calendarView(standing, subscription, [1041, 1077], "2027-03-08") ?? [];
    expect(
      view.slice(0, 3).map(({ kind, start, last, servingsCarried, current }) => ({
        kind,
        start,
        last,
        servingsCarried,
        current,
      })),
    ).toEqual([
      { kind: "on", start: "2027-01-05", last: "2027-03-01", servingsCarried: null, current: false },
      { kind: "off", start: "2027-03-02", last: "2027-03-15", servingsCarried: 4, current: true },
      { kind: "on", start: "2027-03-16", last: "2027-05-10", servingsCarried: null, current: false },
    ]);
    const charges = view.flatMap((period) => period.charges);
    expect(charges.slice(0, 4)).toEqual([
      { number: 1, date: "2027-01-05", status: "paid", orderNumber: 1041 },
      { number: 2, date: "2027-02-04", status: "paid", orderNumber: 1077 },
      { number: 3, date: "2027-03-20", status: "next", orderNumber: null },
      { number: 4, date: "2027-04-19", status: "planned", orderNumber: null },
    ]);
    expect(view[1]?.charges).toEqual([]);
  });

  it("shows whole stretches only: one the calendar's horizon cuts short is left out, not shown without its charges", () => {
    // Drawn to day 282: the on stretch from day 280 (Oct 12) has its first charge on day 296.
    const subscription = facts({ paidOrders: 2 });
    const standing = standingOf(subscription, "2027-03-08", 77);
    expect(standing.through).toBe("2027-10-14");
    const view = calendarView(standing, subscription, [1041, 1077], "2027-03-08") ?? [];
    expect(view.at(-1)).toMatchObject({ kind: "off", start: "2027-09-28", last: "2027-10-11" });
    for (const period of view.filter((stretch) => stretch.kind === "on"))
      expect(period.charges.length, period.start).toBeGreaterThan(0);
  });

  it("shows a failed charge as not paid, and a cancelled subscription's calendar ends with it", () => {
    const failing = facts({ pastDue: true });
    const failingView = calendarView(standingOf(failing, "2027-02-08"), failing, [1041], "2027-02-08") ?? [];
    expect(failingView.flatMap((period) => period.charges).slice(0, 2)).toEqual([
      { number: 1, date: "2027-01-05", status: "paid", orderNumber: 1041 },
      { number: 2, date: "2027-02-04", status: "unpaid", orderNumber: null },
    ]);

    const ended = facts({ status: "canceled", canceledAt: new Date("2027-02-12T15:00:00Z") });
    const endedView = calendarView(standingOf(ended, "2027-06-01"), ended, [1041], "2027-06-01") ?? [];
    expect(endedView).toHaveLength(1);
    expect(endedView[0]?.current).toBe(false);
    expect(endedView[0]?.charges).toEqual([
      { number: 1, date: "2027-01-05", status: "paid", orderNumber: 1041 },
      { number: 2, date: "2027-02-04", status: "unpaid", orderNumber: null },
    ]);
  });
});

describe("the list's address", () => {
  it("takes the five states and whole page numbers, and anything else as no filter and page 1", () => {
    for (const state of ["pending", "active", "paused", "past_due", "canceled"])
      expect(stateFilterOf(state)).toBe(state);
    for (const junk of [null, "", "PAUSED", "cancelled", "active ", "__proto__"])
      expect(stateFilterOf(junk)).toBeNull();
    expect(pageOf("3")).toBe(3);
    for (const junk of [null, "0", "-1", "1.5", "abc", "1e9"]) expect(pageOf(junk)).toBe(1);
  });
});
