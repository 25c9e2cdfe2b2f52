import nodemailer from "nodemailer";
import { escapeHtml } from "../html";
import type { StoredFulfillment, StoredOrder } from "./orders";

/**
 * The e-mail a Shopify store sends its customer when an order ships (Shopify's "Shipping
 * confirmation" notification: `sendFulfillmentReceipt` on `orderCreate`, `notifyCustomer` on
 * `fulfillmentCreate`, the "Send shipping details to your customer" box in the admin). The emulator
 * sends it over SMTP, the mail emulator's in the sandbox, to the order's e-mail address.
 */

export type CustomerMailOptions = {
  /** Where to send it: the SMTP server the site uses (the mail emulator in the sandbox). */
  smtpUrl: string;
  /** The store's sender, as a shop's notifications come from its sender address. */
  from: string;
  logger?: { warn(object: object, message: string): void };
};

/** Sends one order's shipping confirmation; never throws (a failed e-mail does not undo the shipment). */
export type ShippingNotifier = (order: StoredOrder, fulfillment: StoredFulfillment) => Promise<void>;

export function shippingConfirmation(order: StoredOrder, fulfillment: StoredFulfillment) {
  const shipped = fulfillment.lineItems.map((sent) => {
    const line = order.lineItems.find((item) => item.id === sent.lineItemId);
    return `${sent.quantity} × ${line?.title ?? "Item"}`;
  });
  const tracking = fulfillment.trackingInfo.map((info) =>
    [info.company, info.number ? `tracking number ${info.number}` : null, info.url]
      .filter(Boolean)
      .join(", "),
  );
  const subject = `A shipment from order ${order.name} is on the way`;
  const text = [
    `Your order ${order.name} is on the way.`,
    "",
    "Items in this shipment:",
    ...shipped.map((line) => `  ${line}`),
    "",
    ...(tracking.length ? ["Tracking:", ...tracking.map((line) => `  ${line}`)] : ["No tracking number."]),
  ].join("\n");
  const html = `<p>Your order <strong>${escapeHtml(order.name)}</strong> is on the way.</p>
<p>Items in this shipment:</p><ul>${shipped.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${fulfillment.trackingInfo
  .map((info) => {
    const label = escapeHtml([info.company, info.number].filter(Boolean).join(" "));
    return info.url ? `<p><a href="${escapeHtml(info.url)}">${label}</a></p>` : `<p>${label}</p>`;
  })
  .join("")}`;
  return { subject, text, html };
}

export function createShippingNotifier(options: CustomerMailOptions): ShippingNotifier {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return async (order, fulfillment) => {
    if (!order.email) return;
    try {
      await transport.sendMail({
        from: options.from,
        to: order.email,
        ...shippingConfirmation(order, fulfillment),
      });
    } catch (error) {
      options.logger?.warn({ err: error, order: order.name }, "Shopify emulator: the shipping e-mail failed");
    }
  };
}
