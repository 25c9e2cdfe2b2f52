import type { SessionRecord, StripeCheckoutSession } from "./objects";
import type { Promotions } from "./promotions";
import { totalsBreakdown } from "./totals";

/**
 * A session's expandable fields beside its line items (sessions.ts), as `expand[]` asks:
 * `shipping_cost.shipping_rate` (the ShippingRate object, made from the inline `shipping_rate_data`)
 * and `total_details.breakdown` (discounts and taxes; `…discount.promotion_code` for the code too).
 */
export function expandSession(
  record: SessionRecord,
  session: StripeCheckoutSession,
  expand: string[],
  promotions: Promotions,
) {
  const rate = record.shippingRates[0];
  const shippingRate =
    rate && session.shipping_cost && expand.includes("shipping_cost.shipping_rate")
      ? {
          id: rate.id,
          object: "shipping_rate",
          active: true,
          created: session.created,
          delivery_estimate: null,
          display_name: rate.displayName,
          fixed_amount: { amount: rate.amount, currency: session.currency },
          livemode: false,
          metadata: {},
          tax_behavior: "unspecified",
          tax_code: null,
          type: "fixed_amount",
        }
      : null;
  const breakdown = expand.some((path) => path.startsWith("total_details.breakdown"))
    ? totalsBreakdown(
        record,
        promotions,
        expand.includes("total_details.breakdown.discounts.discount.promotion_code"),
      )
    : null;
  return {
    ...session,
    ...(shippingRate && session.shipping_cost
      ? { shipping_cost: { ...session.shipping_cost, shipping_rate: shippingRate } }
      : {}),
    ...(breakdown ? { total_details: { ...session.total_details, breakdown } } : {}),
  };
}
