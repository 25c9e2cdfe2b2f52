import type { OrderLine, ShippingAddress } from "~/server/db/schema";
import { ProviderError, RequestRejectedError } from "~/server/errors.server";

/**
 * The app's own view of a hosted checkout. Nothing outside `app/server/stripe/` sees Stripe's shapes:
 * the adapter turns them into these (reshape.server.ts).
 */

export type CheckoutLineInput = {
  variantId: string;
  /** What the customer sees on the hosted page and in the e-mail: Shopify's product (and variant) title. */
  name: string;
  quantity: number;
  /** Minor units (cents), from Shopify's price. */
  unitAmount: number;
  /** ISO 4217, lower case as Stripe wants it. */
  currency: string;
};

export type CreateCheckoutSessionInput = {
  lines: CheckoutLineInput[];
  /** Must contain `{CHECKOUT_SESSION_ID}`: the hosted page fills in the session id. */
  successUrl: string;
  cancelUrl: string;
  /** The same key with the same input returns the same session (a retried request creates nothing new). */
  idempotencyKey: string;
};

export type CreatedCheckoutSession = {
  id: string;
  url: string;
  amountTotal: number;
  currency: string;
  status: CheckoutSessionStatus;
};

export type CheckoutSessionStatus = "open" | "complete" | "expired";
export type PaymentStatus = "paid" | "unpaid" | "no_payment_required";

export type CheckoutSessionDetails = {
  id: string;
  status: CheckoutSessionStatus;
  paymentStatus: PaymentStatus;
  email: string | null;
  customerName: string | null;
  shippingAddress: ShippingAddress | null;
  lines: OrderLine[];
  amountTotal: number;
  currency: string;
  /** Minor units: the lines before discount, the discount, shipping and tax (Stripe's total_details). */
  amountSubtotal: number;
  amountDiscount: number;
  amountShipping: number;
  amountTax: number;
  /** The promotion code the shopper entered (its customer-facing code), if any. */
  promotionCode: string | null;
  /** The shipping rate's name ("Free shipping"). */
  shippingTitle: string | null;
  /** pi_… once paid. */
  paymentIntentId: string | null;
};

/** A charge's refunds, re-read from Stripe (never taken from a webhook's body). */
export type ChargeRefunds = {
  chargeId: string;
  paymentIntentId: string | null;
  currency: string;
  /** Minor units refunded so far, over all refunds. */
  amountRefunded: number;
  /** Whether the whole charge is refunded. */
  fullyRefunded: boolean;
  refunds: { id: string; amount: number; status: string; reason: string | null }[];
};

/** The events the app acts on; every other type is acknowledged and ignored. */
export type PaymentWebhookEvent = {
  id: string;
  type: string;
  /** The checkout session the event is about, for checkout.session.* events. */
  checkoutSessionId: string | null;
  /** The charge the event is about, for charge.* events (charge.refunded). */
  chargeId: string | null;
  /** The invoice the event is about, for invoice.* events (a subscription's charge; decision 119). */
  invoiceId: string | null;
  /** The subscription a customer.subscription.* event is about, or an invoice.* event's subscription. */
  subscriptionId: string | null;
};

export interface Payments {
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CreatedCheckoutSession>;
  /** The session with its line items, or null when Stripe does not know it. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionDetails | null>;
  /** The charge's refunds (null when Stripe does not know the charge). */
  retrieveChargeRefunds(chargeId: string): Promise<ChargeRefunds | null>;
  /** The Checkout Session that made a payment intent (null when no session did). */
  checkoutSessionOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** Verifies the `Stripe-Signature` header on the exact raw body; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | null): PaymentWebhookEvent;
}

/** What a buyer is told when Stripe fails while the checkout is being created. */
export const CHECKOUT_NOT_CREATED =
  "Failed to create checkout session: the payment provider could not be reached.";
/** What a buyer is told when Stripe fails while an order is being confirmed (the default). */
export const PAYMENT_PROVIDER_UNAVAILABLE =
  "The payment provider could not be reached. Please try again in a moment.";
/** What the sender of a webhook is told for a bad or missing signature. */
export const BAD_SIGNATURE = "The Stripe signature is missing or not valid.";
/** What the sender of a webhook is told for a signed event this site cannot read. */
export const UNREADABLE_EVENT = "The Stripe event could not be read.";

/**
 * Stripe failed or refused: `unavailable` (network, timeout, 5xx, 429) or `rejected` (4xx). A provider
 * error (docs/decisions/073-domain-errors-mapped-once.md).
 */
export class PaymentProviderError extends ProviderError {
  constructor(
    readonly kind: "unavailable" | "rejected",
    message: string,
    readonly providerStatus?: number,
    readonly providerCode?: string,
    publicMessage: string = PAYMENT_PROVIDER_UNAVAILABLE,
  ) {
    super(kind === "unavailable" ? "provider_unavailable" : "provider_rejected", "stripe", message, {
      publicMessage,
    });
    this.name = "PaymentProviderError";
  }
}

/** The webhook's signature is missing or wrong: the request is refused. */
export class WebhookSignatureError extends RequestRejectedError {
  constructor(message: string) {
    super(message, { publicMessage: BAD_SIGNATURE });
    this.name = "WebhookSignatureError";
  }
}

/** The session-id rule is pure and shared with the contracts (app/shared, decision 096). */
export { CHECKOUT_SESSION_ID } from "~/shared/checkout-session-id";
