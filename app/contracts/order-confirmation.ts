import { z } from "zod";
import { CHECKOUT_SESSION_ID } from "~/server/stripe/rules";

/**
 * POST /api/verify-and-send-confirmation: its body and its reply, shared by the route and the
 * payment-success page (lib/order-confirmation.ts). The session-id rule is Stripe's
 * (app/server/stripe/rules.ts, pure and browser-safe: the one app/server module a contract may
 * import, decision 072), so the page accepts exactly the ids the API accepts.
 * It also holds the one pure reader of the reply's e-mail state (`confirmationEmailOf`).
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

/** A shipping address as the order keeps it (the orders table's `shipping_address`). */
export type ShippingAddress = {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

/** A shipping address as people write it, one line each: "Austin, TX 78701", "United States". */
export function addressLines(address: ShippingAddress | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [
    address.name,
    address.line1,
    address.line2,
    cityLine,
    address.country === "US" ? "United States" : address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
}

export type OrderItemView = {
  name: string;
  quantity: number;
  /** Minor units (cents). */
  unitAmount: number;
  /** unitAmount × quantity. */
  amount: number;
  unitFormatted: string;
  formatted: string;
};

export type OrderView = {
  orderNumber: number;
  createdAt: string;
  /** ISO 4217, upper case. */
  currency: string;
  items: OrderItemView[];
  total: { amount: number; formatted: string };
  shippingAddress: ShippingAddress | null;
};

/**
 * Where an order's confirmation e-mail stands for the buyer: `sent`; `pending` (recorded, being sent
 * or waiting for its turn: the outbox sends it as soon as the mail server takes it); `failed` (no
 * address to send to, given up on, or the mail server refused the last attempt; the outbox still
 * retries that one). Fulfilment decides it (`confirmationEmailState`); the reply carries it.
 */
export type ConfirmationEmailState = "sent" | "pending" | "failed";

/** The e-mail's state a reply tells; null when there is no order to e-mail about (unpaid, unknown…). */
export function confirmationEmailOf(reply: VerifyConfirmationResponse): ConfirmationEmailState | null {
  if (reply.success) return reply.emailStatus;
  return reply.reason === "email_failed" ? "failed" : null;
}

/**
 * POST /api/verify-and-send-confirmation (spec §7: success, email, message). On success also the order
 * (number, items, total, address) and where its e-mail is: "sent", or "pending" (recorded, and the
 * outbox will send it as soon as the mail server takes it).
 */
export type VerifyConfirmationResponse =
  | {
      success: true;
      email: string;
      message: string;
      emailStatus: Exclude<ConfirmationEmailState, "failed">;
      order: OrderView;
    }
  | {
      success: false;
      email: string | null;
      message: string;
      error: string;
      /**
       * Why, when the call itself was fine: unknown, unpaid or expired session; e-mail failed; or a
       * session that is not a checkout of this site, or does not match the one it recorded, or for
       * which no payment was taken (docs/decisions/062-own-checkouts-and-sellable-variants.md).
       */
      reason?:
        | "not_found"
        | "not_paid"
        | "processing"
        | "expired"
        | "email_failed"
        | "not_this_site"
        | "amount_mismatch"
        | "no_payment";
      order?: OrderView;
    };
