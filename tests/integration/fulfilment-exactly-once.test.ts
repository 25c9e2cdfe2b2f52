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
  KIT_BUNDLE,
  mailsTo,
  payFields,
  type StoreTarget,
  sleep,
  startEmulators,
  startShop,
  submitPayPage,
  verify,
} from "./checkout-harness";

/**
 * Exactly once: however many payment-success calls and webhook deliveries arrive for one paid session,
 * at once and from several server processes sharing one PostgreSQL, there is one order and one e-mail.
 */

const buyer = "sam.buyer@example.com";

async function paidSession(server: RunningServer, emulators: Emulators, variant = ENHANCER, email = buyer) {
  const { sessionId, checkoutUrl } = await createCheckout(server, [
    { shopifyVariantId: variant, quantity: 1 },
  ]);
  const paid = await submitPayPage(checkoutUrl, payFields(undefined, { email }));
  expect(paid.status).toBe(303);
  expect(emulators.stripe.session(sessionId)?.payment_status).toBe("paid");
  return sessionId;
}

// Each test pays with a buyer of its own, so it counts only its own e-mails on the shared server.
describe.each(databaseTargets)("exactly once on $name", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true });

  it("20 concurrent page calls and 3 webhook deliveries → one order, one e-mail", async () => {
    const email = "concurrent.buyer@example.com";
    const sessionId = await paidSession(shop.server, shop.emulators, ENHANCER, email);
    const calls = await Promise.all([
      ...Array.from({ length: 20 }, () => verify(shop.server, sessionId)),
      shop.emulators.stripe.redeliver(sessionId),
      shop.emulators.stripe.redeliver(sessionId),
      shop.emulators.stripe.redeliver(sessionId),
    ]);
    const pageCalls = calls.slice(0, 20) as Awaited<ReturnType<typeof verify>>[];
    expect(pageCalls.map((call) => call.status)).toEqual(Array(20).fill(200));
    const orderNumbers = new Set(
      pageCalls.map((call) => (call.json.order as { orderNumber: number }).orderNumber),
    );
    expect(orderNumbers.size).toBe(1);
    for (const call of pageCalls) expect(call.json).toMatchObject({ success: true, email });

    // The webhook was delivered 1 (on payment) + 3 times, every one answered 2xx.
    await shop.emulators.stripe.webhooksSettled();
    const deliveries = shop.emulators.stripe.deliveries().filter((entry) => entry.sessionId === sessionId);
    expect(deliveries.length).toBeGreaterThanOrEqual(4);
    expect(deliveries.every((entry) => entry.status === 200)).toBe(true);

    await shop.emulators.mail.waitFor((messages) => mailsTo(messages, email).length >= 1);
    await sleep(1_500);
    const mails = mailsTo(shop.emulators.mail.messages(), email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your Forge order #${[...orderNumbers][0]} is confirmed`);
  });

  it("a second paid session is a second order with its own e-mail", async () => {
    const email = "returning.buyer@example.com";
    const first = await verify(shop.server, await paidSession(shop.server, shop.emulators, ENHANCER, email));
    expect(first.json).toMatchObject({ success: true, emailStatus: "sent" });
    const second = await verify(
      shop.server,
      await paidSession(shop.server, shop.emulators, KIT_BUNDLE, email),
    );
    expect(second.json).toMatchObject({ success: true, emailStatus: "sent" });
    const orderOf = (call: typeof first) => (call.json.order as { orderNumber: number }).orderNumber;
    expect(orderOf(second)).not.toBe(orderOf(first));
    await eventually(() => expect(mailsTo(shop.emulators.mail.messages(), email)).toHaveLength(2));
    expect(mailsTo(shop.emulators.mail.messages(), email)[0]?.text).toContain("Forge Enhancer + Test Kit");
  });
});

describe.each(databaseTargets)("exactly once on $name, in the database", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true });

  it("two paid sessions, each fulfilled by page and webhook → exactly two orders and two sent deliveries", async () => {
    for (const variant of [ENHANCER, KIT_BUNDLE]) {
      const sessionId = await paidSession(shop.server, shop.emulators, variant);
      expect((await verify(shop.server, sessionId)).json).toMatchObject({
        success: true,
        emailStatus: "sent",
      });
    }
    await shop.emulators.stripe.webhooksSettled();
    await eventually(() => expect(shop.emulators.mail.messages()).toHaveLength(2));
    if (shop.store.name === "pglite") expect(await shop.server.stop()).toBe(0);
    expect(await counts(shop.store)).toEqual({ checkouts: 2, orders: 2, deliveries: 2, sent: 2 });
    const rows = await shop.store.query<{ attempts: number; status: string }>(
      "select attempts, status from email_deliveries",
    );
    // Claimed once each: no second worker ever took a row.
    expect(rows).toEqual([
      { attempts: 1, status: "sent" },
      { attempts: 1, status: "sent" },
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "exactly once across two server processes sharing PostgreSQL",
  () => {
    let emulators: Emulators;
    let store: StoreTarget;
    let servers: RunningServer[] = [];

    beforeAll(async () => {
      emulators = await startEmulators();
      store = await createStore("postgres");
      servers = await Promise.all([
        startShop({ ...emulators.env, ...store.env }),
        startShop({ ...emulators.env, ...store.env }),
      ]);
      // Stripe delivers each event to both (two endpoints, as behind a load balancer that retries).
      emulators.stripe.setWebhookUrls(servers.map((server) => `${server.url}/api/stripe-webhook`));
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await emulators?.close();
      await store?.drop();
    });

    it("20 page calls split over both processes and 3 webhook deliveries to each → one order, one e-mail", async () => {
      const [a, b] = servers as [RunningServer, RunningServer];
      const sessionId = await paidSession(a, emulators);
      const calls = await Promise.all([
        ...Array.from({ length: 20 }, (_, index) => verify(index % 2 ? a : b, sessionId)),
        emulators.stripe.redeliver(sessionId),
        emulators.stripe.redeliver(sessionId),
        emulators.stripe.redeliver(sessionId),
      ]);
      const pageCalls = calls.slice(0, 20) as Awaited<ReturnType<typeof verify>>[];
      expect(pageCalls.map((call) => call.status)).toEqual(Array(20).fill(200));
      expect(
        new Set(pageCalls.map((call) => (call.json.order as { orderNumber: number }).orderNumber)).size,
      ).toBe(1);

      await emulators.stripe.webhooksSettled();
      const deliveries = emulators.stripe.deliveries().filter((entry) => entry.sessionId === sessionId);
      expect(new Set(deliveries.map((entry) => entry.url)).size).toBe(2);
      expect(deliveries.every((entry) => entry.status === 200)).toBe(true);

      await emulators.mail.waitFor((messages) => messages.length >= 1);
      await sleep(2_000);
      expect(emulators.mail.messages().filter((mail) => mail.to.includes(buyer))).toHaveLength(1);
      expect(await counts(store)).toEqual({ checkouts: 1, orders: 1, deliveries: 1, sent: 1 });
      // Both processes took part.
      for (const server of servers) {
        expect(server.logs.some((line) => line.includes("/api/verify-and-send-confirmation"))).toBe(true);
      }
    });
  },
);
