import { Kind, type OperationDefinitionNode, parse, validate } from "graphql";
import { getVariableValues } from "graphql/execution/values";
import { describe, expect, it } from "vitest";
import { orderDocuments } from "~/server/shopify/order-documents.server";
import {
  ORDER_SOURCE_NAME,
  orderCreateVariables,
  reshapeFoundOrder,
  reshapeOrderStatus,
  type ShopifyOrderStatusWire,
  sourceIdentifierQuery,
  splitName,
  toDecimal,
} from "~/server/shopify/order-reshape.server";
import type { ShopifyOrderInput } from "~/server/shopify/order-types";
import { loadShopifySchema } from "../../sandbox/shopify/schemas";

/** The order documents against Shopify's real Admin schema, the app's order as orderCreate's variables, and the status reshape. */

const input: ShopifyOrderInput = {
  idempotencyKey: "cs_test_a1",
  sourceIdentifier: "cs_test_a1",
  email: "ada@example.com",
  customerName: "Ada King Lovelace",
  shippingAddress: {
    name: "Ada Lovelace",
    line1: "1 Main St",
    line2: "Apt 2",
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    country: "us",
  },
  lines: [
    {
      variantId: "gid://shopify/ProductVariant/49100000000001",
      title: "Forge Enhancer",
      quantity: 2,
      unitAmount: 3900,
    },
    {
      variantId: "gid://shopify/ProductVariant/49100000000002",
      title: "Test Kit",
      quantity: 1,
      unitAmount: 4900,
    },
  ],
  currency: "usd",
  amountSubtotal: 12700,
  amountDiscount: 1000,
  discountCode: "WELCOME10",
  amountShipping: 0,
  shippingTitle: "Free shipping",
  amountTax: 936,
  amountTotal: 12636,
  paymentIntentId: "pi_123",
  processedAt: "2026-11-23T10:00:00.000Z",
  siteOrderNumber: 42,
};

const wire = (overrides: Partial<ShopifyOrderStatusWire> = {}): ShopifyOrderStatusWire => ({
  id: "gid://shopify/Order/1",
  name: "#1001",
  displayFinancialStatus: "PAID",
  displayFulfillmentStatus: "UNFULFILLED",
  cancelledAt: null,
  fulfillments: [],
  ...overrides,
});

const shipment = (overrides: Partial<ShopifyOrderStatusWire["fulfillments"][number]> = {}) => ({
  status: "SUCCESS",
  displayStatus: "IN_TRANSIT",
  createdAt: "2026-11-24T10:00:00Z",
  deliveredAt: null,
  trackingInfo: [{ company: "UPS", number: "1Z999", url: "https://www.ups.com/track?tracknum=1Z999" }],
  ...overrides,
});

describe("order documents", () => {
  it.each(Object.entries(orderDocuments))(
    "%s is one named operation valid in the real Admin schema",
    (_name, doc) => {
      const document = parse(doc);
      const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
      expect(operations).toHaveLength(1);
      expect(validate(loadShopifySchema("admin"), document).map((e) => e.message)).toEqual([]);
    },
  );

  it("orderCreate and refundCreate carry @idempotent on the mutation field", () => {
    expect(orderDocuments.orderCreate).toMatch(/orderCreate\([^)]*\) @idempotent\(key: \$key\)/);
    expect(orderDocuments.refundCreate).toMatch(/refundCreate\([^)]*\) @idempotent\(key: \$key\)/);
  });
});

describe("orderCreateVariables", () => {
  const variables = orderCreateVariables(input);

  it("keys the call on the session and takes the stock sold even past zero (it is paid), Shopify's receipt off", () => {
    expect(variables.key).toBe("cs_test_a1");
    expect(variables.options).toEqual({
      inventoryBehaviour: "DECREMENT_IGNORING_POLICY",
      sendReceipt: false,
      sendFulfillmentReceipt: true,
    });
  });

  it("sends the variants, quantities and prices paid, marked paid by one Stripe sale", () => {
    const { order } = variables;
    expect(order.currency).toBe("USD");
    expect(order.lineItems).toEqual([
      {
        variantId: input.lines[0]?.variantId,
        quantity: 2,
        priceSet: { shopMoney: { amount: "39.00", currencyCode: "USD" } },
      },
      {
        variantId: input.lines[1]?.variantId,
        quantity: 1,
        priceSet: { shopMoney: { amount: "49.00", currencyCode: "USD" } },
      },
    ]);
    expect(order.financialStatus).toBe("PAID");
    expect(order.transactions).toEqual([
      {
        kind: "SALE",
        status: "SUCCESS",
        gateway: "stripe",
        amountSet: { shopMoney: { amount: "126.36", currencyCode: "USD" } },
        authorizationCode: "pi_123",
        processedAt: input.processedAt,
      },
    ]);
    expect(order.discountCode).toEqual({
      itemFixedDiscountCode: {
        code: "WELCOME10",
        amountSet: { shopMoney: { amount: "10.00", currencyCode: "USD" } },
      },
    });
    expect(order.taxLines).toEqual([
      {
        title: "Sales tax",
        rate: "0.0800",
        priceSet: { shopMoney: { amount: "9.36", currencyCode: "USD" } },
      },
    ]);
    expect(order.shippingLines).toEqual([
      { title: "Free shipping", priceSet: { shopMoney: { amount: "0.00", currencyCode: "USD" } } },
    ]);
  });

  it("names the site and the session, and maps the address Stripe collected", () => {
    const { order } = variables;
    expect(order).toMatchObject({
      email: "ada@example.com",
      sourceName: ORDER_SOURCE_NAME,
      sourceIdentifier: "cs_test_a1",
      tags: [ORDER_SOURCE_NAME],
      processedAt: input.processedAt,
    });
    expect(order.note).toContain("#42");
    // One number for the shopper and the brand: Shopify's order is named as the site's (decision 095).
    expect(order.name).toBe("#42");
    expect(order.shippingAddress).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      address1: "1 Main St",
      address2: "Apt 2",
      city: "Austin",
      provinceCode: "TX",
      zip: "78701",
      countryCode: "US",
    });
  });

  it("leaves out tax and discount when none was paid, and a transaction for a free order", () => {
    const { order } = orderCreateVariables({
      ...input,
      amountDiscount: 0,
      amountTax: 0,
      amountTotal: 0,
      shippingAddress: null,
    });
    expect(order).not.toHaveProperty("taxLines");
    expect(order).not.toHaveProperty("discountCode");
    expect(order).not.toHaveProperty("shippingAddress");
    expect(order.transactions).toEqual([]);
    expect(order.note).toContain("Ada King Lovelace");
  });

  it("the variables coerce to the real schema's input types (a wrong enum or field fails here)", () => {
    const schema = loadShopifySchema("admin");
    const operation = parse(orderDocuments.orderCreate).definitions[0] as OperationDefinitionNode;
    const coerce = (vars: Record<string, unknown>) =>
      getVariableValues(schema, operation.variableDefinitions ?? [], vars);
    expect(coerce(variables)).not.toHaveProperty("errors");
    expect(coerce(orderCreateVariables({ ...input, amountTax: 0, amountDiscount: 0 }))).not.toHaveProperty(
      "errors",
    );
    const wrong = coerce({
      ...variables,
      options: { ...variables.options, inventoryBehaviour: "DECREMENT" },
    });
    expect(wrong).toHaveProperty("errors");
  });
});

