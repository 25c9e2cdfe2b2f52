import type Stripe from "stripe";
import { expect } from "vitest";
import { STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import type { TestShop } from "../support/shop";
import { type Emulators, postJson } from "./checkout-harness";
import { ADDRESS, advanceClock, DAY, enhancerLineItem, stripeClient } from "./stripe-billing-harness";

/**
 * Issue 36's subscriptions over HTTP, for the tests that start one at POST /api/subscribe, pay it at the
 * Stripe emulator and live through its months on the customer's test clock (a shop with `webhooks` and
 * `testClocks`): the official SDK pointed at the emulator, a subscriber, time moved four weeks at a time
 * with every event handled, and the invoices paid.
 */

export { ADDRESS, DAY };

/** The official `stripe` package, pointed at the shop's Stripe emulator. */
export const sdk = (emulators: Emulators): Stripe => stripeClient(emulators.stripe);

export type Subscriber = {
  sessionId: string;
  subscriptionId: string;
  customerId: string;
  clockId: string;
  /** The first charge (Unix seconds, Stripe's `start_date`) and its date in the store's time zone. */
  startedAt: number;
  start: string;
};

/**
 * A subscription started at `serverUrl`'s POST /api/subscribe with `terms` and paid at the emulator's
 * Checkout by `email` with the sandbox's address; read back with `stripe` (its customer is on a test
 * clock of its own).
 */
export async function startAndPay(
  serverUrl: string,
  emulators: Emulators,
  email: string,
  terms: { quantity: number; weeksOn: number; weeksOff: number },
  stripe: Stripe = sdk(emulators),
) {
  const started = await postJson(`${serverUrl}/api/subscribe`, terms);
  expect(started.status, started.text).toBe(200);
  const sessionId = started.json.sessionId as string;
  const paid = emulators.stripe.completeSession(sessionId, { email, name: "Sam Sample", address: ADDRESS });
  const customer = (await stripe.customers.retrieve(paid.customer as string)) as Stripe.Customer;
  const subscription = await stripe.subscriptions.retrieve(paid.subscription as string);
  return {
    sessionId,
    subscriptionId: subscription.id,
    customerId: customer.id,
    clockId: customer.test_clock as string,
    startedAt: subscription.start_date,
    subscription,
  };
}

/** A subscription started at /api/subscribe and paid by `email` (its customer on a test clock of its own). */
export async function subscribeAndPay(
  shop: TestShop,
  email: string,
  terms: { quantity?: number; weeksOn?: number; weeksOff?: number } = {},
): Promise<Subscriber> {
  const { sessionId, subscriptionId, customerId, clockId, startedAt } = await startAndPay(
    shop.server.url,
    shop.emulators,
    email,
    { quantity: terms.quantity ?? 1, weeksOn: terms.weeksOn ?? 8, weeksOff: terms.weeksOff ?? 2 },
  );
  await shop.emulators.stripe.webhooksSettled(30_000);
  return {
    sessionId,
    subscriptionId,
    customerId,
    clockId,
    startedAt,
    start: zonedDate(startedAt, STORE_TIME_ZONE),
  };
}

/** Moves the customer's clock to `days` after the start, `stepDays` at a time, each step's events handled. */
export async function liveUntil(
  shop: TestShop,
  subscriber: Pick<Subscriber, "clockId" | "startedAt">,
  days: number,
  stepDays = 28,
) {
  const stripe = sdk(shop.emulators);
  const target = subscriber.startedAt + days * DAY;
  let clock = await stripe.testHelpers.testClocks.retrieve(subscriber.clockId);
  while (clock.frozen_time < target) {
    const to = Math.min(target, clock.frozen_time + stepDays * DAY);
    clock = (await advanceClock(stripe, subscriber.clockId, to, 20_000)).ready;
    await shop.emulators.stripe.webhooksSettled(30_000);
  }
}

/** The subscription's paid invoices, and their dates in the store's time zone (sorted). */
export async function paidInvoices(shop: TestShop, subscriptionId: string) {
  const invoices = await sdk(shop.emulators).invoices.list({ subscription: subscriptionId, limit: 100 });
  const paid = invoices.data.filter((invoice) => invoice.status === "paid");
  return {
    paid,
    dates: paid.map((invoice) => zonedDate(invoice.created, STORE_TIME_ZONE)).sort(),
  };
}

/** A Checkout session in subscription mode made by someone else than this site (for another shop). */
export function checkoutElsewhere(emulators: Emulators) {
  return sdk(emulators).checkout.sessions.create({
    mode: "subscription",
    line_items: [enhancerLineItem()],
    success_url: "https://elsewhere.example/ok",
    cancel_url: "https://elsewhere.example/no",
  });
}

/** Deletes the Enhancer's selling plan group in the Shopify emulator, as a merchant might; answers the status. */
export async function removeSellingPlan(emulators: Emulators) {
  const response = await fetch(`${emulators.env.SHOPIFY_API_URL}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "X-Shopify-Access-Token": emulators.env.SHOPIFY_ADMIN_TOKEN as string,
    },
    body: JSON.stringify({
      query: `mutation Remove($id: ID!) { sellingPlanGroupDelete(id: $id) { deletedSellingPlanGroupId } }`,
      variables: { id: "gid://shopify/SellingPlanGroup/9300000000001" },
    }),
  });
  await response.arrayBuffer();
  return response.status;
}
