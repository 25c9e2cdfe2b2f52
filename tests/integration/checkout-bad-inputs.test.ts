import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { counts, createCheckout, ENHANCER, eventually, mailsTo, postJson } from "./checkout-harness";

/**
 * Every bad input of issue 5 item 9: a clear `{success:false, error}` with the status DESIGN.md gives,
 * no call to an outside system (other than the lookup that finds the input bad), and nothing written.
 */

const SOLD_OUT = "gid://shopify/ProductVariant/49100000009999";
const UNKNOWN = "gid://shopify/ProductVariant/49100000000777";
const line = (shopifyVariantId: string, quantity: unknown = 1) => ({ shopifyVariantId, quantity });

type Case = {
  name: string;
  path: "hybrid-checkout" | "verify-and-send-confirmation";
  body: unknown;
  contentType?: string;
  status: number;
  error: string | RegExp;
  /** The one outside call the answer needs (looking the input up); default none. */
  calls?: "shopify" | "stripe";
};

const cases: Case[] = [
  {
    name: "malformed JSON",
    path: "hybrid-checkout",
    body: '{"products": [',
    status: 400,
    error: "The request body is not valid JSON.",
  },
  {
    name: "a body over 16 KB",
    path: "hybrid-checkout",
    body: JSON.stringify({ products: [line(ENHANCER)], padding: "x".repeat(17 * 1024) }),
    status: 413,
    error: "The request is too large: the limit is 16 KB.",
  },
  {
    name: "not JSON at all (text/plain)",
    path: "hybrid-checkout",
    body: "products=1",
    contentType: "text/plain",
    status: 415,
    error: /Send the request as JSON/,
  },
  {
    name: "products missing",
    path: "hybrid-checkout",
    body: {},
    status: 400,
    error: '"products" is required.',
  },
  {
    name: "products empty",
    path: "hybrid-checkout",
    body: { products: [] },
    status: 400,
    error: '"products" must list at least one product.',
  },
  {
    name: "products not a list",
    path: "hybrid-checkout",
    body: { products: line(ENHANCER) },
    status: 400,
    error: '"products" must be a list.',
  },
  {
    name: "over 10 lines",
    path: "hybrid-checkout",
    body: { products: Array.from({ length: 11 }, () => line(ENHANCER)) },
    status: 400,
    error: '"products" must list at most 10 products.',
  },
  {
    name: "quantity 0",
    path: "hybrid-checkout",
    body: { products: [line(ENHANCER, 0)] },
    status: 400,
    error: '"products[0].quantity" must be at least 1.',
  },
  {
    name: "quantity -1",
    path: "hybrid-checkout",
    body: { products: [line(ENHANCER, -1)] },
    status: 400,
    error: '"products[0].quantity" must be at least 1.',
  },
  {
    name: "quantity 1.5",
    path: "hybrid-checkout",
    body: { products: [line(ENHANCER, 1.5)] },
    status: 400,
    error: '"products[0].quantity" must be a whole number.',
  },
  {
    name: 'quantity "2"',
    path: "hybrid-checkout",
    body: { products: [line(ENHANCER, "2")] },
    status: 400,
    error: '"products[0].quantity" must be a number.',
  },
  {
    name: "quantity over 10",
    path: "hybrid-checkout",
    body: { products: [line(ENHANCER, 11)] },
    status: 400,
    error: '"products[0].quantity" must be at most 10.',
  },
  {
    name: "a variant id that is not a ProductVariant gid",
    path: "hybrid-checkout",
    body: { products: [line("gid://shopify/Product/9100000000001")] },
    status: 400,
    error:
      '"products[0].shopifyVariantId" must be a Shopify variant id like gid://shopify/ProductVariant/123.',
  },
  {
    name: "a variant id with letters for digits",
    path: "hybrid-checkout",
    body: { products: [line("gid://shopify/ProductVariant/12ab")] },
    status: 400,
    error:
      '"products[0].shopifyVariantId" must be a Shopify variant id like gid://shopify/ProductVariant/123.',
  },
  {
    name: "a placeholder id (YOUR_)",
    path: "hybrid-checkout",
    body: { products: [line("gid://shopify/ProductVariant/YOUR_ENHANCER_VARIANT_ID")] },
    status: 400,
    error: "Product not configured - Create the Forge product in Shopify first.",
  },
  {
    name: "an unknown field",
    path: "hybrid-checkout",
    body: { products: [line(ENHANCER)], price: 1 },
    status: 400,
    error: 'Unknown field "price".',
  },
  {
    name: "a browser-sent price on a line",
    path: "hybrid-checkout",
    body: { products: [{ ...line(ENHANCER), price: "0.01" }] },
    status: 400,
    error: 'Unknown field "price" in "products[0]".',
  },
  // Decision 062: only the catalog's variants and the products this site created are sold, so these
  // are refused before Shopify is asked (a configured variant Shopify no longer has or sells is
  // tested in checkout-sellable-variants and checkout-prices).
  {
    name: "a variant the store does not have",
    path: "hybrid-checkout",
    body: { products: [line(UNKNOWN)] },
    status: 400,
    error: `This store does not sell ${UNKNOWN}: only the store's own products can be bought here.`,
  },
  {
    name: "a variant the store lists but this site does not sell",
    path: "hybrid-checkout",
    body: { products: [line(ENHANCER), line(SOLD_OUT)] },
    status: 400,
    error: `This store does not sell ${SOLD_OUT}: only the store's own products can be bought here.`,
  },
  {
    name: "sessionId missing",
    path: "verify-and-send-confirmation",
    body: {},
    status: 400,
    error: '"sessionId" is required.',
  },
  {
    name: "a session id that is not a checkout session id",
    path: "verify-and-send-confirmation",
    body: { sessionId: "pi_3Nabc123" },
    status: 400,
    error: '"sessionId" must be a Stripe checkout session id (cs_test_… or cs_live_…).',
  },
  {
    name: "a session id with a path in it",
    path: "verify-and-send-confirmation",
    body: { sessionId: "cs_test_abc/../../v1/charges" },
    status: 400,
    error: '"sessionId" must be a Stripe checkout session id (cs_test_… or cs_live_…).',
  },
  {
    name: "a session id over 255 characters",
    path: "verify-and-send-confirmation",
    body: { sessionId: `cs_test_${"a".repeat(250)}` },
    status: 400,
    error: /"sessionId" must be at most 255 characters/,
  },
  {
    name: "a session id that is a number",
    path: "verify-and-send-confirmation",
    body: { sessionId: 42 },
    status: 400,
    error: '"sessionId" must be text.',
  },
  {
    name: "verify: malformed JSON",
    path: "verify-and-send-confirmation",
    body: "{",
    status: 400,
    error: "The request body is not valid JSON.",
  },
  {
    // Not a checkout of this site: refused on the database's word, without asking Stripe (decision 062).
    name: "a session this site did not create",
    path: "verify-and-send-confirmation",
    body: { sessionId: "cs_test_a1B2c3D4e5F6g7H8i9J0" },
    status: 404,
    error: "No checkout session was found with that id in this store: there is no order to confirm.",
  },
];

