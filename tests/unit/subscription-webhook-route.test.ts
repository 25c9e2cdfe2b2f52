import { describe, expect, it } from "vitest";
import type { SubscriptionEvents } from "~/server/subscriptions/subscription-events.server";
import { routeSubscriptionEvent } from "~/server/subscriptions/subscription-webhook.server";

/** A subscription-events double that records the sessions the router asks about. */
function recordingEvents() {
  const asked: string[] = [];
  const never = () => Promise.reject(new Error("not expected in this test"));
  const events: SubscriptionEvents = {
    isOwnSession: async (sessionId) => {
      asked.push(sessionId);
      return false;
    },
    sessionCompleted: never,
    invoicePaid: never,
    invoicePaymentFailed: never,
    resumed: never,
    deleted: never,
    upcoming: never,
    updated: never,
    clockMoved: never,
  };
  return { events, asked };
}

const completed = (checkoutSessionId: string | null) => ({
  id: "evt_1",
  type: "checkout.session.completed",
  checkoutSessionId,
  invoiceId: null,
  subscriptionId: null,
});

describe("routeSubscriptionEvent: checkout.session.completed", () => {
  it("asks the database only about a session id as Stripe writes one", async () => {
    const { events, asked } = recordingEvents();
    // A NUL byte reached the database lookup and failed it with a 500 (found by hostile-input's property).
    for (const id of [
      "cs_test_\u0000\u0000",
      "\u0000",
      "",
      "cs_test_a'b",
      "in_123",
      `cs_live_${"a".repeat(300)}`,
    ])
      expect(await routeSubscriptionEvent(events, completed(id))).toBeNull();
    expect(asked).toEqual([]);
    expect(await routeSubscriptionEvent(events, completed("cs_test_a1B2"))).toBeNull();
    expect(asked).toEqual(["cs_test_a1B2"]);
  });
});

describe("routeSubscriptionEvent: invoice.payment_failed", () => {
  it("records an attempt only under an event id as Stripe writes one", async () => {
    const { events } = recordingEvents();
    const failed: string[] = [];
    events.invoicePaymentFailed = async (_invoice, attemptKey) => {
      failed.push(attemptKey);
      return { handled: true, outcome: "recorded" } as never;
    };
    const event = (id: string) => ({
      id,
      type: "invoice.payment_failed",
      checkoutSessionId: null,
      invoiceId: "in_1",
      subscriptionId: null,
    });
    for (const id of ["evt_\u0000", "", "evt_a b"]) await routeSubscriptionEvent(events, event(id));
    expect(failed).toEqual([]);
    await routeSubscriptionEvent(events, event("evt_test_a1"));
    expect(failed).toEqual(["evt_test_a1"]);
  });
});
