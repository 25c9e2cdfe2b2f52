import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import Stripe from "stripe";
import { pushBounded, setBounded } from "../retention";
import {
  nowSeconds,
  type SessionRecord,
  type StripeAddress,
  type StripeCheckoutSession,
  type StripeEvent,
  type StripeLineItem,
  type StripeProduct,
  stripeId,
} from "./objects";
import { createPayPageRouter } from "./pay-page";

/**
 * A local stand-in for the part of Stripe the app uses: Checkout Sessions over Stripe's wire format
 * (form-encoded bodies, bearer secret key, Idempotency-Key, Stripe's error JSON), so the official
 * `stripe` SDK pointed at it (`host`, `port`, `protocol`) cannot tell the difference; a hosted pay page
 * with test cards; signed webhooks retried until the app answers 2xx; and test hooks that inject
 * latency, errors and timeouts (docs/decisions/031-checkout-emulators.md).
 *
 * Standalone, a test starts one and points several server processes at `apiUrl` (STRIPE_API_URL with
 * any `sk_test_` key and `webhookSecret`); in-process, sandbox/index.ts starts one and mounts
 * `browserRouter` under /__sandbox/stripe so the pay page is on the site's own origin.
 */

export type EmulatorLogger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

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
  logger?: EmulatorLogger;
};

/** A fault the API applies to matching requests before handling them. */
export type StripeFault =
  /** Answer after a delay (then normally). */
  | { kind: "latency"; ms: number }
  /** Answer with this status and Stripe's error JSON. */
  | { kind: "error"; status: 429 | 500 | 502 | 503 }
  /** Never answer: the request hangs until the client gives up (or `ms`, default 60 s, passes). */
  | { kind: "timeout"; ms?: number };

export type StripeFaultRule = StripeFault & {
  method?: "GET" | "POST";
  /** Applies to paths starting with this (e.g. "/v1/checkout/sessions"); default every /v1 path. */
  pathPrefix?: string;
  /** How many matching requests it applies to; default every one until cleared. */
  times?: number;
};

export type ApiRequestRecord = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number;
  fault: StripeFault["kind"] | null;
  at: number;
};

export type WebhookDeliveryRecord = {
  eventId: string;
  type: string;
  sessionId: string | null;
  url: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: number;
};

export type CompleteSessionInput = {
  email: string;
  name: string;
  address: StripeAddress;
};

export type StripeEmulator = {
  /** The API's origin, for STRIPE_API_URL. */
  apiUrl: string;
  /** A key the emulator accepts (any `sk_test_…` is accepted). */
  secretKey: string;
  webhookSecret: string;
  /** The pay page (GET/POST `/pay/:sessionId`), to mount under another app. */
  browserRouter: express.Router;
  setWebhookUrls(urls: string[]): void;
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
  /** What the pay page does on a successful payment (for tests that do not need the form). */
  completeSession(id: string, input: CompleteSessionInput): StripeCheckoutSession;
  /** Delivers an event again (all of the session's events when given a session id) to every webhook URL. */
  redeliver(eventOrSessionId: string): Promise<void>;
  /** Resolves when no webhook delivery is waiting or in flight. */
  webhooksSettled(timeoutMs?: number): Promise<void>;
  expireSession(id: string): StripeCheckoutSession;
  close(): Promise<void>;
};

const API_VERSION = Stripe.API_VERSION;

/** How much the emulator remembers, oldest out first (sandbox/retention.ts). */
const RETAIN = { sessions: 10_000, events: 5_000, log: 2_000, idempotencyKeys: 10_000 };

type StripeErrorBody = {
  type: "invalid_request_error" | "api_error" | "idempotency_error" | "rate_limit_error" | "card_error";
  message: string;
  param?: string;
  code?: string;
};

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new ApiFailure(400, {
    type: "invalid_request_error",
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

const CREATE_PARAMS = new Set([
  "mode",
  "line_items",
  "success_url",
  "cancel_url",
  "shipping_address_collection",
  "shipping_options",
  "customer_email",
  "client_reference_id",
  "metadata",
  "payment_method_types",
  "expand",
  "locale",
  "billing_address_collection",
  "expires_at",
  "allow_promotion_codes",
  "phone_number_collection",
  "submit_type",
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Form-encoded arrays arrive as arrays, or as objects keyed by index when sparse. */
function asArray(value: unknown, param: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key)))
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  throw invalid(`Invalid array`, param);
}

function integer(value: unknown, param: string, min: number, max: number): number {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^-?\d+$/.test(text))
    throw invalid(`Invalid integer: ${String(value)}`, param);
  const number = Number(text);
  if (number < min) throw invalid(`This value must be greater than or equal to ${min}.`, param);
  if (number > max) throw invalid(`This value must be less than or equal to ${max}.`, param);
  return number;
}

