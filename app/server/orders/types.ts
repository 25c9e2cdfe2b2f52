import type { ShippingAddress } from "../db/schema";

/**
 * What hybrid-checkout and verify-and-send-confirmation answer. Pure types: safe to import from
 * browser code (the payment-success page).
 */

/** POST /api/hybrid-checkout (spec §7: success, checkoutUrl, error). */
export type HybridCheckoutResponse =
  | { success: true; checkoutUrl: string; sessionId: string }
  | { success: false; error: string };

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
 * POST /api/verify-and-send-confirmation (spec §7: success, email, message). On success also the order
 * (number, items, total, address) and where its e-mail is: "sent", or "pending" (recorded, and the
 * outbox will send it as soon as the mail server takes it).
 */
export type VerifyConfirmationResponse =
  | {
      success: true;
      email: string;
      message: string;
      emailStatus: "sent" | "pending";
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
