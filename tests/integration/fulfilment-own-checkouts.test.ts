import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../scripts/lib/server-process";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { eventually } from "../support/wait";
import {
  counts,
  createCheckout,
  createStore,
  type Emulators,
  ENHANCER,
  payFields,
  postJson,
  type StoreTarget,
  sleep,
  startEmulators,
  startShop,
  submitPayPage,
  verify,
} from "./checkout-harness";

/**
 * Issue 15 item 3 (decision 062): fulfilment fulfils only checkouts this site created. A session made
 * directly on the Stripe account (by anyone holding a key, or by another deployment sharing the
 * account) is refused by the page with a 404 and acknowledged-and-ignored by the webhook: no order,
 * no e-mail. A checkout of this site is still fulfilled.
 */

const NOT_OURS = "No checkout session was found with that id in this store: there is no order to confirm.";
const payer = {
  email: "outsider@example.com",
  name: "Out Sider",
  address: {
    line1: "1 Main St",
    line2: null,
    city: "Austin",
    state: "TX",
    postal_code: "78701",
    country: "US",
  },
};

/** Stripe's SDK pointed at the emulator, as someone with a key to the account would use it. */
function outsiderStripe(emulators: Emulators): Stripe {
  const api = new URL(emulators.stripe.apiUrl);
  return new Stripe(emulators.stripe.secretKey, {
    host: api.hostname,
    port: api.port,
    protocol: "http",
    telemetry: false,
    maxNetworkRetries: 0,
  });
}

/** A session made on the account, not through this site: the Enhancer's variant id, any price. */
async function sessionMadeElsewhere(emulators: Emulators, server: RunningServer, unitAmount: number) {
  const session = await outsiderStripe(emulators).checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: unitAmount,
          product_data: { name: "Forge Enhancer", metadata: { shopify_variant_id: ENHANCER } },
        },
      },
    ],
    success_url: `${server.url}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${server.url}/`,
  });
  return session.id;
}

