import { type OrderView, type VerifyConfirmationResponse, verifyInput } from "~/contracts/order-confirmation";
import { formatMoney } from "~/emails/money";
import { ApiError, apiAction, apiJson, methodNotAllowed } from "~/server/http/api.server";
import type { FulfilledOrder, RefusalReason } from "~/server/orders/fulfilment.server";
import { PaymentProviderError } from "~/server/stripe/types";

/**
 * POST /api/verify-and-send-confirmation {sessionId} → {success, email, message} (spec §7), called by
 * the payment-success page. Re-reads the session from Stripe; when it is paid, fulfils it (one order,
 * one e-mail, however many calls and webhooks arrive) and tries to send the e-mail before answering.
 */
export const loader = methodNotAllowed;

export const EMAIL_SENT = "Confirmation email has been sent to your email address.";
export const EMAIL_QUEUED = "Your order is confirmed. The confirmation email is on its way to your inbox.";
export const EMAIL_FAILED = "There was an issue sending your confirmation email. Please contact support.";

/** Sessions fulfilment refuses (docs/decisions/062-own-checkouts-and-sellable-variants.md). */
export const REFUSED: Record<RefusalReason, { status: number; message: string }> = {
  // As far as this site is concerned there is no such checkout: the same 404 as an unknown id.
  not_this_site: {
    status: 404,
    message: "No checkout session was found with that id in this store: there is no order to confirm.",
  },
  amount_mismatch: {
    status: 409,
    message:
      "This payment does not match the checkout this store started, so no order was recorded. Please contact support.",
  },
  no_payment: {
    status: 402,
    message: "No payment was taken for this checkout, so no order was recorded.",
  },
};

function orderView(order: FulfilledOrder): OrderView {
  const money = (amount: number) => formatMoney(amount, order.currency);
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    currency: order.currency.toUpperCase(),
    items: order.lines.map((line) => ({
      name: line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      amount: line.unitAmount * line.quantity,
      unitFormatted: money(line.unitAmount),
      formatted: money(line.unitAmount * line.quantity),
    })),
    total: { amount: order.amountTotal, formatted: money(order.amountTotal) },
    shippingAddress: order.shippingAddress,
  };
}

function failure(
  status: number,
  message: string,
  reason: NonNullable<Extract<VerifyConfirmationResponse, { success: false }>["reason"]>,
  extra: { email?: string | null; order?: OrderView } = {},
) {
  const body: VerifyConfirmationResponse = {
    success: false,
    email: extra.email ?? null,
    message,
    error: message,
    reason,
    ...(extra.order ? { order: extra.order } : {}),
  };
  return apiJson(body, { status });
}

export const action = apiAction({
  rateLimit: "verify-and-send-confirmation",
  checkOrigin: true,
  input: verifyInput,
  async handler({ input, context }) {
    const { fulfilment, logger } = context.services;
    let result: Awaited<ReturnType<typeof fulfilment.fulfil>>;
    try {
      result = await fulfilment.fulfil(input.sessionId, { source: "page", waitForEmailMs: 5_000 });
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        logger.error(
          { err: error, requestId: context.requestId },
          "stripe: reading the checkout session failed",
        );
        throw new ApiError(502, "The payment provider could not be reached. Please try again in a moment.");
      }
      throw error;
    }
    switch (result.outcome) {
      case "not_found":
        return failure(404, "No checkout session was found with that id.", "not_found");
      case "refused":
        // Nothing recorded, nothing sent: the page shows this message instead of an order.
        return failure(REFUSED[result.reason].status, REFUSED[result.reason].message, result.reason);
      case "not_paid":
        if (result.sessionStatus === "expired")
          return failure(
            410,
            "This checkout session expired without a payment: nothing was charged.",
            "expired",
          );
        if (result.sessionStatus === "complete")
          return failure(
            402,
            "The payment for this order is still processing. You will get a confirmation email once it completes.",
            "processing",
          );
        return failure(402, "This checkout session has not been paid yet.", "not_paid");
      case "fulfilled": {
        const order = orderView(result.order);
        const email = result.order.email;
        // A refused attempt is reported as the failure it is; the outbox still delivers it later.
        if (
          !result.emailRetrying &&
          (result.emailStatus === "sent" ||
            result.emailStatus === "pending" ||
            result.emailStatus === "sending")
        ) {
          const sent = result.emailStatus === "sent";
          const body: VerifyConfirmationResponse = {
            success: true,
            email,
            message: sent ? EMAIL_SENT : EMAIL_QUEUED,
            emailStatus: sent ? "sent" : "pending",
            order,
          };
          return body;
        }
        return failure(502, EMAIL_FAILED, "email_failed", { email: email || null, order });
      }
    }
  },
});
