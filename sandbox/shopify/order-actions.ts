import {
  cents,
  fulfillmentStatus,
  type InventoryBehaviour,
  type OrderAddress,
  orderTotals,
  type StoredFulfillment,
  type StoredLineItem,
  type StoredOrder,
  trackingUrl,
} from "./orders";
import type { ShopifyStore } from "./store";

/**
 * What the order mutations do to the store, apart from GraphQL: create (with stock taken), refund,
 * cancel (stock put back), fulfil with tracking, mark delivered. order-resolvers.ts calls them for the
 * Admin API, orders-page.ts for the "Mark as shipped" and "Mark as delivered" buttons. Each answers
 * the userErrors Shopify would, or the changed order.
 */

export type UserError = { field: string[] | null; message: string; code?: string };
type Outcome<T> = { ok: T } | { userErrors: UserError[] };

type MoneyBagInput = { shopMoney?: { amount?: string; currencyCode?: string } | null } | null | undefined;
type AddressInput =
  | Partial<Record<keyof OrderAddress | "country" | "province", string | null>>
  | null
  | undefined;

export type OrderCreateInput = {
  currency?: string | null;
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  lineItems?:
    | {
        variantId?: string | null;
        quantity: number;
        priceSet?: MoneyBagInput;
        title?: string | null;
        sku?: string | null;
      }[]
    | null;
  shippingAddress?: AddressInput;
  billingAddress?: AddressInput;
  financialStatus?: string | null;
  transactions?:
    | {
        kind?: string | null;
        status?: string | null;
        gateway?: string | null;
        amountSet: MoneyBagInput;
        authorizationCode?: string | null;
        processedAt?: string | null;
      }[]
    | null;
  shippingLines?: { title: string; code?: string | null; priceSet: MoneyBagInput }[] | null;
  taxLines?: { title: string; rate: string; priceSet?: MoneyBagInput }[] | null;
  discountCode?: { itemFixedDiscountCode?: { code: string; amountSet?: MoneyBagInput } | null } | null;
  sourceName?: string | null;
  sourceIdentifier?: string | null;
  tags?: string[] | null;
  processedAt?: string | null;
};

export type OrderCreateOptions = {
  inventoryBehaviour?: InventoryBehaviour | null;
  sendReceipt?: boolean | null;
  sendFulfillmentReceipt?: boolean | null;
} | null;

const amountOf = (bag: MoneyBagInput) => cents(bag?.shopMoney?.amount ?? "0");

function address(input: AddressInput): OrderAddress | null {
  if (!input) return null;
  return {
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    address1: input.address1 ?? null,
    address2: input.address2 ?? null,
    city: input.city ?? null,
    provinceCode: input.provinceCode ?? input.province ?? null,
    zip: input.zip ?? null,
    countryCode: input.countryCode ?? input.country ?? null,
    phone: input.phone ?? null,
    company: input.company ?? null,
  };
}

