import { type SessionRecord, type StripeLineItem, type StripeProduct, stripeId } from "./objects";
import type { LineParams } from "./parameters";

/**
 * A session's line items: each made from a line's `price_data` (its product and inline price, one-time
 * or recurring), and a page of them as a session embeds them or `/line_items` answers.
 */

/** A page of line items, as embedded in a session or answered by /line_items. */
export function lineItemList(
  record: SessionRecord,
  items: StripeLineItem[],
  expandProduct: boolean,
  hasMore = false,
) {
  return {
    object: "list" as const,
    data: items.map((item) => {
      const product = record.products.get(item.price.product);
      return {
        ...item,
        price: { ...item.price, product: expandProduct && product ? product : item.price.product },
      };
    }),
    has_more: hasMore,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  };
}

/** A line's product and line item, with fresh ids (the price is inline, as `price_data` makes it). */
export function lineItem(
  line: LineParams,
  created: number,
): { product: StripeProduct; item: StripeLineItem } {
  const product: StripeProduct = {
    id: stripeId("prod", 14),
    object: "product",
    active: true,
    name: line.product.name,
    description: line.product.description,
    metadata: line.product.metadata,
    images: [],
    created,
    livemode: false,
  };
  const amount = line.unitAmount * line.quantity;
  const item: StripeLineItem = {
    id: stripeId("li", 24),
    object: "item",
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: line.currency,
    description: product.name,
    quantity: line.quantity,
    price: {
      id: stripeId("price", 24),
      object: "price",
      active: false,
      billing_scheme: "per_unit",
      currency: line.currency,
      unit_amount: line.unitAmount,
      unit_amount_decimal: String(line.unitAmount),
      product: product.id,
      type: line.recurring ? "recurring" : "one_time",
      recurring: line.recurring
        ? {
            interval: line.recurring.interval,
            interval_count: line.recurring.intervalCount,
            meter: null,
            usage_type: "licensed",
          }
        : null,
      created,
      livemode: false,
      metadata: {},
    },
  };
  return { product, item };
}
