import express from "express";
import type { BillingEngine } from "./billing-engine";
import type { Invoices } from "./billing-invoices";
import type { StripeInvoice } from "./billing-objects";
import type { Schedules } from "./billing-schedules";
import type { Subscriptions } from "./billing-subscriptions";
import { type Customers, TEST_PAYMENT_METHODS } from "./customers";
import { ApiFailure, invalid } from "./errors";
import type { createIdempotency } from "./idempotency";
import { stripeId } from "./objects";
import { expandList, integer, isRecord, listLimit, string } from "./parameters";
import type { TestClocks } from "./test-clocks";

/**
 * The Billing API as Stripe's, for the calls the site makes (decision 119): customers, products (read),
 * subscriptions (read, list, update metadata or cancel at period end, cancel), subscription schedules
 * (from a subscription, with pause schedules; update, release, cancel), subscription items (read;
 * update the quantity, no proration), invoices (read, list), invoice payments (list), test clocks
 * (create, read, list, advance, delete) and customer portal sessions. Mounted under /v1.
 */

export type BillingRouteDeps = {
  clocks: TestClocks;
  customers: Customers;
  subscriptions: Subscriptions;
  schedules: Schedules;
  invoices: Invoices;
  engine: BillingEngine;
  emit(type: string, object: unknown): void;
  /** Where the portal page is (`<base>/<session id>`). */
  portalBaseUrl(): string;
  portalSessions: Map<string, { customer: string; returnUrl: string | null }>;
};

type Idempotent = ReturnType<typeof createIdempotency>;
const ok = (value: unknown) => ({ status: 200, body: structuredClone(value) });

const body = (req: express.Request): Record<string, unknown> => (isRecord(req.body) ? req.body : {});
/** An invoice as Stripe answers it: `payments` is includable, present only when expanded. */
function includable(invoice: StripeInvoice, withPayments: boolean) {
  if (withPayments) return invoice;
  const { payments: _payments, ...rest } = invoice;
  return rest;
}

const query = (req: express.Request, name: string) =>
  typeof req.query[name] === "string" ? (req.query[name] as string) : undefined;

function list<T extends { id: string }>(req: express.Request, all: T[], url: string) {
  const limit = listLimit(req.query.limit);
  const after = query(req, "starting_after");
  const from = after ? all.findIndex((entry) => entry.id === after) + 1 : 0;
  return { object: "list", data: all.slice(from, from + limit), has_more: from + limit < all.length, url };
}

function metadataOf(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === "") return undefined;
  if (!isRecord(value)) throw invalid("Invalid hash", "metadata");
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
}

/** Customers (create, read) and products (read). */
function customerRoutes(routes: express.Router, deps: BillingRouteDeps, idempotent: Idempotent) {
  const { clocks, customers, subscriptions } = deps;
  routes.post(
    "/customers",
    idempotent((req) => {
      const params = body(req);
      const testClock = string(params.test_clock, "test_clock");
      if (testClock) clocks.get(testClock);
      const paymentMethod = string(params.payment_method, "payment_method");
      if (paymentMethod && !TEST_PAYMENT_METHODS[paymentMethod])
        throw invalid(`No such PaymentMethod: '${paymentMethod}'`, "payment_method", "resource_missing");
      return ok(
        customers.create({
          email: string(params.email, "email", { max: 512 }),
          name: string(params.name, "name", { max: 256 }),
          description: string(params.description, "description"),
          metadata: metadataOf(params.metadata),
          testClock,
          created: clocks.now(testClock),
          paymentMethod,
        }),
      );
    }),
  );
  routes.get("/customers/:id", (req, res) => void res.json(customers.get(req.params.id)));
  routes.get("/products/:id", (req, res) => void res.json(subscriptions.product(req.params.id)));
}

