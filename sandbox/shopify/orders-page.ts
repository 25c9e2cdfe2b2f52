import express from "express";
import { escapeHtml } from "../html";
import type { ShippingNotifier } from "./customer-mail";
import { fulfillOrder, markDelivered } from "./order-actions";
import { fulfillmentStatus, orderTotals, type StoredOrder } from "./orders";
import { ordersJson } from "./orders-json";
import type { ShopifyStore } from "./store";

/**
 * The emulated store's order list, standing in for the orders page of Shopify's admin:
 *   GET  /orders                  the orders, newest first, with "Mark as shipped" / "Mark as delivered"
 *   POST /orders/:name/ship       carrier + tracking number → a fulfillment (as fulfillmentCreate), and
 *                                 the customer's shipping e-mail when "Send shipping details" is ticked
 *   POST /orders/:name/deliver    the shipment delivered (as a DELIVERED fulfillment event)
 * (`:name` is the order's name without its "#": the number the store and the customer both use.)
 *   GET  /orders.json             the same orders in the Admin API's Order shape (orders-json.ts)
 * Plain HTML forms, no script, so it works under the site's Content-Security-Policy at
 * /__sandbox/shopify and without JavaScript. A person can walk an order's whole life without a store.
 */

export const CARRIERS = ["USPS", "UPS", "FedEx", "DHL Express"] as const;

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount / 100);

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) +
  " UTC";

const words = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replaceAll("_", " ");

const STYLE = `
:root { color-scheme: light; --ink: #111827; --muted: #4b5563; --line: #d1d5db; --bg: #f9fafb; --error: #b91c1c; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
.ribbon { margin: 0; background: #fef3c7; color: #78350f; text-align: center; padding: .5rem 1rem; font-size: .875rem;
  border-bottom: 1px solid #fcd34d; }
.ribbon p { margin: 0; }
main { max-width: 64rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
.lead { color: var(--muted); margin: 0 0 1.5rem; }
ol.orders { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; }
article { background: #fff; border: 1px solid var(--line); border-radius: .75rem; padding: 1.25rem; }
.head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: .25rem 1rem; }
h2 { font-size: 1.125rem; margin: 0; }
.muted { color: var(--muted); }
.badges { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0; padding: 0; list-style: none; }
.badge { font-size: .8125rem; font-weight: 600; border-radius: 999px; padding: .125rem .625rem; background: #e5e7eb; color: #1f2937; }
.badge.paid { background: #dcfce7; color: #14532d; } .badge.refund { background: #fee2e2; color: #7f1d1d; }
.badge.sent { background: #dbeafe; color: #1e3a8a; } .badge.cancelled { background: #f3f4f6; color: #374151; }
.grid { display: grid; gap: 1rem; }
@media (min-width: 48rem) { .grid { grid-template-columns: 3fr 2fr; } }
ul.lines { list-style: none; padding: 0; margin: 0; }
ul.lines li { display: flex; justify-content: space-between; gap: 1rem; padding: .375rem 0; border-bottom: 1px solid #e5e7eb; }
ul.lines li > :first-child { min-width: 0; overflow-wrap: anywhere; }
ul.shipments { list-style: none; padding: 0; margin: 0; }
ul.shipments li { padding: .375rem 0; border-bottom: 1px solid #e5e7eb; overflow-wrap: anywhere; }
ul.shipments .muted { display: block; font-size: .875rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: .125rem 1rem; margin: .5rem 0 0; }
dt { color: var(--muted); } dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
dl.sum { grid-template-columns: 1fr auto; } dl.sum dd { text-align: right; }
h3 { font-size: .9375rem; margin: 0 0 .5rem; }
.shipping { margin-top: 1.25rem; }
form { border-top: 1px solid #e5e7eb; margin-top: 1rem; padding-top: 1rem; display: flex; flex-wrap: wrap; align-items: flex-end; gap: .75rem; }
form div { flex: 1 1 10rem; }
label { display: block; font-size: .875rem; font-weight: 500; margin-bottom: .25rem; }
input, select { width: 100%; font: inherit; padding: .5rem .75rem; border: 1px solid #6b7280; border-radius: .5rem; background: #fff; color: var(--ink); }
button { font: inherit; font-weight: 600; border: 0; border-radius: .5rem; padding: .5625rem 1.25rem; cursor: pointer; background: var(--ink); color: #fff; }
button:hover { background: #374151; }
input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
a { color: #1d4ed8; }
.alert { border: 1px solid var(--error); background: #fef2f2; color: #7f1d1d; border-radius: .5rem; padding: .75rem 1rem; margin-bottom: 1rem; }
.empty { background: #fff; border: 1px dashed var(--line); border-radius: .75rem; padding: 2rem; text-align: center; }
`;

