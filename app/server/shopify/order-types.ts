import type { TrackingProgress } from "~/contracts/order-tracking";
import type { ShippingAddress } from "~/contracts/order-view";
import { RequestRejectedError } from "~/server/errors.server";

/**
 * Orders in the brand's Shopify, as the app sees them (docs/decisions/076-orders-in-shopify.md).
 * Nothing outside `app/server/shopify/` sees the Admin API's Order shape: orders.server.ts reshapes it
 * into these.
 */

/** A paid order of this site, as it is sent to Shopify's `orderCreate`. Amounts in minor units. */
export type ShopifyOrderInput = {
  /** `@idempotent(key:)`: a retry with the same key returns the first call's order. The Stripe session id. */
  idempotencyKey: string;
  /** `sourceIdentifier`: how a later attempt finds the order a lost answer created. The Stripe session id. */
  sourceIdentifier: string;
  email: string;
  customerName: string | null;
  shippingAddress: ShippingAddress | null;
  lines: { variantId: string; title: string; quantity: number; unitAmount: number }[];
  /** ISO 4217, upper case as Shopify writes it. */
  currency: string;
  amountSubtotal: number;
  amountDiscount: number;
  /** The discount code that gave `amountDiscount`, if any. */
  discountCode: string | null;
  amountShipping: number;
  shippingTitle: string;
  amountTax: number;
  amountTotal: number;
  /** The Stripe PaymentIntent (pi_…): the transaction's authorization. */
  paymentIntentId: string | null;
  /** When the payment was taken (ISO 8601). */
  processedAt: string;
  /** Our order number, shown to staff in a note. */
  siteOrderNumber: number;
};

/** An order Shopify holds: its GID and its name ("#1001"). */
export type ShopifyOrderRef = { id: string; name: string };

/** Where an order stands: the order page's steps (app/contracts/order-tracking.ts), read from Shopify. */
export type ShopifyOrderProgress = TrackingProgress;

export type ShopifyShipment = {
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
};

export type ShopifyOrderStatus = ShopifyOrderRef & {
  progress: ShopifyOrderProgress;
  /** Shopify's own words: displayFinancialStatus, displayFulfillmentStatus. */
  financialStatus: string;
  fulfillmentStatus: string;
  cancelledAt: string | null;
  shipments: ShopifyShipment[];
};

export type ShopifyRefundInput = {
  orderId: string;
  /** `@idempotent(key:)`: the Stripe refund id. */
  idempotencyKey: string;
  /** Minor units, in the order's currency. */
  amount: number;
  currency: string;
  note: string;
};

/** Shopify answered the call with userErrors: retrying the same call cannot succeed. */
export class ShopifyOrderRejectedError extends RequestRejectedError {
  constructor(
    message: string,
    readonly userErrors: { field: string[] | null; message: string; code?: string | null }[],
  ) {
    super(message);
    this.name = "ShopifyOrderRejectedError";
  }
}

/**
 * The Admin API calls the order sync and the order page make. Each throws ShopifyError (see
 * graphql-client.server.ts) when Shopify is unavailable, throttled or refuses the token: worth retrying
 * later; and ShopifyOrderRejectedError when Shopify refuses the input.
 */
export interface ShopifyOrders {
  /** The order whose `sourceIdentifier` is this, or null (orders(query: "source_identifier:…")). */
  findBySourceIdentifier(sourceIdentifier: string): Promise<ShopifyOrderRef | null>;
  /** `orderCreate` with `@idempotent`: paid, a transaction for the payment, inventory decremented. */
  create(input: ShopifyOrderInput): Promise<ShopifyOrderRef>;
  /** The order's status, shipments and refunds (null: Shopify does not know the id). */
  status(orderId: string): Promise<ShopifyOrderStatus | null>;
  /** `refundCreate` for `amount` against the order's payment, with `@idempotent`. */
  refund(input: ShopifyRefundInput): Promise<{ refundId: string }>;
  /** `orderCancel` (refund: false — Stripe already refunded; restock: true), idempotent. */
  cancel(input: { orderId: string; idempotencyKey: string }): Promise<void>;
}
