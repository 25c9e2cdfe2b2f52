import { z } from "zod";
import { CHECKOUT_SESSION_ID } from "~/shared/checkout-session-id";

/**
 * POST /api/verify-and-send-confirmation: its body and its reply, shared by the route and the
 * payment-success page (lib/order-confirmation.ts). The session-id rule is Stripe's, kept pure in
 * app/shared/checkout-session-id.ts (decision 096), so the page accepts exactly the ids the API accepts.
 * The reply's types and the pure readers of the order live in `order-view.ts` (no zod), which browser
 * code imports for values; this module re-exports them.
 */

export { CHECKOUT_SESSION_ID };

export const verifyInput = z.strictObject({
  sessionId: z
    .string()
    .max(255, { message: "must be at most 255 characters" })
    .regex(CHECKOUT_SESSION_ID, { message: "must be a Stripe checkout session id (cs_test_… or cs_live_…)" }),
});

export type VerifyBody = z.input<typeof verifyInput>;

/** The page's reading of `session_id` (spec §2): the id when the API would accept it, else null. */
export function parseSessionId(value: string | null | undefined): string | null {
  return verifyInput.shape.sessionId.safeParse(value).success ? (value as string) : null;
}

export {
  addressLines,
  type ConfirmationEmailState,
  confirmationEmailOf,
  type OrderItemView,
  type OrderView,
  type ShippingAddress,
  type VerifyConfirmationResponse,
} from "./order-view";