export function createOrder(
  store: ShopifyStore,
  input: OrderCreateInput,
  options: OrderCreateOptions,
): Outcome<StoredOrder> {
  const now = new Date().toISOString();
  const lines = input.lineItems ?? [];
  if (lines.length === 0)
    return {
      userErrors: [{ field: ["order", "lineItems"], message: "Line items can't be empty", code: "INVALID" }],
    };
  const lineItems: StoredLineItem[] = [];
  for (const [index, line] of lines.entries()) {
    const field = ["order", "lineItems", String(index)];
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      return {
        userErrors: [
          { field: [...field, "quantity"], message: "Quantity must be greater than 0", code: "INVALID" },
        ],
      };
    const found = line.variantId ? store.findVariant(line.variantId) : undefined;
    if (line.variantId && !found)
      return {
        userErrors: [{ field: [...field, "variantId"], message: "Variant is invalid", code: "INVALID" }],
      };
    if (!found && !line.title)
      return {
        userErrors: [{ field: [...field, "title"], message: "Title can't be blank", code: "INVALID" }],
      };
    lineItems.push({
      id: store.orders.nextId("LineItem"),
      variantId: found?.variant.id ?? null,
      productId: found?.product.id ?? null,
      title: found?.product.title ?? line.title ?? "",
      variantTitle: found && found.variant.title !== "Default Title" ? found.variant.title : null,
      sku: found?.variant.sku ?? line.sku ?? null,
      quantity: line.quantity,
      unitPrice: line.priceSet ? amountOf(line.priceSet) : cents(found?.variant.price ?? "0"),
      fulfilledQuantity: 0,
    });
  }
  const behaviour = options?.inventoryBehaviour ?? "BYPASS";
  if (behaviour === "DECREMENT_OBEYING_POLICY") {
    for (const [index, line] of lineItems.entries()) {
      const variant = line.variantId ? store.findVariant(line.variantId)?.variant : undefined;
      if (variant && variant.inventoryPolicy === "DENY" && (variant.inventoryQuantity ?? 0) < line.quantity) {
        return {
          userErrors: [
            {
              field: ["order", "lineItems", String(index)],
              message: `Unable to reserve inventory for ${line.title}`,
              code: "INVENTORY_CLAIM_FAILED",
            },
          ],
        };
      }
    }
  }
  if (behaviour !== "BYPASS") {
    for (const line of lineItems) {
      const variant = line.variantId ? store.findVariant(line.variantId)?.variant : undefined;
      if (variant) variant.inventoryQuantity = (variant.inventoryQuantity ?? 0) - line.quantity;
    }
  }
  const identity = store.orders.nextIdentity();
  const processedAt = input.processedAt ?? now;
  const order: StoredOrder = {
    ...identity,
    createdAt: now,
    updatedAt: now,
    processedAt,
    email: input.email ?? null,
    phone: input.phone ?? null,
    note: input.note ?? null,
    currency: input.currency ?? store.shop.currencyCode,
    sourceName: input.sourceName ?? null,
    sourceIdentifier: input.sourceIdentifier ?? null,
    tags: input.tags ?? [],
    lineItems,
    shippingAddress: address(input.shippingAddress),
    billingAddress: address(input.billingAddress),
    shippingLines: (input.shippingLines ?? []).map((line) => ({
      title: line.title,
      code: line.code ?? null,
      price: amountOf(line.priceSet),
    })),
    taxLines: (input.taxLines ?? []).map((line) => ({
      title: line.title,
      rate: line.rate,
      price: amountOf(line.priceSet),
    })),
    discountCode: input.discountCode?.itemFixedDiscountCode
      ? {
          code: input.discountCode.itemFixedDiscountCode.code,
          amount: amountOf(input.discountCode.itemFixedDiscountCode.amountSet),
        }
      : null,
    financialStatus: "PENDING",
    transactions: (input.transactions ?? []).map((t) => ({
      id: store.orders.nextId("OrderTransaction"),
      kind: t.kind ?? "SALE",
      status: t.status ?? "SUCCESS",
      gateway: t.gateway ?? "manual",
      amount: amountOf(t.amountSet),
      authorizationCode: t.authorizationCode ?? null,
      parentId: null,
      processedAt: t.processedAt ?? processedAt,
      createdAt: now,
    })),
    fulfillments: [],
    refunds: [],
    cancelledAt: null,
    cancelReason: null,
    options: {
      sendReceipt: options?.sendReceipt ?? null,
      sendFulfillmentReceipt: options?.sendFulfillmentReceipt ?? null,
      inventoryBehaviour: options?.inventoryBehaviour ?? null,
    },
  };
  const totals = orderTotals(order);
  order.financialStatus =
    input.financialStatus ??
    (totals.received >= totals.total ? "PAID" : totals.received > 0 ? "PARTIALLY_PAID" : "PENDING");
  store.orders.add(order);
  return { ok: order };
}

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