function string(
  value: unknown,
  param: string,
  options: { required?: boolean; max?: number } = {},
): string | null {
  if (value === undefined || value === "") {
    if (options.required) throw invalid(`Missing required param: ${param}.`, param, "parameter_missing");
    return null;
  }
  if (typeof value !== "string") throw invalid(`Invalid string: ${JSON.stringify(value)}`, param);
  if (options.max && value.length > options.max)
    throw invalid(`This value must be ${options.max} characters or fewer.`, param);
  return value;
}

function url(value: unknown, param: string, required: boolean): string | null {
  const text = string(value, param, { required, max: 5000 });
  if (text === null) return null;
  try {
    const parsed = new URL(text.replace("{CHECKOUT_SESSION_ID}", "placeholder"));
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
  } catch {
    throw invalid("Not a valid URL", param, "url_invalid");
  }
  return text;
}

function metadata(value: unknown, param: string): Record<string, string> {
  if (value === undefined || value === "") return {};
  if (!isRecord(value)) throw invalid("Invalid hash", param);
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw invalid("Invalid metadata value", `${param}[${key}]`);
    if (key.length > 40) throw invalid("Metadata keys can be at most 40 characters", `${param}[${key}]`);
    if (entry.length > 500)
      throw invalid("Metadata values can be at most 500 characters", `${param}[${key}]`);
    out[key] = entry;
  }
  return out;
}

function currency(value: unknown, param: string): string {
  const text = string(value, param, { required: true });
  if (!text || !/^[a-zA-Z]{3}$/.test(text)) throw invalid(`Invalid currency: ${String(value)}`, param);
  return text.toLowerCase();
}

function expandList(value: unknown): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  return list.filter((entry): entry is string => typeof entry === "string");
}

