import { describe, expect, it } from "vitest";
import { parseSessionId, verifyInput } from "~/contracts/order-confirmation";

/**
 * One session-id rule, Stripe's (app/shared/checkout-session-id.ts): the payment-success page's loader reads
 * `session_id` with parseSessionId, which must not accept an id that verify-and-send-confirmation
 * refuses (the page's own pattern used to accept `_` and refuse ids longer than 240 characters).
 */
const apiAccepts = (sessionId: string) => verifyInput.safeParse({ sessionId }).success;

const refusedByTheApi = [
  "cs_test_a_b",
  "cs_test__abc",
  "cs_live_abc_",
  `cs_test_${"a".repeat(248)}`,
  "cs_prod_abc",
  "cs_test_",
  "cs_test_abc ",
  " cs_test_abc",
  "cs_test_ab-c",
  "CS_TEST_abc",
  "",
];
const acceptedByTheApi = ["cs_test_a1B2c3", `cs_live_${"Z".repeat(247)}`, "cs_test_0"];

describe("checkout session id", () => {
  it.each(refusedByTheApi)("an id the API refuses (%j) is refused by the page's parser", (id) => {
    expect(apiAccepts(id)).toBe(false);
    expect(parseSessionId(id)).toBeNull();
  });

  it.each(acceptedByTheApi)("an id the API accepts (%j) is read by the page", (id) => {
    expect(apiAccepts(id)).toBe(true);
    expect(parseSessionId(id)).toBe(id);
  });

  it("a page without session_id has none", () => {
    expect(parseSessionId(null)).toBeNull();
    expect(parseSessionId(undefined)).toBeNull();
  });
});
