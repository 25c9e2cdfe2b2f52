import { verifyInput } from "~/contracts/order-confirmation";
import { apiAction } from "~/server/http/api-action.server";
import { methodNotAllowed } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";
import { confirmOrder } from "~/server/orders/confirmation.server";

/**
 * POST /api/verify-and-send-confirmation {sessionId} → {success, email, message} (spec §7), called by
 * the payment-success page. Re-reads the session from Stripe; when it is paid, fulfils it (one order,
 * one e-mail, however many calls and webhooks arrive) and tries to send the e-mail before answering
 * (app/server/orders/confirmation.server.ts).
 */
export const loader = methodNotAllowed;

export const action = apiAction({
  rateLimit: "verify-and-send-confirmation",
  checkOrigin: true,
  input: verifyInput,
  handler: ({ input, context }) =>
    confirmOrder(servicesFor(context, "fulfilment").fulfilment, input.sessionId),
});
