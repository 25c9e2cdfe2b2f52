/**
 * The shopper's order page (`/orders/<token>`) as the route component receives it: every amount
 * formatted, every date written out, the status already put in words. The server builds it
 * (app/server/orders/order-tracking.server.ts) from the order row and what Shopify said; the component
 * never sees a database row or a Shopify shape. Types only: browser code imports this file.
 */

/** Where the order stands, in the order page's words (Shopify's status, or ours before Shopify has it). */
export type TrackingProgress =
  | "paid"
  | "preparing"
  | "shipped"
  | "delivered"
  | "refunded"
  | "partially_refunded"
  | "cancelled";

/** One step of the progress display: Paid → Being prepared → Shipped → Delivered. */
export type TrackingStep = { label: string; state: "done" | "current" | "upcoming" };

export type TrackingShipment = {
  carrier: string | null;
  trackingNumber: string | null;
  /** Only http(s) addresses reach the page. */
  trackingUrl: string | null;
  shippedOn: string | null;
  deliveredOn: string | null;
};

export type OrderTrackingStatus = {
  progress: TrackingProgress;
  /** "Paid — packing comes next", "Shipped", "Refunded"… */
  headline: string;
  detail: string;
  tone: "progress" | "success" | "warning";
  /** The four steps; empty when the order left that path (refunded in full, cancelled). */
  steps: TrackingStep[];
  shipments: TrackingShipment[];
  /** Set when Shopify could not be asked just now: says which status is shown, and from when. */
  staleNote: string | null;
  /** "Last checked November 27, 2026, 4:05 PM UTC": when the status shown was read; null when stale. */
  lastChecked: string | null;
};

export type OrderTrackingView = {
  orderNumber: number;
  placedOn: string;
  email: string;
  items: { name: string; quantity: number; unitFormatted: string; formatted: string }[];
  /** Subtotal, discount (with its code), shipping, tax, then the total and what was refunded. */
  totals: { label: string; value: string; kind: "line" | "discount" | "total" | "refund" }[];
  /** The shipping address, one line each (addressLines). */
  address: string[];
  status: OrderTrackingStatus;
};

export type OrderPage =
  | { kind: "order"; order: OrderTrackingView }
  /** Signed by the site but past its date: 410, with a way to get help. */
  | { kind: "expired" }
  /** Malformed, tampered with, or naming no order: 404. */
  | { kind: "not_found" };
