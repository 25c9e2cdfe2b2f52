import express from "express";
import Stripe from "stripe";
import { pushBounded } from "../retention";
import { type BillingRouteDeps, billingRoutes } from "./billing-routes";
import type { Charges } from "./charges";
import { checkoutOptions } from "./checkout-options";
import { ApiFailure, noSuchSession } from "./errors";
import type { Faults, StripeFault } from "./faults";
import { createIdempotency } from "./idempotency";
import type { EmulatorLogger } from "./logger";
import { stripeId } from "./objects";
import { createSessionParams, expandList, isRecord, listLimit } from "./parameters";
import { paymentRoutes } from "./payment-routes";
import type { Promotions } from "./promotions";
import type { SessionStore } from "./sessions";

/**
 * The emulator's HTTP API, as Stripe's: `/v1` under a bearer `sk_test_…` key, form-encoded bodies,
 * `Request-Id` and `Stripe-Version` on every answer, Stripe's error JSON; the Checkout Sessions
 * routes; and, standalone, the pay page under `/pay` with a strict policy of its own.
 */

export type ApiRequestRecord = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number;
  fault: StripeFault["kind"] | null;
  at: number;
};

export type ApiOptions = {
  sessions: SessionStore;
  charges: Charges;
  promotions: Promotions;
  faults: Faults;
  billing: BillingRouteDeps;
  /** The browser pages (pay page, sandbox dashboard), served standalone on this origin too. */
  payPage: express.Router;
  retain: { log: number; idempotencyKeys: number };
  logger?: EmulatorLogger;
};

/** Logs every request (tests count calls and retries), stamps Stripe's headers, applies faults. */
function logAndFault(requestLog: ApiRequestRecord[], faults: Faults, retain: number): express.RequestHandler {
  return (req, res, next) => {
    const record: ApiRequestRecord = {
      method: req.method,
      path: req.path === "/" ? "/v1" : `/v1${req.path}`,
      idempotencyKey: req.get("idempotency-key") ?? null,
      status: 0,
      fault: null,
      at: Date.now(),
    };
    pushBounded(requestLog, record, retain);
    res.on("finish", () => {
      record.status = res.statusCode;
    });
    res.setHeader("Request-Id", stripeId("req", 14));
    res.setHeader("Stripe-Version", Stripe.API_VERSION);
    record.fault = faults.apply(req, res, next, record.path);
  };
}

/** A bearer test key; live keys are refused (the emulator must never stand in for real money). */
const authenticate: express.RequestHandler = (req, res, next) => {
  const key = /^Bearer (\S+)$/.exec(req.get("authorization") ?? "")?.[1];
  const message = !key
    ? "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth."
    : !/^(sk|rk)_test_\w+$/.test(key)
      ? `Invalid API Key provided: ${key.slice(0, 8)}****. The Stripe emulator accepts test keys (sk_test_…) only.`
      : null;
  if (message) {
    res.status(401).json({ error: { type: "invalid_request_error", message } });
    return;
  }
  res.locals.apiKey = key;
  next();
};

function sessionRoutes(
  sessions: SessionStore,
  idempotent: ReturnType<typeof createIdempotency>,
): express.Router {
  const routes = express.Router();
  const found = (id: string) => {
    const record = sessions.find(id);
    if (!record) throw noSuchSession(id);
    return record;
  };

  routes.post(
    "/checkout/sessions",
    idempotent((req) => {
      const body = isRecord(req.body) ? req.body : {};
      const record = sessions.create(createSessionParams(body), checkoutOptions(body));
      return { status: 200, body: sessions.serialize(record, expandList(body.expand)) };
    }),
  );
  routes.get("/checkout/sessions", (req, res) => {
    const limit = listLimit(req.query.limit);
    // Stripe filters the list by the payment intent a session made (`payment_intent`).
    const paymentIntent = typeof req.query.payment_intent === "string" ? req.query.payment_intent : null;
    const all = sessions
      .newestFirst()
      .filter((record) => paymentIntent === null || record.session.payment_intent === paymentIntent);
    const data = all
      .slice(0, limit)
      .map((record) => sessions.serialize(record, expandList(req.query.expand)));
    res.json({ object: "list", data, has_more: all.length > limit, url: "/v1/checkout/sessions" });
  });
  routes.get("/checkout/sessions/:id", (req, res) => {
    res.json(sessions.serialize(found(req.params.id), expandList(req.query.expand)));
  });
  routes.get("/checkout/sessions/:id/line_items", (req, res) => {
    const record = found(req.params.id);
    const limit = listLimit(req.query.limit);
    const after = typeof req.query.starting_after === "string" ? req.query.starting_after : null;
    const expandProduct = expandList(req.query.expand).includes("data.price.product");
    res.json(sessions.lineItemPage(record, limit, after, expandProduct));
  });
  routes.post(
    "/checkout/sessions/:id/expire",
    idempotent((req) => {
      const id = String(req.params.id);
      if (!sessions.has(id)) throw noSuchSession(id);
      return { status: 200, body: { ...sessions.expire(id) } };
    }),
  );
  return routes;
}

const unrecognized: express.RequestHandler = (req, res) => {
  res.status(404).json({
    error: {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${req.method}: /v1${req.path}). The Stripe emulator serves Checkout Sessions, PaymentIntents, Charges, Refunds, Promotion Codes, Customers, Subscriptions, Subscription Schedules, Invoices, Test Clocks and Customer Portal sessions only.`,
    },
  });
};

function errorHandler(logger: EmulatorLogger | undefined): express.ErrorRequestHandler {
  return (error, _req, res, _next) => {
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
}

/**
 * Standalone, the pay page (`/pay`) and the sandbox dashboard (`/payments`) are served by the API's
 * server too, under a strict policy of their own.
 */
function standalonePage(payPage: express.Router, prefix: string): express.RequestHandler[] {
  return [
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
      req.url = `${prefix}${req.url}`;
      payPage(req, res, next);
    },
  ];
}

export function createApi(options: ApiOptions) {
  const requestLog: ApiRequestRecord[] = [];
  const app = express();
  // As the real API: no ETag (Express would hash every answer to make one).
  app.set("etag", false);
  app.disable("x-powered-by");
  app.set("query parser", "extended");
  app.use("/v1", logAndFault(requestLog, options.faults, options.retain.log));
  app.use("/v1", authenticate);
  app.use("/v1", express.urlencoded({ extended: true, limit: "1mb" }));
  const idempotent = createIdempotency(options.retain.idempotencyKeys);
  app.use("/v1", sessionRoutes(options.sessions, idempotent));
  app.use("/v1", paymentRoutes(options.charges, options.promotions, idempotent));
  app.use("/v1", billingRoutes(options.billing, idempotent));
  app.use("/v1", unrecognized);
  app.use("/pay", ...standalonePage(options.payPage, "/pay"));
  app.use("/payments", ...standalonePage(options.payPage, "/payments"));
  for (const prefix of ["/subscriptions", "/portal", "/invoices"])
    app.use(prefix, ...standalonePage(options.payPage, prefix));
  app.use(errorHandler(options.logger));
  return {
    app,
    /** Every API request so far, copied. */
    requests: () => requestLog.map((entry) => ({ ...entry })),
  };
}
