import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPayments, withoutCallSiteStack } from "~/server/stripe/payments.server";
import {
  type CreateCheckoutSessionInput,
  PaymentProviderError,
  WebhookSignatureError,
} from "~/server/stripe/types";
import { type StripeEmulator, startStripeEmulator } from "../../sandbox/stripe/emulator";

/**
 * The Stripe adapter against the Stripe emulator through the real SDK: sessions in the app's shapes,
 * idempotency, bounded retries and timeouts, webhook signatures.
 */

const input = (overrides: Partial<CreateCheckoutSessionInput> = {}): CreateCheckoutSessionInput => ({
  lines: [
    {
      variantId: "gid://shopify/ProductVariant/1",
      name: "Forge Enhancer",
      quantity: 2,
      unitAmount: 3_900,
      currency: "usd",
    },
    {
      variantId: "gid://shopify/ProductVariant/2",
      name: "Test Kit",
      quantity: 1,
      unitAmount: 4_900,
      currency: "usd",
    },
  ],
  successUrl: "https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "https://shop.example/product/forge-enhancer",
  idempotencyKey: `key-${Math.random()}`,
  ...overrides,
});

const address = {
  line1: "1 Main St",
  line2: null,
  city: "Austin",
  state: "TX",
  postal_code: "78701",
  country: "US",
};

