import { contentsOf, type PurchasableItem } from "~/content/catalog";
import { orderAdjustments } from "~/contracts/order-view";
import type { orders } from "~/server/db/schema";
import { defineEmailTemplate } from "~/server/mail/outbox.server";
import {
  type OrderConfirmation,
  orderConfirmationPayload,
  renderOrderConfirmation,
} from "~/server/mail/templates/order-confirmation";
import type { OrderLinks } from "./order-link.server";

/** The outbox kind of the order confirmation; its dedupe key is the Stripe session id. */
export const ORDER_CONFIRMATION = "order_confirmation";

export const orderConfirmationTemplate = defineEmailTemplate<OrderConfirmation>({
  kind: ORDER_CONFIRMATION,
  payload: orderConfirmationPayload,
  render: renderOrderConfirmation,
});

/**
 * What the e-mail needs, from the order row as recorded. Its "View your order" link is the order page's
 * signed address (order-link.server.ts), made here, once, inside the fulfilment transaction.
 */
export function orderConfirmationOf(
  order: typeof orders.$inferSelect,
  links: Pick<OrderLinks, "orderPageUrl">,
  itemOf: (variantId: string) => PurchasableItem | undefined,
): OrderConfirmation {
  return {
    orderNumber: order.orderNumber,
    email: order.email,
    customerName: order.customerName,
    orderedAt: order.createdAt.toISOString(),
    currency: order.currency,
    amountTotal: order.amountTotal,
    lines: order.lines.map((line) => ({
      productTitle: line.productTitle,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
    })),
    shippingAddress: order.shippingAddress ?? null,
    orderUrl: links.orderPageUrl(order),
    adjustments: orderAdjustments(order),
    contents: contentsOf(
      order.lines.map((line) => line.variantId),
      itemOf,
    ),
  };
}
