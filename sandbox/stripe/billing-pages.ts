import express from "express";
import { escapeHtml } from "../html";
import type { Billing } from "./billing";
import type { StripeInvoice, StripeSubscription } from "./billing-objects";
import { cardBehaviour } from "./customers";
import { notice, page } from "./html";
import { amountField, formatAmount, parseAmount } from "./money";

/**
 * Billing's browser pages: the sandbox dashboard's subscriptions (`/subscriptions`: each with its
 * invoices, and "Advance 4 weeks", which moves the customer's test clock as
 * POST /v1/test_helpers/test_clocks/:id/advance does), and the customer portal (`/portal/:session`:
 * the card and the billing address, Stripe's hosted page for them). Plain forms, no script. Each
 * subscription can also be updated (quantity, price per unit) and canceled there, as in Stripe's
 * dashboard, with the same events Stripe sends.
 */

export type BillingPagesDeps = { merchantName: string; billing: Billing };

const FOUR_WEEKS = 28 * 86_400;
const when = (seconds: number | null) =>
  seconds === null ? "—" : `${new Date(seconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC`;

function subscriptionItem(deps: BillingPagesDeps, subscription: StripeSubscription, base: string): string {
  const { billing } = deps;
  const customer = billing.customers.get(subscription.customer);
  const item = subscription.items.data[0];
  const money = (amount: number) => escapeHtml(formatAmount(amount, subscription.currency));
  const count = item?.price.recurring.interval_count ?? 1;
  const unit = `${item?.price.recurring.interval ?? ""}${count === 1 ? "" : "s"}`;
  const every = item ? `every ${count === 1 ? "" : `${count} `}${unit}` : "";
  const clock = subscription.test_clock ? billing.clocks.get(subscription.test_clock) : null;
  const invoices = billing.invoices.ofSubscription(subscription.id).map(
    (
      invoice,
    ) => `<tr><td><code>${escapeHtml(invoice.number)}</code></td><td>${escapeHtml(when(invoice.created))}</td>
      <td>${money(invoice.amount_due)}</td><td>${escapeHtml(invoice.status)}</td><td>${invoice.attempt_count}</td>
      <td>${escapeHtml(when(invoice.next_payment_attempt))}</td></tr>`,
  );
  const schedule = subscription.schedule ? billing.schedules.get(subscription.schedule) : null;
  const pauses = (schedule?.pause_schedules ?? []).map(
    (entry) =>
      `<li>Paused ${escapeHtml(when(entry.pause.pause_at))} (${escapeHtml(entry.pause.status.type)}), resumes ${escapeHtml(
        when(entry.resume?.resume_at ?? null),
      )} (${escapeHtml(entry.resume?.status.type ?? "—")})</li>`,
  );
  const advance =
    clock && subscription.status !== "canceled"
      ? `<form method="post" action="${escapeHtml(`${base}/${encodeURIComponent(subscription.id)}/advance`)}" aria-label="Advance ${escapeHtml(subscription.id)}">
    <div class="actions"><button type="submit">Advance 4 weeks</button>
    <span class="muted">Moves test clock <code>${escapeHtml(clock.id)}</code>, now ${escapeHtml(when(clock.frozen_time))}.</span></div>
  </form>`
      : `<p class="muted">${clock ? "Canceled." : "On real time (not on a test clock)."}</p>`;
  const update =
    subscription.status !== "canceled" && item
      ? `<form method="post" action="${escapeHtml(`${base}/${encodeURIComponent(subscription.id)}/update`)}" aria-label="Update ${escapeHtml(subscription.id)}">
    <h3>Update subscription</h3>
    <div class="row">
      <div><label for="q-${escapeHtml(subscription.id)}">Quantity</label>
      <input id="q-${escapeHtml(subscription.id)}" name="quantity" inputmode="numeric" required value="${item.quantity}"></div>
      <div><label for="p-${escapeHtml(subscription.id)}">Price per unit (${escapeHtml(subscription.currency.toUpperCase())})</label>
      <input id="p-${escapeHtml(subscription.id)}" name="price" inputmode="decimal" required value="${escapeHtml(amountField(item.price.unit_amount, subscription.currency))}"></div>
    </div>
    <div class="actions"><button type="submit" class="secondary">Update subscription</button>
    <span class="muted">As in Stripe's dashboard: from the next invoice, no prorations; the store hears <code>customer.subscription.updated</code>.</span></div>
  </form>`
      : "";
  const cancel =
    subscription.status !== "canceled"
      ? `<form method="post" action="${escapeHtml(`${base}/${encodeURIComponent(subscription.id)}/cancel`)}" aria-label="Cancel ${escapeHtml(subscription.id)}">
    <div class="actions"><button type="submit" class="secondary">Cancel subscription</button>
    <span class="muted">As in Stripe's dashboard: at once, and the store hears <code>customer.subscription.deleted</code>.</span></div>
  </form>`
      : "";
  return `<li class="payment">
  <h2>${item ? money(item.price.unit_amount * item.quantity) : ""} ${escapeHtml(every)} <span class="muted">· ${escapeHtml(customer.email ?? "no e-mail")}</span></h2>
  <dl class="sum">
    <dt>Status</dt><dd>${escapeHtml(subscription.status)}</dd>
    <dt>Current period</dt><dd>${escapeHtml(when(item?.current_period_start ?? null))} to ${escapeHtml(when(item?.current_period_end ?? null))}</dd>
    <dt>Subscription</dt><dd><code>${escapeHtml(subscription.id)}</code></dd>
  </dl>
  ${pauses.length ? `<h3>Pause schedules</h3><ul>${pauses.join("")}</ul>` : ""}
  <div class="scroll" role="region" aria-label="Invoices of ${escapeHtml(subscription.id)}" tabindex="0"><table><caption>Invoices</caption><thead><tr><th scope="col">Number</th><th scope="col">Created</th><th scope="col">Amount</th>
  <th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Next attempt</th></tr></thead>
  <tbody>${invoices.join("") || `<tr><td colspan="6">None yet.</td></tr>`}</tbody></table></div>
  ${advance}
  ${update}
  ${cancel}
</li>`;
}

