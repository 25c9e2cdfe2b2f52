import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { orders } from "~/server/db/schema";
import type { SubscriptionBilling } from "~/server/stripe/subscription-types";
import type { SubscriptionEvents } from "./subscription-events.server";

/**
 * A refund whose `charge.refunded` arrives before its invoice's `invoice.paid` (Stripe sends events in
 * any order): the invoice the charge's PaymentIntent paid is found through Stripe's invoice payments
 * and fulfilled by the same idempotent path as `invoice.paid` (one order per invoice), so the refund
 * can then be recorded against its order. Only an invoice of one of this site's subscriptions makes
 * an order; any other is not ours. An order made before orders recorded their PaymentIntent is given
 * the invoice's now (Stripe's invoice payment says which it was).
 */
export interface InvoiceRefunds {
  /** Whether the PaymentIntent's invoice now has its order (made now, or already there). */
  fulfilInvoiceOfPaymentIntent(paymentIntentId: string): Promise<boolean>;
}

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,250}$/;

export function createInvoiceRefunds(deps: {
  db: Db;
  billing: Pick<SubscriptionBilling, "invoiceOfPaymentIntent">;
  events: Pick<SubscriptionEvents, "invoicePaid">;
}): InvoiceRefunds {
  return {
    async fulfilInvoiceOfPaymentIntent(paymentIntentId) {
      if (!PAYMENT_INTENT_ID.test(paymentIntentId)) return false;
      const invoiceId = await deps.billing.invoiceOfPaymentIntent(paymentIntentId);
      if (!invoiceId) return false;
      const result = await deps.events.invoicePaid(invoiceId);
      if (!result.handled) return false;
      await deps.db
        .update(orders)
        .set({ paymentIntentId })
        .where(and(eq(orders.stripeInvoiceId, invoiceId), isNull(orders.paymentIntentId)));
      return true;
    },
  };
}