/** Subscriptions (read, list, update, cancel) and their schedules. */
function subscriptionRoutes(routes: express.Router, deps: BillingRouteDeps, idempotent: Idempotent) {
  const { subscriptions, schedules, invoices } = deps;
  routes.get("/subscriptions", (req, res) => {
    const customer = query(req, "customer");
    const status = query(req, "status");
    const all = subscriptions
      .all()
      .filter((entry) => !customer || entry.customer === customer)
      .filter((entry) =>
        status ? status === "all" || entry.status === status : entry.status !== "canceled",
      );
    res.json(list(req, all, "/v1/subscriptions"));
  });
  routes.get("/subscriptions/:id", (req, res) => {
    const subscription = structuredClone(subscriptions.get(req.params.id));
    const expand = expandList(req.query.expand);
    if (expand.includes("latest_invoice") && subscription.latest_invoice)
      res.json({
        ...subscription,
        latest_invoice: includable(
          invoices.get(subscription.latest_invoice),
          expand.includes("latest_invoice.payments"),
        ),
      });
    else if (expand.includes("schedule") && subscription.schedule)
      res.json({ ...subscription, schedule: schedules.get(subscription.schedule) });
    else res.json(subscription);
  });
  routes.post(
    "/subscriptions/:id",
    idempotent((req) => {
      const subscription = subscriptions.get(String(req.params.id));
      const params = body(req);
      for (const key of Object.keys(params)) {
        if (!["metadata", "cancel_at_period_end", "expand"].includes(key))
          throw invalid(`The Stripe emulator does not model updating ${key} on a subscription.`, key);
      }
      if (subscription.status === "canceled")
        throw invalid(
          "A canceled subscription can only update its cancellation_details and metadata.",
          "subscription",
        );
      const metadata = metadataOf(params.metadata);
      if (metadata) subscription.metadata = { ...subscription.metadata, ...metadata };
      if (params.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = params.cancel_at_period_end === "true";
        subscription.cancel_at = subscription.cancel_at_period_end
          ? (subscription.items.data[0]?.current_period_end ?? null)
          : null;
      }
      deps.emit("customer.subscription.updated", subscription);
      return ok(subscription);
    }),
  );
  routes.delete("/subscriptions/:id", (req, res) => {
    const params = isRecord(req.body) ? req.body : isRecord(req.query) ? req.query : {};
    // Stripe's defaults (no final invoice, no proration credit) are what the emulator models.
    for (const key of ["invoice_now", "prorate"])
      if (params[key] === "true")
        throw invalid(`The Stripe emulator does not model ${key}=true when cancelling a subscription.`, key);
    const details = isRecord(params.cancellation_details) ? params.cancellation_details : {};
    const comment = string(details.comment, "cancellation_details[comment]", { max: 5000 });
    const subscription = subscriptions.get(req.params.id);
    const schedule = subscription.schedule ? schedules.get(subscription.schedule) : null;
    subscriptions.cancel(subscription.id, "cancellation_requested", comment);
    if (schedule?.status === "active") schedules.finish(schedule.id, "canceled");
    res.json(subscription);
  });

  subscriptionItemRoutes(routes, deps, idempotent);

  routes.post(
    "/subscription_schedules",
    idempotent((req) => ok(schedules.create(body(req)))),
  );
  routes.get("/subscription_schedules", (req, res) => {
    const customer = query(req, "customer");
    res.json(
      list(
        req,
        schedules.all().filter((entry) => !customer || entry.customer === customer),
        "/v1/subscription_schedules",
      ),
    );
  });
  routes.get("/subscription_schedules/:id", (req, res) => void res.json(schedules.get(req.params.id)));
  routes.post(
    "/subscription_schedules/:id",
    idempotent((req) => ok(schedules.update(String(req.params.id), body(req)))),
  );
  routes.post(
    "/subscription_schedules/:id/release",
    idempotent((req) => ok(schedules.finish(String(req.params.id), "released"))),
  );
  routes.post(
    "/subscription_schedules/:id/cancel",
    idempotent((req) => ok(schedules.finish(String(req.params.id), "canceled"))),
  );
}

/** A subscription item by its id (`si_…`), with its subscription. */
function itemOf(subscriptions: BillingRouteDeps["subscriptions"], id: string) {
  for (const subscription of subscriptions.all()) {
    const item = subscription.items.data.find((entry) => entry.id === id);
    if (item) return { subscription, item };
  }
  throw new ApiFailure(404, {
    type: "invalid_request_error",
    message: `No such subscription item: '${id}'`,
    param: "id",
    code: "resource_missing",
  });
}

/**
 * Subscription items (read; update the quantity). A new quantity is billed from the next invoice on:
 * prorations are not modelled, so `proration_behavior=none` must be said, as Stripe's default
 * (`create_prorations`) would credit and charge the rest of the period.
 */
function subscriptionItemRoutes(routes: express.Router, deps: BillingRouteDeps, idempotent: Idempotent) {
  const { subscriptions } = deps;
  routes.get(
    "/subscription_items/:id",
    (req, res) => void res.json(itemOf(subscriptions, req.params.id).item),
  );
  routes.post(
    "/subscription_items/:id",
    idempotent((req) => {
      const { subscription, item } = itemOf(subscriptions, String(req.params.id));
      const params = body(req);
      for (const key of Object.keys(params)) {
        if (!["quantity", "proration_behavior", "metadata", "expand"].includes(key))
          throw invalid(`The Stripe emulator does not model updating ${key} on a subscription item.`, key);
      }
      if (subscription.status === "canceled")
        throw invalid("A canceled subscription's items cannot be updated.", "subscription");
      const proration = string(params.proration_behavior, "proration_behavior") ?? "create_prorations";
      if (!["always_invoice", "create_prorations", "none"].includes(proration))
        throw invalid(`Invalid proration_behavior: ${proration}`, "proration_behavior");
      if (params.quantity !== undefined && proration !== "none")
        throw invalid(
          "The Stripe emulator does not model prorations: pass proration_behavior=none to change a quantity.",
          "proration_behavior",
        );
      if (params.quantity !== undefined) item.quantity = integer(params.quantity, "quantity", 0, 999_999);
      const meta = metadataOf(params.metadata);
      if (meta) item.metadata = { ...item.metadata, ...meta };
      deps.emit("customer.subscription.updated", subscription);
      return ok(item);
    }),
  );
}

