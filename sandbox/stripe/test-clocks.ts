import { ApiFailure, invalid } from "./errors";
import { nowSeconds, stripeId } from "./objects";

/**
 * Test clocks, as Stripe's (`/v1/test_helpers/test_clocks`): a frozen time that customers (and so
 * their subscriptions, schedules and invoices) are attached to at creation. Advancing one moves that
 * time only for its own objects; the billing engine (billing.ts) runs whatever fell due on the way, in
 * order. Like Stripe, an advance answers at once with `status: advancing` and is `ready` when done;
 * it may not go further than two billing intervals of the clock's shortest subscription.
 */

export type StripeTestClock = {
  id: string;
  object: "test_helpers.test_clock";
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: "ready" | "advancing" | "internal_failure";
  status_details: Record<string, never>;
};

export type TestClocks = ReturnType<typeof createTestClocks>;

/** Stripe deletes a test clock 30 days after it is made. */
const CLOCK_LIFETIME_SECONDS = 30 * 86_400;

export function createTestClocks() {
  const clocks = new Map<string, StripeTestClock>();

  function get(id: string): StripeTestClock {
    const clock = clocks.get(id);
    if (!clock)
      throw new ApiFailure(404, {
        type: "invalid_request_error",
        message: `No such test_clock: '${id}'`,
        param: "test_clock",
        code: "resource_missing",
      });
    return clock;
  }

  return {
    get,
    has: (id: string) => clocks.has(id),
    all: () => [...clocks.values()].reverse(),
    create(frozenTime: number, name: string | null): StripeTestClock {
      const created = nowSeconds();
      const clock: StripeTestClock = {
        id: stripeId("clock", 24),
        object: "test_helpers.test_clock",
        created,
        deletes_after: created + CLOCK_LIFETIME_SECONDS,
        frozen_time: frozenTime,
        livemode: false,
        name,
        status: "ready",
        status_details: {},
      };
      clocks.set(clock.id, clock);
      return clock;
    },
    /** The time of objects on `clockId`, or the real time for those on none. */
    now: (clockId: string | null): number => (clockId ? get(clockId).frozen_time : nowSeconds()),
    /** Checks an advance as Stripe does; the billing engine then moves the clock (`moveTo`). */
    checkAdvance(id: string, to: number, shortestIntervalSeconds: number | null) {
      const clock = get(id);
      if (clock.status === "advancing")
        throw invalid("The test clock is already advancing. Wait for it to be ready.", "test_clock");
      if (to <= clock.frozen_time)
        throw invalid("The frozen_time must be after the test clock's current frozen time.", "frozen_time");
      const limit = shortestIntervalSeconds === null ? 2 * 365 * 86_400 : 2 * shortestIntervalSeconds;
      if (to - clock.frozen_time > limit)
        throw invalid(
          "Cannot advance more than two intervals of the shortest subscription on this test clock (or two years without one).",
          "frozen_time",
        );
      return clock;
    },
    setStatus(id: string, status: StripeTestClock["status"]) {
      get(id).status = status;
    },
    moveTo(id: string, time: number) {
      const clock = get(id);
      if (time > clock.frozen_time) clock.frozen_time = time;
    },
    remove(id: string) {
      get(id);
      clocks.delete(id);
    },
  };
}
