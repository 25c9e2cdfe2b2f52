import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeEmulator, startStripeEmulator } from "../../sandbox/stripe/emulator";

/**
 * The Stripe emulator's Checkout options and refunds, checked as Stripe checks them: a request the
 * real API refuses is refused here with Stripe's 400, naming the parameter.
 */

const KEY = "sk_test_options";

const session = (extra: Record<string, string> = {}) => ({
  mode: "payment",
  success_url: "https://shop.example/ok?session_id={CHECKOUT_SESSION_ID}",
  "line_items[0][quantity]": "1",
  "line_items[0][price_data][currency]": "usd",
  "line_items[0][price_data][unit_amount]": "5000",
  "line_items[0][price_data][product_data][name]": "Forge Enhancer",
  ...extra,
});

/** The fields of Stripe's answers the tests read. */
type StripeJson = {
  id: string;
  amount: number;
  latest_charge: string;
  payment_intent: string;
  error?: Record<string, unknown>;
  [key: string]: unknown;
};

describe("Stripe emulator: Checkout options and refunds", () => {
  let emulator: StripeEmulator;
  const post = async (path: string, params: Record<string, string>) => {
    const response = await fetch(`${emulator.apiUrl}/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params),
    });
    return { status: response.status, body: (await response.json()) as StripeJson };
  };

  beforeAll(async () => {
    emulator = await startStripeEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("stores the options it accepts in Stripe's shape", async () => {
    const created = await post(
      "/checkout/sessions",
      session({
        allow_promotion_codes: "true",
        "automatic_tax[enabled]": "true",
        "consent_collection[terms_of_service]": "required",
        "custom_text[terms_of_service_acceptance][message]":
          "I agree to the [terms](https://shop.example/legal/terms).",
        "shipping_address_collection[allowed_countries][0]": "US",
        "shipping_address_collection[allowed_countries][1]": "CA",
      }),
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      allow_promotion_codes: true,
      automatic_tax: { enabled: true, status: "requires_location_inputs" },
      consent_collection: { terms_of_service: "required", promotions: "none" },
      consent: null,
      custom_text: {
        terms_of_service_acceptance: { message: "I agree to the [terms](https://shop.example/legal/terms)." },
        submit: null,
      },
      shipping_address_collection: { allowed_countries: ["US", "CA"] },
    });
  });

  it.each([
    [{ allow_promotion_codes: "maybe" }, "allow_promotion_codes"],
    [{ "automatic_tax[liability][type]": "self" }, "automatic_tax[enabled]"],
    [{ "automatic_tax[enabled]": "true", "automatic_tax[mode]": "x" }, "automatic_tax[mode]"],
    [{ "consent_collection[terms_of_service]": "always" }, "consent_collection[terms_of_service]"],
    [
      { "custom_text[terms_of_service_acceptance][message]": "Agree" },
      "custom_text[terms_of_service_acceptance]",
    ],
    [{ "custom_text[submit][message]": "x".repeat(1201) }, "custom_text[submit][message]"],
    [{ "custom_text[footer][message]": "Hi" }, "custom_text[footer]"],
    [
      { "shipping_address_collection[allowed_countries][0]": "CU" },
      "shipping_address_collection[allowed_countries]",
    ],
    [
      { "shipping_address_collection[allowed_countries][0]": "XX" },
      "shipping_address_collection[allowed_countries]",
    ],
  ])("refuses %j, naming %s", async (params, param) => {
    const refused = await post("/checkout/sessions", session(params));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ type: "invalid_request_error", param });
  });

  it("refuses a refund Stripe refuses", async () => {
    const created = await post("/checkout/sessions", session());
    const paid = emulator.completeSession(created.body.id, {
      email: "jo@example.com",
      name: "Jo",
      address: {
        line1: "1 Main",
        line2: null,
        city: "Austin",
        state: "TX",
        postal_code: "78701",
        country: "US",
      },
    });
    const paymentIntent = paid.payment_intent as string;
    expect((await post("/refunds", {})).body.error).toMatchObject({ code: "parameter_missing" });
    expect(
      (await post("/refunds", { payment_intent: paymentIntent, reason: "because" })).body.error,
    ).toMatchObject({
      param: "reason",
    });
    expect(
      (await post("/refunds", { payment_intent: paymentIntent, refund_all: "yes" })).body.error,
    ).toMatchObject({
      param: "refund_all",
    });
    expect((await post("/refunds", { payment_intent: paymentIntent, amount: "0" })).body.error).toMatchObject(
      {
        param: "amount",
      },
    );
    expect(await post("/refunds", { payment_intent: "pi_unknown" })).toMatchObject({
      status: 404,
      body: { error: { code: "resource_missing", param: "payment_intent" } },
    });
    expect(await post("/refunds", { payment_intent: paymentIntent, amount: "5001" })).toMatchObject({
      status: 400,
      body: {
        error: {
          code: "amount_too_large",
          message: "Refund amount ($50.01) is greater than unrefunded amount on charge ($50.00)",
        },
      },
    });
    const whole = await post("/refunds", { payment_intent: paymentIntent });
    expect(whole.body).toMatchObject({
      object: "refund",
      amount: 5000,
      status: "succeeded",
      payment_intent: paymentIntent,
    });
    expect(emulator.events().filter((event) => event.type === "charge.refunded")).toHaveLength(1);
  });
});