describe.each(databaseTargets)("bad input on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    prepare(emulators) {
      // A product the store lists but does not sell.
      emulators.shopify.store.products.set("gid://shopify/Product/9100000009999", {
        id: "gid://shopify/Product/9100000009999",
        handle: "sold-out-sampler",
        title: "Sold Out Sampler",
        descriptionHtml: "<p>Gone.</p>",
        status: "ACTIVE",
        vendor: "Forge",
        productType: "Supplement",
        tags: [],
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
        publicationIds: [],
        variants: [
          { id: SOLD_OUT, title: "Default Title", price: "10.00", sku: null, availableForSale: false },
        ],
      });
    },
  });

  /** What this file's tests made, for the closing audit: checkouts started and orders fulfilled. */
  const made = { checkouts: 0, orders: 0 };
  /** A fulfilled order's confirmation mail, waited for so none lands during another test's mail count. */
  const confirmationTo = (email: string) =>
    eventually(() => expect(mailsTo(shop.emulators.mail.messages(), email)).toHaveLength(1));

  // The closing audit, a hook on the whole describe (it counts whatever of it ran, in any order, so no
  // test waits on another's state): nothing written for the bad inputs, only the checkouts started here
  // and the orders the valid events made. PGlite is read while its server is stopped, then restarted.
  afterAll(async () => {
    const audit = async () =>
      expect(await counts(shop.store)).toMatchObject({
        checkouts: made.checkouts,
        orders: made.orders,
        deliveries: made.orders,
      });
    if (shop.store.name === "pglite")
      await shop.whileStopped(async (exitCode) => {
        expect(exitCode).toBe(0);
        await audit();
      });
    else await audit();
  });

  it.each(cases)("$name → $status", async (testCase) => {
    const rowsBefore = shop.store.name === "postgres" ? await counts(shop.store) : undefined;
    const mailsBefore = shop.emulators.mail.messages().length;
    const shopifyBefore = shop.emulators.shopify.calls().total;
    const stripeBefore = shop.emulators.stripe.requests().length;
    const result = await postJson(`${shop.server.url}/api/${testCase.path}`, testCase.body, {
      "content-type": testCase.contentType ?? "application/json",
    });
    expect(result.status).toBe(testCase.status);
    expect(result.json.success).toBe(false);
    if (typeof testCase.error === "string") expect(result.json.error).toBe(testCase.error);
    else expect(result.json.error).toMatch(testCase.error);
    expect(result.text).not.toMatch(/at .+\.ts:\d+/); // never a stack trace

    const shopifyCalls = shop.emulators.shopify.calls().total - shopifyBefore;
    const stripeCalls = shop.emulators.stripe.requests().slice(stripeBefore);
    expect(shopifyCalls).toBe(testCase.calls === "shopify" ? 1 : 0);
    if (testCase.calls === "stripe") expect(stripeCalls.map((call) => call.method)).toEqual(["GET"]);
    else expect(stripeCalls).toEqual([]);
    expect(shop.emulators.mail.messages()).toHaveLength(mailsBefore);
    if (rowsBefore) expect(await counts(shop.store)).toEqual(rowsBefore);
  });

  it("answers a bad no-JavaScript form with a readable page, calling no one", async () => {
    const before = shop.emulators.shopify.calls().total + shop.emulators.stripe.requests().length;
    const response = await fetch(`${shop.server.url}/api/hybrid-checkout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ item: "free_stuff", quantity: "1" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("&quot;item&quot; must be one of enhancer");
    expect(shop.emulators.shopify.calls().total + shop.emulators.stripe.requests().length).toBe(before);
  });

  describe("webhook signatures", () => {
    const event = (sessionId: string) =>
      JSON.stringify({
        id: "evt_forged",
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: sessionId, object: "checkout.session" } },
      });
    const send = (payload: string, signature?: string) =>
      postJson(
        `${shop.server.url}/api/stripe-webhook`,
        payload,
        signature ? { "stripe-signature": signature } : {},
      );

    /** A session that really is paid: a forged event for it would fulfil it if the signature were not checked. */
    async function paidSession(email: string) {
      const { sessionId } = await createCheckout(shop.server, [{ shopifyVariantId: ENHANCER, quantity: 1 }]);
      made.checkouts += 1;
      shop.emulators.stripe.completeSession(sessionId, {
        email,
        name: "For Ger",
        address: {
          line1: "1 Main St",
          line2: null,
          city: "Austin",
          state: "TX",
          postal_code: "78701",
          country: "US",
        },
      });
      return sessionId;
    }

    const forged: { name: string; signature: (paidSessionId: string) => string | undefined }[] = [
      { name: "no Stripe-Signature header", signature: () => undefined },
      { name: "a malformed header", signature: () => "not-a-signature" },
      {
        name: "signed with another secret",
        signature: (paidSessionId) =>
          Stripe.webhooks.generateTestHeaderString({
            payload: event(paidSessionId),
            secret: "whsec_someone_else",
          }),
      },
      {
        name: "a stale signature (10 minutes old)",
        signature: (paidSessionId) =>
          Stripe.webhooks.generateTestHeaderString({
            payload: event(paidSessionId),
            secret: shop.emulators.stripe.webhookSecret,
            timestamp: Math.floor(Date.now() / 1000) - 600,
          }),
      },
      {
        name: "a tampered body (signed for another session)",
        signature: () =>
          Stripe.webhooks.generateTestHeaderString({
            payload: event("cs_test_somethingElse"),
            secret: shop.emulators.stripe.webhookSecret,
          }),
      },
    ];

    it.each(forged)("refuses $name with 400 and fulfils nothing", async ({ name, signature }) => {
      const email = `forger-${forged.findIndex((entry) => entry.name === name)}@example.com`;
      const paidSessionId = await paidSession(email);
      const ordersBefore = shop.store.name === "postgres" ? (await counts(shop.store)).orders : 0;
      const stripeBefore = shop.emulators.stripe.requests().length;
      const result = await send(event(paidSessionId), signature(paidSessionId));
      expect(result.status).toBe(400);
      expect(result.json).toEqual({ success: false, error: "The Stripe signature is missing or not valid." });
      expect(shop.emulators.stripe.requests().length).toBe(stripeBefore);
      expect(mailsTo(shop.emulators.mail.messages(), email)).toEqual([]);
      if (shop.store.name === "postgres") expect((await counts(shop.store)).orders).toBe(ordersBefore);
    });

    it("accepts the same event correctly signed (so the refusals above were the signature's doing)", async () => {
      const payload = event(await paidSession("signed@example.com"));
      made.orders += 1;
      const result = await send(
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret: shop.emulators.stripe.webhookSecret }),
      );
      expect(result.status).toBe(200);
      expect(result.json).toMatchObject({ received: true, outcome: "fulfilled" });
      await confirmationTo("signed@example.com");
    });

    it("fulfils on checkout.session.async_payment_succeeded too, and acknowledges events it does not act on", async () => {
      const { sessionId } = await createCheckout(shop.server, [{ shopifyVariantId: ENHANCER, quantity: 1 }]);
      made.checkouts += 1;
      shop.emulators.stripe.completeSession(sessionId, {
        email: "delayed@example.com",
        name: "Del Ayed",
        address: {
          line1: "2 Main St",
          line2: null,
          city: "Austin",
          state: "TX",
          postal_code: "78701",
          country: "US",
        },
      });
      const asyncEvent = JSON.stringify({
        id: "evt_async",
        object: "event",
        type: "checkout.session.async_payment_succeeded",
        data: { object: { id: sessionId, object: "checkout.session" } },
      });
      const handled = await send(
        asyncEvent,
        Stripe.webhooks.generateTestHeaderString({
          payload: asyncEvent,
          secret: shop.emulators.stripe.webhookSecret,
        }),
      );
      expect(handled.json).toMatchObject({ received: true, handled: true, outcome: "fulfilled" });
      made.orders += 1;
      await confirmationTo("delayed@example.com");

      const other = JSON.stringify({
        id: "evt_other",
        object: "event",
        type: "payment_intent.created",
        data: { object: { id: "pi_1", object: "payment_intent" } },
      });
      const ignored = await send(
        other,
        Stripe.webhooks.generateTestHeaderString({
          payload: other,
          secret: shop.emulators.stripe.webhookSecret,
        }),
      );
      expect(ignored.status).toBe(200);
      expect(ignored.json).toEqual({ received: true, handled: false });
    });
  });
});

describe("rate limits, tighter on checkout and confirmation", () => {
  const shop = useShop({ env: { RATE_LIMIT_MULTIPLIER: "1" } });

  it.each([
    ["hybrid-checkout", 20],
    ["verify-and-send-confirmation", 30],
  ] as const)("%s: %i calls a minute per client, then 429 with Retry-After", async (path, limit) => {
    const call = () => postJson(`${shop.server.url}/api/${path}`, {});
    for (let index = 0; index < limit; index++) expect((await call()).status).toBe(400);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({
      success: false,
      error: "Too many requests. Please wait a moment and try again.",
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(shop.emulators.stripe.requests()).toEqual([]);
  });

  it("the product lookup's limit is looser (still allowed after 31 calls)", async () => {
    for (let index = 0; index < 31; index++) {
      const result = await postJson(`${shop.server.url}/api/shopify-get-product`, {
        handle: "forge-enhancer",
      });
      expect(result.status).toBe(200);
    }
  });
});
