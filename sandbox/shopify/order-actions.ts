import {
  cents,
  fulfillmentStatus,
  orderTotals,
  type StoredFulfillment,
  type StoredLineItem,
  type StoredOrder,
  trackingUrl,
} from "./orders";
import type { ShopifyStore } from "./store";

/**
 * What the order mutations do to an order in the store, apart from GraphQL: refund, cancel (stock put
 * back), fulfil with tracking, mark delivered (order-create.ts makes it). order-resolvers.ts calls them for the
 * Admin API, orders-page.ts for the "Mark as shipped" and "Mark as delivered" buttons. Each answers
 * the userErrors Shopify would, or the changed order.
 */

export type UserError = { field: string[] | null; message: string; code?: string };
export type Outcome<T> = { ok: T } | { userErrors: UserError[] };

export type RefundTransactionInput = {
  orderId: string;
  parentId?: string | null;
  kind: string;
  gateway: string;
  amount: string;
};

export function refundOrder(
  store: ShopifyStore,
  input: {
    orderId: string;
    note?: string | null;
    transactions?: RefundTransactionInput[] | null;
    allowOverRefunding?: boolean | null;
  },
): Outcome<StoredOrder> {
  const order = store.orders.get(input.orderId);
  if (!order) return { userErrors: [{ field: ["orderId"], message: "Order does not exist" }] };
  const transactions = input.transactions ?? [];
  if (transactions.length === 0)
    return {
      userErrors: [
        { field: ["transactions"], message: "The emulator refunds money only: give a REFUND transaction" },
      ],
    };
  for (const [index, t] of transactions.entries()) {
    const field = ["transactions", String(index)];
    if (t.kind !== "REFUND")
      return { userErrors: [{ field: [...field, "kind"], message: "Kind must be refund" }] };
    if (t.orderId !== order.id)
      return {
        userErrors: [{ field: [...field, "orderId"], message: "Transaction does not belong to this order" }],
      };
    const parent = order.transactions.find(
      (p) => p.id === t.parentId && p.status === "SUCCESS" && (p.kind === "SALE" || p.kind === "CAPTURE"),
    );
    if (!parent)
      return {
        userErrors: [{ field: [...field, "parentId"], message: "Parent transaction could not be found" }],
      };
    if (!(cents(t.amount) > 0))
      return { userErrors: [{ field: [...field, "amount"], message: "Amount must be greater than 0" }] };
  }
  const totals = orderTotals(order);
  const amount = transactions.reduce((sum, t) => sum + cents(t.amount), 0);
  if (!input.allowOverRefunding && totals.refunded + amount > totals.received) {
    return {
      userErrors: [
        { field: ["transactions"], message: "Refund amount exceeds the amount that can be refunded" },
      ],
    };
  }
  const now = new Date().toISOString();
  const created = transactions.map((t) => ({
    id: store.orders.nextId("OrderTransaction"),
    kind: "REFUND",
    status: "SUCCESS",
    gateway: t.gateway,
    amount: cents(t.amount),
    authorizationCode: null,
    parentId: t.parentId ?? null,
    processedAt: now,
    createdAt: now,
  }));
  order.transactions.push(...created);
  order.refunds.push({
    id: store.orders.nextId("Refund"),
    note: input.note ?? null,
    amount,
    transactionIds: created.map((t) => t.id),
    createdAt: now,
  });
  order.financialStatus = totals.refunded + amount >= totals.received ? "REFUNDED" : "PARTIALLY_REFUNDED";
  order.updatedAt = now;
  return { ok: order };
}

