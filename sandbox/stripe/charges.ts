import { setBounded } from "../retention";
import { ApiFailure, invalid } from "./errors";
import { formatAmount } from "./money";
import { nowSeconds, type StripeCheckoutSession, stripeId } from "./objects";

/**
 * What paying a session leaves behind, as at Stripe: a PaymentIntent (`pi_…`, succeeded) and its
 * Charge (`ch_…`); and refunds of that charge (`re_…`), each of which updates the charge
 * (`amount_refunded`, `refunded`) and is announced by `refund.created` and `charge.refunded`. The
 * API (payment-routes.ts) and the sandbox dashboard (dashboard.ts) refund through `refund` alike.
 */

export type StripePaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: 0;
  amount_received: number;
  capture_method: "automatic_async";
  confirmation_method: "automatic";
  created: number;
  currency: string;
  description: null;
  latest_charge: string;
  livemode: false;
  metadata: Record<string, string>;
  payment_method_types: string[];
  receipt_email: string | null;
  status: "succeeded";
};

export type StripeCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  billing_details: { address: unknown; email: string | null; name: string | null; phone: null };
  captured: true;
  created: number;
  currency: string;
  description: null;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  payment_method: string;
  receipt_email: string | null;
  refunded: boolean;
  status: "succeeded";
};

export type RefundReason = "duplicate" | "fraudulent" | "requested_by_customer";
export const REFUND_REASONS: RefundReason[] = ["duplicate", "fraudulent", "requested_by_customer"];

export type StripeRefund = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: RefundReason | null;
  receipt_number: null;
  status: "succeeded";
};

/** A refund asked for: of a charge or a PaymentIntent, all that is left unless `amount` says less. */
export type RefundInput = {
  charge?: string | null;
  paymentIntent?: string | null;
  amount?: number | null;
  reason?: RefundReason | null;
  metadata?: Record<string, string>;
};

export type Charges = ReturnType<typeof createCharges>;

const notFound = (kind: string, id: string, param: string) =>
  new ApiFailure(404, {
    type: "invalid_request_error",
    message: `No such ${kind}: '${id}'`,
    param,
    code: "resource_missing",
  });

/** What a payment takes: a session's total, or an invoice's amount due (billing-invoices.ts). */
export type PaymentInput = {
  amount: number;
  currency: string;
  email: string | null;
  name: string | null;
  address: unknown;
  /** When it was paid (a test clock's time for an invoice on one). */
  created: number;
};

const sessionPayment = (session: StripeCheckoutSession): PaymentInput => ({
  amount: session.amount_total,
  currency: session.currency,
  email: session.customer_details?.email ?? null,
  name: session.customer_details?.name ?? null,
  address: session.customer_details?.address ?? null,
  created: nowSeconds(),
});

/** The PaymentIntent and Charge that a payment makes. */
function paymentOf(payment: PaymentInput): { intent: StripePaymentIntent; charge: StripeCharge } {
  const created = payment.created;
  const intentId = stripeId("pi", 24);
  const chargeId = stripeId("ch", 24);
  const email = payment.email;
  const intent: StripePaymentIntent = {
    id: intentId,
    object: "payment_intent",
    amount: payment.amount,
    amount_capturable: 0,
    amount_received: payment.amount,
    capture_method: "automatic_async",
    confirmation_method: "automatic",
    created,
    currency: payment.currency,
    description: null,
    latest_charge: chargeId,
    livemode: false,
    metadata: {},
    payment_method_types: ["card"],
    receipt_email: email,
    status: "succeeded",
  };
  const charge: StripeCharge = {
    id: chargeId,
    object: "charge",
    amount: payment.amount,
    amount_captured: payment.amount,
    amount_refunded: 0,
    billing_details: { address: payment.address, email, name: payment.name, phone: null },
    captured: true,
    created,
    currency: payment.currency,
    description: null,
    livemode: false,
    metadata: {},
    paid: true,
    payment_intent: intentId,
    payment_method: stripeId("pm", 24),
    receipt_email: email,
    refunded: false,
    status: "succeeded",
  };
  return { intent, charge };
}

