import { setBounded } from "../retention";

/**
 * The emulated store's orders, in memory: what `orderCreate` records, what `refundCreate`,
 * `orderCancel` and `fulfillmentCreate` change, and what the orders page (orders-page.ts) lists and
 * marks shipped or delivered. Amounts are kept in cents; the GraphQL models (order-resolvers.ts)
 * write them as Shopify's decimals. Numbered as Shopify numbers a new store's orders: #1001, #1002…
 */

export type InventoryBehaviour = "BYPASS" | "DECREMENT_IGNORING_POLICY" | "DECREMENT_OBEYING_POLICY";

export type OrderAddress = {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  provinceCode: string | null;
  zip: string | null;
  countryCode: string | null;
  phone: string | null;
  company: string | null;
};

export type StoredLineItem = {
  id: string;
  variantId: string | null;
  productId: string | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  /** Cents, the unit price paid. */
  unitPrice: number;
  /** How many a fulfillment has sent. */
  fulfilledQuantity: number;
};

export type StoredTransaction = {
  id: string;
  kind: string;
  status: string;
  gateway: string | null;
  /** Cents. */
  amount: number;
  authorizationCode: string | null;
  parentId: string | null;
  processedAt: string;
  createdAt: string;
};

export type StoredFulfillment = {
  id: string;
  status: "SUCCESS";
  displayStatus: "FULFILLED" | "IN_TRANSIT" | "DELIVERED";
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  lineItems: { lineItemId: string; quantity: number }[];
};

export type StoredRefund = {
  id: string;
  note: string | null;
  /** Cents. */
  amount: number;
  transactionIds: string[];
  createdAt: string;
};

export type StoredOrder = {
  id: string;
  legacyId: number;
  number: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  processedAt: string;
  email: string | null;
  phone: string | null;
  note: string | null;
  currency: string;
  sourceName: string | null;
  sourceIdentifier: string | null;
  tags: string[];
  lineItems: StoredLineItem[];
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  shippingLines: { title: string; code: string | null; price: number }[];
  taxLines: { title: string; rate: string; price: number }[];
  discountCode: { code: string; amount: number } | null;
  financialStatus: string;
  transactions: StoredTransaction[];
  fulfillmentOrderId: string;
  fulfillments: StoredFulfillment[];
  refunds: StoredRefund[];
  cancelledAt: string | null;
  cancelReason: string | null;
  /** The options orderCreate was sent with, as sent (null when left out), for tests to assert. */
  options: {
    sendReceipt: boolean | null;
    sendFulfillmentReceipt: boolean | null;
    inventoryBehaviour: InventoryBehaviour | null;
  };
};

/** Orders a long-running sandbox keeps (the oldest go first), unless told to keep more. */
export const MAX_ORDERS = 5_000;
const FIRST_ORDER_NUMBER = 1001;

export const cents = (decimal: string | number): number => Math.round(Number(decimal) * 100);
export const decimal = (amount: number): string => (amount / 100).toFixed(2);

export function orderTotals(order: StoredOrder) {
  const subtotal = order.lineItems.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discount = order.discountCode?.amount ?? 0;
  const shipping = order.shippingLines.reduce((sum, line) => sum + line.price, 0);
  const tax = order.taxLines.reduce((sum, line) => sum + line.price, 0);
  const total = subtotal - discount + shipping + tax;
  const received = order.transactions
    .filter((t) => (t.kind === "SALE" || t.kind === "CAPTURE") && t.status === "SUCCESS")
    .reduce((sum, t) => sum + t.amount, 0);
  const refunded = order.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return { subtotal, discount, shipping, tax, total, received, refunded };
}

/** Shopify's displayFulfillmentStatus, from what the fulfillments have sent. */
export function fulfillmentStatus(order: StoredOrder): string {
  const ordered = order.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  const sent = order.lineItems.reduce((sum, line) => sum + line.fulfilledQuantity, 0);
  if (ordered > 0 && sent >= ordered) return "FULFILLED";
  return sent > 0 ? "PARTIALLY_FULFILLED" : "UNFULFILLED";
}

/** The tracking page a carrier's number opens, as Shopify fills in `url` for the carriers it knows. */
export function trackingUrl(company: string | null, number: string | null): string | null {
  if (!company || !number) return null;
  const n = encodeURIComponent(number);
  const urls: Record<string, string> = {
    usps: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
    ups: `https://www.ups.com/track?tracknum=${n}`,
    fedex: `https://www.fedex.com/fedextrack/?trknbr=${n}`,
    "dhl express": `https://www.dhl.com/en/express/tracking.html?AWB=${n}`,
  };
  return urls[company.trim().toLowerCase()] ?? null;
}

export type OrderBook = {
  all(): StoredOrder[];
  get(id: string): StoredOrder | undefined;
  byName(name: string): StoredOrder | undefined;
  /** Numbers, names and ids for a new order, with its fulfillment order's. */
  nextIdentity(): Pick<StoredOrder, "id" | "legacyId" | "number" | "name" | "fulfillmentOrderId">;
  nextId(kind: "LineItem" | "OrderTransaction" | "Fulfillment" | "Refund" | "Job"): string;
  add(order: StoredOrder): void;
  /** The answer an `@idempotent` mutation gave to `key`, replayed for a retry with the same key. */
  replay<T>(field: string, key: string, run: () => T): T;
  reset(): void;
};

export function createOrderBook(maxOrders = MAX_ORDERS): OrderBook {
  const orders = new Map<string, StoredOrder>();
  const answers = new Map<string, unknown>();
  let orderCounter = 0;
  let idCounter = 0;

  return {
    all: () => [...orders.values()],
    get: (id) => orders.get(id),
    byName: (name) => [...orders.values()].find((order) => order.name === name),
    nextIdentity() {
      const number = FIRST_ORDER_NUMBER + orderCounter++;
      const legacyId = 6_100_000_000_000 + number;
      return {
        id: `gid://shopify/Order/${legacyId}`,
        legacyId,
        number,
        name: `#${number}`,
        fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${7_100_000_000_000 + number}`,
      };
    },
    nextId: (kind) => `gid://shopify/${kind}/${8_100_000_000_001 + idCounter++}`,
    add(order) {
      setBounded(orders, order.id, order, maxOrders);
    },
    replay(field, key, run) {
      const slot = `${field}\n${key}`;
      if (answers.has(slot)) return answers.get(slot) as ReturnType<typeof run>;
      const answer = run();
      setBounded(answers, slot, answer, maxOrders * 2);
      return answer;
    },
    reset() {
      orders.clear();
      answers.clear();
      orderCounter = 0;
      idCounter = 0;
    },
  };
}
