import { GraphQLError } from "graphql";
import {
  decimal,
  fulfillmentStatus,
  type OrderAddress,
  orderTotals,
  type StoredFulfillment,
  type StoredOrder,
  type StoredRefund,
  type StoredTransaction,
} from "./orders";
import { connection } from "./resolvers";
import { type ShopifyStore, shopifyDecimal } from "./store";

/**
 * The Admin API's Order and its neighbours (LineItem, OrderTransaction, Fulfillment, Refund,
 * MailingAddress, MoneyBag) as model objects for the fields the emulator models, built from the order
 * book on demand. Fields left out answer NOT_EMULATED (resolvers.ts' strictResolver).
 */

type Model = Record<string, unknown>;
type Args = Record<string, unknown>;

/** A MoneyBag: Shopify writes a Decimal as "39.0", "0.5", "19.99". */
export const moneyBag = (amount: number, currencyCode: string): Model => {
  const money = { __typename: "MoneyV2", amount: shopifyDecimal(decimal(amount)), currencyCode };
  return { __typename: "MoneyBag", shopMoney: money, presentmentMoney: money };
};

/** `first` on a plain list field (Order.fulfillments, refunds, transactions, trackingInfo). */
function firstOf<T>(items: T[], args: Args): T[] {
  const first = args.first;
  return typeof first === "number" ? items.slice(0, Math.max(0, first)) : items;
}

function addressModel(address: OrderAddress | null): Model | null {
  if (!address) return null;
  const name = [address.firstName, address.lastName].filter(Boolean).join(" ") || null;
  return {
    __typename: "MailingAddress",
    ...address,
    id: "gid://shopify/MailingAddress/1",
    name,
    countryCodeV2: address.countryCode,
    country: address.countryCode === "US" ? "United States" : address.countryCode,
    province: address.provinceCode,
  };
}

function transactionModel(order: StoredOrder, transaction: StoredTransaction): Model {
  return {
    __typename: "OrderTransaction",
    id: transaction.id,
    kind: transaction.kind,
    status: transaction.status,
    gateway: transaction.gateway,
    formattedGateway: transaction.gateway,
    authorizationCode: transaction.authorizationCode,
    amountSet: moneyBag(transaction.amount, order.currency),
    processedAt: transaction.processedAt,
    createdAt: transaction.createdAt,
    test: false,
    manualPaymentGateway: false,
    parentTransaction: () => {
      const parent = order.transactions.find((t) => t.id === transaction.parentId);
      return parent ? transactionModel(order, parent) : null;
    },
  };
}

export function fulfillmentModel(fulfillment: StoredFulfillment): Model {
  return {
    __typename: "Fulfillment",
    id: fulfillment.id,
    name: fulfillment.id,
    status: fulfillment.status,
    displayStatus: fulfillment.displayStatus,
    createdAt: fulfillment.createdAt,
    updatedAt: fulfillment.updatedAt,
    deliveredAt: fulfillment.deliveredAt,
    inTransitAt: fulfillment.createdAt,
    estimatedDeliveryAt: null,
    requiresShipping: true,
    totalQuantity: fulfillment.lineItems.reduce((sum, line) => sum + line.quantity, 0),
    trackingInfo: (args: Args) =>
      firstOf(fulfillment.trackingInfo, args).map((info) => ({
        __typename: "FulfillmentTrackingInfo",
        ...info,
      })),
  };
}

export function refundModel(order: StoredOrder, refund: StoredRefund): Model {
  return {
    __typename: "Refund",
    id: refund.id,
    note: refund.note,
    createdAt: refund.createdAt,
    processedAt: refund.createdAt,
    totalRefundedSet: moneyBag(refund.amount, order.currency),
  };
}

