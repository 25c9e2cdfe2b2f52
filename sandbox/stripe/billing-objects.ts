/**
 * The billing objects the emulator keeps (subscriptions, their items and prices, invoices and their
 * lines, subscription schedules with pause schedules), shaped as Stripe's API 2026-10-28 returns them
 * (the fields the `stripe` package types and the app reads; decision 119). billing-*.ts make and
 * change them; this file only says what they look like.
 */

export type Interval = "day" | "week" | "month" | "year";

export type StripeRecurringPrice = {
  id: string;
  object: "price";
  active: false;
  billing_scheme: "per_unit";
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  product: string;
  recurring: { interval: Interval; interval_count: number; meter: null; usage_type: "licensed" };
  tax_behavior: "unspecified";
  type: "recurring";
  unit_amount: number;
  unit_amount_decimal: string;
};

export type StripeSubscriptionItem = {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_end: number;
  current_period_start: number;
  metadata: Record<string, string>;
  price: StripeRecurringPrice;
  quantity: number;
  subscription: string;
};

export type SubscriptionStatus = "active" | "past_due" | "canceled" | "paused" | "incomplete" | "unpaid";

export type StripeSubscription = {
  id: string;
  object: "subscription";
  billing_cycle_anchor: number;
  billing_mode: {
    flexible: { proration_discounts: "included" } | null;
    type: "classic" | "flexible";
    updated_at?: number;
  };
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null } | null;
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  ended_at: number | null;
  items: { object: "list"; data: StripeSubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  pause_collection: null;
  schedule: string | null;
  start_date: number;
  status: SubscriptionStatus;
  status_details?: { paused?: { subscription: { type: "requested" } } };
  test_clock: string | null;
  trial_end: null;
  trial_start: null;
};

export type BillingReason =
  | "subscription_create"
  | "subscription_cycle"
  | "subscription_update"
  /** A preview of the next renewal's invoice (`invoice.upcoming`), never stored or charged. */
  | "upcoming";

export type StripeInvoiceLine = {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  invoice: string;
  livemode: false;
  metadata: Record<string, string>;
  parent: {
    type: "subscription_item_details";
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: false;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { start: number; end: number };
  pricing: {
    type: "price_details";
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
};

export type StripeInvoice = {
  id: string;
  object: "invoice";
  account_country: "US";
  account_name: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  billing_reason: BillingReason;
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  customer_shipping: unknown;
  default_payment_method: null;
  description: null;
  hosted_invoice_url: string | null;
  lines: { object: "list"; data: StripeInvoiceLine[]; has_more: false; url: string };
  livemode: false;
  metadata: Record<string, string>;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { metadata: Record<string, string>; subscription: string };
  };
  payments: {
    object: "list";
    data: {
      id: string;
      object: "invoice_payment";
      amount_paid: number;
      currency: string;
      invoice: string;
      is_default: true;
      livemode: false;
      payment: { type: "payment_intent"; payment_intent: string };
      status: "paid";
    }[];
    has_more: false;
    url: string;
  };
  period_end: number;
  period_start: number;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  test_clock: string | null;
  total: number;
};

export type PauseSchedule = {
  key: string;
  pause: {
    pause_at: number;
    settings: {
      bill_for: {
        outstanding_usage_through: { type: "none" | "pause_at" };
        unused_time_from: { type: "item_current_period_start" | "none" | "pause_at" };
      };
      invoicing_behavior: "invoice" | "pending_invoice_item";
      type: "subscription";
    };
    status: { type: "scheduled" | "succeeded" | "error" };
  };
  resume: {
    resume_at: number;
    settings: {
      billing_cycle_anchor: "resume_at" | "unchanged";
      payment_behavior: "resume_on_payment_attempt" | "resume_on_payment_success";
      proration_behavior: "always_invoice" | "create_prorations" | "none";
    };
    status: { type: "scheduled" | "pending" | "succeeded" | "error" };
  } | null;
};

export type SchedulePhase = {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number; metadata: Record<string, string> }[];
  metadata: Record<string, string>;
  proration_behavior: "create_prorations" | "none" | "always_invoice";
  billing_cycle_anchor: "automatic" | "phase_start" | null;
  currency: string;
};

export type StripeSubscriptionSchedule = {
  id: string;
  object: "subscription_schedule";
  application: null;
  billing_mode: StripeSubscription["billing_mode"];
  canceled_at: number | null;
  completed_at: number | null;
  created: number;
  current_phase: { start_date: number; end_date: number } | null;
  customer: string;
  customer_account: null;
  default_settings: { billing_cycle_anchor: "automatic"; collection_method: "charge_automatically" };
  end_behavior: "release" | "cancel";
  livemode: false;
  metadata: Record<string, string>;
  pause_schedules: PauseSchedule[];
  phases: SchedulePhase[];
  released_at: number | null;
  released_subscription: string | null;
  status: "not_started" | "active" | "completed" | "released" | "canceled";
  subscription: string | null;
  test_clock: string | null;
};

/** `t` moved on by `count` intervals, as Stripe's billing periods (a month keeps its day, clamped). */
export function addInterval(t: number, interval: Interval, count: number): number {
  if (interval === "day") return t + count * 86_400;
  if (interval === "week") return t + count * 7 * 86_400;
  const date = new Date(t * 1000);
  const months = interval === "month" ? count : count * 12;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(target.getTime() / 1000);
}

/** An interval in seconds, roughly (for the test clock's advance limit). */
export const intervalSeconds = (interval: Interval, count: number) => addInterval(0, interval, count);
