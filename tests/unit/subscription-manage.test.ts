import { describe, expect, it } from "vitest";
import { renderSubscriptionChanged } from "~/server/mail/templates/subscription-changes";
import {
  adjustmentsOf,
  type ChangeRow,
  effectiveFrom,
  firstCycleOf,
  pausesFor,
  type SubscriptionRow,
  upcomingCharge,
  withdrawnPause,
} from "~/server/subscriptions/manage-calendar.server";
import { manageForm } from "~/server/subscriptions/manage-subscriptions.server";
import { whyNotNow } from "~/server/subscriptions/unconfirmed-changes.server";
import { cycleCalendar, STORE_TIME_ZONE, zonedInstant } from "~/shared/subscription-cycle";

/**
 * Issue 36 item 5's pure parts (decision 132): the recorded changes as the calendar's inputs, the next
 * charge Stripe has not made, the day a change takes effect, pauses never set in Stripe's past, the
 * page's forms as the action reads them, and the one short e-mail per change.
 */

const NOON = { hour: 12, minute: 0 };
const at = (date: string) => zonedInstant(date, NOON, STORE_TIME_ZONE);
const ID = "6f1b7c7e-8a43-4c51-9d1e-2f0a3b4c5d6e";

function change(sequence: number, values: Partial<ChangeRow>): ChangeRow {
  return {
    id: `00000000-0000-4000-8000-00000000000${sequence}`,
    subscriptionId: ID,
    sequence,
    kind: "skip",
    bottle: null,
    fromDate: null,
    weeks: null,
    weeksOn: null,
    weeksOff: null,
    previousWeeksOn: null,
    previousWeeksOff: null,
    quantity: null,
    previousQuantity: null,
    pending: false,
    createdAt: new Date(),
    ...values,
  };
}

const row = { id: ID, weeksOn: 12, weeksOff: 4 } as SubscriptionRow;

describe("the recorded changes as the calendar's inputs", () => {
  const changes = [
    change(3, {
      kind: "cycle",
      fromDate: "2026-04-01",
      weeksOn: 12,
      weeksOff: 4,
      previousWeeksOn: 10,
      previousWeeksOff: 3,
    }),
    change(1, { kind: "skip", bottle: 1 }),
    change(4, { kind: "quantity", quantity: 2, previousQuantity: 1 }),
    change(2, {
      kind: "cycle",
      fromDate: "2026-02-10",
      weeksOn: 10,
      weeksOff: 3,
      previousWeeksOn: 8,
      previousWeeksOff: 2,
    }),
    change(5, { kind: "pause", fromDate: "2026-05-01", weeks: 3 }),
  ];

  it("are the skips, pauses and new cycles in the order made; bottles and cancellations move nothing", () => {
    expect(adjustmentsOf(changes)).toEqual([
      { kind: "skip", bottle: 1 },
      { kind: "cycle", from: "2026-02-10", weeksOn: 10, weeksOff: 3 },
      { kind: "cycle", from: "2026-04-01", weeksOn: 12, weeksOff: 4 },
      { kind: "pause", from: "2026-05-01", weeks: 3 },
    ]);
  });

  it("start from the cycle sold: the row holds the current one, the first change the one before", () => {
    expect(firstCycleOf(row, changes)).toEqual({ weeksOn: 8, weeksOff: 2 });
    expect(firstCycleOf(row, [])).toEqual({ weeksOn: 12, weeksOff: 4 });
  });
});

describe("the next charge and the day a change takes effect", () => {
  const calendar = cycleCalendar({
    start: "2026-01-31",
    weeksOn: 8,
    weeksOff: 2,
    through: "2026-12-31",
    adjustments: [{ kind: "skip", bottle: 2 }],
  });

  it("is the first bottle not skipped after the last charge Stripe made, and not before today", () => {
    expect(upcomingCharge(calendar, "2026-01-31", "2026-01-31")?.date).toBe("2026-03-02");
    // Charged today: the next one is after it.
    expect(upcomingCharge(calendar, "2026-03-02", "2026-03-02")?.date).toBe("2026-05-15");
    // Bottle 2 (April 15) is skipped.
    expect(upcomingCharge(calendar, "2026-03-20", "2026-03-02")).toEqual({
      bottle: 3,
      date: "2026-05-15",
      skipped: false,
    });
  });

  it("is today, or tomorrow when today's bottle was charged", () => {
    expect(effectiveFrom("2026-03-05", "2026-03-02")).toBe("2026-03-05");
    expect(effectiveFrom("2026-03-02", "2026-03-02")).toBe("2026-03-03");
  });
});

