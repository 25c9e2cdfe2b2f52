import { randomBytes } from "node:crypto";
import type { CheckoutOptions } from "./checkout-options";

/**
 * The Stripe objects the emulator keeps, shaped as Stripe's API returns them (the subset the `stripe`
 * SDK and the app read). Ids look like Stripe's: a prefix and random base62.
 */

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * `cs_test_…`, `evt_…`: the emulator's own ids, straight from the CSPRNG (never the app's helpers: an
 * emulator that shares the app's code cannot catch its bugs, decision 064).
 */
export function stripeId(prefix: string, length = 24): string {
  let out = "";
  for (const byte of randomBytes(length)) out += BASE62[byte % 62];
  return `${prefix}_${out}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export type StripeAddress = {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
};

export type StripeProduct = {
  id: string;
  object: "product";
  active: true;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  images: string[];
  created: number;
  livemode: false;
};

export type StripePrice = {
  id: string;
  object: "price";
  active: false;
  billing_scheme: "per_unit";
  currency: string;
  unit_amount: number;
  unit_amount_decimal: string;
  product: string;
  type: "one_time" | "recurring";
  recurring: { interval: string; interval_count: number; meter: null; usage_type: "licensed" } | null;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
};

export type StripeLineItem = {
  id: string;
  object: "item";
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: StripePrice;
};

export type SessionStatus = "open" | "complete" | "expired";

export type StripeCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: "payment" | "subscription";
  status: SessionStatus;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  /** The customer given, or the one a subscription session made once paid. */
  customer: string | null;
  /** Subscription mode, once paid: the subscription and its first invoice. */
  subscription: string | null;
  invoice: string | null;
  customer_email: string | null;
  customer_details: {
    email: string | null;
    name: string | null;
    phone: null;
    address: StripeAddress | null;
    tax_exempt: "none";
    tax_ids: [];
  } | null;
  collected_information: {
    shipping_details: { name: string; address: StripeAddress } | null;
  } | null;
  shipping_address_collection: { allowed_countries: string[] } | null;
  shipping_cost: {
    amount_subtotal: number;
    amount_tax: number;
    amount_total: number;
    shipping_rate: string;
  } | null;
  shipping_options: { shipping_amount: number; shipping_rate: string }[];
  payment_intent: string | null;
  payment_method_types: string[];
  metadata: Record<string, string>;
  locale: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  allow_promotion_codes: boolean | null;
  automatic_tax: {
    enabled: boolean;
    liability: null;
    provider: "stripe" | null;
    status: "complete" | "requires_location_inputs" | null;
  };
  consent_collection: {
    payment_method_reuse_agreement: null;
    promotions: "auto" | "none";
    terms_of_service: "required" | "none";
  } | null;
  /** What the shopper agreed to, once paid. */
  consent: { promotions: null; terms_of_service: "accepted" | null } | null;
  custom_text: CheckoutOptions["customText"];
};

/** A session with what the emulator needs beside Stripe's fields (never sent as such). */
export type SessionRecord = {
  session: StripeCheckoutSession;
  lineItems: StripeLineItem[];
  products: Map<string, StripeProduct>;
  shippingRates: { id: string; displayName: string; amount: number }[];
  options: CheckoutOptions;
  /** The promotion code the shopper applied on the pay page (promotions.ts), and its discount's id. */
  promotion: { promotionCodeId: string; discountId: string } | null;
  /** The last decline message shown on the pay page, for the test hooks' inspection. */
  declines: number;
  /** Subscription mode: `subscription_data`, for the subscription paying makes. */
  subscriptionData: {
    billingMode: "classic" | "flexible";
    metadata: Record<string, string>;
    description: string | null;
  } | null;
};

export type StripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};
