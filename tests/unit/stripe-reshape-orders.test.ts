import { describe, expect, it } from "vitest";
import {
  chargeRefundsHaveMore,
  reshapeChargeRefunds,
  reshapeEvent,
  reshapeSession,
  sessionPromotionCode,
} from "~/server/stripe/reshape.server";

/**
 * What a shipped order needs from Stripe, reshaped (issue 16): a paid session's totals, promotion
 * code, shipping rate and PaymentIntent; a charge's refunds; the charge a `charge.refunded` names.
 */

const paidSession = (promotionCode: unknown) => ({
  id: "cs_test_abc",
  status: "complete",
  payment_status: "paid",
  amount_subtotal: 12_700,
  amount_total: 12_345,
  currency: "USD",
  customer_details: { email: "jo@example.com", name: "Jo Doe", address: null },
  total_details: {
    amount_discount: 1_270,
    amount_shipping: 0,
    amount_tax: 915,
    breakdown: {
      discounts: [{ amount: 1_270, discount: { id: "di_1", promotion_code: promotionCode } }],
      taxes: [],
    },
  },
  shipping_cost: { amount_total: 0, shipping_rate: { id: "shr_1", display_name: "Free shipping" } },
  payment_intent: "pi_123",
});

describe("Stripe reshapes for orders", () => {
  it("reads a paid session's totals, code, shipping rate and PaymentIntent", () => {
    const promotion = { id: "promo_1", object: "promotion_code", code: "FORGE10" };
    expect(reshapeSession(paidSession(promotion))).toMatchObject({
      amountTotal: 12_345,
      currency: "usd",
      amountSubtotal: 12_700,
      amountDiscount: 1_270,
      amountShipping: 0,
      amountTax: 915,
      promotionCode: "FORGE10",
      shippingTitle: "Free shipping",
      paymentIntentId: "pi_123",
    });
  });

  it("names the promotion code's id when only that is on the session, and takes the code looked up", () => {
    const raw = paidSession("promo_1");
    expect(sessionPromotionCode(raw)).toEqual({ id: "promo_1" });
    expect(reshapeSession(raw).promotionCode).toBeNull();
    expect(reshapeSession(raw, undefined, "FORGE10").promotionCode).toBe("FORGE10");
  });

  it("reads a session without discounts, breakdown or shipping rate as none", () => {
    const raw = { id: "cs_test_abc", payment_status: "unpaid", amount_total: 500, payment_intent: null };
    expect(sessionPromotionCode(raw)).toBeNull();
    expect(reshapeSession(raw)).toMatchObject({
      amountSubtotal: 500,
      amountDiscount: 0,
      amountTax: 0,
      promotionCode: null,
      shippingTitle: null,
      paymentIntentId: null,
    });
  });

  it("reads a charge's refunds, partly and fully refunded", () => {
    const charge = {
      id: "ch_1",
      amount: 5_000,
      amount_refunded: 1_000,
      currency: "USD",
      refunded: false,
      payment_intent: { id: "pi_1" },
      refunds: {
        data: [{ id: "re_1", amount: 1_000, status: "succeeded", reason: "requested_by_customer" }],
        has_more: false,
      },
    };
    expect(chargeRefundsHaveMore(charge)).toBe(false);
    expect(reshapeChargeRefunds(charge)).toEqual({
      chargeId: "ch_1",
      paymentIntentId: "pi_1",
      currency: "usd",
      amountRefunded: 1_000,
      fullyRefunded: false,
      refunds: [{ id: "re_1", amount: 1_000, status: "succeeded", reason: "requested_by_customer" }],
    });
    const all = [
      { id: "re_2", amount: 4_000, status: "succeeded", reason: null },
      { id: "re_1", amount: 1_000 },
    ];
    const full = { ...charge, amount_refunded: 5_000, refunded: true, refunds: { data: [], has_more: true } };
    expect(chargeRefundsHaveMore(full)).toBe(true);
    expect(reshapeChargeRefunds(full, all)).toMatchObject({
      amountRefunded: 5_000,
      fullyRefunded: true,
      refunds: [
        { id: "re_2", amount: 4_000, reason: null },
        { id: "re_1", amount: 1_000, status: "succeeded", reason: null },
      ],
    });
  });

  it("refuses a charge it cannot read as Stripe being unavailable", () => {
    expect(() => reshapeChargeRefunds({ id: "ch_1", amount: "lots" })).toThrow(/unexpected charge/);
  });

  it("names the charge of a charge.refunded event, and no session", () => {
    const event = {
      id: "evt_1",
      type: "charge.refunded",
      data: { object: { id: "ch_1", object: "charge" } },
    };
    expect(reshapeEvent(event)).toEqual({
      id: "evt_1",
      type: "charge.refunded",
      checkoutSessionId: null,
      chargeId: "ch_1",
      invoiceId: null,
      subscriptionId: null,
    });
  });

  it("names the invoice and its subscription of an invoice event, and the subscription of a subscription event", () => {
    const invoice = {
      id: "evt_2",
      type: "invoice.paid",
      data: {
        object: {
          id: "in_1",
          object: "invoice",
          parent: { type: "subscription_details", subscription_details: { subscription: "sub_1" } },
        },
      },
    };
    expect(reshapeEvent(invoice)).toMatchObject({
      invoiceId: "in_1",
      subscriptionId: "sub_1",
      chargeId: null,
    });
    const paused = {
      id: "evt_3",
      type: "customer.subscription.paused",
      data: { object: { id: "sub_2", object: "subscription" } },
    };
    expect(reshapeEvent(paused)).toMatchObject({ invoiceId: null, subscriptionId: "sub_2" });
  });
});
