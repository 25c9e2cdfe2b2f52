/**
 * The back office's order list (`/admin/orders`) as its component receives it: everything in words and
 * formatted amounts, built by app/server/admin/admin-orders.server.ts. Types only (browser code imports it).
 */

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
};

export type AdminOrdersPage = {
  orders: AdminOrderRow[];
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
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
