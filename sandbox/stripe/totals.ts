import { nowSeconds, type SessionRecord } from "./objects";
import type { Promotions } from "./promotions";

/**
 * A session's amounts: the items, less the promotion code's discount, plus shipping, plus tax. The
 * emulator has no tax engine: with `automatic_tax[enabled]` every order is taxed at one flat
 * SANDBOX_TAX rate on the discounted items (shipping untaxed), whatever the address; the pay page
 * says so. Discount and tax are spread over the lines as Stripe spreads them (the rest on the last).
 */

/** The one "tax rate" of the sandbox, in percent. */
export const SANDBOX_TAX = { displayName: "Sandbox tax", percentage: 8 } as const;

/** `total` split over `weights` in proportion, the rounding left on the last. */
function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let left = total;
  return weights.map((weight, index) => {
    if (index === weights.length - 1) return left;
    const share = sum === 0 ? 0 : Math.round((total * weight) / sum);
    left -= share;
    return share;
  });
}

export type Totals = {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  /** Per line, in the session's line order. */
  lines: { discount: number; tax: number }[];
};

/** The session's amounts, taxed or not (the pay page shows the tax before the address is in). */
export function computeTotals(record: SessionRecord, promotions: Promotions, taxed: boolean): Totals {
  const { session } = record;
  const subtotals = record.lineItems.map((item) => item.amount_subtotal);
  const subtotal = subtotals.reduce((a, b) => a + b, 0);
  const promotion = record.promotion ? promotions.byId(record.promotion.promotionCodeId) : undefined;
  const discount = promotion ? (promotions.discount(promotion, subtotal, session.currency) ?? 0) : 0;
  const discounts = spread(discount, subtotals);
  const lines = subtotals.map((amount, index) => {
    const lineDiscount = discounts[index] ?? 0;
    return {
      discount: lineDiscount,
      tax: taxed ? Math.round(((amount - lineDiscount) * SANDBOX_TAX.percentage) / 100) : 0,
    };
  });
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const shipping = session.shipping_cost?.amount_total ?? 0;
  return { subtotal, discount, shipping, tax, total: subtotal - discount + shipping + tax, lines };
}

/**
 * Recomputes the session's amounts from its lines, shipping rate, promotion code and tax setting.
 * As at Stripe, automatic tax waits for the address (`automatic_tax.status` is
 * `requires_location_inputs` until then): a new session's total is untaxed.
 */
export function applyTotals(record: SessionRecord, promotions: Promotions): void {
  const { session } = record;
  const located = session.customer_details?.address != null;
  const totals = computeTotals(record, promotions, record.options.automaticTax && located);
  record.lineItems.forEach((item, index) => {
    item.amount_discount = totals.lines[index]?.discount ?? 0;
    item.amount_tax = totals.lines[index]?.tax ?? 0;
    item.amount_total = item.amount_subtotal - item.amount_discount + item.amount_tax;
  });
  session.amount_subtotal = totals.subtotal;
  session.amount_total = totals.total;
  session.total_details = {
    amount_discount: totals.discount,
    amount_shipping: totals.shipping,
    amount_tax: totals.tax,
  };
  if (session.automatic_tax.enabled)
    session.automatic_tax.status = located ? "complete" : "requires_location_inputs";
}

/**
 * `total_details.breakdown`, as `expand[]=total_details.breakdown` adds it; the promotion code as
 * an object with `…discount.promotion_code` expanded too.
 */
export function totalsBreakdown(record: SessionRecord, promotions: Promotions, expandPromotionCode: boolean) {
  const { session } = record;
  const promotion = record.promotion ? promotions.byId(record.promotion.promotionCodeId) : undefined;
  const discounts =
    promotion && record.promotion && session.total_details.amount_discount > 0
      ? [
          {
            amount: session.total_details.amount_discount,
            discount: {
              id: record.promotion.discountId,
              object: "discount",
              checkout_session: session.id,
              customer: null,
              end: null,
              invoice: null,
              invoice_item: null,
              promotion_code: expandPromotionCode ? promotions.serialize(promotion) : promotion.id,
              source: { coupon: promotions.couponOf(promotion), type: "coupon" },
              start: session.created,
              subscription: null,
              subscription_item: null,
            },
          },
        ]
      : [];
  const tax = session.total_details.amount_tax;
  const taxes = record.options.automaticTax
    ? [
        {
          amount: tax,
          rate: {
            id: "txr_sandbox",
            object: "tax_rate",
            active: true,
            country: null,
            created: nowSeconds(),
            description: "The Stripe emulator's flat rate (it has no tax engine)",
            display_name: SANDBOX_TAX.displayName,
            inclusive: false,
            jurisdiction: null,
            livemode: false,
            metadata: {},
            percentage: SANDBOX_TAX.percentage,
            state: null,
            tax_type: "sales_tax",
          },
          taxability_reason: "standard_rated",
          taxable_amount: session.amount_subtotal - session.total_details.amount_discount,
        },
      ]
    : [];
  return { discounts, taxes };
}