describe("the pauses written after a change", () => {
  const details = { startedAt: at("2026-01-31") };
  const inputs = { cycle: { weeksOn: 8, weeksOff: 2 } as const, adjustments: [] };

  it("are the calendar's gaps at noon in New York", () => {
    const { pauses } = pausesFor(details, inputs, at("2026-02-10"));
    expect(pauses[0]).toEqual({ key: "after-1", pauseAt: at("2026-03-31"), resumeAt: at("2026-04-15") });
  });

  it("never begin in Stripe's past: one whose instant has gone starts a minute from now", () => {
    // Late on the day before the second charge, the subscriber skips it.
    const now = at("2026-03-01") + 6 * 3600;
    const { pauses } = pausesFor(details, { ...inputs, adjustments: [{ kind: "skip", bottle: 1 }] }, now);
    expect(pauses[0]).toEqual({ key: "after-0", pauseAt: now + 60, resumeAt: at("2026-04-15") });
    // A resume already due (a shorter off period) comes a minute after the pause.
    const shortened = pausesFor(
      details,
      { ...inputs, adjustments: [{ kind: "cycle", from: "2026-04-13", weeksOn: 8, weeksOff: 2 }] },
      at("2026-04-20"),
    );
    for (const pause of shortened.pauses) expect(pause.resumeAt).toBeGreaterThan(pause.pauseAt);
  });

  it("withdrawn when their change is dropped: the change's own pause, to end for the next charge told", () => {
    const asked = { ...inputs, adjustments: [{ kind: "skip" as const, bottle: 1 }] };
    // Stripe began the skip's pause at noon the day before the second charge (2026-03-02).
    const now = at("2026-03-01") + 3600;
    expect(withdrawnPause(details, asked, now, "2026-03-02")).toEqual({
      key: "after-0",
      resumeAt: at("2026-03-02"),
    });
    // A day told that has gone by: a minute from now, as Stripe takes no resume in the past.
    const late = at("2026-03-02") + 7200;
    expect(withdrawnPause(details, asked, late, "2026-03-02")).toEqual({
      key: "after-0",
      resumeAt: late + 60,
    });
    expect(withdrawnPause(details, asked, now, null)).toBeNull();
  });
});

describe("the page's forms", () => {
  const base = { subscription: ID, version: "0" };

  it("are read from their strings", () => {
    expect(manageForm.parse({ ...base, intent: "pause", weeks: "3" })).toEqual({
      intent: "pause",
      subscription: ID,
      version: 0,
      weeks: 3,
    });
    expect(manageForm.parse({ ...base, intent: "cycle", weeksOn: "12", weeksOff: "4" })).toMatchObject({
      weeksOn: 12,
      weeksOff: 4,
    });
    expect(manageForm.parse({ intent: "portal", subscription: ID })).toEqual({
      intent: "portal",
      subscription: ID,
    });
  });

  it("refuse a pause of 1 or 9 weeks, a cycle not offered, 0 or 7 bottles, and anything not an id", () => {
    for (const fields of [
      { ...base, intent: "pause", weeks: "1" },
      { ...base, intent: "pause", weeks: "9" },
      { ...base, intent: "pause", weeks: "" },
      { ...base, intent: "cycle", weeksOn: "9", weeksOff: "2" },
      { ...base, intent: "cycle", weeksOn: "8", weeksOff: "5" },
      { ...base, intent: "quantity", quantity: "0" },
      { ...base, intent: "quantity", quantity: "7" },
      { ...base, intent: "quantity", quantity: "2.5" },
      { ...base, intent: "skip", subscription: "1 or 1=1", bottle: "1" },
      { ...base, intent: "refund" },
    ])
      expect(manageForm.safeParse(fields).success, JSON.stringify(fields)).toBe(false);
  });
});

