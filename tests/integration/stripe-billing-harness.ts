import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { STORE_TIME_ZONE, zonedInstant } from "~/shared/subscription-cycle";
import {
  type StripeEmulator,
  type StripeEmulatorOptions,
  startStripeEmulator,
} from "../../sandbox/stripe/emulator";

/**
 * What the Stripe Billing tests share (issue 36): the official `stripe` package pointed at the Stripe
 * emulator, the emulator started for a test file, days at noon in the store's time zone, a subscriber
 * on a test clock of its own subscribed through Checkout in subscription mode and paid with the
 * sandbox's Albany address, and a test clock moved as at Stripe (asked, then polled until ready).
 */

export const DAY = 86_400;
export const NOON = { hour: 12, minute: 0 };

/** Noon on `date` in the store's time zone, in Unix seconds. */
export const at = (date: string) => zonedInstant(date, NOON, STORE_TIME_ZONE);

/** The address every sandbox subscriber pays with at the emulator's Checkout. */
export const ADDRESS = {
  line1: "1 Main St",
  line2: null,
  city: "Albany",
  state: "NY",
  postal_code: "12207",
  country: "US",
};

/** The official `stripe` package pointed at a Stripe emulator (`options`: the client's, e.g. its retries). */
export function stripeClient(
  emulator: Pick<StripeEmulator, "apiUrl" | "secretKey">,
  options: Pick<Stripe.StripeConfig, "maxNetworkRetries"> = {},
): Stripe {
  const api = new URL(emulator.apiUrl);
  return new Stripe(emulator.secretKey, {
    host: api.hostname,
    port: Number(api.port),
    protocol: "http",
    ...options,
    telemetry: false,
  });
}

/**
 * A Stripe emulator for the test file, started in beforeAll and closed in afterAll, and the official
 * client pointed at it (no retries unless `client` says otherwise): read them through the getters.
 */
export function withStripeEmulator(
  options: StripeEmulatorOptions = {},
  client: Pick<Stripe.StripeConfig, "maxNetworkRetries"> = { maxNetworkRetries: 0 },
) {
  let emulator: StripeEmulator | undefined;
  let stripe: Stripe | undefined;
  beforeAll(async () => {
    emulator = await startStripeEmulator(options);
    stripe = stripeClient(emulator, client);
  });
  afterAll(async () => {
    await emulator?.close();
  });
  return {
    get emulator(): StripeEmulator {
      if (!emulator) throw new Error("the Stripe emulator is not started");
      return emulator;
    },
    get stripe(): Stripe {
      if (!stripe) throw new Error("the Stripe emulator is not started");
      return stripe;
    },
  };
}

/** One Forge Enhancer every 30 days at $33.15, as a Checkout line item. */
export function enhancerLineItem(
  productMetadata?: Record<string, string>,
): Stripe.Checkout.SessionCreateParams.LineItem {
  return {
    quantity: 1,
    price_data: {
      currency: "usd",
      unit_amount: 3315,
      recurring: { interval: "day", interval_count: 30 },
      product_data: productMetadata
        ? { name: "Forge Enhancer", metadata: productMetadata }
        : { name: "Forge Enhancer" },
    },
  };
}

export type CheckoutSubscriberOptions = {
  /** More for the test clock and the customer than the start and the e-mail (e.g. their names). */
  clock?: Omit<Stripe.TestHelpers.TestClockCreateParams, "frozen_time">;
  customer?: Omit<Stripe.CustomerCreateParams, "email" | "test_clock">;
  /**
   * The Checkout session in subscription mode for the customer: by default the official client's, one
   * Enhancer every 30 days with flexible billing; `session` replaces what follows its line items.
   */
  open?: (customer: Stripe.Customer) => Promise<{ id: string }>;
  productMetadata?: Record<string, string>;
  session?: Omit<Stripe.Checkout.SessionCreateParams, "mode" | "customer" | "line_items">;
};

/**
 * A subscriber whose Stripe time is a test clock started at noon on `start`, subscribed through
 * Checkout in subscription mode and paid at the emulator with the sandbox's address. Answers the
 * clock, the customer, the session as opened and as re-read once paid, and the subscription's id.
 */
export async function checkoutSubscriber(
  stripe: Stripe,
  emulator: StripeEmulator,
  start: string,
  email: string,
  options: CheckoutSubscriberOptions = {},
) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: at(start), ...options.clock });
  const customer = await stripe.customers.create({ email, ...options.customer, test_clock: clock.id });
  const opened = options.open
    ? await options.open(customer)
    : await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: customer.id,
        line_items: [enhancerLineItem(options.productMetadata)],
        ...(options.session ?? {
          subscription_data: { billing_mode: { type: "flexible" } },
          success_url: "https://shop.example/ok",
          cancel_url: "https://shop.example/no",
        }),
      });
  emulator.completeSession(opened.id, { email, name: "Sam Sample", address: ADDRESS });
  const session = await stripe.checkout.sessions.retrieve(opened.id);
  return {
    clock,
    clockId: clock.id,
    customer,
    opened,
    session,
    subscriptionId: session.subscription as string,
  };
}

/**
 * Moves a test clock to `to` as a test would at Stripe: asks, then polls until it is ready, for
 * `timeoutMs` at the most (then throws). Answers the clock as the advance answered it and once ready.
 */
export async function advanceClock(stripe: Stripe, clockId: string, to: number, timeoutMs = 10_000) {
  const started = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: to });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = await stripe.testHelpers.testClocks.retrieve(clockId);
    if (ready.status === "ready") return { started, ready };
    if (Date.now() > deadline) throw new Error("the test clock did not become ready");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