const STYLE = `<style>
main.dashboard { display: block; max-width: 56rem; }
ul.payments { list-style: none; padding: 0; margin: 1.5rem 0 0; display: grid; gap: 1rem; }
li.payment { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; min-width: 0; }
main.dashboard form + form { margin-top: 1rem; }
li.payment dd, li.payment li { overflow-wrap: anywhere; }
li.payment code { white-space: normal; word-break: break-all; }
.scroll { overflow-x: auto; }
li.payment form { border: 0; padding: 0; margin-top: 1rem; }
li.payment h2 { font-size: 1.125rem; } li.payment h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
table { border-collapse: collapse; width: 100%; margin-top: 1rem; font-size: .875rem; }
caption { text-align: left; font-weight: 600; margin-bottom: .25rem; }
th, td { text-align: left; padding: .375rem .5rem; border-bottom: 1px solid var(--line); }
</style>`;

/** The hosted invoice page's HTML. */
function invoicePage(deps: BillingPagesDeps, invoice: StripeInvoice): string {
  const money = (amount: number) => escapeHtml(formatAmount(amount, invoice.currency));
  return page(
    `Invoice ${invoice.number} · ${deps.merchantName}`,
    `<main class="dashboard"><section aria-labelledby="invoice-title">
  <h1 id="invoice-title">Invoice ${escapeHtml(invoice.number)} from ${escapeHtml(deps.merchantName)}</h1>
  <dl class="sum">
    <dt>Amount due</dt><dd>${money(invoice.amount_due)}</dd>
    <dt>Amount paid</dt><dd>${money(invoice.amount_paid)}</dd>
    <dt>Status</dt><dd>${escapeHtml(invoice.status)}</dd>
    <dt>Created</dt><dd>${escapeHtml(when(invoice.created))}</dd>
    <dt>Next payment attempt</dt><dd>${escapeHtml(when(invoice.next_payment_attempt))}</dd>
  </dl>
</section></main>`,
    "Sandbox: no real payments. This page stands in for Stripe's hosted invoice page.",
  );
}

