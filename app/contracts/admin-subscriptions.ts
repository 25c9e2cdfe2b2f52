/**
 * The back office's subscriptions (`/admin/subscriptions`, `/admin/subscriptions/<id>`) and the
 * subscription an order came from, as their components receive them: dates as calendar dates
 * ("2027-01-05", the store's time zone) or instants (ISO), amounts formatted. Built by
 * app/server/admin/admin-subscriptions.server.ts (decision 135). Types only (browser code imports it).
 */

/**
 * Where a subscription stands: `pending` (its checkout never completed), `active`, `paused` (in the off
 * weeks of its cycle, or paused by the subscriber), `past_due` (a failed payment not yet paid, Stripe
 * retrying), `canceled`.
 */
export const ADMIN_SUBSCRIPTION_STATES = ["pending", "active", "paused", "past_due", "canceled"] as const;
export type AdminSubscriptionState = (typeof ADMIN_SUBSCRIPTION_STATES)[number];

/** A calendar date, `YYYY-MM-DD`, in the store's time zone. */
export type AdminPlainDate = string;

export type AdminNextCharge = {
  date: AdminPlainDate;
  amount: string;
  /** The date has come and the charge is not paid yet (Stripe retrying, or its event not yet here). */
  due: boolean;
};

export type AdminSubscriptionRow = {
  id: string;
  /** Null until Stripe says the checkout is complete. */
  customerEmail: string | null;
  state: AdminSubscriptionState;
  /** While `paused`: the day the subscriber's on weeks start again. */
  pausedUntil: AdminPlainDate | null;
  /** "8 on / 2 off" (weeks). */
  cycle: string;
  bottles: number;
  pricePerDelivery: string;
  /** From the calendar; null when cancelled, never started, or not yet charged the first time. */
  nextCharge: AdminNextCharge | null;
  paidOrders: number;
  failedPayments: { count: number; latest: { at: string; attempt: number } | null };
  createdAt: string;
};

export type AdminSubscriptionsPage = {
  subscriptions: AdminSubscriptionRow[];
  /** The state filtered on; null: all. */
  state: AdminSubscriptionState | null;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
};

/** One charge of the calendar and what became of it. */
export type AdminCalendarCharge = {
  /** 1 for the first bottle. */
  number: number;
  date: AdminPlainDate;
  status: "paid" | "next" | "due" | "planned" | "skipped" | "unpaid";
  /** The order the paid charge became. */
  orderNumber: number | null;
};

/** An on or off stretch of the calendar (or a pause the subscriber asked for), with its charges. */
export type AdminCalendarPeriod = {
  kind: "on" | "off" | "paused";
  start: AdminPlainDate;
  /** Its last day. */
  last: AdminPlainDate;
  /** On an off stretch: servings left at its start, taken in the next on stretch. */
  servingsCarried: number | null;
  /** Today falls in it. */
  current: boolean;
  charges: AdminCalendarCharge[];
};

export type AdminSubscriptionFailure = {
  at: string;
  attempt: number;
  amount: string;
  invoiceId: string;
  /** When Stripe tries again (ISO); null: no attempt left. */
  nextAttemptAt: string | null;
  /** The invoice was paid since (it is one of the orders). */
  paidSince: boolean;
};

export type AdminSubscriptionOrder = {
  orderNumber: number;
  placedAt: string;
  total: string;
  payment: string;
};

export type AdminSubscriptionDetail = AdminSubscriptionRow & {
  productTitle: string;
  pricePerBottle: string;
  /** The first charge's date (the calendar's start); null before it. */
  startedOn: AdminPlainDate | null;
  canceledAt: string | null;
  stripe: { checkoutSessionId: string; subscriptionId: string | null; customerId: string | null };
  /** Null before the first charge, or when the recorded cycle is not one the calendar knows. */
  calendar: AdminCalendarPeriod[] | null;
  orders: AdminSubscriptionOrder[];
  failures: AdminSubscriptionFailure[];
};

/** The subscription an order came from, on the order's page: its standing and its other orders. */
export type AdminOrderSubscription = {
  id: string;
  state: AdminSubscriptionState;
  cycle: string;
  bottles: number;
  nextCharge: AdminNextCharge | null;
  /** The subscription's orders other than this one, newest first (at most `OTHER_ORDERS_SHOWN`). */
  otherOrders: AdminSubscriptionOrder[];
  /** How many there are in all. */
  otherOrderCount: number;
};

/** A customer's subscription, beside the order list searched by their address. */
export type AdminCustomerSubscription = {
  id: string;
  state: AdminSubscriptionState;
  cycle: string;
  nextCharge: AdminNextCharge | null;
  createdAt: string;
};