export async function startStripeEmulator(options: StripeEmulatorOptions = {}): Promise<StripeEmulator> {
  const host = options.host ?? "127.0.0.1";
  const logger = options.logger;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString("hex")}`;
  const retry = {
    maxAttempts: options.webhookRetry?.maxAttempts ?? 12,
    baseDelayMs: options.webhookRetry?.baseDelayMs ?? 500,
    maxDelayMs: options.webhookRetry?.maxDelayMs ?? 30_000,
    timeoutMs: options.webhookRetry?.timeoutMs ?? 10_000,
  };
  const lifetime = options.sessionLifetimeSeconds ?? 24 * 60 * 60;
  let webhookUrls = [...(options.webhookUrls ?? [])];

  const records = new Map<string, SessionRecord>();
  const events: StripeEvent[] = [];
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown; at: number }>();
  const requestLog: ApiRequestRecord[] = [];
  const deliveryLog: WebhookDeliveryRecord[] = [];
  let faultRules: (StripeFaultRule & { remaining: number })[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const held = new Set<http.ServerResponse>();
  let closed = false;
  let payPageBaseUrl = options.payPageBaseUrl ?? "";

  // --- State -------------------------------------------------------------------------------------

  function current(record: SessionRecord): StripeCheckoutSession {
    const session = record.session;
    if (session.status === "open" && nowSeconds() >= session.expires_at) {
      session.status = "expired";
      session.url = null;
      emit("checkout.session.expired", session);
    }
    return session;
  }

  function findRecord(id: string): SessionRecord | undefined {
    const record = records.get(id);
    if (record) current(record);
    return record;
  }

  function serializeLineItem(item: StripeLineItem, record: SessionRecord, expandProduct: boolean) {
    const product = record.products.get(item.price.product);
    return {
      ...item,
      price: { ...item.price, product: expandProduct && product ? product : item.price.product },
    };
  }

  function lineItemList(
    record: SessionRecord,
    items: StripeLineItem[],
    expandProduct: boolean,
    hasMore = false,
  ) {
    return {
      object: "list" as const,
      data: items.map((item) => serializeLineItem(item, record, expandProduct)),
      has_more: hasMore,
      url: `/v1/checkout/sessions/${record.session.id}/line_items`,
    };
  }

  function serializeSession(record: SessionRecord, expand: string[]) {
    const session = current(record);
    if (!expand.includes("line_items")) return { ...session };
    const expandProduct = expand.includes("line_items.data.price.product");
    // Like Stripe, an embedded list holds the first page (10 items); the rest via /line_items.
    return {
      ...session,
      line_items: lineItemList(
        record,
        record.lineItems.slice(0, 10),
        expandProduct,
        record.lineItems.length > 10,
      ),
    };
  }

  function createSession(body: Record<string, unknown>): SessionRecord {
    for (const key of Object.keys(body)) {
      if (!CREATE_PARAMS.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
    }
    const mode = string(body.mode, "mode", { required: true });
    if (mode !== "payment") throw invalid(`This emulator supports mode=payment only (got ${mode}).`, "mode");
    const successUrl = url(body.success_url, "success_url", true) as string;
    const cancelUrl = url(body.cancel_url, "cancel_url", false);
    const rawLines = body.line_items === undefined ? [] : asArray(body.line_items, "line_items");
    if (rawLines.length === 0)
      throw invalid(
        "You must provide at least one line item when mode=payment.",
        "line_items",
        "parameter_missing",
      );
    if (rawLines.length > 100) throw invalid("You may only specify up to 100 line items.", "line_items");

    const created = nowSeconds();
    const products = new Map<string, StripeProduct>();
    const lineItems: StripeLineItem[] = rawLines.map((raw, index) => {
      const param = `line_items[${index}]`;
      if (!isRecord(raw)) throw invalid("Invalid object", param);
      for (const key of Object.keys(raw)) {
        if (!["quantity", "price_data", "price", "adjustable_quantity"].includes(key))
          throw invalid(`Received unknown parameter: ${param}[${key}]`, `${param}[${key}]`);
      }
      if (raw.price !== undefined)
        throw invalid(`No such price: '${String(raw.price)}'`, `${param}[price]`, "resource_missing");
      const quantity = integer(raw.quantity, `${param}[quantity]`, 1, 999_999);
      const priceData = raw.price_data;
      if (!isRecord(priceData))
        throw invalid(
          `You must specify either \`price\` or \`price_data\` in ${param}.`,
          param,
          "parameter_missing",
        );
      const lineCurrency = currency(priceData.currency, `${param}[price_data][currency]`);
      const unitAmount = integer(priceData.unit_amount, `${param}[price_data][unit_amount]`, 0, 99_999_999);
      const productData = priceData.product_data;
      if (!isRecord(productData))
        throw invalid(
          "Missing required param: product_data.",
          `${param}[price_data][product_data]`,
          "parameter_missing",
        );
      const name = string(productData.name, `${param}[price_data][product_data][name]`, {
        required: true,
        max: 250,
      });
      const product: StripeProduct = {
        id: stripeId("prod", 14),
        object: "product",
        active: true,
        name: name as string,
        description: string(productData.description, `${param}[price_data][product_data][description]`),
        metadata: metadata(productData.metadata, `${param}[price_data][product_data][metadata]`),
        images: [],
        created,
        livemode: false,
      };
      products.set(product.id, product);
      return {
        id: stripeId("li", 24),
        object: "item",
        amount_discount: 0,
        amount_subtotal: unitAmount * quantity,
        amount_tax: 0,
        amount_total: unitAmount * quantity,
        currency: lineCurrency,
        description: product.name,
        quantity,
        price: {
          id: stripeId("price", 24),
          object: "price",
          active: false,
          billing_scheme: "per_unit",
          currency: lineCurrency,
          unit_amount: unitAmount,
          unit_amount_decimal: String(unitAmount),
          product: product.id,
          type: "one_time",
          created,
          livemode: false,
          metadata: {},
        },
      };
    });
    const sessionCurrency = lineItems[0]?.currency ?? "usd";
    if (lineItems.some((item) => item.currency !== sessionCurrency))
      throw invalid("All line items must have the same currency.", "line_items");

    let allowedCountries: string[] | null = null;
    if (body.shipping_address_collection !== undefined) {
      const collection = body.shipping_address_collection;
      if (!isRecord(collection)) throw invalid("Invalid hash", "shipping_address_collection");
      allowedCountries = asArray(
        collection.allowed_countries,
        "shipping_address_collection[allowed_countries]",
      ).map((country, index) => {
        const code = string(country, `shipping_address_collection[allowed_countries][${index}]`, {
          required: true,
        });
        if (!code || !/^[A-Z]{2}$/.test(code))
          throw invalid(
            `Invalid country: ${String(country)}`,
            "shipping_address_collection[allowed_countries]",
          );
        return code;
      });
      if (allowedCountries.length === 0)
        throw invalid(
          "Missing required param: allowed_countries.",
          "shipping_address_collection[allowed_countries]",
        );
    }

    const shippingRates = (
      body.shipping_options === undefined ? [] : asArray(body.shipping_options, "shipping_options")
    ).map((raw, index) => {
      const param = `shipping_options[${index}]`;
      if (!isRecord(raw) || !isRecord(raw.shipping_rate_data))
        throw invalid("Missing required param: shipping_rate_data.", param, "parameter_missing");
      const data = raw.shipping_rate_data;
      if (data.type !== undefined && data.type !== "fixed_amount")
        throw invalid(`Invalid type: ${String(data.type)}`, `${param}[shipping_rate_data][type]`);
      const displayName = string(data.display_name, `${param}[shipping_rate_data][display_name]`, {
        required: true,
        max: 100,
      });
      if (!isRecord(data.fixed_amount))
        throw invalid("Missing required param: fixed_amount.", `${param}[shipping_rate_data][fixed_amount]`);
      const amount = integer(
        data.fixed_amount.amount,
        `${param}[shipping_rate_data][fixed_amount][amount]`,
        0,
        99_999_999,
      );
      const rateCurrency = currency(
        data.fixed_amount.currency,
        `${param}[shipping_rate_data][fixed_amount][currency]`,
      );
      if (rateCurrency !== sessionCurrency)
        throw invalid(
          "Shipping rates must use the session's currency.",
          `${param}[shipping_rate_data][fixed_amount][currency]`,
        );
      return { id: stripeId("shr", 24), displayName: displayName as string, amount };
    });
    if (shippingRates.length > 5)
      throw invalid("You may only specify up to 5 shipping options.", "shipping_options");

    const customerEmail = string(body.customer_email, "customer_email", { max: 800 });
    const subtotal = lineItems.reduce((sum, item) => sum + item.amount_subtotal, 0);
    const shippingAmount = shippingRates[0]?.amount ?? 0;
    const id = stripeId("cs_test", 58);
    const session: StripeCheckoutSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      url: `${payPageBaseUrl}/${id}`,
      success_url: successUrl,
      cancel_url: cancelUrl,
      amount_subtotal: subtotal,
      amount_total: subtotal + shippingAmount,
      currency: sessionCurrency,
      client_reference_id: string(body.client_reference_id, "client_reference_id", { max: 200 }),
      customer: null,
      customer_email: customerEmail,
      customer_details: null,
      collected_information: null,
      shipping_address_collection: allowedCountries ? { allowed_countries: allowedCountries } : null,
      shipping_cost: shippingRates[0]
        ? {
            amount_subtotal: shippingAmount,
            amount_tax: 0,
            amount_total: shippingAmount,
            shipping_rate: shippingRates[0].id,
          }
        : null,
      shipping_options: shippingRates.map((rate) => ({
        shipping_amount: rate.amount,
        shipping_rate: rate.id,
      })),
      payment_intent: null,
      payment_method_types: ["card"],
      metadata: metadata(body.metadata, "metadata"),
      locale: string(body.locale, "locale"),
      created,
      expires_at: created + lifetime,
      livemode: false,
      total_details: { amount_discount: 0, amount_shipping: shippingAmount, amount_tax: 0 },
    };
    const record: SessionRecord = { session, lineItems, products, shippingRates, declines: 0 };
    setBounded(records, id, record, RETAIN.sessions);
    return record;
  }

  function completeSession(id: string, input: CompleteSessionInput): StripeCheckoutSession {
    const record = findRecord(id);
    if (!record) throw new Error(`No such checkout.session: ${id}`);
    const session = record.session;
    if (session.status === "complete") return session;
    if (session.status !== "open") throw new Error(`Checkout session ${id} is ${session.status}`);
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = stripeId("pi", 24);
    session.url = null;
    session.customer_details = {
      email: input.email,
      name: input.name,
      phone: null,
      address: input.address,
      tax_exempt: "none",
      tax_ids: [],
    };
    session.collected_information = { shipping_details: { name: input.name, address: input.address } };
    emit("checkout.session.completed", session);
    return session;
  }

  function expireSession(id: string): StripeCheckoutSession {
    const record = findRecord(id);
    if (!record) throw invalid(`No such checkout.session: '${id}'`, "session", "resource_missing");
    if (record.session.status !== "open")
      throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.', "session");
    record.session.status = "expired";
    record.session.url = null;
    emit("checkout.session.expired", record.session);
    return record.session;
  }

  // --- Webhooks ----------------------------------------------------------------------------------

  function emit(type: string, object: StripeCheckoutSession) {
    const event: StripeEvent = {
      id: stripeId("evt", 24),
      object: "event",
      api_version: API_VERSION,
      created: nowSeconds(),
      // A snapshot: later changes to the session do not change the event (as at Stripe).
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: webhookUrls.length,
      request: { id: null, idempotency_key: null },
      type,
    };
    pushBounded(events, event, RETAIN.events);
    for (const target of webhookUrls) track(deliver(event, target, 1));
  }

  function track(promise: Promise<void>) {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  }

  async function deliver(event: StripeEvent, target: string, attempt: number): Promise<void> {
    if (closed) return;
    const payload = JSON.stringify(event, null, 2);
    // Each attempt is signed afresh with the current time, as Stripe does.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signature,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(retry.timeoutMs),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const sessionId = (event.data.object as { id?: string }).id ?? null;
    pushBounded(
      deliveryLog,
      {
        eventId: event.id,
        type: event.type,
        sessionId,
        url: target,
        attempt,
        status,
        error,
        at: Date.now(),
      },
      RETAIN.log,
    );
    if (status !== null && status >= 200 && status < 300) return;
    if (closed) return;
    if (attempt >= retry.maxAttempts) {
      logger?.warn(
        { eventId: event.id, url: target, attempt, status, error },
        "stripe emulator: webhook given up",
      );
      return;
    }
    const delay = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
    logger?.info(
      { eventId: event.id, url: target, attempt, status, error, retryInMs: delay },
      "stripe emulator: webhook will be retried",
    );
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, delay);
      timer.unref();
      timers.add(timer);
    });
    return deliver(event, target, attempt + 1);
  }

  // --- HTTP API ----------------------------------------------------------------------------------

  const app = express();
  // As the real API: no ETag (Express would hash every answer to make one).
  app.set("etag", false);
  app.disable("x-powered-by");
  app.set("query parser", "extended");

  app.use("/v1", (req, res, next) => {
    const record: ApiRequestRecord = {
      method: req.method,
      path: req.path === "/" ? "/v1" : `/v1${req.path}`,
      idempotencyKey: req.get("idempotency-key") ?? null,
      status: 0,
      fault: null,
      at: Date.now(),
    };
    pushBounded(requestLog, record, RETAIN.log);
    res.on("finish", () => {
      record.status = res.statusCode;
    });
    res.setHeader("Request-Id", stripeId("req", 14));
    res.setHeader("Stripe-Version", API_VERSION);
    const rule = faultRules.find(
      (candidate) =>
        candidate.remaining > 0 &&
        (!candidate.method || candidate.method === req.method) &&
        (!candidate.pathPrefix || record.path.startsWith(candidate.pathPrefix)),
    );
    if (!rule) return next();
    rule.remaining -= 1;
    faultRules = faultRules.filter((candidate) => candidate.remaining > 0);
    record.fault = rule.kind;
    if (rule.kind === "latency") {
      const timer = setTimeout(() => {
        timers.delete(timer);
        next();
      }, rule.ms);
      timers.add(timer);
      return;
    }
    if (rule.kind === "timeout") {
      held.add(res);
      const timer = setTimeout(() => {
        timers.delete(timer);
        held.delete(res);
        res.socket?.destroy();
      }, rule.ms ?? 60_000);
      timers.add(timer);
      res.on("close", () => {
        clearTimeout(timer);
        timers.delete(timer);
        held.delete(res);
      });
      return;
    }
    res.status(rule.status).json({
      error:
        rule.status === 429
          ? {
              type: "rate_limit_error",
              message: "Too many requests hit the API too quickly (injected fault).",
            }
          : {
              type: "api_error",
              message: `An error occurred with our connection to Stripe (injected ${rule.status}).`,
            },
    });
  });

  app.use("/v1", (req, res, next) => {
    const header = req.get("authorization") ?? "";
    const key = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!key) {
      res.status(401).json({
        error: {
          type: "invalid_request_error",
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.",
        },
      });
      return;
    }
    if (!/^(sk|rk)_test_\w+$/.test(key)) {
      res.status(401).json({
        error: {
          type: "invalid_request_error",
          message: `Invalid API Key provided: ${key.slice(0, 8)}****. The Stripe emulator accepts test keys (sk_test_…) only.`,
        },
      });
      return;
    }
    res.locals.apiKey = key;
    next();
  });

  app.use("/v1", express.urlencoded({ extended: true, limit: "1mb" }));

  /** Runs a POST once per Idempotency-Key: a repeat with the same body replays the first answer. */
  function idempotent(
    handler: (req: express.Request) => { status: number; body: unknown },
  ): express.RequestHandler {
    return (req, res) => {
      const key = req.get("idempotency-key");
      const fingerprint = createHash("sha256")
        .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? {})}`)
        .digest("hex");
      const scope = key ? `${res.locals.apiKey as string}:${key}` : null;
      if (scope) {
        const previous = idempotency.get(scope);
        if (previous) {
          if (previous.fingerprint !== fingerprint) {
            res.status(400).json({
              error: {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            });
            return;
          }
          res.setHeader("Idempotent-Replayed", "true");
          res.setHeader("Idempotency-Key", key as string);
          res.status(previous.status).json(previous.body);
          return;
        }
      }
      let result: { status: number; body: unknown };
      try {
        result = handler(req);
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        result = { status: error.status, body: { error: error.body } };
      }
      // Stripe stores the answer of any request that ran, errors included (not 5xx it never ran).
      if (scope)
        setBounded(
          idempotency,
          scope,
          { fingerprint, status: result.status, body: result.body, at: Date.now() },
          RETAIN.idempotencyKeys,
        );
      if (key) res.setHeader("Idempotency-Key", key);
      res.status(result.status).json(result.body);
    };
  }

  app.post(
    "/v1/checkout/sessions",
    idempotent((req) => {
      const body = isRecord(req.body) ? req.body : {};
      const record = createSession(body);
      return { status: 200, body: serializeSession(record, expandList(body.expand)) };
    }),
  );

  app.get("/v1/checkout/sessions", (req, res) => {
    const limit = req.query.limit === undefined ? 10 : integer(req.query.limit, "limit", 1, 100);
    const all = [...records.values()].reverse();
    const data = all.slice(0, limit).map((record) => serializeSession(record, expandList(req.query.expand)));
    res.json({ object: "list", data, has_more: all.length > limit, url: "/v1/checkout/sessions" });
  });

  const missing = (id: string) =>
    new ApiFailure(404, {
      type: "invalid_request_error",
      message: `No such checkout.session: '${id}'`,
      param: "session",
      code: "resource_missing",
    });

  app.get("/v1/checkout/sessions/:id", (req, res) => {
    const record = findRecord(req.params.id);
    if (!record) throw missing(req.params.id);
    res.json(serializeSession(record, expandList(req.query.expand)));
  });

  app.get("/v1/checkout/sessions/:id/line_items", (req, res) => {
    const record = findRecord(req.params.id);
    if (!record) throw missing(req.params.id);
    const limit = req.query.limit === undefined ? 10 : integer(req.query.limit, "limit", 1, 100);
    const after = typeof req.query.starting_after === "string" ? req.query.starting_after : null;
    const start = after ? record.lineItems.findIndex((item) => item.id === after) + 1 : 0;
    const page = record.lineItems.slice(start, start + limit);
    const expandProduct = expandList(req.query.expand).includes("data.price.product");
    res.json(lineItemList(record, page, expandProduct, start + limit < record.lineItems.length));
  });

  app.post(
    "/v1/checkout/sessions/:id/expire",
    idempotent((req) => {
      const id = String(req.params.id);
      if (!records.has(id)) throw missing(id);
      const session = expireSession(id);
      return { status: 200, body: { ...session } };
    }),
  );

  app.use("/v1", (req, res) => {
    res.status(404).json({
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: /v1${req.path}). The Stripe emulator serves Checkout Sessions only.`,
      },
    });
  });

  const errorHandler: express.ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof ApiFailure) {
      res.status(error.status).json({ error: error.body });
      return;
    }
    const status = typeof error?.status === "number" && error.status < 500 ? error.status : 500;
    res.status(status).json({
      error: {
        type: status === 500 ? "api_error" : "invalid_request_error",
        message:
          status === 500
            ? "Internal error in the Stripe emulator."
            : String(error?.message ?? "Invalid request"),
      },
    });
    if (status === 500) logger?.warn({ err: error }, "stripe emulator: internal error");
  };

  const browserRouter = createPayPageRouter({
    merchantName: options.merchantName ?? "Sandbox store",
    find: (id) => findRecord(id),
    complete: completeSession,
  });

  // Standalone, the pay page is served here too, under its own strict policy.
  app.use(
    "/pay",
    (_req, res, next) => {
      res.setHeader(
        "Content-Security-Policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
      );
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Referrer-Policy", "no-referrer");
      next();
    },
    (req, res, next) => {
      req.url = `/pay${req.url}`;
      browserRouter(req, res, next);
    },
  );
  app.use(errorHandler);

  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const apiUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  if (!payPageBaseUrl) payPageBaseUrl = `${apiUrl}/pay`;
  logger?.info({ apiUrl, payPageBaseUrl }, "stripe emulator listening");

  const sessionOrThrow = (id: string) => {
    const record = findRecord(id);
    if (!record) throw new Error(`No such checkout.session: ${id}`);
    return record.session;
  };

  return {
    apiUrl,
    secretKey: "sk_test_emulator",
    webhookSecret,
    browserRouter,
    setWebhookUrls(urls) {
      webhookUrls = [...urls];
    },
    faults: {
      add(rule) {
        faultRules.push({ ...rule, remaining: rule.times ?? Number.POSITIVE_INFINITY });
      },
      clear() {
        faultRules = [];
      },
    },
    requests: () => requestLog.map((entry) => ({ ...entry })),
    deliveries: () => deliveryLog.map((entry) => ({ ...entry })),
    session: (id) => {
      const record = findRecord(id);
      return record ? structuredClone(record.session) : undefined;
    },
    sessions: () => [...records.values()].map((record) => structuredClone(current(record))),
    events: () => events.map((event) => structuredClone(event)),
    completeSession: (id, input) => structuredClone(completeSession(id, input)),
    async redeliver(eventOrSessionId) {
      const chosen = events.filter(
        (event) =>
          event.id === eventOrSessionId || (event.data.object as { id?: string }).id === eventOrSessionId,
      );
      if (chosen.length === 0) throw new Error(`No event for ${eventOrSessionId}`);
      await Promise.all(
        chosen.flatMap((event) => webhookUrls.map((target) => deliver(event, target, retry.maxAttempts))),
      );
    },
    async webhooksSettled(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0) {
        if (Date.now() > deadline) throw new Error("webhook deliveries did not settle");
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => setTimeout(resolve, 100)),
        ]);
      }
    },
    expireSession: (id) => {
      sessionOrThrow(id);
      return structuredClone(expireSession(id));
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const res of held) res.socket?.destroy();
      held.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