export function cancelOrder(
  store: ShopifyStore,
  input: { orderId: string; reason: string; restock: boolean },
): Outcome<StoredOrder> {
  const order = store.orders.get(input.orderId);
  if (!order)
    return { userErrors: [{ field: ["orderId"], message: "Order does not exist", code: "NOT_FOUND" }] };
  if (order.cancelledAt)
    return {
      userErrors: [{ field: ["orderId"], message: "Order has already been cancelled", code: "INVALID" }],
    };
  if (fulfillmentStatus(order) !== "UNFULFILLED")
    return {
      userErrors: [
        { field: ["orderId"], message: "Cannot cancel an order with fulfilled items", code: "INVALID" },
      ],
    };
  if (input.restock && order.options.inventoryBehaviour && order.options.inventoryBehaviour !== "BYPASS") {
    for (const line of order.lineItems) {
      const variant = line.variantId ? store.findVariant(line.variantId)?.variant : undefined;
      if (variant) variant.inventoryQuantity = (variant.inventoryQuantity ?? 0) + line.quantity;
    }
  }
  order.cancelledAt = new Date().toISOString();
  order.cancelReason = input.reason;
  order.updatedAt = order.cancelledAt;
  return { ok: order };
}

export type Tracking = { company?: string | null; number?: string | null; url?: string | null };

/** Sends `lines` (fulfillment order line item ids and quantities; all that is left when omitted). */
export function fulfillOrder(
  store: ShopifyStore,
  order: StoredOrder,
  tracking: Tracking,
  lines?: { id: string; quantity: number }[] | null,
): Outcome<StoredFulfillment> {
  if (order.cancelledAt)
    return {
      userErrors: [
        { field: ["fulfillment"], message: "The fulfillment order is closed: the order was cancelled" },
      ],
    };
  const wanted = lines?.length
    ? lines.map((l) => ({
        line: order.lineItems.find((li) => foLineItemId(li.id) === l.id),
        quantity: l.quantity,
      }))
    : order.lineItems.map((line) => ({ line, quantity: line.quantity - line.fulfilledQuantity }));
  if (
    wanted.some((w) => !w.line || w.quantity < 0 || w.quantity > w.line.quantity - w.line.fulfilledQuantity)
  )
    return {
      userErrors: [
        {
          field: ["fulfillment", "lineItemsByFulfillmentOrder"],
          message: "Invalid fulfillment order line item quantity requested",
        },
      ],
    };
  const sending = wanted.filter((w) => w.quantity > 0) as { line: StoredLineItem; quantity: number }[];
  if (sending.length === 0)
    return {
      userErrors: [{ field: ["fulfillment"], message: "The fulfillment order has nothing left to fulfill" }],
    };
  const now = new Date().toISOString();
  const company = tracking.company?.trim() || null;
  const number = tracking.number?.trim() || null;
  const fulfillment: StoredFulfillment = {
    id: store.orders.nextId("Fulfillment"),
    status: "SUCCESS",
    displayStatus: number ? "IN_TRANSIT" : "FULFILLED",
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
    trackingInfo:
      company || number
        ? [{ company, number, url: tracking.url?.trim() || trackingUrl(company, number) }]
        : [],
    lineItems: sending.map((w) => ({ lineItemId: w.line.id, quantity: w.quantity })),
  };
  for (const w of sending) w.line.fulfilledQuantity += w.quantity;
  order.fulfillments.push(fulfillment);
  order.updatedAt = now;
  return { ok: fulfillment };
}

export function markDelivered(order: StoredOrder, fulfillmentId?: string): Outcome<StoredOrder> {
  const targets = order.fulfillments.filter((f) => !fulfillmentId || f.id === fulfillmentId);
  if (targets.length === 0)
    return { userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist" }] };
  const now = new Date().toISOString();
  for (const f of targets) {
    f.displayStatus = "DELIVERED";
    f.deliveredAt ??= now;
    f.updatedAt = now;
  }
  order.updatedAt = now;
  return { ok: order };
}

/** A line item's fulfillment order line item (one fulfillment order per order, one line per line item). */
export const foLineItemId = (lineItemId: string) =>
  lineItemId.replace("/LineItem/", "/FulfillmentOrderLineItem/");