describe("helpers", () => {
  it("writes minor units as Shopify's decimals, exactly", () => {
    expect(toDecimal(3900, "USD")).toBe("39.00");
    expect(toDecimal(5, "USD")).toBe("0.05");
    expect(toDecimal(1999, "usd")).toBe("19.99");
    expect(toDecimal(500, "JPY")).toBe("500");
  });

  it("splits a name at its last space", () => {
    expect(splitName("Ada King Lovelace")).toEqual({ firstName: "Ada King", lastName: "Lovelace" });
    expect(splitName("Cher")).toEqual({ lastName: "Cher" });
    expect(splitName("  ")).toEqual({});
  });

  it("quotes the source identifier in the search, and trusts only an exact match", () => {
    expect(sourceIdentifierQuery("cs_test_a1")).toBe('source_identifier:"cs_test_a1"');
    expect(sourceIdentifierQuery('a"b')).toBe('source_identifier:"a\\"b"');
    const nodes = [{ id: "gid://shopify/Order/2", name: "#1002", sourceIdentifier: "cs_test_a10" }];
    expect(reshapeFoundOrder(nodes, "cs_test_a1")).toBeNull();
    expect(reshapeFoundOrder(nodes, "cs_test_a10")).toEqual({ id: "gid://shopify/Order/2", name: "#1002" });
  });
});

describe("reshapeOrderStatus", () => {
  it.each([
    ["paid", wire()],
    ["preparing", wire({ displayFulfillmentStatus: "IN_PROGRESS" })],
    ["preparing", wire({ displayFulfillmentStatus: "PARTIALLY_FULFILLED", fulfillments: [shipment()] })],
    ["shipped", wire({ displayFulfillmentStatus: "FULFILLED", fulfillments: [shipment()] })],
    [
      "delivered",
      wire({
        displayFulfillmentStatus: "FULFILLED",
        fulfillments: [shipment({ displayStatus: "DELIVERED", deliveredAt: "2026-11-26T10:00:00Z" })],
      }),
    ],
    ["partially_refunded", wire({ displayFinancialStatus: "PARTIALLY_REFUNDED" })],
    [
      "shipped",
      wire({
        displayFinancialStatus: "PARTIALLY_REFUNDED",
        displayFulfillmentStatus: "FULFILLED",
        fulfillments: [shipment()],
      }),
    ],
    [
      "refunded",
      wire({
        displayFinancialStatus: "REFUNDED",
        displayFulfillmentStatus: "FULFILLED",
        fulfillments: [shipment()],
      }),
    ],
    ["cancelled", wire({ displayFinancialStatus: "REFUNDED", cancelledAt: "2026-11-24T00:00:00Z" })],
  ])("%s", (progress, order) => {
    expect(reshapeOrderStatus(order).progress).toBe(progress);
  });

  it("lists successful shipments with carrier and tracking link, not cancelled ones", () => {
    const status = reshapeOrderStatus(
      wire({
        displayFulfillmentStatus: "FULFILLED",
        fulfillments: [shipment({ status: "CANCELLED" }), shipment({ deliveredAt: "2026-11-26T10:00:00Z" })],
      }),
    );
    expect(status).toEqual({
      id: "gid://shopify/Order/1",
      name: "#1001",
      progress: "delivered",
      financialStatus: "PAID",
      fulfillmentStatus: "FULFILLED",
      cancelledAt: null,
      shipments: [
        {
          carrier: "UPS",
          trackingNumber: "1Z999",
          trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
          shippedAt: "2026-11-24T10:00:00Z",
          deliveredAt: "2026-11-26T10:00:00Z",
        },
      ],
    });
  });
});