/** Posts a correctly signed checkout.session.completed for `sessionId` and returns the answer. */
function signedCompletedEvent(emulators: Emulators, server: RunningServer, sessionId: string) {
  const payload = JSON.stringify({
    id: `evt_test_${sessionId.slice(-12)}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, object: "checkout.session" } },
  });
  return postJson(`${server.url}/api/stripe-webhook`, payload, {
    "stripe-signature": Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: emulators.stripe.webhookSecret,
    }),
  });
}

/** The server's own calls to Stripe about this session (its reads of the session). */
const serverReadsOf = (emulators: Emulators, sessionId: string) =>
  emulators.stripe
    .requests()
    .filter((request) => request.method === "GET" && request.path.includes(sessionId));

describe.each(databaseTargets)("sessions not made by this site, on $name", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true });
  /** The orders this describe's tests made on purpose, for the closing audit. */
  let ordersMade = 0;

  it.each([
    ["for another price ($0.01 for the Enhancer)", 1],
    ["for the very price this site charges ($39.00)", 3_900],
  ])("a paid session made on the Stripe account %s: no order, no e-mail", async (_name, unitAmount) => {
    const sessionId = await sessionMadeElsewhere(shop.emulators, shop.server, unitAmount);
    // Paid, and Stripe delivers checkout.session.completed to this site's endpoint.
    shop.emulators.stripe.completeSession(sessionId, payer);
    await shop.emulators.stripe.webhooksSettled();
    const deliveries = shop.emulators.stripe.deliveries().filter((entry) => entry.sessionId === sessionId);
    // Acknowledged once (2xx), so Stripe neither retries it nor disables the endpoint.
    expect(deliveries.map((entry) => entry.status)).toEqual([200]);

    const again = await signedCompletedEvent(shop.emulators, shop.server, sessionId);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ received: true, handled: false, ignored: "not a checkout of this site" });

    const page = await verify(shop.server, sessionId);
    expect(page.status).toBe(404);
    expect(page.json).toEqual({
      success: false,
      email: null,
      message: NOT_OURS,
      error: NOT_OURS,
      reason: "not_this_site",
    });
    // Refused on what this site recorded, without reading the session from Stripe.
    expect(serverReadsOf(shop.emulators, sessionId)).toEqual([]);
    // Logged asynchronously: the line may reach the test's pipe after the response.
    await eventually(
      () =>
        expect(shop.server.logs.some((line) => line.includes("not a checkout this site created"))).toBe(true),
      5_000,
    );
  });

  it("still fulfils a checkout this site started: one order, one e-mail", async () => {
    const { sessionId, checkoutUrl } = await createCheckout(shop.server, [
      { shopifyVariantId: ENHANCER, quantity: 1 },
    ]);
    expect((await submitPayPage(checkoutUrl, payFields())).status).toBe(303);
    const page = await verify(shop.server, sessionId);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ success: true, order: { total: { formatted: "$39.00" } } });
    await shop.emulators.stripe.webhooksSettled();
    const mails = await shop.emulators.mail.waitFor((messages) => messages.length >= 1);
    expect(mails.map((mail) => mail.to)).toEqual([["sam.buyer@example.com"]]);
    ordersMade += 1;
  });

  // The closing audit, a hook (it counts whatever of this describe ran, so no test waits on another's
  // state): only the orders made on purpose were recorded; the outsider's sessions left nothing behind.
  afterAll(async () => {
    await sleep(500);
    expect(shop.emulators.mail.messages()).toHaveLength(ordersMade);
    if (shop.store.name === "pglite") expect(await shop.server.stop()).toBe(0);
    expect(await counts(shop.store)).toEqual({
      checkouts: ordersMade,
      orders: ordersMade,
      deliveries: ordersMade,
      sent: ordersMade,
    });
  });
});

describe("two deployments sharing one Stripe account, each with its own database", () => {
  let emulators: Emulators;
  let stores: StoreTarget[] = [];
  let shop: RunningServer;
  let other: RunningServer;

  beforeAll(async () => {
    emulators = await startEmulators();
    // Two databases: PostgreSQL when there is one (two embedded databases starting at once are slow on
    // a busy machine), else a PGlite directory each.
    const kind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    stores = await Promise.all([createStore(kind), createStore(kind)]);
    [shop, other] = (await Promise.all(
      stores.map((store) => startShop({ ...emulators.env, ...store.env })),
    )) as [RunningServer, RunningServer];
    // The account's webhook endpoints: each deployment's.
    emulators.stripe.setWebhookUrls([shop, other].map((server) => `${server.url}/api/stripe-webhook`));
  });
  afterAll(async () => {
    await Promise.all([shop?.stop(), other?.stop()]);
    await emulators?.close();
    await Promise.all(stores.map((store) => store.drop()));
  });

  it("a session paid on one is fulfilled by that one only: one order, one e-mail, both webhooks acknowledged", async () => {
    const { sessionId, checkoutUrl } = await createCheckout(shop, [
      { shopifyVariantId: ENHANCER, quantity: 2 },
    ]);
    expect((await submitPayPage(checkoutUrl, payFields())).status).toBe(303);
    await emulators.stripe.webhooksSettled();
    const deliveries = emulators.stripe.deliveries().filter((entry) => entry.sessionId === sessionId);
    expect(deliveries.map((entry) => entry.status)).toEqual([200, 200]);

    const mine = await verify(shop, sessionId);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ success: true, order: { total: { formatted: "$78.00" } } });
    const theirs = await verify(other, sessionId);
    expect(theirs.status).toBe(404);
    expect(theirs.json).toMatchObject({ success: false, reason: "not_this_site", message: NOT_OURS });
    expect((await signedCompletedEvent(emulators, other, sessionId)).json).toEqual({
      received: true,
      handled: false,
      ignored: "not a checkout of this site",
    });

    await emulators.mail.waitFor((messages) => messages.length >= 1);
    await sleep(1_500);
    expect(emulators.mail.messages()).toHaveLength(1);

    // PGlite's directory can be read once its server stopped.
    expect(await shop.stop()).toBe(0);
    expect(await other.stop()).toBe(0);
    const [mineCounts, theirCounts] = await Promise.all(stores.map((store) => counts(store)));
    expect(mineCounts).toEqual({ checkouts: 1, orders: 1, deliveries: 1, sent: 1 });
    expect(theirCounts).toEqual({ checkouts: 0, orders: 0, deliveries: 0, sent: 0 });
  });
});
