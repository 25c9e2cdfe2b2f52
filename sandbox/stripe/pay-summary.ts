import { escapeHtml } from "../html";
import { formatAmount } from "./money";
import type { SessionRecord } from "./objects";
import { type Promotions, SANDBOX_PROMOTION_CODES } from "./promotions";
import { computeTotals, SANDBOX_TAX } from "./totals";

/**
 * The pay page's order summary: the lines; the promotion-code form when the session allows codes
 * (its own small form, posted to `/pay/:id/promotion-code`: Apply, or Remove once applied); and the
 * totals: subtotal, discount, shipping, the sandbox tax when automatic tax is on, total due.
 */

/** The seeded codes a visitor can try, said on the page (they are the sandbox's, not the store's). */
const SANDBOX_CODES_HINT = `Sandbox codes: ${SANDBOX_PROMOTION_CODES.filter((seed) => seed.active)
  .map((seed) => `${seed.code} (${seed.coupon.name})`)
  .join(", ")}.`;

function promotionForm(
  record: SessionRecord,
  promotions: Promotions,
  payPath: string,
  codeError?: string,
): string {
  const action = `${payPath}/promotion-code`;
  const applied = record.promotion ? promotions.byId(record.promotion.promotionCodeId) : undefined;
  if (applied) {
    return `<form class="promo" method="post" action="${escapeHtml(action)}" aria-label="Promotion codes">
  <p class="applied"><span><strong>${escapeHtml(applied.code)}</strong> applied (${escapeHtml(
    promotions.couponOf(applied).name,
  )})</span>
  <input type="hidden" name="action" value="remove">
  <button type="submit" class="secondary">Remove code</button></p>
</form>`;
  }
  const described = ["promo-hint", codeError ? "promo-error" : ""].filter(Boolean).join(" ");
  return `<form class="promo" method="post" action="${escapeHtml(action)}" aria-label="Promotion codes">
  <label for="f-promotionCode">Promotion code</label>
  <div class="inline">
    <input id="f-promotionCode" name="code" autocomplete="off" autocapitalize="characters" maxlength="100"${
      codeError ? ' aria-invalid="true"' : ""
    } aria-describedby="${described}">
    <input type="hidden" name="action" value="apply">
    <button type="submit" class="secondary">Apply</button>
  </div>
  ${codeError ? `<p class="field-error" id="promo-error" role="alert">${escapeHtml(codeError)}</p>` : ""}
  <p class="hint" id="promo-hint">${escapeHtml(SANDBOX_CODES_HINT)}</p>
</form>`;
}

/** `payPath`: the pay page's path as the browser asked for it (the code form posts below it). */
export function orderSummary(
  merchantName: string,
  record: SessionRecord,
  promotions: Promotions,
  payPath: string,
  codeError?: string,
): string {
  const { session } = record;
  const money = (amount: number) => escapeHtml(formatAmount(amount, session.currency));
  const shipping = session.shipping_cost?.amount_total ?? 0;
  const shippingName = record.shippingRates[0]?.displayName ?? "Shipping";
  // The sandbox's tax does not depend on the address: shown at once, charged once the address is in.
  const totals = computeTotals(record, promotions, record.options.automaticTax);
  const { discount, tax } = totals;
  const applied = record.promotion ? promotions.byId(record.promotion.promotionCodeId) : undefined;
  const lines = record.lineItems
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.description)}${
          item.quantity > 1 ? ` <span class="muted">× ${item.quantity}</span>` : ""
        }<br><span class="muted">${money(item.price.unit_amount)} each${
          item.price.recurring
            ? `, then every ${item.price.recurring.interval_count} ${item.price.recurring.interval}${item.price.recurring.interval_count > 1 ? "s" : ""}`
            : ""
        }</span></span><span>${money(item.amount_subtotal)}</span></li>`,
    )
    .join("");
  const rows = [
    `<dt>Subtotal</dt><dd>${money(totals.subtotal)}</dd>`,
    discount > 0
      ? `<dt>Discount${applied ? ` (${escapeHtml(applied.code)})` : ""}</dt><dd>−${money(discount)}</dd>`
      : "",
    `<dt>${escapeHtml(shippingName)}</dt><dd>${shipping === 0 ? "Free" : money(shipping)}</dd>`,
    record.options.automaticTax
      ? `<dt>${escapeHtml(SANDBOX_TAX.displayName)} (${SANDBOX_TAX.percentage}%, a flat sandbox rate)</dt><dd>${money(tax)}</dd>`
      : "",
    `<dt class="grand">Total due</dt><dd class="grand">${money(totals.total)}</dd>`,
  ];
  return `<section aria-labelledby="summary-title">
  <h1 id="summary-title">Pay ${escapeHtml(merchantName)}</h1>
  <p class="total">${money(totals.total)}</p>
  <h2>Your order</h2>
  <ul class="lines">${lines}</ul>
  ${record.options.allowPromotionCodes ? promotionForm(record, promotions, payPath, codeError) : ""}
  <dl class="sum">
    ${rows.filter(Boolean).join("\n    ")}
  </dl>
</section>`;
}
