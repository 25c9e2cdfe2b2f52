import type { Outcome } from "./order-actions";
import {
  cents,
  type InventoryBehaviour,
  type OrderAddress,
  orderTotals,
  type StoredLineItem,
  type StoredOrder,
} from "./orders";
import type { ShopifyStore } from "./store";

/**
 * `orderCreate` on the store: the line items checked against the catalog, stock taken as
 * `inventoryBehaviour` says (Shopify's default, BYPASS, takes none), the order numbered and kept, with
 * the options it was sent with. Answers the userErrors Shopify would, or the new order.
 */

type MoneyBagInput = { shopMoney?: { amount?: string; currencyCode?: string } | null } | null | undefined;
type AddressInput =
  | Partial<Record<keyof OrderAddress | "country" | "province", string | null>>
  | null
  | undefined;

export type OrderCreateInput = {
  /** Shopify numbers the order (#1001…) unless the caller names it: any string, kept as given. */
  name?: string | null;
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
    name: input.name?.trim() || identity.name,
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