/** The customer portal's HTML: the card and the billing address, each its own form. */
function portalPage(
  deps: BillingPagesDeps,
  portal: { customer: string; returnUrl: string | null },
  path: string,
  updated: string,
): string {
  const customer = deps.billing.customers.get(portal.customer);
  const card = deps.billing.customers.card(customer.id);
  const address = customer.address;
  return page(
    `${deps.merchantName} · Billing`,
    `<main class="dashboard"><section aria-labelledby="portal-title">
  <h1 id="portal-title">${escapeHtml(deps.merchantName)}: billing</h1>
  <p class="muted">${escapeHtml(customer.email ?? "")}</p>
  ${updated ? `<p class="status" role="status">${escapeHtml(updated)}</p>` : ""}
  <form method="post" action="${escapeHtml(`${path}/card`)}" aria-labelledby="card-title">
    <h2 id="card-title">Payment method</h2>
    <p>${card ? `Card ending in ${escapeHtml(card.last4)}` : "No card on file."}</p>
    <label for="f-card">New card number</label>
    <input id="f-card" name="card" inputmode="numeric" autocomplete="cc-number" required aria-describedby="f-card-hint">
    <p class="hint" id="f-card-hint">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 is saved, then every charge fails.</p>
    <div class="actions"><button type="submit">Update card</button></div>
  </form>
  <form method="post" action="${escapeHtml(`${path}/address`)}" aria-labelledby="address-title">
    <h2 id="address-title">Billing address</h2>
    <label for="f-line1">Address line 1</label><input id="f-line1" name="line1" autocomplete="address-line1" required value="${escapeHtml(address?.line1 ?? "")}">
    <label for="f-city">City</label><input id="f-city" name="city" autocomplete="address-level2" required value="${escapeHtml(address?.city ?? "")}">
    <div class="row"><div><label for="f-state">State</label><input id="f-state" name="state" autocomplete="address-level1" value="${escapeHtml(address?.state ?? "")}"></div>
    <div><label for="f-postal">ZIP code</label><input id="f-postal" name="postal_code" autocomplete="postal-code" required value="${escapeHtml(address?.postal_code ?? "")}"></div></div>
    <div class="actions"><button type="submit">Save address</button></div>
  </form>
  ${portal.returnUrl ? `<p><a href="${escapeHtml(portal.returnUrl)}">Return to ${escapeHtml(deps.merchantName)}</a></p>` : ""}
</section></main>`,
    "Sandbox: no real payments. This page stands in for Stripe's customer portal.",
  );
}

export function createBillingPagesRouter(deps: BillingPagesDeps): express.Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 20 });
  const send = (res: express.Response, status: number, html: string) => {
    res.status(status).setHeader("Cache-Control", "no-store");
    res.type("html").send(html.replace("</head>", `${STYLE}</head>`));
  };
  const basePath = (req: express.Request) =>
    (req.originalUrl.split("?")[0] ?? "").replace(/\/[^/]+\/(advance|cancel|update)$/, "").replace(/\/$/, "");

  router.get("/subscriptions", (req, res) => {
    const all = deps.billing.subscriptions.all();
    send(
      res,
      200,
      page(
        "Subscriptions · Stripe sandbox",
        `<main class="dashboard"><section aria-labelledby="subs-title">
  <h1 id="subs-title">Subscriptions to ${escapeHtml(deps.merchantName)}</h1>
  <p class="muted">The sandbox's stand-in for Stripe's dashboard. Each subscription Checkout makes here runs on a
  test clock of its own: "Advance 4 weeks" moves it, and what falls due (renewals, pauses, resumes, retries) happens
  and is sent to the store as Stripe's signed events.</p>
  ${all.length ? `<ul class="payments">${all.map((entry) => subscriptionItem(deps, entry, basePath(req))).join("")}</ul>` : "<p>No subscriptions yet.</p>"}
</section></main>`,
        "Sandbox: no real payments. This page stands in for Stripe's dashboard.",
      ),
    );
  });

  addSubscriptionActions(router, deps, { form, send, basePath });

  // The invoice's hosted page (`hosted_invoice_url`): what it charged and whether it is paid. Paying
  // from it is not modelled: a card fixed in the portal is charged at the next retry.
  router.get("/invoices/:id", (req, res) => {
    const invoice = deps.billing.invoices.all().find((entry) => entry.id === req.params.id);
    if (!invoice) {
      send(res, 404, notice("Invoice not found", "This invoice does not exist."));
      return;
    }
    send(res, 200, invoicePage(deps, invoice));
  });

  router.get("/portal/:id", (req, res) => {
    const portal = deps.billing.portalSessions.get(req.params.id);
    if (!portal) {
      send(res, 404, notice("Session not found", "This customer portal session does not exist."));
      return;
    }
    const updated =
      req.query.updated === "card"
        ? "Your card was updated."
        : req.query.updated === "address"
          ? "Your billing address was updated."
          : "";
    const path = (req.originalUrl.split("?")[0] ?? "").replace(/\/$/, "");
    send(res, 200, portalPage(deps, portal, path, updated));
  });

  router.post("/portal/:id/:what", form, (req, res) => {
    const portal = deps.billing.portalSessions.get(req.params.id);
    const what = req.params.what;
    if (!portal || (what !== "card" && what !== "address")) {
      send(res, 404, notice("Session not found", "This customer portal session does not exist."));
      return;
    }
    const customer = deps.billing.customers.get(portal.customer);
    const field = (name: string) =>
      typeof req.body?.[name] === "string" ? (req.body[name] as string).trim().slice(0, 200) : "";
    if (what === "card") {
      const digits = field("card").replace(/[\s-]/g, "");
      if (!/^\d{12,19}$/.test(digits)) {
        send(
          res,
          400,
          notice("Card not updated", "Enter a card number: 4242 4242 4242 4242 in the sandbox."),
        );
        return;
      }
      deps.billing.customers.attachCard(customer.id, cardBehaviour(digits), digits.slice(-4));
    } else {
      customer.address = {
        line1: field("line1") || null,
        line2: null,
        city: field("city") || null,
        state: field("state") || null,
        postal_code: field("postal_code") || null,
        country: customer.address?.country ?? "US",
      };
    }
    deps.billing.routeDeps.emit("customer.updated", customer);
    res.redirect(
      303,
      `${(req.originalUrl.split("?")[0] ?? "").replace(/\/(card|address)$/, "")}?updated=${what}`,
    );
  });
  return router;
}

