import type { OrderView, VerifyConfirmationResponse } from "~/contracts/order-confirmation";
import { adjustmentText, orderAdjustments } from "~/contracts/order-view";
import { ConflictError, NotFoundError, ProviderError } from "~/server/errors.server";
import { formatMoney } from "~/shared/money";
import { orderLineName } from "~/shared/order-line-name";
import type { FulfilledOrder, Fulfilment, RefusalReason } from "./fulfilment.server";

/**
 * The payment-success page's confirmation (spec §7 verify-and-send-confirmation): fulfils the session
 * (one order, one e-mail, however many calls and webhooks arrive), tries to send the e-mail before
 * answering, and answers the order. Every other outcome is thrown as the domain error it is, carrying
 * the page's sentence and the reply's fields (reason, e-mail, the order when there is one); the API
 * wrapper gives each its status (docs/decisions/073-domain-errors-mapped-once.md).
 */

export const EMAIL_SENT = "Confirmation email has been sent to your email address.";
export const EMAIL_QUEUED = "Your order is confirmed. The confirmation email is on its way to your inbox.";
export const EMAIL_FAILED = "There was an issue sending your confirmation email. Please contact support.";

type Failure = Extract<VerifyConfirmationResponse, { success: false }>;
type Reason = NonNullable<Failure["reason"]>;
type Confirmed = Extract<VerifyConfirmationResponse, { success: true }>;

/** The reply's fields of a failure; `error` repeats the message where the page reads it. */
function reply(message: string, reason: Reason, extra: { email?: string | null; order?: OrderView } = {}) {
  const body: Omit<Failure, "success"> = {
    email: extra.email ?? null,
    message,
    error: message,
    reason,
    ...(extra.order ? { order: extra.order } : {}),
  };
  return { publicMessage: message, reply: body };
}

const NOT_FOUND = "No checkout session was found with that id.";

/** Sessions fulfilment refuses (docs/decisions/062-own-checkouts-and-sellable-variants.md). */
function refused(reason: RefusalReason): Error {
  switch (reason) {
    // As far as this site is concerned there is no such checkout: the same answer as an unknown id.
    case "not_this_site": {
      const message =
        "No checkout session was found with that id in this store: there is no order to confirm.";
      return new NotFoundError(message, reply(message, reason));
    }
    case "amount_mismatch": {
      const message =
        "This payment does not match the checkout this store started, so no order was recorded. Please contact support.";
      return new ConflictError("mismatch", message, reply(message, reason));
    }
    case "no_payment": {
      const message = "No payment was taken for this checkout, so no order was recorded.";
      return new ConflictError("unpaid", message, reply(message, reason));
    }
  }
}

function notPaid(sessionStatus: "open" | "complete" | "expired"): Error {
  if (sessionStatus === "expired") {
    const message = "This checkout session expired without a payment: nothing was charged.";
    return new ConflictError("expired", message, reply(message, "expired"));
  }
  if (sessionStatus === "complete") {
    const message =
      "The payment for this order is still processing. You will get a confirmation email once it completes.";
    return new ConflictError("unpaid", message, reply(message, "processing"));
  }
  const message = "This checkout session has not been paid yet.";
  return new ConflictError("unpaid", message, reply(message, "not_paid"));
}

export function orderView(order: FulfilledOrder): OrderView {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    currency: order.currency.toUpperCase(),
    items: order.lines.map((line) => ({
      name: orderLineName(line),
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      amount: line.unitAmount * line.quantity,
      unitFormatted: money(line.unitAmount),
      formatted: money(line.unitAmount * line.quantity),
    })),
    adjustments: orderAdjustments(order).map((adjustment) => ({
      ...adjustment,
      formatted: adjustmentText(adjustment, money),
    })),
    total: { amount: order.amountTotal, formatted: money(order.amountTotal) },
    shippingAddress: order.shippingAddress,
    contents: order.contents,
  };
}

export async function confirmOrder(fulfilment: Fulfilment, sessionId: string): Promise<Confirmed> {
  const result = await fulfilment.fulfil(sessionId, { source: "page", waitForEmailMs: 5_000 });
  switch (result.outcome) {
    case "not_found":
      throw new NotFoundError(NOT_FOUND, reply(NOT_FOUND, "not_found"));
    case "refused":
      // Nothing recorded, nothing sent: the page shows this message instead of an order.
      throw refused(result.reason);
    case "not_paid":
      throw notPaid(result.sessionStatus);
    case "fulfilled": {
      const order = orderView(result.order);
      const email = result.order.email;
      // A refused attempt is reported as the failure it is; the outbox still delivers it later.
      if (result.email === "failed") {
        throw new ProviderError(
          "provider_unavailable",
          "mail",
          `the confirmation of order ${result.order.orderNumber} could not be sent yet`,
          reply(EMAIL_FAILED, "email_failed", { email: email || null, order }),
        );
      }
      const sent = result.email === "sent";
      return {
        success: true,
        email,
        message: sent ? EMAIL_SENT : EMAIL_QUEUED,
        emailStatus: result.email,
        order,
      };
    }
  }
}
