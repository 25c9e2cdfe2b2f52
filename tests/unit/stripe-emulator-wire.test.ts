import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type StripeEmulator, startStripeEmulator } from "../../sandbox/stripe/emulator";

/**
 * The Stripe emulator's wire behaviour, request by request, as a client without the SDK sees it:
 * Stripe's parameter validation and error bodies, the session and line-item shapes, expansion and
 * paging, idempotency, faults, signed webhooks and the pay page. Written against the emulator before
 * it was split into modules by resource (decision 064), so that the split is shown to change nothing.
 */

const KEY = "sk_test_wire";
const ID = (prefix: string, length: number) =>
  expect.stringMatching(new RegExp(`^${prefix}_[0-9A-Za-z]{${length}}$`));
const SECONDS = expect.any(Number);

/** A valid session's parameters, form-encoded as the SDK sends them. */
function validParams(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const params: Record<string, string | undefined> = {
    mode: "payment",
    success_url: "https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "https://shop.example/product/forge-enhancer",
    "line_items[0][quantity]": "2",
    "line_items[0][price_data][currency]": "usd",
    "line_items[0][price_data][unit_amount]": "3900",
    "line_items[0][price_data][product_data][name]": "Forge Enhancer",
    "line_items[0][price_data][product_data][metadata][variant_id]": "gid://shopify/ProductVariant/1",
    "line_items[1][quantity]": "1",
    "line_items[1][price_data][currency]": "usd",
    "line_items[1][price_data][unit_amount]": "4900",
    "line_items[1][price_data][product_data][name]": "Test Kit",
    "shipping_address_collection[allowed_countries][0]": "US",
    "shipping_options[0][shipping_rate_data][type]": "fixed_amount",
    "shipping_options[0][shipping_rate_data][display_name]": "Free shipping",
    "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "0",
    "shipping_options[0][shipping_rate_data][fixed_amount][currency]": "usd",
    client_reference_id: "checkout-1",
    "metadata[source]": "wire-test",
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

describe("Stripe emulator on the wire", () => {
  let emulator: StripeEmulator;
  let api: string;

  const request = async (
    method: "GET" | "POST",
    path: string,
    options: { params?: Record<string, string>; key?: string | null; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== null) headers.authorization = `Bearer ${options.key ?? KEY}`;
    const form = new URLSearchParams(options.params ?? {}).toString();
    if (method === "POST") headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await fetch(method === "GET" && form ? `${api}${path}?${form}` : `${api}${path}`, {
      method,
      headers,
      body: method === "POST" ? form : undefined,
      redirect: "manual",
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return {
      status: response.status,
      headers: response.headers,
      body: body as Record<string, unknown>,
      text,
    };
  };
  const create = (params: Record<string, string>, headers?: Record<string, string>) =>
    request("POST", "/v1/checkout/sessions", { params, headers });

  beforeAll(async () => {
    emulator = await startStripeEmulator({
      merchantName: "Wire Test Shop",
      webhookRetry: { baseDelayMs: 20 },
    });
    api = emulator.apiUrl;
  });
  afterAll(async () => {
    await emulator.close();
  });
  beforeEach(() => {
    emulator.faults.clear();
    emulator.setWebhookUrls([]);
  });

  describe("authentication", () => {
    it("asks for a key when none is given", async () => {
      const response = await request("GET", "/v1/checkout/sessions", { key: null });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: {
          type: "invalid_request_error",
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.",
        },
      });
    });

    it("refuses a live key", async () => {
      const response = await request("GET", "/v1/checkout/sessions", { key: "sk_live_abcdefgh123" });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: {
          type: "invalid_request_error",
          message:
            "Invalid API Key provided: sk_live_****. The Stripe emulator accepts test keys (sk_test_…) only.",
        },
      });
    });

    it("answers every /v1 request with a request id and Stripe's API version", async () => {
      const response = await request("GET", "/v1/checkout/sessions");
      expect(response.headers.get("request-id")).toMatch(/^req_[0-9A-Za-z]{14}$/);
      expect(response.headers.get("stripe-version")).toBe(Stripe.API_VERSION);
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.get("x-powered-by")).toBeNull();
    });

    it("names a path it does not serve", async () => {
      const response = await request("GET", "/v1/accounts");
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        error: {
          type: "invalid_request_error",
          message:
            "Unrecognized request URL (GET: /v1/accounts). The Stripe emulator serves Checkout Sessions, PaymentIntents, Charges, Refunds, Promotion Codes, Customers, Subscriptions, Subscription Schedules, Invoices, Test Clocks and Customer Portal sessions only.",
        },
      });
    });
  });

  describe("parameter validation", () => {
    const cases: [string, Record<string, string | undefined>, Record<string, unknown>][] = [
      [
        "an unknown parameter",
        { coupon: "X" },
        { message: "Received unknown parameter: coupon", param: "coupon" },
      ],
      [
        "no mode",
        { mode: undefined },
        { message: "Missing required param: mode.", param: "mode", code: "parameter_missing" },
      ],
      [
        "another mode",
        { mode: "setup" },
        {
          message: "This emulator supports mode=payment and mode=subscription only (got setup).",
          param: "mode",
        },
      ],
      [
        "no success_url",
        { success_url: undefined },
        { message: "Missing required param: success_url.", param: "success_url", code: "parameter_missing" },
      ],
      [
        "a success_url that is not http(s)",
        { success_url: "ftp://shop.example/x" },
        { message: "Not a valid URL", param: "success_url", code: "url_invalid" },
      ],
      [
        "a cancel_url that is not a URL",
        { cancel_url: "not a url" },
        { message: "Not a valid URL", param: "cancel_url", code: "url_invalid" },
      ],
      [
        "a line with a price id",
        { "line_items[1][price]": "price_123" },
        { message: "No such price: 'price_123'", param: "line_items[1][price]", code: "resource_missing" },
      ],
      [
        "an unknown line parameter",
        { "line_items[0][tax_rates][0]": "txr_1" },
        {
          message: "Received unknown parameter: line_items[0][tax_rates]",
          param: "line_items[0][tax_rates]",
        },
      ],
      [
        "a quantity of 0",
        { "line_items[0][quantity]": "0" },
        { message: "This value must be greater than or equal to 1.", param: "line_items[0][quantity]" },
      ],
      [
        "a quantity that is not a number",
        { "line_items[0][quantity]": "two" },
        { message: "Invalid integer: two", param: "line_items[0][quantity]" },
      ],
      [
        "an amount too large",
        { "line_items[0][price_data][unit_amount]": "100000000" },
        {
          message: "This value must be less than or equal to 99999999.",
          param: "line_items[0][price_data][unit_amount]",
        },
      ],
      [
        "a negative amount",
        { "line_items[0][price_data][unit_amount]": "-1" },
        {
          message: "This value must be greater than or equal to 0.",
          param: "line_items[0][price_data][unit_amount]",
        },
      ],
      [
        "a decimal amount",
        { "line_items[0][price_data][unit_amount]": "39.00" },
        { message: "Invalid integer: 39.00", param: "line_items[0][price_data][unit_amount]" },
      ],
      [
        "a currency that is not a code",
        { "line_items[0][price_data][currency]": "dollars" },
        { message: "Invalid currency: dollars", param: "line_items[0][price_data][currency]" },
      ],
      [
        "a line with an empty name",
        { "line_items[1][price_data][product_data][name]": "" },
        {
          message: "Missing required param: line_items[1][price_data][product_data][name].",
          param: "line_items[1][price_data][product_data][name]",
          code: "parameter_missing",
        },
      ],
      [
        "a name too long",
        { "line_items[1][price_data][product_data][name]": "n".repeat(251) },
        {
          message: "This value must be 250 characters or fewer.",
          param: "line_items[1][price_data][product_data][name]",
        },
      ],
      [
        "a metadata key too long",
        { [`metadata[${"k".repeat(41)}]`]: "v" },
        { message: "Metadata keys can be at most 40 characters", param: `metadata[${"k".repeat(41)}]` },
      ],
      [
        "a metadata value too long",
        { "line_items[0][price_data][product_data][metadata][variant_id]": "v".repeat(501) },
        {
          message: "Metadata values can be at most 500 characters",
          param: "line_items[0][price_data][product_data][metadata][variant_id]",
        },
      ],
      [
        "lines in two currencies",
        { "line_items[1][price_data][currency]": "eur" },
        { message: "All line items must have the same currency.", param: "line_items" },
      ],
      [
        "a country that is not a code",
        { "shipping_address_collection[allowed_countries][0]": "usa" },
        { message: "Invalid country: usa", param: "shipping_address_collection[allowed_countries]" },
      ],
      [
        "a shipping rate of another type",
        { "shipping_options[0][shipping_rate_data][type]": "delivery_estimate" },
        {
          message: "Invalid type: delivery_estimate",
          param: "shipping_options[0][shipping_rate_data][type]",
        },
      ],
      [
        "a shipping rate without a name",
        { "shipping_options[0][shipping_rate_data][display_name]": undefined },
        {
          message: "Missing required param: shipping_options[0][shipping_rate_data][display_name].",
          param: "shipping_options[0][shipping_rate_data][display_name]",
          code: "parameter_missing",
        },
      ],
      [
        "a shipping rate in another currency",
        { "shipping_options[0][shipping_rate_data][fixed_amount][currency]": "eur" },
        {
          message: "Shipping rates must use the session's currency.",
          param: "shipping_options[0][shipping_rate_data][fixed_amount][currency]",
        },
      ],
      [
        "an e-mail too long",
        { customer_email: `${"a".repeat(800)}@x.example` },
        { message: "This value must be 800 characters or fewer.", param: "customer_email" },
      ],
      [
        "a client reference too long",
        { client_reference_id: "c".repeat(201) },
        { message: "This value must be 200 characters or fewer.", param: "client_reference_id" },
      ],
    ];

    it.each(cases)("answers 400 for %s, as Stripe words it", async (_name, overrides, error) => {
      const response = await create(validParams(overrides));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { type: "invalid_request_error", ...error } });
    });

    it("wants at least one line", async () => {
      const params = Object.fromEntries(
        Object.entries(validParams()).filter(([key]) => !key.startsWith("line_items")),
      );
      const response = await create(params);
      expect(response.body).toEqual({
        error: {
          type: "invalid_request_error",
          message: "You must provide at least one line item when mode=payment.",
          param: "line_items",
          code: "parameter_missing",
        },
      });
    });

    it("wants price_data on each line, and product_data in it", async () => {
      const noPriceData = await create(
        Object.fromEntries(
          Object.entries(validParams()).filter(([key]) => !key.startsWith("line_items[1][price_data]")),
        ),
      );
      expect(noPriceData.body).toEqual({
        error: {
          type: "invalid_request_error",
          message: "You must specify either `price` or `price_data` in line_items[1].",
          param: "line_items[1]",
          code: "parameter_missing",
        },
      });
      const noProductData = await create(
        Object.fromEntries(
          Object.entries(validParams()).filter(
            ([key]) => !key.startsWith("line_items[1][price_data][product_data]"),
          ),
        ),
      );
      expect(noProductData.body).toEqual({
        error: {
          type: "invalid_request_error",
          message: "Missing required param: product_data.",
          param: "line_items[1][price_data][product_data]",
          code: "parameter_missing",
        },
      });
    });

    it("takes at most 5 shipping options", async () => {
      const options: Record<string, string> = {};
      for (let index = 0; index < 6; index++) {
        options[`shipping_options[${index}][shipping_rate_data][display_name]`] = `Rate ${index}`;
        options[`shipping_options[${index}][shipping_rate_data][fixed_amount][amount]`] = "100";
        options[`shipping_options[${index}][shipping_rate_data][fixed_amount][currency]`] = "usd";
      }
      const response = await create({ ...validParams(), ...options });
      expect(response.body).toEqual({
        error: {
          type: "invalid_request_error",
          message: "You may only specify up to 5 shipping options.",
          param: "shipping_options",
        },
      });
    });

    it("refuses a limit out of range on a list", async () => {
      const response = await request("GET", "/v1/checkout/sessions", { params: { limit: "0" } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: {
          type: "invalid_request_error",
          message: "This value must be greater than or equal to 1.",
          param: "limit",
        },
      });
    });
  });

  describe("sessions", () => {
    it("creates a session in Stripe's shape", async () => {
      const response = await create(validParams({ customer_email: "jo@example.com", locale: "en" }));
      expect(response.status).toBe(200);
      const id = response.body.id as string;
      expect(response.body).toEqual({
        id: ID("cs_test", 58),
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        url: `${api}/pay/${id}`,
        success_url: "https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "https://shop.example/product/forge-enhancer",
        amount_subtotal: 12_700,
        amount_total: 12_700,
        currency: "usd",
        client_reference_id: "checkout-1",
        customer: null,
        subscription: null,
        invoice: null,
        customer_email: "jo@example.com",
        customer_details: null,
        collected_information: null,
        shipping_address_collection: { allowed_countries: ["US"] },
        shipping_cost: { amount_subtotal: 0, amount_tax: 0, amount_total: 0, shipping_rate: ID("shr", 24) },
        shipping_options: [{ shipping_amount: 0, shipping_rate: ID("shr", 24) }],
        payment_intent: null,
        payment_method_types: ["card"],
        metadata: { source: "wire-test" },
        locale: "en",
        created: SECONDS,
        expires_at: (response.body.created as number) + 24 * 60 * 60,
        livemode: false,
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
        allow_promotion_codes: false,
        automatic_tax: { enabled: false, liability: null, provider: null, status: null },
        consent_collection: null,
        consent: null,
        custom_text: {
          after_submit: null,
          shipping_address: null,
          submit: null,
          terms_of_service_acceptance: null,
        },
      });
    });

    it("charges the first shipping rate and lowers currency codes", async () => {
      const response = await create(
        validParams({
          "line_items[0][price_data][currency]": "USD",
          "line_items[1][price_data][currency]": "USD",
          "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "500",
          "shipping_options[0][shipping_rate_data][fixed_amount][currency]": "usd",
        }),
      );
      expect(response.body).toMatchObject({
        currency: "usd",
        amount_subtotal: 12_700,
        amount_total: 13_200,
        shipping_cost: { amount_total: 500 },
        total_details: { amount_shipping: 500 },
      });
    });

    it("expands the line items, and their products, in Stripe's shape", async () => {
      const created = await create({
        ...validParams(),
        "expand[0]": "line_items",
        "expand[1]": "line_items.data.price.product",
      });
      const id = created.body.id as string;
      expect(created.body.line_items).toEqual({
        object: "list",
        has_more: false,
        url: `/v1/checkout/sessions/${id}/line_items`,
        data: [
          {
            id: ID("li", 24),
            object: "item",
            amount_discount: 0,
            amount_subtotal: 7_800,
            amount_tax: 0,
            amount_total: 7_800,
            currency: "usd",
            description: "Forge Enhancer",
            quantity: 2,
            price: {
              id: ID("price", 24),
              object: "price",
              active: false,
              billing_scheme: "per_unit",
              currency: "usd",
              unit_amount: 3_900,
              unit_amount_decimal: "3900",
              product: {
                id: ID("prod", 14),
                object: "product",
                active: true,
                name: "Forge Enhancer",
                description: null,
                metadata: { variant_id: "gid://shopify/ProductVariant/1" },
                images: [],
                created: SECONDS,
                livemode: false,
              },
              type: "one_time",
              recurring: null,
              created: SECONDS,
              livemode: false,
              metadata: {},
            },
          },
          expect.objectContaining({ description: "Test Kit", quantity: 1, amount_total: 4_900 }),
        ],
      });
      const retrieved = await request("GET", `/v1/checkout/sessions/${id}`, {
        params: { "expand[]": "line_items" },
      });
      const line = (retrieved.body.line_items as { data: { price: { product: unknown } }[] }).data[0];
      expect(line?.price.product).toEqual(ID("prod", 14));
      const plain = await request("GET", `/v1/checkout/sessions/${id}`);
      expect(plain.body.line_items).toBeUndefined();
      expect(plain.body.id).toBe(id);
    });

    it("embeds the first 10 lines and pages the rest through /line_items", async () => {
      const params: Record<string, string> = { ...validParams(), "expand[0]": "line_items" };
      for (const key of Object.keys(params)) if (key.startsWith("line_items")) delete params[key];
      for (let index = 0; index < 12; index++) {
        params[`line_items[${index}][quantity]`] = "1";
        params[`line_items[${index}][price_data][currency]`] = "usd";
        params[`line_items[${index}][price_data][unit_amount]`] = String(100 + index);
        params[`line_items[${index}][price_data][product_data][name]`] = `Item ${index}`;
      }
      const created = await create(params);
      const embedded = created.body.line_items as {
        data: { id: string; description: string }[];
        has_more: boolean;
      };
      expect(embedded.data).toHaveLength(10);
      expect(embedded.has_more).toBe(true);
      const id = created.body.id as string;
      const first = await request("GET", `/v1/checkout/sessions/${id}/line_items`, {
        params: { limit: "5" },
      });
      expect(first.body).toMatchObject({
        object: "list",
        has_more: true,
        url: `/v1/checkout/sessions/${id}/line_items`,
      });
      const firstPage = first.body.data as { id: string; description: string }[];
      expect(firstPage.map((item) => item.description)).toEqual([
        "Item 0",
        "Item 1",
        "Item 2",
        "Item 3",
        "Item 4",
      ]);
      const rest = await request("GET", `/v1/checkout/sessions/${id}/line_items`, {
        params: { limit: "100", starting_after: firstPage[4]?.id ?? "", "expand[0]": "data.price.product" },
      });
      const restPage = rest.body.data as { description: string; price: { product: { name: string } } }[];
      expect(rest.body.has_more).toBe(false);
      expect(restPage.map((item) => item.description)).toEqual(
        Array.from({ length: 7 }, (_, index) => `Item ${index + 5}`),
      );
      expect(restPage[0]?.price.product.name).toBe("Item 5");
    });

    it("lists sessions newest first", async () => {
      const a = await create(validParams({ client_reference_id: "list-a" }));
      const b = await create(validParams({ client_reference_id: "list-b" }));
      const response = await request("GET", "/v1/checkout/sessions", { params: { limit: "2" } });
      expect(response.body).toMatchObject({ object: "list", has_more: true, url: "/v1/checkout/sessions" });
      expect((response.body.data as { id: string }[]).map((session) => session.id)).toEqual([
        b.body.id,
        a.body.id,
      ]);
    });

    it("answers 404 for a session it does not know, on every path", async () => {
      const error = {
        error: {
          type: "invalid_request_error",
          message: "No such checkout.session: 'cs_test_nope'",
          param: "session",
          code: "resource_missing",
        },
      };
      for (const [method, path] of [
        ["GET", "/v1/checkout/sessions/cs_test_nope"],
        ["GET", "/v1/checkout/sessions/cs_test_nope/line_items"],
        ["POST", "/v1/checkout/sessions/cs_test_nope/expire"],
      ] as const) {
        const response = await request(method, path);
        expect(response.status, path).toBe(404);
        expect(response.body, path).toEqual(error);
      }
    });

    it("expires an open session once, with an event", async () => {
      const created = await create(validParams());
      const id = created.body.id as string;
      const expired = await request("POST", `/v1/checkout/sessions/${id}/expire`);
      expect(expired.status).toBe(200);
      expect(expired.body).toMatchObject({ id, status: "expired", url: null, payment_status: "unpaid" });
      const again = await request("POST", `/v1/checkout/sessions/${id}/expire`);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        error: {
          type: "invalid_request_error",
          message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
          param: "session",
        },
      });
      expect(emulator.events().filter((event) => (event.data.object as { id: string }).id === id)).toEqual([
        expect.objectContaining({
          type: "checkout.session.expired",
          object: "event",
          api_version: Stripe.API_VERSION,
        }),
      ]);
    });

    it("expires a session past its lifetime when it is next read", async () => {
      const shortLived = await startStripeEmulator({ sessionLifetimeSeconds: 0 });
      try {
        const payments = new Stripe("sk_test_short", {
          host: "127.0.0.1",
          port: Number(new URL(shortLived.apiUrl).port),
          protocol: "http",
          maxNetworkRetries: 0,
        });
        const session = await payments.checkout.sessions.create({
          mode: "payment",
          success_url: "https://shop.example/ok",
          line_items: [
            { quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "X" } } },
          ],
        });
        expect(session.status).toBe("expired");
        expect(session.url).toBeNull();
        expect(shortLived.events().map((event) => event.type)).toEqual(["checkout.session.expired"]);
      } finally {
        await shortLived.close();
      }
    });
  });

  describe("idempotency", () => {
    it("replays the first answer for the same key and parameters", async () => {
      const first = await create(validParams(), { "idempotency-key": "wire-same" });
      const second = await create(validParams(), { "idempotency-key": "wire-same" });
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      expect(first.headers.get("idempotency-key")).toBe("wire-same");
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      expect(second.headers.get("idempotency-key")).toBe("wire-same");
    });

    it("refuses the key with other parameters", async () => {
      await create(validParams(), { "idempotency-key": "wire-other" });
      const response = await create(validParams({ client_reference_id: "different" }), {
        "idempotency-key": "wire-other",
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: {
          type: "idempotency_error",
          message:
            "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'wire-other' if you meant to execute a different request.",
        },
      });
    });

    it("replays an error answer too, and scopes keys to the API key", async () => {
      const bad = validParams({ mode: "setup" });
      const first = await create(bad, { "idempotency-key": "wire-error" });
      const second = await create(bad, { "idempotency-key": "wire-error" });
      expect(first.status).toBe(400);
      expect(second.status).toBe(400);
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      expect(second.body).toEqual(first.body);
      const otherKey = await request("POST", "/v1/checkout/sessions", {
        params: validParams(),
        key: "sk_test_another",
        headers: { "idempotency-key": "wire-error" },
      });
      expect(otherKey.status).toBe(200);
    });
  });

  describe("faults", () => {
    it("answers an injected 429 or 5xx in Stripe's error shape, for matching requests only", async () => {
      emulator.faults.add({ kind: "error", status: 429, method: "POST", times: 1 });
      emulator.faults.add({ kind: "error", status: 503, pathPrefix: "/v1/checkout/sessions/", times: 1 });
      const listed = await request("GET", "/v1/checkout/sessions");
      expect(listed.status).toBe(200);
      const limited = await create(validParams());
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: {
          type: "rate_limit_error",
          message: "Too many requests hit the API too quickly (injected fault).",
        },
      });
      const unavailable = await request("GET", "/v1/checkout/sessions/cs_test_x");
      expect(unavailable.status).toBe(503);
      expect(unavailable.body).toEqual({
        error: {
          type: "api_error",
          message: "An error occurred with our connection to Stripe (injected 503).",
        },
      });
      expect((await request("GET", "/v1/checkout/sessions/cs_test_x")).status).toBe(404);
      const log = emulator.requests().slice(-4);
      expect(log.map(({ method, path, status, fault }) => ({ method, path, status, fault }))).toEqual([
        { method: "GET", path: "/v1/checkout/sessions", status: 200, fault: null },
        { method: "POST", path: "/v1/checkout/sessions", status: 429, fault: "error" },
        { method: "GET", path: "/v1/checkout/sessions/cs_test_x", status: 503, fault: "error" },
        { method: "GET", path: "/v1/checkout/sessions/cs_test_x", status: 404, fault: null },
      ]);
    });

    it("delays an answer, or holds it until the client gives up", async () => {
      emulator.faults.add({ kind: "latency", ms: 200, times: 1 });
      const started = Date.now();
      expect((await request("GET", "/v1/checkout/sessions")).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
      emulator.faults.add({ kind: "timeout", ms: 10_000, times: 1 });
      await expect(
        fetch(`${api}/v1/checkout/sessions`, {
          headers: { authorization: `Bearer ${KEY}` },
          signal: AbortSignal.timeout(300),
        }),
      ).rejects.toThrow();
      expect(emulator.requests().at(-1)).toMatchObject({ fault: "timeout", status: 0 });
      expect((await request("GET", "/v1/checkout/sessions")).status).toBe(200);
    });

    it("ends a held answer by closing the connection after its time", async () => {
      emulator.faults.add({ kind: "timeout", ms: 100, times: 1 });
      await expect(
        fetch(`${api}/v1/checkout/sessions`, { headers: { authorization: `Bearer ${KEY}` } }),
      ).rejects.toThrow();
    });
  });

  describe("webhooks", () => {
    it("signs each event, delivers it to every URL and retries until a 2xx", async () => {
      const received: { url: string; type: string; verified: string }[] = [];
      let refusals = 1;
      const endpoint = http.createServer((req, res) => {
        let body = "";
        req.on("data", (chunk) => {
          body += chunk;
        });
        req.on("end", () => {
          if (req.url === "/a" && refusals > 0) {
            refusals -= 1;
            res.writeHead(500).end();
            return;
          }
          const event = Stripe.webhooks.constructEvent(
            body,
            String(req.headers["stripe-signature"]),
            emulator.webhookSecret,
          );
          received.push({
            url: String(req.url),
            type: event.type,
            verified: String(req.headers["user-agent"]),
          });
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
      const { port } = endpoint.address() as AddressInfo;
      try {
        emulator.setWebhookUrls([`http://127.0.0.1:${port}/a`, `http://127.0.0.1:${port}/b`]);
        const created = await create(validParams());
        const id = created.body.id as string;
        const completed = emulator.completeSession(id, {
          email: "jo@example.com",
          name: "Jo Doe",
          address: {
            line1: "1 Main St",
            line2: null,
            city: "Austin",
            state: "TX",
            postal_code: "78701",
            country: "US",
          },
        });
        expect(completed).toMatchObject({
          status: "complete",
          payment_status: "paid",
          payment_intent: ID("pi", 24),
          url: null,
          customer_details: {
            email: "jo@example.com",
            name: "Jo Doe",
            phone: null,
            tax_exempt: "none",
            tax_ids: [],
          },
          collected_information: { shipping_details: { name: "Jo Doe", address: { city: "Austin" } } },
        });
        await emulator.webhooksSettled(10_000);
        expect(received.sort((x, y) => x.url.localeCompare(y.url))).toEqual([
          {
            url: "/a",
            type: "checkout.session.completed",
            verified: "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
          {
            url: "/b",
            type: "checkout.session.completed",
            verified: "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          },
        ]);
        const deliveries = emulator.deliveries().filter((delivery) => delivery.sessionId === id);
        expect(
          deliveries.map(({ url, attempt, status, type }) => ({
            url: new URL(url).pathname,
            attempt,
            status,
            type,
          })),
        ).toEqual(
          expect.arrayContaining([
            { url: "/a", attempt: 1, status: 500, type: "checkout.session.completed" },
            { url: "/a", attempt: 2, status: 200, type: "checkout.session.completed" },
            { url: "/b", attempt: 1, status: 200, type: "checkout.session.completed" },
          ]),
        );
        expect(deliveries).toHaveLength(3);
        const event = emulator
          .events()
          .find((candidate) => (candidate.data.object as { id: string }).id === id);
        expect(event).toMatchObject({
          id: ID("evt", 24),
          object: "event",
          livemode: false,
          pending_webhooks: 2,
          request: { id: null, idempotency_key: null },
          data: { object: { id, status: "complete" } },
        });
        // Completing again changes nothing and sends nothing.
        expect(
          emulator.completeSession(id, {
            email: "x@example.com",
            name: "X",
            address: completed.customer_details?.address ?? {
              line1: null,
              line2: null,
              city: null,
              state: null,
              postal_code: null,
              country: null,
            },
          }).customer_details?.email,
        ).toBe("jo@example.com");
        await emulator.redeliver(id);
        expect(received).toHaveLength(4);
        expect(
          emulator
            .deliveries()
            .filter((delivery) => delivery.sessionId === id)
            .at(-1),
        ).toMatchObject({
          attempt: 12,
          status: 200,
        });
        await expect(emulator.redeliver("evt_none")).rejects.toThrow("No event for evt_none");
      } finally {
        emulator.setWebhookUrls([]);
        await new Promise((resolve) => endpoint.close(resolve));
      }
    });

    it("gives up after the last attempt", async () => {
      const refusing = await startStripeEmulator({ webhookRetry: { maxAttempts: 2, baseDelayMs: 10 } });
      const endpoint = http.createServer((_req, res) => res.writeHead(503).end());
      await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
      const { port } = endpoint.address() as AddressInfo;
      try {
        refusing.setWebhookUrls([`http://127.0.0.1:${port}/hook`]);
        const payments = new Stripe("sk_test_refusing", {
          host: "127.0.0.1",
          port: Number(new URL(refusing.apiUrl).port),
          protocol: "http",
        });
        const session = await payments.checkout.sessions.create({
          mode: "payment",
          success_url: "https://shop.example/ok",
          line_items: [
            { quantity: 1, price_data: { currency: "usd", unit_amount: 100, product_data: { name: "X" } } },
          ],
        });
        refusing.expireSession(session.id);
        await refusing.webhooksSettled(5_000);
        expect(refusing.deliveries().map(({ attempt, status }) => ({ attempt, status }))).toEqual([
          { attempt: 1, status: 503 },
          { attempt: 2, status: 503 },
        ]);
      } finally {
        await refusing.close();
        await new Promise((resolve) => endpoint.close(resolve));
      }
    });
  });

  describe("pay page", () => {
    const payForm = (overrides: Record<string, string> = {}) =>
      new URLSearchParams({
        email: "jo@example.com",
        cardNumber: "4242 4242 4242 4242",
        cardExpiry: "12 / 40",
        cardCvc: "123",
        name: "Jo Doe",
        line1: "1 Main St",
        line2: "",
        city: "Austin",
        state: "TX",
        postalCode: "78701",
        country: "US",
        ...overrides,
      }).toString();
    const post = (url: string, form: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      });

    it("shows the order with its amounts in the session's currency, under a strict policy", async () => {
      const created = await create(validParams());
      const response = await fetch(created.body.url as string);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
      );
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain("<title>Pay $127.00</title>");
      expect(html).toContain("Pay Wire Test Shop");
      expect(html).toContain("<span>$78.00</span>");
      expect(html).toContain("$39.00 each");
      expect(html).toContain("<dt>Free shipping</dt><dd>Free</dd>");
      expect(html).toContain(
        '<a href="https://shop.example/product/forge-enhancer">Cancel and return to the store</a>',
      );
    });

    it.each([
      ["jpy", "1500", "¥1,500", "¥3,000"],
      ["eur", "1999", "€19.99", "€39.98"],
      ["krw", "25000", "₩25,000", "₩50,000"],
      ["bif", "700", "BIF\u00a0700", "BIF\u00a01,400"],
    ])(
      "formats %s amounts as Stripe counts them (minor units, zero-decimal currencies whole)",
      async (currency, amount, each, total) => {
        const params: Record<string, string> = {};
        for (const [key, value] of Object.entries(validParams()))
          if (!key.startsWith("line_items[1]") && !key.startsWith("shipping_options")) params[key] = value;
        params["line_items[0][price_data][currency]"] = currency;
        params["line_items[0][price_data][unit_amount]"] = amount;
        const created = await create(params);
        expect(created.status).toBe(200);
        const html = await (await fetch(created.body.url as string)).text();
        expect(html).toContain(`${each} each`);
        expect(html).toContain(`<title>Pay ${total}</title>`);
      },
    );

    it("lists the form's errors, declines test cards that decline, and pays with 4242", async () => {
      const created = await create(validParams());
      const url = created.body.url as string;
      const invalid = await post(url, payForm({ email: "nope", postalCode: "7870" }));
      expect(invalid.status).toBe(400);
      const invalidHtml = await invalid.text();
      expect(invalidHtml).toContain("Enter a valid e-mail address, like you@example.com.");
      expect(invalidHtml).toContain("Enter a 5-digit ZIP code.");
      const declined = await post(url, payForm({ cardNumber: "4000 0000 0000 0002" }));
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain("Your card was declined. Try another card.");
      expect(emulator.session(created.body.id as string)?.status).toBe("open");
      const paid = await post(url, payForm());
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(
        `https://shop.example/payment-success?session_id=${created.body.id as string}`,
      );
      const again = await fetch(url, { redirect: "manual" });
      expect(again.status).toBe(303);
      expect(emulator.session(created.body.id as string)).toMatchObject({
        status: "complete",
        customer_details: {
          email: "jo@example.com",
          address: { line1: "1 Main St", line2: null, postal_code: "78701" },
        },
      });
    });

    it("explains an unknown or expired checkout", async () => {
      const unknown = await fetch(`${api}/pay/cs_test_nope`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain("Checkout not found");
      const created = await create(validParams());
      emulator.expireSession(created.body.id as string);
      const expired = await fetch(created.body.url as string);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain("This checkout has expired");
    });
  });
});