export function orderModel(store: ShopifyStore, order: StoredOrder): Model {
  const totals = orderTotals(order);
  const bag = (amount: number) => moneyBag(amount, order.currency);
  const lineItems = order.lineItems.map((line) => ({
    __typename: "LineItem",
    id: line.id,
    title: line.title,
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    variantTitle: line.variantTitle,
    sku: line.sku,
    quantity: line.quantity,
    currentQuantity: line.quantity,
    unfulfilledQuantity: line.quantity - line.fulfilledQuantity,
    requiresShipping: true,
    originalUnitPriceSet: bag(line.unitPrice),
    discountedUnitPriceSet: bag(line.unitPrice),
    originalTotalSet: bag(line.unitPrice * line.quantity),
    variant: () => {
      const found = line.variantId ? store.findVariant(line.variantId) : undefined;
      return found
        ? {
            __typename: "ProductVariant",
            id: found.variant.id,
            title: found.variant.title,
            sku: found.variant.sku,
          }
        : null;
    },
  }));
  const status = fulfillmentStatus(order);
  return {
    __typename: "Order",
    id: order.id,
    legacyResourceId: String(order.legacyId),
    name: order.name,
    number: order.number,
    email: order.email,
    phone: order.phone,
    note: order.note,
    tags: order.tags,
    sourceName: order.sourceName,
    sourceIdentifier: order.sourceIdentifier,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    processedAt: order.processedAt,
    currencyCode: order.currency,
    presentmentCurrencyCode: order.currency,
    test: false,
    confirmed: true,
    closed: false,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    displayFinancialStatus: order.financialStatus,
    displayFulfillmentStatus: status,
    fullyPaid: totals.received >= totals.total,
    unpaid: totals.received === 0,
    discountCode: order.discountCode?.code ?? null,
    discountCodes: order.discountCode ? [order.discountCode.code] : [],
    paymentGatewayNames: [...new Set(order.transactions.map((t) => t.gateway).filter(Boolean))],
    subtotalPriceSet: bag(totals.subtotal - totals.discount),
    totalDiscountsSet: bag(totals.discount),
    totalShippingPriceSet: bag(totals.shipping),
    totalTaxSet: bag(totals.tax),
    totalPriceSet: bag(totals.total),
    currentTotalPriceSet: bag(totals.total - totals.refunded),
    totalReceivedSet: bag(totals.received),
    totalRefundedSet: bag(totals.refunded),
    totalOutstandingSet: bag(Math.max(0, totals.total - totals.received)),
    shippingAddress: addressModel(order.shippingAddress),
    billingAddress: addressModel(order.billingAddress),
    taxLines: order.taxLines.map((line) => ({
      __typename: "TaxLine",
      title: line.title,
      rate: Number(line.rate),
      priceSet: bag(line.price),
    })),
    shippingLines: (args: Args) =>
      connection(
        order.shippingLines.map((line, index) => ({
          __typename: "ShippingLine",
          id: `gid://shopify/ShippingLine/${order.legacyId}${index}`,
          title: line.title,
          code: line.code,
          originalPriceSet: bag(line.price),
          discountedPriceSet: bag(line.price),
        })),
        args,
        (line) => String(line.id),
      ),
    lineItems: (args: Args) => connection(lineItems, args, (line) => line.id),
    transactions: (args: Args) => firstOf(order.transactions, args).map((t) => transactionModel(order, t)),
    fulfillments: (args: Args) => firstOf(order.fulfillments, args).map(fulfillmentModel),
    fulfillmentOrders: (args: Args) =>
      connection(
        [
          {
            __typename: "FulfillmentOrder",
            id: order.fulfillmentOrderId,
            status: order.cancelledAt
              ? "CLOSED"
              : status === "FULFILLED"
                ? "CLOSED"
                : status === "UNFULFILLED"
                  ? "OPEN"
                  : "IN_PROGRESS",
          },
        ],
        args,
        (fo) => fo.id,
      ),
    refunds: (args: Args) => firstOf(order.refunds, args).map((refund) => refundModel(order, refund)),
  };
}

/** `orders(query:)`: the filters the emulator understands; any other is an error, never ignored. */
export function matchesQuery(order: StoredOrder, query: string | null | undefined): boolean {
  if (!query?.trim()) return true;
  const terms = [...query.matchAll(/(\w+):(?:"((?:[^"\\]|\\.)*)"|(\S+))/g)];
  const leftover = query.replace(/(\w+):(?:"((?:[^"\\]|\\.)*)"|(\S+))/g, "").trim();
  if (leftover && leftover.toUpperCase() !== "AND") {
    throw new GraphQLError(`The Shopify emulator does not search orders by free text ("${leftover}").`, {
      extensions: { code: "NOT_EMULATED" },
    });
  }
  return terms.every(([, key, quoted, bare]) => {
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (bare ?? "");
    switch (key) {
      case "source_identifier":
        return order.sourceIdentifier === value;
      case "source_name":
        return order.sourceName === value;
      case "name":
        return order.name === value || order.name === `#${value}`;
      case "email":
        return order.email?.toLowerCase() === value.toLowerCase();
      case "tag":
        return order.tags.includes(value);
      case "status":
        return value === "cancelled"
          ? order.cancelledAt !== null
          : value === "open"
            ? order.cancelledAt === null
            : true;
      default:
        throw new GraphQLError(`The Shopify emulator does not filter orders by "${key}".`, {
          extensions: { code: "NOT_EMULATED" },
        });
    }
  });
}
