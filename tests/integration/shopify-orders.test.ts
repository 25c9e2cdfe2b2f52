import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/runtime/env.server";
import { ShopifyError } from "~/server/shopify/graphql-client.server";
import type { ShopifyOrderInput } from "~/server/shopify/order-types";
import {
  createShopifyOrders,
  ShopifyOrderRejectedError,
  type ShopifyOrders,
} from "~/server/shopify/orders.server";
import { type MailEmulator, startMailEmulator } from "../../sandbox/mail/emulator";
import { type RunningShopifyEmulator, startShopifyEmulator } from "../../sandbox/shopify/emulator";
import { sandboxProducts } from "../../sandbox/shopify/seed";
import { SEEDED_STOCK } from "../../sandbox/shopify/store";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../../scripts/lib/test-database";
import { austinAddress } from "../support/addresses";
import { emulatorHooks } from "./catalog-support";

/**
 * The app's Shopify order client (orders.server.ts) against the Shopify emulator, over HTTP, executed
 * against the real 2026-10 Admin schema: orderCreate exactly once per key, the order as the emulated
 * store's admin lists it, its life (shipped from the orders page, delivered, refunded, cancelled) as
 * status() reads it, and Shopify misbehaving.
 */

const logger = pino({ level: "silent" });
const [enhancer, testKit] = sandboxProducts;
const enhancerId = enhancer.variantId;
const testKitId = testKit.variantId;

let emulator: RunningShopifyEmulator;
let orders: ShopifyOrders;
let hooks: ReturnType<typeof emulatorHooks>;
let sessionCounter = 0;

const clientFor = (overrides: Record<string, string> = {}) =>
  createShopifyOrders({
    env: parseEnv({
      SHOPIFY_API_URL: emulator.url,
      SHOPIFY_ADMIN_TOKEN: emulator.adminToken,
      SHOPIFY_TIMEOUT_MS: "5000",
      ...overrides,
    }),
    logger,
  });

function paidOrder(overrides: Partial<ShopifyOrderInput> = {}): ShopifyOrderInput {
  sessionCounter += 1;
  const session = `cs_test_orders${sessionCounter}`;
  return {
    idempotencyKey: session,
    sourceIdentifier: session,
    email: "ada@example.com",
    customerName: "Ada Lovelace",
    shippingAddress: austinAddress("Ada Lovelace"),
    lines: [
      { variantId: enhancerId, title: "Forge Enhancer", quantity: 2, unitAmount: 3900 },
      { variantId: testKitId, title: "Test Kit", quantity: 1, unitAmount: 4900 },
    ],
    currency: "USD",
    amountSubtotal: 12700,
    amountDiscount: 1000,
    discountCode: "WELCOME10",
    amountShipping: 0,
    shippingTitle: "Free shipping",
    amountTax: 936,
    amountTotal: 12636,
    paymentIntentId: `pi_orders${sessionCounter}`,
    processedAt: "2026-11-23T10:00:00.000Z",
    siteOrderNumber: 100 + sessionCounter,
    ...overrides,
  };
}

type JsonOrder = Record<string, unknown> & { id: string; name: string };
const listed = async (base = emulator.url): Promise<JsonOrder[]> => {
  const response = await fetch(`${base}/orders.json`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { orders: JsonOrder[] }).orders;
};
const stock = (variantId: string) => emulator.store.findVariant(variantId)?.variant.inventoryQuantity;
const money = (amount: string) => ({ shopMoney: { amount, currencyCode: "USD" } });

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