/** Invoices (read, list) and test clocks (create, read, list, advance, delete). */
function invoiceAndClockRoutes(routes: express.Router, deps: BillingRouteDeps, idempotent: Idempotent) {
  const { clocks, invoices, engine } = deps;
  routes.get("/invoices", (req, res) => {
    const subscription = query(req, "subscription");
    const customer = query(req, "customer");
    const status = query(req, "status");
    const all = invoices
      .all()
      .filter((entry) => !subscription || entry.parent.subscription_details.subscription === subscription)
      .filter((entry) => !customer || entry.customer === customer)
      .filter((entry) => !status || entry.status === status);
    const listed = list(req, all, "/v1/invoices");
    const withPayments = expandList(req.query.expand).includes("data.payments");
    res.json({ ...listed, data: listed.data.map((entry) => includable(entry, withPayments)) });
  });
  routes.get("/invoices/:id", (req, res) => {
    const withPayments = expandList(req.query.expand).includes("payments");
    res.json(includable(invoices.get(req.params.id), withPayments));
  });
  // Invoice payments (list): of an invoice, or of a PaymentIntent (`payment[type]=payment_intent`).
  routes.get("/invoice_payments", (req, res) => {
    const invoice = query(req, "invoice");
    const payment = isRecord(req.query.payment) ? req.query.payment : {};
    const intent = typeof payment.payment_intent === "string" ? payment.payment_intent : undefined;
    if (payment.type !== undefined && payment.type !== "payment_intent") {
      throw new ApiFailure(400, {
        type: "invalid_request_error",
        message: "Invalid payment[type]: must be one of payment_intent or payment_record",
        param: "payment[type]",
      });
    }
    const all = invoices
      .all()
      .filter((entry) => !invoice || entry.id === invoice)
      .flatMap((entry) => entry.payments.data)
      .filter((entry) => !intent || entry.payment.payment_intent === intent);
    res.json(list(req, all, "/v1/invoice_payments"));
  });

  routes.post(
    "/test_helpers/test_clocks",
    idempotent((req) => {
      const params = body(req);
      const frozen = integer(params.frozen_time, "frozen_time", 0, 4_102_444_800);
      return ok(clocks.create(frozen, string(params.name, "name", { max: 300 })));
    }),
  );
  routes.get(
    "/test_helpers/test_clocks",
    (req, res) => void res.json(list(req, clocks.all(), "/v1/test_helpers/test_clocks")),
  );
  routes.get("/test_helpers/test_clocks/:id", (req, res) => void res.json(clocks.get(req.params.id)));
  routes.delete("/test_helpers/test_clocks/:id", (req, res) => {
    clocks.remove(req.params.id);
    res.json({ id: req.params.id, object: "test_helpers.test_clock", deleted: true });
  });
  routes.post(
    "/test_helpers/test_clocks/:id/advance",
    idempotent((req) => {
      const id = String(req.params.id);
      const to = integer(body(req).frozen_time, "frozen_time", 0, 4_102_444_800);
      const clock = clocks.checkAdvance(id, to, engine.shortestInterval(id));
      clocks.setStatus(id, "advancing");
      deps.emit("test_helpers.test_clock.advancing", clock);
      const answer = ok(clock);
      // As at Stripe, the advance runs after the answer: poll until `status` is `ready`.
      setImmediate(() => {
        if (!clocks.has(id)) return;
        try {
          engine.advanceTo(id, to);
          clocks.setStatus(id, "ready");
        } catch {
          clocks.setStatus(id, "internal_failure");
        }
        deps.emit("test_helpers.test_clock.ready", clocks.get(id));
      });
      return answer;
    }),
  );
}

/** Customer portal sessions (the page itself is billing-pages.ts). */
function portalRoutes(routes: express.Router, deps: BillingRouteDeps, idempotent: Idempotent) {
  const { clocks, customers } = deps;
  routes.post(
    "/billing_portal/sessions",
    idempotent((req) => {
      const params = body(req);
      const customer = customers.get(string(params.customer, "customer", { required: true }) as string);
      const returnUrl = string(params.return_url, "return_url", { max: 5000 });
      const id = stripeId("bps", 24);
      deps.portalSessions.set(id, { customer: customer.id, returnUrl });
      return ok({
        id,
        object: "billing_portal.session",
        configuration: "bpc_sandbox",
        created: clocks.now(null),
        customer: customer.id,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: returnUrl,
        url: `${deps.portalBaseUrl()}/${id}`,
      });
    }),
  );
}

export function billingRoutes(deps: BillingRouteDeps, idempotent: Idempotent): express.Router {
  const routes = express.Router();
  for (const add of [customerRoutes, subscriptionRoutes, invoiceAndClockRoutes, portalRoutes])
    add(routes, deps, idempotent);
  return routes;
}