export function createCharges(options: { emit(type: string, object: unknown): void; retain: number }) {
  const intents = new Map<string, StripePaymentIntent>();
  const charges = new Map<string, StripeCharge>();
  const refunds = new Map<string, StripeRefund>();
  /** Which session each charge paid (for the dashboard). */
  const sessionOf = new Map<string, string>();

  /** Takes a payment for a session or an invoice (`paid` names it): its PaymentIntent's id. */
  function take(payment: PaymentInput, paid: string): string {
    const { intent, charge } = paymentOf(payment);
    setBounded(intents, intent.id, intent, options.retain);
    setBounded(charges, charge.id, charge, options.retain);
    setBounded(sessionOf, charge.id, paid, options.retain);
    return intent.id;
  }

  /** Takes the session's total: its PaymentIntent's id. */
  const pay = (session: StripeCheckoutSession): string => take(sessionPayment(session), session.id);

  function charge(id: string): StripeCharge {
    const found = charges.get(id);
    if (!found) throw notFound("charge", id, "charge");
    return found;
  }

  function refundsOf(chargeId: string): StripeRefund[] {
    return [...refunds.values()].filter((entry) => entry.charge === chargeId).reverse();
  }

  /** Refunds as Stripe does, refusing what it refuses, in Stripe's words. */
  function refund(input: RefundInput): StripeRefund {
    if (input.charge && input.paymentIntent)
      throw invalid("You can only specify one of `charge` or `payment_intent`.", "payment_intent");
    let target: StripeCharge;
    if (input.charge) target = charge(input.charge);
    else if (input.paymentIntent) {
      const intent = intents.get(input.paymentIntent);
      if (!intent) throw notFound("payment_intent", input.paymentIntent, "payment_intent");
      target = charge(intent.latest_charge);
    } else throw invalid("One of `charge` or `payment_intent` is required.", undefined, "parameter_missing");
    const left = target.amount - target.amount_refunded;
    if (left <= 0)
      throw invalid(`Charge ${target.id} has already been refunded.`, "charge", "charge_already_refunded");
    const amount = input.amount ?? left;
    if (amount > left)
      throw invalid(
        `Refund amount (${formatAmount(amount, target.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, target.currency)})`,
        "amount",
        "amount_too_large",
      );
    const created: StripeRefund = {
      id: stripeId("re", 24),
      object: "refund",
      amount,
      balance_transaction: null,
      charge: target.id,
      created: nowSeconds(),
      currency: target.currency,
      metadata: input.metadata ?? {},
      payment_intent: target.payment_intent,
      reason: input.reason ?? null,
      receipt_number: null,
      status: "succeeded",
    };
    setBounded(refunds, created.id, created, options.retain);
    target.amount_refunded += amount;
    target.refunded = target.amount_refunded >= target.amount;
    options.emit("refund.created", created);
    options.emit("charge.refunded", target);
    return created;
  }

  /** A charge in Stripe's shape; its refunds (a list, newest first) with `expand[]=refunds`. */
  function serializeCharge(found: StripeCharge, expand: string[]) {
    if (!expand.includes("refunds")) return structuredClone(found);
    const list = refundsOf(found.id);
    return {
      ...structuredClone(found),
      refunds: {
        object: "list",
        data: list.slice(0, 10).map((entry) => structuredClone(entry)),
        has_more: list.length > 10,
        url: `/v1/charges/${found.id}/refunds`,
      },
    };
  }

  return {
    pay,
    take,
    refund,
    charge,
    serializeCharge,
    intent(id: string): StripePaymentIntent {
      const found = intents.get(id);
      if (!found) throw notFound("payment_intent", id, "intent");
      return found;
    },
    refundById(id: string): StripeRefund {
      const found = refunds.get(id);
      if (!found) throw notFound("refund", id, "id");
      return found;
    },
    /** Refunds newest first, of one charge or PaymentIntent when given. */
    listRefunds(filter: { charge?: string; paymentIntent?: string }): StripeRefund[] {
      return [...refunds.values()]
        .filter((entry) => !filter.charge || entry.charge === filter.charge)
        .filter((entry) => !filter.paymentIntent || entry.payment_intent === filter.paymentIntent)
        .reverse();
    },
    /** Every charge, newest first, with the session it paid. */
    paid: () =>
      [...charges.values()]
        .reverse()
        .map((entry) => ({ charge: entry, sessionId: sessionOf.get(entry.id) ?? null })),
  };
}