describe("the e-mail of a change", () => {
  const common = {
    productTitle: "Forge Enhancer",
    nextChargeOn: "2026-04-15",
    amount: 3315,
    currency: "usd",
    manageUrl: "https://shop.example/account/subscription",
  };

  it("says what changed, the next charge, and where to change it again", async () => {
    const skip = await renderSubscriptionChanged({ change: "skip", skippedOn: "2026-03-02", ...common });
    expect(skip.subject).toBe("Skipped: your Forge delivery of Monday, March 2, 2026");
    expect(skip.text).toContain("nothing is charged or shipped that day");
    expect(skip.text).toContain("Your next charge is $33.15 on Wednesday, April 15, 2026.");
    expect(skip.text).toContain("https://shop.example/account/subscription");
    const pause = await renderSubscriptionChanged({
      change: "pause",
      from: "2026-02-10",
      weeks: 3,
      ...common,
    });
    expect(pause.subject).toBe("Your Forge subscription is paused for 3 weeks");
    const cycle = await renderSubscriptionChanged({
      change: "cycle",
      from: "2026-02-10",
      weeksOn: 12,
      weeksOff: 4,
      ...common,
    });
    expect(cycle.text).toContain("your cycle is 12 weeks on and 4 weeks off");
    const bottles = await renderSubscriptionChanged({
      change: "quantity",
      quantity: 3,
      unitAmount: 3315,
      ...common,
      amount: 9945,
    });
    expect(bottles.subject).toBe("Your Forge deliveries are now 3 bottles");
    expect(bottles.text).toContain("3 bottles at $33.15 each, the price you signed up at");
    expect(bottles.text).toContain("Your next charge is $99.45");
  });

  it("says a change that could not be carried to Stripe was not made, and what the subscriber asked", async () => {
    const asked = [
      [{ kind: "skip" }, "you asked to skip your next delivery"],
      [{ kind: "pause", weeks: 4 }, "you asked to pause for 4 weeks"],
      [
        { kind: "cycle", weeksOn: 10, weeksOff: 3 },
        "you asked to change your cycle to 10 weeks on and 3 weeks off",
      ],
      [{ kind: "quantity", quantity: 2 }, "you asked to receive 2 bottles per delivery"],
    ] as const;
    for (const [what, words] of asked) {
      const notice = await renderSubscriptionChanged({
        change: "not_made",
        askedOn: "2026-03-01",
        asked: what,
        ...common,
      });
      expect(notice.subject).toBe("Your Forge subscription change was not made");
      expect(notice.text).toContain(`On Sunday, March 1, 2026, ${words}.`);
      expect(notice.text).toContain("so it was not made: your subscription is as it was before you asked");
      expect(notice.text).toContain("Your next charge is $33.15 on Wednesday, April 15, 2026.");
      expect(notice.text).toContain("https://shop.example/account/subscription");
    }
  });
});

describe("a change left pending (decision 157)", () => {
  // 8 weeks on, 2 off from Jan 1: bottles charged Jan 1 (0), Jan 31 (1), Mar 2 (2), ...
  const state = (lastChargeOn: string) => ({
    before: cycleCalendar({ start: "2026-01-01", weeksOn: 8, weeksOff: 2, through: "2026-12-31" }),
    today: "2026-01-20",
    lastChargeOn,
  });

  it("is carried while it can still be made as asked", () => {
    const now = state("2026-01-01");
    expect(whyNotNow(change(1, { kind: "skip", bottle: 1, pending: true }), now)).toBeNull();
    expect(whyNotNow(change(1, { kind: "pause", fromDate: "2026-01-20", weeks: 2 }), now)).toBeNull();
    expect(whyNotNow(change(1, { kind: "quantity", quantity: 2, previousQuantity: 1 }), now)).toBeNull();
  });

  it("is dropped when its delivery was charged meanwhile, a charge fell on its first day, or a day went by", () => {
    // The second bottle (1) was charged on Jan 31: the skip of it cannot be made.
    const charged = state("2026-01-31");
    expect(whyNotNow(change(1, { kind: "skip", bottle: 1 }), { ...charged, today: "2026-02-01" })).toBe(
      "its delivery is no longer the next one",
    );
    expect(
      whyNotNow(change(1, { kind: "cycle", fromDate: "2026-01-31", weeksOn: 10, weeksOff: 2 }), charged),
    ).toBe("a charge was made since the day it was to start");
    const old = change(1, {
      kind: "quantity",
      quantity: 2,
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    expect(whyNotNow(old, state("2026-01-01"))).toBe("not carried to Stripe within a day");
  });
});