describe("Stripe adapter", () => {
  let emulator: StripeEmulator;
  let payments: ReturnType<typeof createPayments>;

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    payments = createPayments({
      secretKey: "sk_test_unit",
      webhookSecret: emulator.webhookSecret,
      apiUrl: emulator.apiUrl,
      timeoutMs: 400,
      maxNetworkRetries: 2,
    });
  });
  afterAll(async () => {
    await emulator.close();
  });
  beforeEach(() => emulator.faults.clear());

  it("creates a payment session with the lines, free US shipping and the return URLs", async () => {
    const created = await payments.createCheckoutSession(input());
    expect(created).toMatchObject({ amountTotal: 12_700, currency: "usd", status: "open" });
    expect(created.url).toBe(`${emulator.apiUrl}/pay/${created.id}`);
    const session = emulator.session(created.id);
    expect(session).toMatchObject({
      mode: "payment",
      success_url: "https://shop.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://shop.example/product/forge-enhancer",
      shipping_address_collection: { allowed_countries: ["US"] },
      shipping_cost: { amount_total: 0 },
    });
  });

  it("replays the same session for the same idempotency key, refuses the key with other lines", async () => {
    const request = input({ idempotencyKey: "same-key" });
    const first = await payments.createCheckoutSession(request);
    expect((await payments.createCheckoutSession(request)).id).toBe(first.id);
    const other = payments.createCheckoutSession({ ...request, lines: request.lines.slice(0, 1) });
    await expect(other).rejects.toMatchObject({
      name: "PaymentProviderError",
      kind: "rejected",
      providerStatus: 400,
    });
  });

  it("reads a paid session back in the app's shapes, variant ids included", async () => {
    const created = await payments.createCheckoutSession(input());
    emulator.completeSession(created.id, { email: "jo@example.com", name: "Jo Doe", address });
    expect(await payments.retrieveCheckoutSession(created.id)).toEqual({
      id: created.id,
      status: "complete",
      paymentStatus: "paid",
      email: "jo@example.com",
      customerName: "Jo Doe",
      shippingAddress: {
        name: "Jo Doe",
        line1: "1 Main St",
        line2: null,
        city: "Austin",
        state: "TX",
        postalCode: "78701",
        country: "US",
      },
      lines: [
        {
          variantId: "gid://shopify/ProductVariant/1",
          productTitle: "Forge Enhancer",
          variantTitle: null,
          quantity: 2,
          unitAmount: 3_900,
          currency: "usd",
        },
        {
          variantId: "gid://shopify/ProductVariant/2",
          productTitle: "Test Kit",
          variantTitle: null,
          quantity: 1,
          unitAmount: 4_900,
          currency: "usd",
        },
      ],
      amountTotal: 12_700,
      currency: "usd",
      amountSubtotal: 12_700,
      amountDiscount: 0,
      amountShipping: 0,
      amountTax: 0,
      promotionCode: null,
      shippingTitle: "Free shipping",
      paymentIntentId: expect.stringMatching(/^pi_\w{24}$/),
    });
  });

  it("reads every line of a long order (past the first embedded page)", async () => {
    const lines = Array.from({ length: 12 }, (_, index) => ({
      variantId: `gid://shopify/ProductVariant/${index + 1}`,
      name: `Item ${index + 1}`,
      quantity: 1,
      unitAmount: 100,
      currency: "usd",
    }));
    const created = await payments.createCheckoutSession(input({ lines }));
    const session = await payments.retrieveCheckoutSession(created.id);
    expect(session?.lines.map((line) => line.productTitle)).toEqual(lines.map((line) => line.name));
  });

  it("answers null for a session Stripe does not know", async () => {
    expect(await payments.retrieveCheckoutSession("cs_test_unknown123")).toBeNull();
  });

  it("retries 5xx a bounded number of times, then fails as unavailable", async () => {
    emulator.faults.add({ kind: "error", status: 502, method: "GET" });
    const before = emulator.requests().length;
    const failure = payments.retrieveCheckoutSession("cs_test_whatever");
    await expect(failure).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(failure).rejects.toMatchObject({ kind: "unavailable", providerStatus: 502 });
    expect(emulator.requests().length - before).toBe(3);
  });

  it("gives up on a Stripe that does not answer, within the timeout times the attempts", async () => {
    emulator.faults.add({ kind: "timeout", method: "POST", ms: 5_000 });
    const started = Date.now();
    await expect(payments.createCheckoutSession(input())).rejects.toMatchObject({ kind: "unavailable" });
    // 3 attempts × 400 ms plus the SDK's short backoff between them.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("leaves stack traces as they were around its calls, succeeding or failing", async () => {
    const limit = Error.stackTraceLimit;
    await payments.createCheckoutSession(input());
    expect(Error.stackTraceLimit).toBe(limit);
    emulator.faults.add({ kind: "error", status: 502, method: "POST", times: 3 });
    await expect(payments.createCheckoutSession(input())).rejects.toBeInstanceOf(PaymentProviderError);
    expect(Error.stackTraceLimit).toBe(limit);
    // A failure still carries its own trace, from where it was reshaped.
    const failure = await payments.createCheckoutSession(input({ lines: [] })).catch((error) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(String(failure.stack)).toMatch(/\n\s+at /);
    expect(() =>
      withoutCallSiteStack(() => {
        throw new Error("synchronous failure");
      }),
    ).toThrow("synchronous failure");
    expect(Error.stackTraceLimit).toBe(limit);
  });

  it("survives latency inside the timeout", async () => {
    emulator.faults.add({ kind: "latency", ms: 150, times: 1 });
    await expect(payments.createCheckoutSession(input())).resolves.toMatchObject({ status: "open" });
  });

  describe("webhooks", () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_abc", object: "checkout.session" } },
    });
    const sign = (body: string, options: { secret?: string; timestamp?: number } = {}) =>
      Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? emulator.webhookSecret,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });

    it("accepts a correctly signed event and names its session", () => {
      expect(payments.parseWebhook(payload, sign(payload))).toEqual({
        id: "evt_1",
        type: "checkout.session.completed",
        checkoutSessionId: "cs_test_abc",
        chargeId: null,
        invoiceId: null,
        subscriptionId: null,
      });
    });

    it.each([
      ["missing", () => null],
      ["from another secret", () => sign(payload, { secret: "whsec_other" })],
      ["stale", () => sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3_600 })],
      ["for another body", () => sign(payload.replace("cs_test_abc", "cs_test_xyz"))],
    ])("refuses a signature that is %s", (_name, header) => {
      expect(() => payments.parseWebhook(payload, header())).toThrow(WebhookSignatureError);
    });

    it("delivers the emulator's own signed event to an endpoint that verifies it", async () => {
      const created = await payments.createCheckoutSession(input());
      const received: string[] = [];
      const http = await import("node:http");
      const endpoint = http.createServer((req, res) => {
        let body = "";
        req.on("data", (chunk) => {
          body += chunk;
        });
        req.on("end", () => {
          // Fails the first delivery: the emulator must retry.
          if (received.length === 0) {
            received.push("refused");
            res.writeHead(503).end();
            return;
          }
          received.push(payments.parseWebhook(body, String(req.headers["stripe-signature"])).type);
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
      const { port } = endpoint.address() as import("node:net").AddressInfo;
      emulator.setWebhookUrls([`http://127.0.0.1:${port}/hook`]);
      try {
        emulator.completeSession(created.id, { email: "jo@example.com", name: "Jo", address });
        await emulator.webhooksSettled(10_000);
        expect(received).toEqual(["refused", "checkout.session.completed"]);
      } finally {
        emulator.setWebhookUrls([]);
        endpoint.close();
      }
    });
  });
});
