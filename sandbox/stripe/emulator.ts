import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";
import { type ApiRequestRecord, createApi } from "./api";
import { createBilling } from "./billing";
import { createBillingPagesRouter } from "./billing-pages";
import { type Charges, createCharges } from "./charges";
import { cardBehaviour } from "./customers";
import { createDashboardRouter } from "./dashboard";
import { createFaults, type StripeFaultRule } from "./faults";
import type { EmulatorLogger } from "./logger";
import type { StripeCheckoutSession, StripeEvent } from "./objects";
import { createPayPageRouter } from "./pay-page";
import { createPromotions } from "./promotions";
import { type CompleteSessionInput, createSessionStore } from "./sessions";
import { createWebhooks, type WebhookDeliveryRecord, type WebhookDisorder } from "./webhooks";

/**
 * A local stand-in for the part of Stripe the app uses: Checkout Sessions over Stripe's wire format
 * (form-encoded bodies, bearer secret key, Idempotency-Key, Stripe's error JSON), so the official
 * `stripe` SDK pointed at it (`host`, `port`, `protocol`) cannot tell the difference; a hosted pay page
 * with test cards; signed webhooks retried until the app answers 2xx; and test hooks that inject
 * latency, errors and timeouts (docs/decisions/031-checkout-emulators.md).
 *
 * One module per resource (decision 064): parameters.ts and checkout-options.ts (Stripe's form
 * parameters, checked), sessions.ts (the sessions and their states), totals.ts (discount, sandbox
 * tax, totals), promotions.ts (the seeded promotion codes), charges.ts (PaymentIntents, Charges,
 * Refunds), webhooks.ts (events, signing, delivery), faults.ts, idempotency.ts, api.ts and
 * payment-routes.ts (the HTTP API), pay-page.ts (the hosted page), dashboard.ts (the sandbox
 * dashboard's refunds); this file puts them together. README.md says what a person can do with it.
 *
 * Standalone, a test starts one and points several server processes at `apiUrl` (STRIPE_API_URL with
 * any `sk_test_` key and `webhookSecret`); in-process, sandbox/index.ts starts one and mounts
 * `browserRouter` under /__sandbox/stripe so the pay page is on the site's own origin.
 */

export type { ApiRequestRecord } from "./api";
export type { StripeFault, StripeFaultRule } from "./faults";
export type { EmulatorLogger } from "./logger";
export type { CompleteSessionInput } from "./sessions";
export type { WebhookDeliveryRecord, WebhookDisorder } from "./webhooks";

export type StripeEmulatorOptions = {
  /** Loopback address and port of the API (default 127.0.0.1, a free port). */
  host?: string;
  port?: number;
  /**
   * Where the visitor's browser reaches the pay page (`<base>/<session id>`). Default: this emulator's
   * own origin + `/pay`. In-process it is the site's `/__sandbox/stripe/pay`.
   */
  payPageBaseUrl?: string;
  /** Where signed events are delivered (the app's /api/stripe-webhook). Can be changed later. */
  webhookUrls?: string[];
  /** Default: a fresh random `whsec_…`. */
  webhookSecret?: string;
  webhookRetry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; timeoutMs?: number };
  /** Whom the pay page says the visitor pays. */
  merchantName?: string;
  /** How long a session stays open (seconds; Stripe's default is 24 hours). */
  sessionLifetimeSeconds?: number;
  /**
   * The sandbox's convenience (sandbox/index.ts): each customer Checkout makes gets a test clock of its
   * own, so the dashboard's "Advance 4 weeks" can move its subscription. Off: as Stripe, none.
   */
  clockPerCheckoutCustomer?: boolean;
  /** Keeps this many times as many sessions, events and keys (default 1; a long chaos run keeps more). */
  retainScale?: number;
  logger?: EmulatorLogger;
};

export type StripeEmulator = {
  /** The API's origin, for STRIPE_API_URL. */
  apiUrl: string;
  /** A key the emulator accepts (any `sk_test_…` is accepted). */
  secretKey: string;
  webhookSecret: string;
  /**
   * The pay page (GET/POST `/pay/:sessionId`) and the sandbox dashboard (GET `/payments`, POST
   * `/payments/:chargeId/refund`), to mount under another app.
   */
  browserRouter: express.Router;
  setWebhookUrls(urls: string[]): void;
  /** Events emitted from now on delivered duplicated and out of order (webhooks.ts); null ends it. */
  setWebhookDisorder(disorder: WebhookDisorder | null): void;
  faults: {
    add(rule: StripeFaultRule): void;
    clear(): void;
  };
  /** Every API request so far (tests assert "no call" or count retries). */
  requests(): ApiRequestRecord[];
  deliveries(): WebhookDeliveryRecord[];
  session(id: string): StripeCheckoutSession | undefined;
  sessions(): StripeCheckoutSession[];
  events(): StripeEvent[];
  /**
   * What the pay page does on a successful payment, any required terms box ticked (for tests that do
   * not need the form).
   */
  completeSession(id: string, input: CompleteSessionInput): StripeCheckoutSession;
  /** Refunds as POST /v1/refunds does (Stripe's errors thrown as ApiFailure). */
  refund: Charges["refund"];
  /** Delivers an event again (all of the session's events when given a session id) to every webhook URL. */
  redeliver(eventOrSessionId: string): Promise<void>;
  /** Resolves when no webhook delivery is waiting or in flight. */
  webhooksSettled(timeoutMs?: number): Promise<void>;
  expireSession(id: string): StripeCheckoutSession;
  /** Gives a customer a new default card by its digits (4000 0000 0000 0341: every charge fails). */
  setCustomerCard(customerId: string, digits: string): void;
  close(): Promise<void>;
};