type PageHelpers = {
  form: express.RequestHandler<{ id: string }>;
  send(res: express.Response, status: number, html: string): void;
  basePath(req: express.Request): string;
};

/** The dashboard's buttons on a subscription: advance its clock 4 weeks, update it, cancel it. */
function addSubscriptionActions(
  router: express.Router,
  deps: BillingPagesDeps,
  { form, send, basePath }: PageHelpers,
) {
  router.post("/subscriptions/:id/advance", form, (req, res) => {
    const { billing } = deps;
    if (!billing.subscriptions.has(req.params.id)) {
      send(res, 404, notice("Subscription not found", "This subscription does not exist."));
      return;
    }
    const clockId = billing.subscriptions.get(req.params.id).test_clock;
    if (clockId) {
      const to = billing.clocks.get(clockId).frozen_time + FOUR_WEEKS;
      const clock = billing.clocks.checkAdvance(clockId, to, billing.engine.shortestInterval(clockId));
      billing.routeDeps.emit("test_helpers.test_clock.advancing", { ...clock, status: "advancing" });
      billing.engine.advanceTo(clockId, to);
      // As Stripe's dashboard's advance does: the clock's `ready` event once it has moved.
      billing.routeDeps.emit("test_helpers.test_clock.ready", billing.clocks.get(clockId));
    }
    res.redirect(303, basePath(req));
  });

  router.post("/subscriptions/:id/update", form, (req, res) => {
    const { billing } = deps;
    if (!billing.subscriptions.has(req.params.id)) {
      send(res, 404, notice("Subscription not found", "This subscription does not exist."));
      return;
    }
    const subscription = billing.subscriptions.get(req.params.id);
    const field = (name: string) =>
      typeof req.body?.[name] === "string" ? (req.body[name] as string).trim() : "";
    const quantity = /^\d{1,6}$/.test(field("quantity")) ? Number(field("quantity")) : 0;
    const unitAmount = parseAmount(field("price"), subscription.currency);
    if (quantity < 1 || unitAmount === null || unitAmount <= 0) {
      send(
        res,
        400,
        notice(
          "Subscription not updated",
          "Enter a quantity of 1 or more and a price above zero, like 33.15.",
        ),
      );
      return;
    }
    if (subscription.status === "canceled") {
      send(res, 400, notice("Subscription not updated", "A canceled subscription cannot be updated."));
      return;
    }
    billing.subscriptions.update(subscription.id, { quantity, unitAmount });
    billing.schedules.followItems(subscription);
    res.redirect(303, basePath(req));
  });

  router.post("/subscriptions/:id/cancel", form, (req, res) => {
    const { billing } = deps;
    if (!billing.subscriptions.has(req.params.id)) {
      send(res, 404, notice("Subscription not found", "This subscription does not exist."));
      return;
    }
    const subscription = billing.subscriptions.get(req.params.id);
    const schedule = subscription.schedule ? billing.schedules.get(subscription.schedule) : null;
    billing.subscriptions.cancel(
      subscription.id,
      "cancellation_requested",
      "Canceled in the sandbox dashboard",
    );
    if (schedule?.status === "active") billing.schedules.finish(schedule.id, "canceled");
    res.redirect(303, basePath(req));
  });
}