function badges(order: StoredOrder): string {
  const financial = order.financialStatus;
  const fulfillment = fulfillmentStatus(order);
  const delivered = order.fulfillments.length > 0 && order.fulfillments.every((f) => f.deliveredAt);
  const items = [
    `<li class="badge ${financial.includes("REFUND") ? "refund" : "paid"}">Payment: ${escapeHtml(words(financial))}</li>`,
    `<li class="badge ${fulfillment === "UNFULFILLED" ? "" : "sent"}">Fulfillment: ${escapeHtml(words(fulfillment))}${delivered ? " · delivered" : ""}</li>`,
  ];
  if (order.cancelledAt)
    items.push(`<li class="badge cancelled">Cancelled ${escapeHtml(when(order.cancelledAt))}</li>`);
  return `<ul class="badges" aria-label="Status">${items.join("")}</ul>`;
}

function tracking(order: StoredOrder): string {
  if (order.fulfillments.length === 0) return "";
  const rows = order.fulfillments
    .map((f) => {
      const info = f.trackingInfo[0];
      const number = info?.number ? escapeHtml(info.number) : "no tracking number";
      const linked = info?.url ? `<a href="${escapeHtml(info.url)}" rel="noreferrer">${number}</a>` : number;
      const state = f.deliveredAt
        ? `Delivered ${escapeHtml(when(f.deliveredAt))}`
        : `Shipped ${escapeHtml(when(f.createdAt))}`;
      return `<li>${escapeHtml(info?.company ?? "Carrier not given")}: ${linked} <span class="muted">${state}</span></li>`;
    })
    .join("");
  return `<section class="shipping" aria-label="Shipments of ${escapeHtml(order.name)}"><h3>Shipments</h3><ul class="shipments">${rows}</ul></section>`;
}

