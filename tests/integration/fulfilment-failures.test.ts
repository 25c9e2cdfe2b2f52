import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../scripts/lib/server-process";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import {
  counts,
  createCheckout,
  createStore,
  type Emulators,
  ENHANCER,
  eventually,
  payFields,
  postJson,
  type StoreTarget,
  sleep,
  startEmulators,
  startShop,
  submitPayPage,
  TEST_KIT,
  verify,
} from "./checkout-harness";

/**
 * When the outside systems fail: the mail server down during fulfilment (the e-mail arrives once it is
 * back, once), Stripe failing to create a session (a clear error, nothing recorded), and the server
 * killed after recording an order but before its e-mail went out (sent once after the restart).
 */

const buyer = "sam.buyer@example.com";

describe.each(databaseTargets)("Stripe failing on $name", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true });

  it("Stripe answering 5xx on create: a clear 502 after bounded retries, nothing recorded", async () => {
    shop.emulators.stripe.faults.add({
      kind: "error",
      status: 500,
      method: "POST",
      pathPrefix: "/v1/checkout/sessions",
    });
    const sessionsBefore = shop.emulators.stripe.sessions();
    try {
      const before = shop.emulators.stripe.requests().length;
      const result = await postJson(`${shop.server.url}/api/hybrid-checkout`, {
        products: [{ shopifyVariantId: ENHANCER, quantity: 1 }],
      });
      expect(result.status).toBe(502);
      expect(result.json).toEqual({
        success: false,
        error: "Failed to create checkout session: the payment provider could not be reached.",
      });
      const attempts = shop.emulators.stripe.requests().slice(before);
      // The first try and two retries, all with the same idempotency key; then the app gave up.
      expect(attempts.map((entry) => [entry.method, entry.status])).toEqual([
        ["POST", 500],
        ["POST", 500],
        ["POST", 500],
      ]);
      expect(new Set(attempts.map((entry) => entry.idempotencyKey)).size).toBe(1);
      expect(shop.emulators.stripe.sessions()).toEqual(sessionsBefore);
    } finally {
      shop.emulators.stripe.faults.clear();
    }
  });

  it("Stripe failing once: the SDK's retry (same idempotency key) makes one session", async () => {
    const sessionsBefore = shop.emulators.stripe.sessions().length;
    shop.emulators.stripe.faults.add({ kind: "error", status: 503, method: "POST", times: 1 });
    const started = await createCheckout(shop.server, [{ shopifyVariantId: TEST_KIT, quantity: 1 }]);
    expect(started.sessionId).toMatch(/^cs_test_/);
    expect(shop.emulators.stripe.sessions()).toHaveLength(sessionsBefore + 1);
  });
});

// A shop of its own: the test counts every e-mail and every row.
describe.each(databaseTargets)("the mail server failing on $name", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true });

  it("SMTP down during fulfilment, then up: the e-mail arrives, once", async () => {
    const { sessionId, checkoutUrl } = await createCheckout(shop.server, [
      { shopifyVariantId: ENHANCER, quantity: 3 },
    ]);
    // The mail server stops listening: connections are refused by the operating system.
    await shop.emulators.mail.refuseConnections(4_000, "close");
    expect((await submitPayPage(checkoutUrl, payFields())).status).toBe(303);
    const result = await verify(shop.server, sessionId);
    // The page learns the send failed (spec §4's error state); the order is recorded and shown.
    expect(result.status).toBe(502);
    expect(result.json).toMatchObject({
      success: false,
      email: buyer,
      reason: "email_failed",
      message: "There was an issue sending your confirmation email. Please contact support.",
      order: { items: [expect.objectContaining({ quantity: 3 })] },
    });
    expect(shop.emulators.mail.messages()).toEqual([]);
    await eventually(
      () =>
        expect(shop.server.logs.some((line) => line.includes("e-mail send failed: will retry"))).toBe(true),
      5_000,
    );

    // Back up (after 4 s): the outbox's retry delivers it.
    const [mail] = await shop.emulators.mail.waitFor((messages) => messages.length >= 1, 30_000);
    expect(mail?.to).toEqual([buyer]);
    expect(mail?.text).toContain("Qty 3 × $39.00");
    await sleep(2_500);
    expect(shop.emulators.mail.messages()).toHaveLength(1);
    const again = await verify(shop.server, sessionId);
    expect(again.json).toMatchObject({ success: true, emailStatus: "sent" });

    // What the database holds: the one order, its e-mail sent after retries.
    if (shop.store.name === "pglite") expect(await shop.server.stop()).toBe(0);
    expect(await counts(shop.store)).toEqual({ checkouts: 1, orders: 1, deliveries: 1, sent: 1 });
    const [delivery] = await shop.store.query<{ attempts: number; last_error: string | null }>(
      "select attempts, last_error from email_deliveries",
    );
    expect(delivery?.attempts).toBeGreaterThan(1);
    expect(delivery?.last_error).toBeNull();
  }, 90_000);
});

describe.each(databaseTargets)("a server killed before sending on $name", ({ name }) => {
  let emulators: Emulators;
  let store: StoreTarget;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    emulators = await startEmulators();
    store = await createStore(name);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await emulators?.close();
    await store?.drop();
  });

  it("SIGKILL after the order is recorded and before its e-mail is sent → sent once after restart", async () => {
    const first = await startShop({ ...emulators.env, ...store.env });
    servers.push(first);
    emulators.stripe.setWebhookUrls([`${first.url}/api/stripe-webhook`]);

    // The mail server answers every connection with 421 while the order is recorded.
    await emulators.mail.refuseConnections(120_000, "reply");
    const { sessionId, checkoutUrl } = await createCheckout(first, [
      { shopifyVariantId: ENHANCER, quantity: 1 },
    ]);
    expect((await submitPayPage(checkoutUrl, payFields())).status).toBe(303);
    const result = await verify(first, sessionId);
    expect(result.json).toMatchObject({ success: false, reason: "email_failed" });
    const orderNumber = (result.json.order as { orderNumber: number }).orderNumber;
    expect(emulators.mail.refusedCount()).toBeGreaterThan(0);
    await emulators.stripe.webhooksSettled();

    // Killed: no shutdown, no chance to finish anything.
    expect(await first.stop("SIGKILL")).toBeNull();
    expect(first.process.signalCode).toBe("SIGKILL");
    expect(emulators.mail.messages()).toEqual([]);
    if (store.name === "postgres") {
      expect(await counts(store)).toEqual({ checkouts: 1, orders: 1, deliveries: 1, sent: 0 });
    }

    await emulators.mail.acceptConnections();
    const second = await startShop({ ...emulators.env, ...store.env });
    servers.push(second);
    const [mail] = await emulators.mail.waitFor((messages) => messages.length >= 1, 30_000);
    expect(mail?.subject).toBe(`Your Forge order #${orderNumber} is confirmed`);
    await sleep(2_500);
    expect(emulators.mail.messages()).toHaveLength(1);

    expect(await second.stop()).toBe(0);
    expect(await counts(store)).toEqual({ checkouts: 1, orders: 1, deliveries: 1, sent: 1 });
  }, 120_000);
});
