import express from "express";
import { escapeHtml } from "../html";
import { type Charges, REFUND_REASONS, type RefundReason, type StripeCharge } from "./charges";
import { ApiFailure } from "./errors";
import { page } from "./html";
import { amountField, formatAmount, parseAmount } from "./money";
import type { SessionStore } from "./sessions";

/**
 * The sandbox's stand-in for Stripe's dashboard, where a person refunds without credentials:
 * `GET /payments` lists the paid checkouts (amount, e-mail, refunded so far) each with a Refund form
 * (the amount left by default); `POST /payments/:chargeId/refund` refunds exactly as POST /v1/refunds
 * does (charges.ts: the same checks, `charge.refunded` delivered signed) and goes back (303).
 * Mounted at /__sandbox/stripe/payments on the site, at /payments on a standalone emulator.
 */

export type DashboardDeps = { merchantName: string; sessions: SessionStore; charges: Charges };

const REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: "Requested by customer",
  duplicate: "Duplicate",
  fraudulent: "Fraudulent",
};

/** The reasons in the order Stripe's dashboard offers them (the usual one first). */
const DASHBOARD_REASONS: RefundReason[] = ["requested_by_customer", "duplicate", "fraudulent"];

type Flash = { kind: "status" | "alert"; chargeId?: string; message: string };

function refundForm(charge: StripeCharge, action: string, flash: Flash | undefined): string {
  const left = charge.amount - charge.amount_refunded;
  if (left <= 0) return `<p class="muted">Fully refunded.</p>`;
  const id = `refund-${charge.id}`;
  const error = flash?.kind === "alert" && flash.chargeId === charge.id ? flash.message : undefined;
  return `<form method="post" action="${escapeHtml(action)}" aria-label="Refund ${escapeHtml(charge.id)}">
    <div class="row">
      <div>
        <label for="${id}-amount">Amount to refund (${escapeHtml(charge.currency.toUpperCase())})</label>
        <input id="${id}-amount" name="amount" inputmode="decimal" required value="${escapeHtml(
          amountField(left, charge.currency),
        )}"${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""}>
      </div>
      <div>
        <label for="${id}-reason">Reason</label>
        <select id="${id}-reason" name="reason">
          ${DASHBOARD_REASONS.map((reason) => `<option value="${reason}">${REASON_LABELS[reason]}</option>`).join("")}
        </select>
      </div>
    </div>
    ${error ? `<p class="field-error" id="${id}-error" role="alert">${escapeHtml(error)}</p>` : ""}
    <div class="actions"><button type="submit">Refund</button></div>
  </form>`;
}

function dashboard(deps: DashboardDeps, base: string, flash?: Flash): string {
  const paid = deps.charges.paid();
  const items = paid.map(({ charge, sessionId }) => {
    const money = (amount: number) => escapeHtml(formatAmount(amount, charge.currency));
    const when = new Date(charge.created * 1000).toISOString().replace("T", " ").slice(0, 16);
    return `<li class="payment">
  <h2>${money(charge.amount)} <span class="muted">· ${escapeHtml(charge.billing_details.email ?? "no e-mail")}</span></h2>
  <dl class="sum">
    <dt>Paid</dt><dd>${escapeHtml(when)} UTC</dd>
    <dt>Refunded so far</dt><dd>${money(charge.amount_refunded)}</dd>
    <dt>Charge</dt><dd><code>${escapeHtml(charge.id)}</code></dd>
    <dt>Checkout session</dt><dd><code>${escapeHtml(sessionId ?? "—")}</code></dd>
  </dl>
  ${refundForm(charge, `${base}/${encodeURIComponent(charge.id)}/refund`, flash)}
</li>`;
  });
  const banner =
    flash?.kind === "status"
      ? `<p class="status" role="status">${escapeHtml(flash.message)}</p>`
      : flash?.kind === "alert" && !flash.chargeId
        ? `<p class="alert" role="alert">${escapeHtml(flash.message)}</p>`
        : "";
  return page(
    "Payments · Stripe sandbox",
    `<main class="dashboard">
<section aria-labelledby="payments-title">
  <h1 id="payments-title">Payments to ${escapeHtml(deps.merchantName)}</h1>
  <p class="muted">The sandbox's stand-in for Stripe's dashboard: a refund here is made as Stripe's API
  makes it, and the store hears of it by the signed <code>charge.refunded</code> webhook.</p>
  ${banner}
  ${items.length ? `<ul class="payments">${items.join("")}</ul>` : "<p>No payments yet.</p>"}
</section>
</main>`,
    "Sandbox: no real payments. This page stands in for Stripe's dashboard.",
  );
}

const STYLE = `<style>
main.dashboard { display: block; max-width: 48rem; }
ul.payments { list-style: none; padding: 0; margin: 1.5rem 0 0; display: grid; gap: 1rem; }
li.payment { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; }
li.payment form { border: 0; padding: 0; margin-top: 1rem; border-top: 1px solid var(--line); border-radius: 0; }
li.payment h2 { font-size: 1.125rem; }
li.payment code { white-space: normal; word-break: break-all; }
li.payment h2 .muted { font-weight: 400; word-break: break-all; }
</style>`;

export function createDashboardRouter(deps: DashboardDeps): express.Router {
  const router = express.Router();
  router.use("/payments", express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 10 }));
  const send = (res: express.Response, status: number, html: string) => {
    res.status(status).setHeader("Cache-Control", "no-store");
    res.type("html").send(html.replace("</head>", `${STYLE}</head>`));
  };
  /** The list's path as the browser asked for it (here or under /__sandbox/stripe). */
  const basePath = (req: express.Request) =>
    (req.originalUrl.split("?")[0] ?? "").replace(/\/[^/]+\/refund$/, "").replace(/\/$/, "");

  router.get("/payments", (req, res) => {
    const refunded = typeof req.query.refunded === "string" ? req.query.refunded : null;
    const refund = refunded ? deps.charges.listRefunds({}).find((entry) => entry.id === refunded) : undefined;
    const flash: Flash | undefined = refund
      ? {
          kind: "status",
          message: `Refunded ${formatAmount(refund.amount, refund.currency)} of charge ${refund.charge} (${refund.id}).`,
        }
      : undefined;
    send(res, 200, dashboard(deps, basePath(req), flash));
  });

  router.post("/payments/:chargeId/refund", (req, res) => {
    const chargeId = req.params.chargeId;
    const body = (req.body ?? {}) as Record<string, unknown>;
    let charge: StripeCharge;
    try {
      charge = deps.charges.charge(chargeId);
    } catch {
      send(
        res,
        404,
        dashboard(deps, basePath(req), { kind: "alert", message: `No such charge: ${chargeId}` }),
      );
      return;
    }
    const amountText = typeof body.amount === "string" ? body.amount : "";
    const amount = amountText.trim() === "" ? null : parseAmount(amountText, charge.currency);
    const reason = REFUND_REASONS.find((entry) => entry === body.reason) ?? null;
    if (amountText.trim() !== "" && (amount === null || amount <= 0)) {
      const message = "Enter an amount to refund, like 12.50.";
      send(res, 400, dashboard(deps, basePath(req), { kind: "alert", chargeId, message }));
      return;
    }
    try {
      const refund = deps.charges.refund({ charge: chargeId, amount, reason });
      res.redirect(303, `${basePath(req)}?refunded=${encodeURIComponent(refund.id)}`);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      send(
        res,
        error.status,
        dashboard(deps, basePath(req), { kind: "alert", chargeId, message: error.message }),
      );
    }
  });
  return router;
}