/** Submits the orders page's form, as a browser does (no redirect followed). */
const submit = (path: string, fields: Record<string, string> = {}) =>
  fetch(`${emulator.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

beforeAll(async () => {
  emulator = await startShopifyEmulator({ controlHooks: true });
  hooks = emulatorHooks(emulator.url);
  orders = clientFor();
});
afterAll(async () => {
  await emulator?.close();
});
beforeEach(() => emulator.reset());

describe("orderCreate", () => {
  it("creates one paid order that the store lists with everything the site sent", async () => {
    const input = paidOrder();
    const created = await orders.create(input);
    // Named as the site numbers it: one number for the shopper and the brand (decision 095).
    const name = `#${input.siteOrderNumber}`;
    expect(created).toEqual({ id: expect.stringMatching(/^gid:\/\/shopify\/Order\/\d+$/), name });

    const [order] = await listed();
    expect(order).toMatchObject({
      id: created.id,
      name,
      email: "ada@example.com",
      sourceName: "forge-storefront",
      sourceIdentifier: input.sourceIdentifier,
      tags: ["forge-storefront"],
      processedAt: "2026-11-23T10:00:00.000Z",
      displayFinancialStatus: "PAID",
      displayFulfillmentStatus: "UNFULFILLED",
      cancelledAt: null,
      currencyCode: "USD",
      discountCodes: ["WELCOME10"],
      totalDiscountsSet: money("10.0"),
      totalShippingPriceSet: money("0.0"),
      totalTaxSet: money("9.36"),
      totalPriceSet: money("126.36"),
      shippingLines: { nodes: [{ title: "Free shipping", originalPriceSet: money("0.0") }] },
      taxLines: [{ title: "Sales tax", rate: 0.08, priceSet: money("9.36") }],
      transactions: [
        {
          kind: "SALE",
          status: "SUCCESS",
          gateway: "stripe",
          authorizationCode: input.paymentIntentId,
          amountSet: money("126.36"),
        },
      ],
      shippingAddress: {
        name: "Ada Lovelace",
        address1: "1 Main St",
        city: "Austin",
        provinceCode: "TX",
        zip: "78701",
        countryCodeV2: "US",
      },
      fulfillments: [],
      refunds: [],
      options: {
        sendReceipt: false,
        sendFulfillmentReceipt: true,
        inventoryBehaviour: "DECREMENT_IGNORING_POLICY",
      },
    });
    expect(order?.note).toContain(`#${input.siteOrderNumber}`);
    expect(order?.lineItems).toEqual({
      nodes: [
        expect.objectContaining({
          variant: { id: enhancerId },
          quantity: 2,
          title: "Forge Enhancer",
          originalUnitPriceSet: money("39.0"),
        }),
        expect.objectContaining({
          variant: { id: testKitId },
          quantity: 1,
          originalUnitPriceSet: money("49.0"),
        }),
      ],
    });
  });

  it("takes the stock it sold, past zero too: a paid order is never refused for stock (decision 129)", async () => {
    await orders.create(paidOrder());
    expect(stock(enhancerId)).toBe(SEEDED_STOCK - 2);
    expect(stock(testKitId)).toBe(SEEDED_STOCK - 1);
    // More than the store holds (the chaos run sold past the seeded stock): recorded, the stock below zero.
    const created = await orders.create(
      paidOrder({
        lines: [{ variantId: enhancerId, title: "x", quantity: SEEDED_STOCK, unitAmount: 3900 }],
      }),
    );
    expect(created.name).toMatch(/^#\d+$/);
    expect(stock(enhancerId)).toBe(-2);
  });

  it("the same idempotency key, again and concurrently, makes one order", async () => {
    const input = paidOrder();
    const first = await orders.create(input);
    const again = await orders.create(input);
    const concurrent = await Promise.all(Array.from({ length: 8 }, () => orders.create(input)));
    expect(again).toEqual(first);
    expect(new Set(concurrent.map((ref) => ref.id))).toEqual(new Set([first.id]));
    expect((await listed()).map((o) => o.name)).toEqual([`#${input.siteOrderNumber}`]);
    expect(stock(enhancerId)).toBe(SEEDED_STOCK - 2);
    // Another session is another order.
    const another = paidOrder();
    expect((await orders.create(another)).name).toBe(`#${another.siteOrderNumber}`);
  });

  it("findBySourceIdentifier finds the order a lost answer created, and only that one", async () => {
    const input = paidOrder();
    const created = await orders.create(input);
    await orders.create(paidOrder());
    expect(await orders.findBySourceIdentifier(input.sourceIdentifier)).toEqual(created);
    expect(await orders.findBySourceIdentifier(`${input.sourceIdentifier}0`)).toBeNull();
    expect(await orders.findBySourceIdentifier('cs_test_"quoted"')).toBeNull();
  });

  it("an unknown variant is refused with Shopify's userErrors, and no order is made", async () => {
    const error = await failure(
      orders.create(
        paidOrder({
          lines: [{ variantId: "gid://shopify/ProductVariant/1", title: "x", quantity: 1, unitAmount: 100 }],
        }),
      ),
    );
    expect(error).toBeInstanceOf(ShopifyOrderRejectedError);
    expect((error as ShopifyOrderRejectedError).userErrors).toEqual([
      { field: ["order", "lineItems", "0", "variantId"], message: "Variant is invalid", code: "INVALID" },
    ]);
    expect(await listed()).toEqual([]);
  });
});

