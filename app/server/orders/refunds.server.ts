import { eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { orders, refunds } from "~/server/db/schema";
import type { Logger } from "~/server/runtime/logger.server";
import type { Payments } from "~/server/stripe/types";
import type { ShopifySync } from "./shopify-sync.server";

/**
 * Refunds made in Stripe (its dashboard, or its API): `charge.refunded` names a charge; the charge and
 * its refunds are re-read from Stripe (never taken from the webhook's body), each succeeded refund is
 * recorded once (unique Stripe refund id) with its mirror to Shopify queued in the same transaction,
 * and the order's refunded total is recomputed from the recorded refunds (docs/decisions/076-…).
 * Redelivered and concurrent events record nothing twice.
 */

export type RefundOutcome =
  | { outcome: "recorded"; orderNumber: number; created: number; amountRefunded: number }
  /** Not a charge of one of this site's orders (another deployment's, or a payment made elsewhere). */
  | { outcome: "not_ours" }
  /**
   * A payment with no order yet: Stripe's events come in any order, so a refund can arrive before the
   * payment's own `checkout.session.completed`. The caller fulfils the session first (if it is this
   * site's), then records the refunds again.
   */
  | { outcome: "no_order"; paymentIntentId: string }
  | { outcome: "not_found" };

export interface Refunds {
  recordChargeRefunds(chargeId: string): Promise<RefundOutcome>;
}

export type RefundsDeps = { db: Db; payments: Payments; shopifySync: ShopifySync; logger: Logger };

export function createRefunds({ db, payments, shopifySync, logger }: RefundsDeps): Refunds {
  return {
    async recordChargeRefunds(chargeId) {
      const charge = await payments.retrieveChargeRefunds(chargeId);
      if (!charge) return { outcome: "not_found" };
      if (!charge.paymentIntentId) return { outcome: "not_ours" };
      const [order] = await db
        .select({ id: orders.id, orderNumber: orders.orderNumber, currency: orders.currency })
        .from(orders)
        .where(eq(orders.paymentIntentId, charge.paymentIntentId));
      if (!order) return { outcome: "no_order", paymentIntentId: charge.paymentIntentId };

      const succeeded = charge.refunds.filter((refund) => refund.status === "succeeded");
      const { created, amountRefunded } = await db.transaction(async (tx) => {
        let created = 0;
        for (const refund of succeeded) {
          const inserted = await tx
            .insert(refunds)
            .values({
              stripeRefundId: refund.id,
              orderId: order.id,
              amount: refund.amount,
              currency: charge.currency,
              reason: refund.reason,
            })
            .onConflictDoNothing({ target: refunds.stripeRefundId })
            .returning({ id: refunds.id });
          if (inserted.length === 0) continue;
          created += 1;
          await shopifySync.enqueueRefund(tx, {
            orderId: order.id,
            stripeRefundId: refund.id,
            amount: refund.amount,
            currency: charge.currency,
            fullyRefunded: charge.fullyRefunded,
          });
        }
        const [updated] = await tx
          .update(orders)
          .set({
            amountRefunded: sql`(select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.orderId} = ${order.id})`,
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, order.id))
          .returning({ amountRefunded: orders.amountRefunded });
        return { created, amountRefunded: updated?.amountRefunded ?? 0 };
      });
      if (created > 0) {
        shopifySync.nudge();
        logger.info({ orderNumber: order.orderNumber, chargeId, created, amountRefunded }, "refund recorded");
      }
      return { outcome: "recorded", orderNumber: order.orderNumber, created, amountRefunded };
    },
  };
}
