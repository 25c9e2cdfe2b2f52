/**
 * The back office's order list (`/admin/orders`) and one order's page (`/admin/orders/<number>`) as their
 * components receive them: everything in words and formatted amounts, built by
 * app/server/admin/admin-orders.server.ts and admin-order-detail.server.ts. Types only (browser code
 * imports it).
 */
import type { OrderTrackingView } from "./order-tracking";

/** Where the order's copy in Shopify stands (the shopify_syncs row of kind order_create). */
export type AdminSyncState =
  | { state: "none" }
  | { state: "pending" }
  | { state: "sending"; attempts: number }
  | { state: "sent"; shopifyOrderName: string | null }
  /** Failed attempts, retried with backoff. */
  | { state: "failing"; attempts: number; lastError: string | null; nextAttemptAt: string }
  /** Shopify refused it: waits for a person. */
  | { state: "failed"; attempts: number; lastError: string | null };

export type AdminEmailState = "none" | "pending" | "retrying" | "sending" | "sent" | "failed";

export type AdminOrderRow = {
  orderNumber: number;
  placedAt: string;
  customerEmail: string;
  total: string;
  /** "Paid", "Refunded $39.00", "Partly refunded $10.00 of $39.00". */
  payment: string;
  refunded: boolean;
  sync: AdminSyncState;
  /** The sync row to retry (failing or failed only). */
  retrySyncId: string | null;
  /** The confirmation e-mail (its email_deliveries row). */
  confirmationEmail: AdminEmailState;
  /** The subscription the order renews (its back-office page), or null for a one-time order. */
  subscriptionId: string | null;
};

export type AdminOrdersPage = {
  orders: AdminOrderRow[];
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The search the list answers (an order number or an e-mail address), as typed; null: all orders. */
  query: string | null;
  /** Set when the search could not be read: says what it takes. */
  queryProblem: string | null;
};

/** One e-mail the order caused (its outbox row): what it is, to whom, and where it stands. */
export type AdminOrderEmail = {
  /** "Order confirmation", "Review invitation"… */
  label: string;
  to: string;
  state: AdminEmailState;
  attempts: number;
  lastError: string | null;
  /** When it was sent, or else when it was queued (ISO). */
  at: string;
};

/** Everything the back office knows of one order, for the operator answering its shopper. */
export type AdminOrderDetail = {
  orderNumber: number;
  placedAt: string;
  customerEmail: string;
  customerName: string | null;
  /** Items, totals, the address and Shopify's status, exactly as the shopper's order page shows them. */
  view: OrderTrackingView;
  payment: string;
  refunded: boolean;
  /** Where to find the payment in Stripe's dashboard. */
  stripe: { checkoutSessionId: string; paymentIntentId: string | null };
  promotionCode: string | null;
  sync: AdminSyncState;
  retrySyncId: string | null;
  emails: AdminOrderEmail[];
  refunds: { stripeRefundId: string; amount: string; reason: string | null; at: string }[];
  guarantee: { id: string; open: boolean; reason: string | null; requestedAt: string } | null;
  /** The review invitation in words ("Invited Nov 3, 2026", "Waiting for the shipment"…). */
  reviewInvitation: string;
  /** The review the shopper wrote from it, if any: its stars and where moderation left it, in words. */
  review: { rating: number; state: string } | null;
  /** A fresh signed link to the shopper's order page, to send a shopper who lost theirs. */
  shopperLink: { url: string; validForDays: number };
  /** The subscription the order renews, or null for a one-time order. */
  subscriptionId: string | null;
};

/** A guarantee request waiting for the operator (refund in Stripe, then close it here). */
export type OpenGuaranteeRequest = {
  id: string;
  orderNumber: number;
  email: string;
  reason: string | null;
  requestedAt: string;
  /** The order's total, formatted. */
  total: string;
  /** What Stripe has refunded so far, formatted (null: nothing yet). */
  refunded: string | null;
};
