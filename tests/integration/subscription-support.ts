import Stripe from "stripe";
import { expect } from "vitest";
import { STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import type { TestShop } from "../support/shop";
import { type Emulators, postJson } from "./checkout-harness";

/**
 * Issue 36's subscriptions over HTTP, for the tests that start one at POST /api/subscribe, pay it at the
 * Stripe emulator and live through its months on the customer's test clock (a shop with `webhooks` and
 * `testClocks`): the official SDK pointed at the emulator, a subscriber, time moved four weeks at a time
 * with every event handled, and the invoices paid.
 */

export const DAY = 86_400;

export const ADDRESS = {
  line1: "1 Main St",
  line2: null,
  city: "Albany",
  state: "NY",
  postal_code: "12207",
  country: "US",
};

/** The official `stripe` package, pointed at the shop's Stripe emulator. */
export function sdk(emulators: Emulators): Stripe {
  const api = new URL(emulators.stripe.apiUrl);
  return new Stripe(emulators.stripe.secretKey, {
    host: api.hostname,
    port: Number(api.port),
    protocol: "http",
    telemetry: false,
  });
}

export type Subscriber = {
  sessionId: string;
  subscriptionId: string;
  customerId: string;
  clockId: string;
  /** The first charge (Unix seconds, Stripe's `start_date`) and its date in the store's time zone. */
  startedAt: number;
  start: string;
};

/** A subscription started at /api/subscribe and paid by `email` (its customer on a test clock of its own). */
export async function subscribeAndPay(
  shop: TestShop,
  email: string,
  terms: { quantity?: number; weeksOn?: number; weeksOff?: number } = {},
): Promise<Subscriber> {
  const started = await postJson(`${shop.server.url}/api/subscribe`, {
    quantity: terms.quantity ?? 1,
    weeksOn: terms.weeksOn ?? 8,
    weeksOff: terms.weeksOff ?? 2,
  });
  expect(started.status, started.text).toBe(200);
  const sessionId = started.json.sessionId as string;
  const paid = shop.emulators.stripe.completeSession(sessionId, {
    email,
    name: "Sam Sample",
    address: ADDRESS,
  });
  const stripe = sdk(shop.emulators);
  const customer = (await stripe.customers.retrieve(paid.customer as string)) as Stripe.Customer;
  const subscriptionId = paid.subscription as string;
  const startedAt = (await stripe.subscriptions.retrieve(subscriptionId)).start_date;
  await shop.emulators.stripe.webhooksSettled(30_000);
  return {
    sessionId,
    subscriptionId,
    customerId: customer.id,
    clockId: customer.test_clock as string,
    startedAt,
    start: zonedDate(startedAt, STORE_TIME_ZONE),
  };
}

/** Moves the customer's clock to `days` after the start, `stepDays` at a time, each step's events handled. */
export async function liveUntil(shop: TestShop, subscriber: Subscriber, days: number, stepDays = 28) {
  const clocks = sdk(shop.emulators).testHelpers.testClocks;
  const target = subscriber.startedAt + days * DAY;
  let clock = await clocks.retrieve(subscriber.clockId);
  while (clock.frozen_time < target) {
    await clocks.advance(subscriber.clockId, {
      frozen_time: Math.min(target, clock.frozen_time + stepDays * DAY),
    });
    const deadline = Date.now() + 20_000;
    do clock = await clocks.retrieve(subscriber.clockId);
    while (clock.status !== "ready" && Date.now() < deadline);
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