/** An order's place in this page's URLs: its name without the "#" ("#13" → 13). */
const pathKey = (order: StoredOrder) => encodeURIComponent(order.name.replace(/^#/, ""));

function actions(order: StoredOrder, base: string): string {
  if (order.cancelledAt) return "";
  const id = `o${order.number}`;
  if (fulfillmentStatus(order) !== "FULFILLED") {
    // Shopify's admin ticks "Send shipping details to your customer now" unless the order was created
    // with sendFulfillmentReceipt: false.
    const notify = order.options.sendFulfillmentReceipt !== false && order.email;
    return `<form method="post" action="${base}/orders/${pathKey(order)}/ship" aria-label="Mark ${escapeHtml(order.name)} as shipped">
  <div><label for="${id}-carrier">Carrier</label>
  <select id="${id}-carrier" name="carrier">${CARRIERS.map((c) => `<option>${c}</option>`).join("")}</select></div>
  <div><label for="${id}-number">Tracking number</label>
  <input id="${id}-number" name="trackingNumber" required maxlength="64" autocomplete="off" spellcheck="false"></div>
  <div><input type="hidden" name="notifyCustomer" value="0"><label><input type="checkbox" name="notifyCustomer" value="1"${notify ? " checked" : ""}${order.email ? "" : " disabled"}> Send shipping details to the customer</label></div>
  <button type="submit">Mark as shipped</button>
</form>`;
  }
  if (order.fulfillments.some((f) => !f.deliveredAt)) {
    return `<form method="post" action="${base}/orders/${pathKey(order)}/deliver" aria-label="Mark ${escapeHtml(order.name)} as delivered">
  <button type="submit">Mark as delivered</button>
</form>`;
  }
  return "";
}

function orderCard(order: StoredOrder, base: string): string {
  const totals = orderTotals(order);
  const m = (amount: number) => escapeHtml(money(amount, order.currency));
  const lines = order.lineItems
    .map(
      (line) =>
        `<li><span>${escapeHtml(line.title)} <span class="muted">× ${line.quantity}</span></span><span>${m(line.unitPrice * line.quantity)}</span></li>`,
    )
    .join("");
  const address = order.shippingAddress;
  const shipTo = address
    ? [
        [address.firstName, address.lastName].filter(Boolean).join(" "),
        address.address1,
        address.address2,
        [address.city, address.provinceCode, address.zip].filter(Boolean).join(" "),
        address.countryCode === "US" ? "United States" : address.countryCode,
      ]
        .filter(Boolean)
        .map((part) => escapeHtml(String(part)))
        .join("<br>")
    : "No shipping address";
  return `<li><article aria-labelledby="h-${order.number}">
<div class="head"><h2 id="h-${order.number}">Order ${escapeHtml(order.name)}</h2><span class="muted">${escapeHtml(when(order.processedAt))}</span></div>
${badges(order)}
<div class="grid">
  <div><h3>Items</h3><ul class="lines">${lines}</ul>
  <dl class="sum">
    ${totals.discount ? `<dt>Discount${order.discountCode ? ` (${escapeHtml(order.discountCode.code)})` : ""}</dt><dd>−${m(totals.discount)}</dd>` : ""}
    <dt>Shipping</dt><dd>${totals.shipping ? m(totals.shipping) : "Free"}</dd>
    ${totals.tax ? `<dt>Tax</dt><dd>${m(totals.tax)}</dd>` : ""}
    <dt><strong>Total</strong></dt><dd><strong>${m(totals.total)}</strong></dd>
    ${totals.refunded ? `<dt>Refunded</dt><dd>${m(totals.refunded)}</dd>` : ""}
  </dl></div>
  <div><h3>Customer</h3><dl><dt>E-mail</dt><dd>${escapeHtml(order.email ?? "none")}</dd><dt>Ship to</dt><dd>${shipTo}</dd>
  <dt>Source</dt><dd>${escapeHtml(order.sourceName ?? "unknown")}</dd></dl></div>
</div>
${tracking(order)}
${actions(order, base)}
</article></li>`;
}

function page(store: ShopifyStore, base: string, alert?: string): string {
  const orders = store.orders.all().reverse();
  const list = orders.length
    ? `<ol class="orders">${orders.map((order) => orderCard(order, base)).join("")}</ol>`
    : `<p class="empty">No orders yet. Buy something in the shop: its order appears here once it is paid.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Orders · ${escapeHtml(store.shop.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="ribbon"><p>Sandbox: this page stands in for the orders page of the store's Shopify admin.</p></header>
<main>
<h1>Orders</h1>
<p class="lead">${orders.length === 1 ? "1 order" : `${orders.length} orders`} in ${escapeHtml(store.shop.name)}, newest first.</p>
${alert ? `<p class="alert" role="alert">${escapeHtml(alert)}</p>` : ""}
${list}
</main>
</body>
</html>`;
}

export function createOrdersPageRouter(
  store: ShopifyStore,
  notifyShipping: ShippingNotifier,
): express.Router {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 10 });
  const send = (res: express.Response, status: number, html: string) => {
    res.status(status).setHeader("Cache-Control", "no-store");
    res.type("html").send(html);
  };
  const orderOf = (req: express.Request) => store.orders.byName(`#${req.params.name}`);

  router.get("/orders", (req, res) => {
    send(res, 200, page(store, req.baseUrl));
  });
  router.get("/orders.json", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json(ordersJson(store));
  });
  router.post("/orders/:name/ship", form, (req, res) => {
    const order = orderOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const carrier = typeof body.carrier === "string" ? body.carrier.trim() : "";
    const number = typeof body.trackingNumber === "string" ? body.trackingNumber.trim() : "";
    if (!order) return send(res, 404, page(store, req.baseUrl, `There is no order #${req.params.name}.`));
    if (!carrier || carrier.length > 64 || !number || number.length > 64)
      return send(
        res,
        400,
        page(
          store,
          req.baseUrl,
          `Order ${order.name}: give the carrier and a tracking number (up to 64 characters).`,
        ),
      );
    const outcome = fulfillOrder(store, order, { company: carrier, number });
    const notify = [body.notifyCustomer].flat().includes("1");
    if ("userErrors" in outcome)
      return send(
        res,
        409,
        page(
          store,
          req.baseUrl,
          `Order ${order.name}: ${outcome.userErrors.map((e) => e.message).join("; ")}`,
        ),
      );
    if (notify) void notifyShipping(order, outcome.ok);
    res.redirect(303, `${req.baseUrl}/orders#h-${order.number}`);
  });
  router.post("/orders/:name/deliver", form, (req, res) => {
    const order = orderOf(req);
    if (!order) return send(res, 404, page(store, req.baseUrl, `There is no order #${req.params.name}.`));
    const outcome = markDelivered(order);
    if ("userErrors" in outcome)
      return send(res, 409, page(store, req.baseUrl, `Order ${order.name}: it has not been shipped yet.`));
    res.redirect(303, `${req.baseUrl}/orders#h-${order.number}`);
  });
  return router;
}