/** How much the emulator remembers, oldest out first (sandbox/retention.ts). */
/** What the emulator keeps, the oldest out first: far above any test's or visitor's look back. */
const RETAIN = { sessions: 10_000, events: 5_000, log: 2_000, idempotencyKeys: 10_000 };

const scaled = (scale: number) => {
  const times = Math.max(1, Math.ceil(scale));
  return {
    sessions: RETAIN.sessions * times,
    events: RETAIN.events * times,
    log: RETAIN.log,
    idempotencyKeys: RETAIN.idempotencyKeys * times,
  };
};

async function listen(server: http.Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const retain = scaled(options.retainScale ?? 1);
  const logger = options.logger;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString("hex")}`;
  const webhooks = createWebhooks({
    secret: webhookSecret,
    urls: options.webhookUrls ?? [],
    retry: {
      maxAttempts: options.webhookRetry?.maxAttempts ?? 12,
      baseDelayMs: options.webhookRetry?.baseDelayMs ?? 500,
      maxDelayMs: options.webhookRetry?.maxDelayMs ?? 30_000,
      timeoutMs: options.webhookRetry?.timeoutMs ?? 10_000,
    },
    retain,
    logger,
  });
  // Known once the API listens, unless given.
  let payPageBaseUrl = options.payPageBaseUrl ?? "";
  const promotions = createPromotions();
  const charges = createCharges({ emit: webhooks.emit, retain: retain.sessions });
  const billing = createBilling({
    merchantName: options.merchantName ?? "Sandbox store",
    emit: webhooks.emit,
    charges,
    retain: retain.sessions,
    clockPerCheckoutCustomer: options.clockPerCheckoutCustomer ?? false,
    pagesBaseUrl: () => payPageBaseUrl.replace(/\/pay$/, ""),
  });
  const sessions = createSessionStore({
    lifetimeSeconds: options.sessionLifetimeSeconds ?? 24 * 60 * 60,
    payPageBaseUrl: () => payPageBaseUrl,
    emit: webhooks.emit,
    retain: retain.sessions,
    promotions,
    pay: charges.pay,
    subscribe: billing.subscribe,
  });
  const faults = createFaults();
  const merchantName = options.merchantName ?? "Sandbox store";
  const browserRouter = createPayPageRouter({ merchantName, sessions, promotions });
  browserRouter.use(createDashboardRouter({ merchantName, sessions, charges }));
  browserRouter.use(createBillingPagesRouter({ merchantName, billing }));
  const api = createApi({
    sessions,
    charges,
    promotions,
    faults,
    billing: billing.routeDeps,
    payPage: browserRouter,
    retain,
    logger,
  });

  const server = http.createServer(api.app);
  const apiUrl = await listen(server, options.port ?? 0, options.host ?? "127.0.0.1");
  if (!payPageBaseUrl) payPageBaseUrl = `${apiUrl}/pay`;
  logger?.info({ apiUrl, payPageBaseUrl }, "stripe emulator listening");

  return {
    apiUrl,
    secretKey: "sk_test_emulator",
    webhookSecret,
    browserRouter,
    setWebhookUrls: webhooks.setUrls,
    setWebhookDisorder: webhooks.setDisorder,
    faults: { add: faults.add, clear: faults.clear },
    requests: api.requests,
    deliveries: webhooks.deliveries,
    session: (id) => {
      const record = sessions.find(id);
      return record ? structuredClone(record.session) : undefined;
    },
    sessions: () => sessions.all().map((record) => structuredClone(sessions.current(record))),
    events: webhooks.events,
    completeSession: (id, input) => structuredClone(sessions.complete(id, input)),
    refund: charges.refund,
    redeliver: webhooks.redeliver,
    webhooksSettled: (timeoutMs = 30_000) => webhooks.settled(timeoutMs),
    expireSession: (id) => {
      if (!sessions.find(id)) throw new Error(`No such checkout.session: ${id}`);
      return structuredClone(sessions.expire(id));
    },
    setCustomerCard(customerId, digits) {
      billing.customers.attachCard(customerId, cardBehaviour(digits), digits.slice(-4));
    },
    async close() {
      billing.close();
      webhooks.close();
      faults.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
