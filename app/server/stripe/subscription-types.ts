import type { ShippingAddress } from "~/server/db/schema";

/**
 * The app's own view of Stripe Billing (decision 119): a subscription checkout, a subscription, its
 * invoices and the pauses that make it follow the cycle. Nothing outside `app/server/stripe/` sees
 * Stripe's shapes (subscription-reshape.server.ts).
 */

export type CreateSubscriptionCheckoutInput = {
  variantId: string;
  sellingPlanId: string;
  /** Shopify's product title, as the hosted page and the invoices show it. */
  name: string;
  /** Minor units per delivery, from the selling plan's allocation. */
  unitAmount: number;
  currency: string;
  /** Bottles per delivery. */
  quantity: number;
  /** Days between charges (the selling plan's 30). */
  everyDays: number;
  /** Carried on the subscription (its metadata) for the events to read back. */
  cycle: { weeksOn: number; weeksOff: number };
  /** This site's record of the subscription (subscriptions.id), carried in its metadata (decision 130). */
  reference?: string;
  /** An existing Stripe customer (a returning subscriber, or one on a test clock in tests). */
  customerId?: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

/** The comment this site gives Stripe when the subscriber cancels on the subscription page (decision 133). */
export const CANCELLED_ON_THE_SITE = "Cancelled by the subscriber on the site";

export type SubscriptionStatus =
  | "active"
  | "past_due"
  | "paused"
  | "canceled"
  | "incomplete"
  | "unpaid"
  | "other";

/** One pause of the schedule: instants in Unix seconds, and how far Stripe has carried it out. */
export type BillingPause = {
  key: string;
  pauseAt: number;
  resumeAt: number;
  /** Stripe's `scheduled` until it happened; absent on a pause the app is about to write. */
  pauseStatus?: string;
  resumeStatus?: string | null;
};

/** A pause Stripe may have begun for a change that was then dropped, and when it should resume instead. */
export type WithdrawnPause = { key: string; resumeAt: number };

export type SubscriptionDetails = {
  id: string;
  status: SubscriptionStatus;
  customerId: string;
  variantId: string | null;
  sellingPlanId: string | null;
  cycle: { weeksOn: number; weeksOff: number } | null;
  unitAmount: number;
  quantity: number;
  currency: string;
  /** When it started (Unix seconds; the first charge). */
  startedAt: number;
  /** The subscription item that bills the bottles (its quantity is the bottles per delivery). */
  itemId: string;
  /** The current period: it began with the last charge. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  /** The test clock its customer runs on (test mode only), whose time is Stripe's "now" for it. */
  testClockId: string | null;
  scheduleId: string | null;
  canceledAt: number | null;
  /** Stripe's reason: `cancellation_requested`, `payment_failed`, … */
  cancellationReason: string | null;
  /** What the canceller wrote (`CANCELLED_ON_THE_SITE` when the subscriber cancelled here). */
  cancellationComment: string | null;
  latestInvoiceId: string | null;
  /** This site's record of it (subscriptions.id), from its metadata; null on one made elsewhere. */
  reference: string | null;
  /** The price it bills (a price changed in Stripe's dashboard is another id and amount). */
  priceId: string | null;
};

/** A subscription-mode Checkout Session, re-read from Stripe. */
export type SubscriptionSessionDetails = {
  id: string;
  status: "open" | "complete" | "expired";
  /** Stripe's `payment_status`: `paid` once the first invoice is paid. */
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  subscriptionId: string | null;
  customerId: string | null;
  email: string | null;
};

export type InvoiceDetails = {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  /** `subscription_create` (the checkout), `subscription_cycle` (a renewal), `subscription_update` (a resume). */
  billingReason: string | null;
  amountDue: number;
  amountPaid: number;
  currency: string;
  created: number;
  attemptCount: number;
  /** When Stripe tries again (Unix seconds), or null: paid, or no attempts left. */
  nextPaymentAttempt: number | null;
  customerEmail: string | null;
  customerName: string | null;
  shippingAddress: ShippingAddress | null;
  /** What it bills: bottles and the price of one, per line (a subscription's invoice has one). */
  lines: { quantity: number; unitAmount: number | null }[];
  /** The PaymentIntent that paid it (its paid invoice payment's), or null while unpaid. */
  paymentIntentId: string | null;
};

export interface SubscriptionBilling {
  /** A Stripe Checkout Session in subscription mode for one selling-plan line. */
  createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput): Promise<{ id: string; url: string }>;
  /** The Checkout Session (subscription mode), or null when Stripe does not know it. */
  retrieveSubscriptionSession(sessionId: string): Promise<SubscriptionSessionDetails | null>;
  /** The subscription, or null when Stripe does not know it. */
  retrieveSubscription(id: string): Promise<SubscriptionDetails | null>;
  /** The invoice, re-read from Stripe (never a webhook's body), or null when Stripe does not know it. */
  retrieveInvoice(id: string): Promise<InvoiceDetails | null>;
  /** The invoice a PaymentIntent paid (Stripe's invoice payments), or null when it paid none. */
  invoiceOfPaymentIntent(paymentIntentId: string): Promise<string | null>;
  /** The pauses Stripe holds for the subscription (none without a schedule). */
  pausesOf(subscriptionId: string): Promise<BillingPause[]>;
  /**
   * Makes Stripe pause and resume the subscription at `pauses` (decision 119): attaches a schedule the
   * first time, keeps the pauses already carried out, replaces those not yet started, and keeps the
   * schedule's phase until `keepUntil`. A pause under way keeps its start and takes the resume of the
   * entry with its key in `pauses`, if there is one (a skip, pause or new cycle moved it; decision 132).
   * `withdrawn` is a pause written for a change since dropped (decision 158): under way and with no
   * entry of its key in `pauses`, it resumes at `withdrawn.resumeAt` when that is sooner than its own.
   * True when it wrote something; false when Stripe already held exactly that (so its own
   * `subscription_schedule.updated` does not start another write; decision 133).
   */
  followCycle(input: {
    subscriptionId: string;
    pauses: BillingPause[];
    keepUntil: number;
    withdrawn?: WithdrawnPause | null;
  }): Promise<boolean>;
  /**
   * Stripe's time for a subscription (Unix seconds): its test clock's frozen time, or the real time when
   * it runs on none. Null when the test clock is gone (Stripe deletes them after 30 days).
   */
  stripeNow(testClock: string | null): Promise<number | null>;
  /** Cancels at once (the customer's cancellation). */
  cancelSubscription(id: string): Promise<SubscriptionDetails>;
  /** Stripe's time now (Unix seconds) for a subscription: its test clock's, or the real time. */
  timeOf(testClockId: string | null): Promise<number>;
  /** Bottles per delivery from the next invoice on: the item's quantity, no proration (decision 132). */
  setQuantity(subscriptionId: string, quantity: number): Promise<SubscriptionDetails>;
  /** Writes the cycle into the subscription's metadata (what Stripe's dashboard shows). */
  setCycle(subscriptionId: string, cycle: { weeksOn: number; weeksOff: number }): Promise<void>;
  /** Stripe's customer portal for the card and billing address: its URL. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
}