describe("the shipping e-mail, as Shopify sends it (sendFulfillmentReceipt)", () => {
  let mail: MailEmulator;
  let shopWithMail: RunningShopifyEmulator;
  beforeAll(async () => {
    mail = await startMailEmulator();
    shopWithMail = await startShopifyEmulator({
      customerMail: { smtpUrl: mail.smtpUrl, from: "Forge <orders@forge.example>" },
    });
  });
  afterAll(async () => {
    await shopWithMail?.close();
    await mail?.close();
  });
  const shopClient = () =>
    createShopifyOrders({
      env: parseEnv({ SHOPIFY_API_URL: shopWithMail.url, SHOPIFY_ADMIN_TOKEN: shopWithMail.adminToken }),
      logger,
    });
  const ship = (name: string, fields: Record<string, string>) =>
    fetch(`${shopWithMail.url}/orders/${encodeURIComponent(name.replace(/^#/, ""))}/ship`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  it("marked shipped with the box ticked (the default for the site's orders): the customer gets it, with the site's number and the tracking", async () => {
    const input = paidOrder({ email: "shipping-mail@example.com", siteOrderNumber: 13 });
    const created = await shopClient().create(input);
    expect(created.name).toBe("#13");
    const page = await (await fetch(`${shopWithMail.url}/orders`)).text();
    expect(page).toMatch(/<input type="checkbox" name="notifyCustomer" value="1" checked>/);
    const shipped = await ship(created.name, {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
      notifyCustomer: "1",
    });
    expect(shipped.status).toBe(303);
    const [sent] = await mail.waitFor((messages) =>
      messages.some((m) => m.to.includes("shipping-mail@example.com")),
    );
    expect(sent?.subject).toBe("A shipment from order #13 is on the way");
    expect(sent?.from).toContain("orders@forge.example");
    expect(sent?.text).toContain("1Z999AA10123456784");
    expect(sent?.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });

  it("with the box cleared, no e-mail; through the Admin API, only with notifyCustomer", async () => {
    const input = paidOrder({ email: "no-mail@example.com" });
    const created = await shopClient().create(input);
    expect(
      (await ship(created.name, { carrier: "UPS", trackingNumber: "1Z1", notifyCustomer: "0" })).status,
    ).toBe(303);
    // The Admin API's fulfillmentCreate with notifyCustomer: true sends it.
    const other = await shopClient().create(paidOrder({ email: "api-mail@example.com" }));
    const order = shopWithMail.store.orders.get(other.id);
    const response = await fetch(`${shopWithMail.url}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": shopWithMail.adminToken },
      body: JSON.stringify({
        query: `mutation Ship($f: FulfillmentInput!) { fulfillmentCreate(fulfillment: $f) { fulfillment { id } userErrors { message } } }`,
        variables: {
          f: {
            notifyCustomer: true,
            trackingInfo: { company: "USPS", number: "9400100000000000000000" },
            lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: order?.fulfillmentOrderId }],
          },
        },
      }),
    });
    expect(
      ((await response.json()) as { data: { fulfillmentCreate: { userErrors: unknown[] } } }).data
        .fulfillmentCreate.userErrors,
    ).toEqual([]);
    await mail.waitFor((messages) => messages.some((m) => m.to.includes("api-mail@example.com")));
    // Sent after the first order was shipped with the box cleared: that one would have arrived by now.
    expect(mail.messages().filter((m) => m.to.includes("no-mail@example.com"))).toEqual([]);
  });
});

describe("Shopify misbehaving", () => {
  it("a throttled or 429 call is retried and the order made once", async () => {
    await hooks.fault({ kind: "throttled", api: "admin", times: 1 });
    await hooks.fault({ kind: "status", status: 429, retryAfter: 0, api: "admin", times: 1 });
    const before = (await hooks.calls()).admin;
    const input = paidOrder();
    const created = await orders.create(input);
    expect(created.name).toBe(`#${input.siteOrderNumber}`);
    expect((await hooks.calls()).admin - before).toBe(3);
    expect(await listed()).toHaveLength(1);
  });

  it("Shopify down surfaces as ShopifyError 'unavailable' after the retries, with nothing made", async () => {
    await hooks.fault({ kind: "status", status: 503, api: "admin", times: -1 });
    const error = await failure(orders.create(paidOrder()));
    expect(error).toBeInstanceOf(ShopifyError);
    expect((error as ShopifyError).failure).toBe("unavailable");
    expect((error as ShopifyError).details.attempts).toBe(3);
    await hooks.clearFaults();
    expect(await listed()).toEqual([]);
  });

  it("a refused token is ShopifyError 'unauthorized'", async () => {
    const error = await failure(clientFor({ SHOPIFY_ADMIN_TOKEN: "shpat_wrong" }).create(paidOrder()));
    expect(error).toBeInstanceOf(ShopifyError);
    expect((error as ShopifyError).failure).toBe("unauthorized");
  });
});

describe("the order's life", () => {
  it("paid → shipped from the orders page (carrier and tracking link) → delivered", async () => {
    const created = await orders.create(paidOrder({ siteOrderNumber: 1001 }));
    expect(await orders.status(created.id)).toMatchObject({
      progress: "paid",
      financialStatus: "PAID",
      shipments: [],
    });

    const page = await (await fetch(`${emulator.url}/orders`)).text();
    expect(page).toContain("Order #1001");
    expect(page).toContain("ada@example.com");
    expect(page).toContain("Mark as shipped");

    const incomplete = await submit("/orders/1001/ship", { carrier: "UPS", trackingNumber: " " });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain("tracking number");

    const shipped = await submit("/orders/1001/ship", {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(shipped.status).toBe(303);
    expect(shipped.headers.get("location")).toBe("/orders#h-1001");
    expect(await orders.status(created.id)).toMatchObject({
      progress: "shipped",
      fulfillmentStatus: "FULFILLED",
      shipments: [
        {
          carrier: "UPS",
          trackingNumber: "1Z999AA10123456784",
          trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
          shippedAt: expect.any(String),
          deliveredAt: null,
        },
      ],
    });
    expect(await (await fetch(`${emulator.url}/orders`)).text()).toContain("Mark as delivered");

    expect((await submit("/orders/1001/deliver")).status).toBe(303);
    const delivered = await orders.status(created.id);
    expect(delivered?.progress).toBe("delivered");
    expect(delivered?.shipments[0]?.deliveredAt).toEqual(expect.any(String));
    const page2 = await (await fetch(`${emulator.url}/orders`)).text();
    expect(page2).not.toContain("Mark as delivered");
    expect(page2).not.toContain("Mark as shipped");
  });

  it("refunds: partial, then the rest; the same refund key twice refunds once", async () => {
    const created = await orders.create(paidOrder());
    const partial = {
      orderId: created.id,
      idempotencyKey: "re_1",
      amount: 2000,
      currency: "usd",
      note: "Stripe refund re_1",
    };
    const first = await orders.refund(partial);
    expect(await orders.refund(partial)).toEqual(first);
    expect((await orders.status(created.id))?.progress).toBe("partially_refunded");

    await orders.refund({ ...partial, idempotencyKey: "re_2", amount: 12636 - 2000 });
    const status = await orders.status(created.id);
    expect(status).toMatchObject({ progress: "refunded", financialStatus: "REFUNDED" });
    const [order] = await listed();
    expect(order?.totalRefundedSet).toEqual(money("126.36"));
    expect(order?.refunds).toHaveLength(2);
    expect(order?.transactions).toEqual([
      expect.objectContaining({ kind: "SALE" }),
      expect.objectContaining({
        kind: "REFUND",
        gateway: "stripe",
        amountSet: money("20.0"),
        parentTransaction: { id: expect.any(String) },
      }),
      expect.objectContaining({ kind: "REFUND", amountSet: money("106.36") }),
    ]);

    const tooMuch = await failure(orders.refund({ ...partial, idempotencyKey: "re_3", amount: 1 }));
    expect(tooMuch).toBeInstanceOf(ShopifyOrderRejectedError);
  });

  it("cancel: cancelled, stock back, and cancelling again is success", async () => {
    const created = await orders.create(paidOrder());
    expect(stock(enhancerId)).toBe(SEEDED_STOCK - 2);
    await orders.cancel({ orderId: created.id, idempotencyKey: "re_9" });
    await orders.cancel({ orderId: created.id, idempotencyKey: "re_9" });
    expect(await orders.status(created.id)).toMatchObject({
      progress: "cancelled",
      cancelledAt: expect.any(String),
    });
    expect(stock(enhancerId)).toBe(SEEDED_STOCK);
    const page = await (await fetch(`${emulator.url}/orders`)).text();
    expect(page).toContain("Cancelled");
    expect(page).not.toContain("Mark as shipped");
  });

  it("status of an order Shopify does not know is null", async () => {
    expect(await orders.status("gid://shopify/Order/42")).toBeNull();
  });
});

/** A raw Admin API call, as a fulfilment app would make it. */
async function admin<T>(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${emulator.url}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-access-token": emulator.adminToken },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T; errors?: { message: string }[] };
}

describe("fulfilment through the Admin API, as a 3PL app does it", () => {
  it("fulfillmentCreate with tracking on the order's fulfillment order, then a DELIVERED event", async () => {
    const created = await orders.create(paidOrder());
    const read = await admin<{ order: { fulfillmentOrders: { nodes: { id: string; status: string }[] } } }>(
      "query F($id: ID!) { order(id: $id) { fulfillmentOrders(first: 1) { nodes { id status } } } }",
      { id: created.id },
    );
    const fulfillmentOrder = read.data?.order.fulfillmentOrders.nodes[0] as { id: string };
    expect(fulfillmentOrder).toEqual({ id: expect.stringContaining("FulfillmentOrder"), status: "OPEN" });

    const fulfilled = await admin<{ fulfillmentCreate: { fulfillment: { id: string } } }>(
      `mutation C($fulfillment: FulfillmentInput!) {
        fulfillmentCreate(fulfillment: $fulfillment) {
          fulfillment { id status trackingInfo { company number url } }
          userErrors { field message }
        }
      }`,
      {
        fulfillment: {
          lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fulfillmentOrder.id }],
          trackingInfo: { company: "FedEx", number: "7489" },
          notifyCustomer: true,
        },
      },
    );
    expect(fulfilled.errors).toBeUndefined();
    const fulfillment = fulfilled.data?.fulfillmentCreate.fulfillment as { id: string };
    expect(fulfillment).toMatchObject({
      status: "SUCCESS",
      trackingInfo: [
        { company: "FedEx", number: "7489", url: "https://www.fedex.com/fedextrack/?trknbr=7489" },
      ],
    });
    expect((await orders.status(created.id))?.progress).toBe("shipped");

    const event = await admin<{ fulfillmentEventCreate: unknown }>(
      `mutation E($event: FulfillmentEventInput!) {
        fulfillmentEventCreate(fulfillmentEvent: $event) { fulfillmentEvent { status } userErrors { message } }
      }`,
      { event: { fulfillmentId: fulfillment.id, status: "DELIVERED" } },
    );
    expect(event.data?.fulfillmentEventCreate).toEqual({
      fulfillmentEvent: { status: "DELIVERED" },
      userErrors: [],
    });
    expect((await orders.status(created.id))?.progress).toBe("delivered");
  });

  it("a field the emulator does not model answers NOT_EMULATED, never a silent null", async () => {
    const created = await orders.create(paidOrder());
    const read = await admin("query R($id: ID!) { order(id: $id) { name statusPageUrl } }", {
      id: created.id,
    });
    expect(read.errors?.[0]?.message).toContain("Order.statusPageUrl");
  });
});

describe("the emulator is strict about @idempotent", () => {
  it("refuses it on a mutation that does not support it, as Shopify does", async () => {
    const response = await fetch(`${emulator.url}/admin/api/2026-10/graphql.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-access-token": emulator.adminToken },
      body: JSON.stringify({
        query:
          'mutation M { productCreate(product: {title: "x"}) @idempotent(key: "k") { userErrors { message } } }',
      }),
    });
    const body = (await response.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toContain("not supported on productCreate");
    expect(emulator.store.products.size).toBe(sandboxProducts.length);
  });
});

describe.each(databaseTargets)("mounted in the app's sandbox ($name)", ({ name }) => {
  let database: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createTestDatabase(name);
    server = await startServer({ ...database.env });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("serves the orders page and orders.json at /__sandbox/shopify", async () => {
    const page = await fetch(`${server.url}/__sandbox/shopify/orders`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("<h1>Orders</h1>");
    expect(await listed(`${server.url}/__sandbox/shopify`)).toEqual(expect.any(Array));
    // The site lets the page's form through to the emulator (here: no such order, said on the page).
    const shipped = await fetch(`${server.url}/__sandbox/shopify/orders/999999/ship`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "carrier=UPS&trackingNumber=1Z",
      redirect: "manual",
    });
    expect(shipped.status).toBe(404);
    expect(await shipped.text()).toContain("There is no order #999999.");
  });
});
