import type { Db } from "~/server/db/client.server";
import { subscriptionPaymentFailures } from "~/server/db/schema";
import type { InvoiceDetails } from "~/server/stripe/subscription-types";

/**
 * Records a failed payment of a subscription's invoice for the back office (issue 36 item 7;
 * docs/decisions/135-the-back-office-reads-subscriptions-from-its-own-records.md): one row per Stripe
 * event, so a replay of the same `invoice.payment_failed` counts once and each attempt Stripe makes
 * is its own row. Called by the subscription events' `invoicePaymentFailed` with the invoice it re-read.
 */
export async function recordPaymentFailure(
  db: Db,
  failure: { eventId: string; subscriptionId: string; invoice: InvoiceDetails },
): Promise<void> {
  const { invoice } = failure;
  await db
    .insert(subscriptionPaymentFailures)
    .values({
      stripeEventId: failure.eventId,
      subscriptionId: failure.subscriptionId,
      stripeInvoiceId: invoice.id,
      attemptCount: invoice.attemptCount,
      amountDue: invoice.amountDue,
      currency: invoice.currency,
      nextPaymentAttempt: invoice.nextPaymentAttempt ? new Date(invoice.nextPaymentAttempt * 1000) : null,
    })
    .onConflictDoNothing({ target: subscriptionPaymentFailures.stripeEventId });
}
