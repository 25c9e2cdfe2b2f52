import { eq, sql } from "drizzle-orm";
import { contentsOf } from "~/content/catalog";
import type { ConfirmationEmailState } from "~/contracts/order-confirmation";
import type { OrderContents } from "~/contracts/order-view";
import type { Db } from "~/server/db/client.server";
import { checkouts, type OrderLine, orders, type ShippingAddress } from "~/server/db/schema";
import type { DeliveryStatus, Outbox } from "~/server/mail/outbox.server";
import type { Logger } from "~/server/runtime/logger.server";
import type { CatalogConfig } from "~/server/shopify/catalog-config.server";
import type { Payments } from "~/server/stripe/types";
import { ORDER_CONFIRMATION, orderConfirmationOf } from "./order-email.server";
import type { OrderLinks } from "./order-link.server";
import type { ShopifySync } from "./shopify-sync.server";

/**
 * Fulfilment: a paid Stripe Checkout Session becomes one order and one confirmation e-mail, exactly
 * once, whoever asks first and however often — the payment-success page, Stripe's webhook, both, in
 * any order, concurrently, from several processes (docs/decisions/030-exactly-once-fulfilment.md).
 *
 * 1. Only a checkout this site created is fulfilled: the session must be recorded in `checkouts`
 *    (else refused without asking Stripe), and Stripe's amount and currency must be the recorded
 *    ones; only `paid` fulfils (docs/decisions/062-own-checkouts-and-sellable-variants.md).
 *    Re-read the session from Stripe (never trust a webhook body or the browser).
 * 2. One transaction: insert the order (`on conflict (stripe_session_id) do nothing`; a concurrent
 *    insert waits on the unique index and then does nothing), enqueue the e-mail (unique on
 *    (kind, session id)) and the order's creation in Shopify (unique on (kind, session id)), mark the
 *    checkout complete. All the rows or none.
 * 3. After commit, the outbox sends the e-mail and the Shopify sync creates the Shopify order (each
 *    claimed by one worker; retried until it goes; docs/decisions/076-orders-in-shopify.md).
 */

export type FulfilledOrder = {
  orderNumber: number;
  email: string;
  customerName: string | null;
  lines: OrderLine[];
  amountTotal: number;
  amountDiscount: number;
  promotionCode: string | null;
  amountShipping: number;
  amountTax: number;
  currency: string;
  shippingAddress: ShippingAddress | null;
  createdAt: string;
  contents: OrderContents;
};

export type FulfilmentResult =
  | {
      outcome: "fulfilled";
      order: FulfilledOrder;
      /** False when the order already existed (a repeat call). */
      created: boolean;
      /** Where the confirmation e-mail stood when the call returned. */
      email: ConfirmationEmailState;
    }
  | { outcome: "not_paid"; sessionStatus: "open" | "complete" | "expired" }
  | { outcome: "not_found" }
  | { outcome: "refused"; reason: RefusalReason };

/** The one translation of the outbox's state into the buyer's (ConfirmationEmailState). */
export function confirmationEmailState(
  status: DeliveryStatus | null,
  refusedLastAttempt: boolean,
): ConfirmationEmailState {
  if (status === null || status === "failed" || refusedLastAttempt) return "failed";
  return status === "sent" ? "sent" : "pending";
}

/**
 * Why a session is not fulfilled although Stripe may call it paid (no order, no e-mail):
 * - `not_this_site`: no checkout of this site has that session id (made on the Stripe account by
 *   someone else, or by another deployment sharing the account);
 * - `amount_mismatch`: Stripe's amount for the lines (before discount, shipping and tax) or its currency
 *   is not what this site recorded for it, or Stripe's total is not the sum of its parts;
 * - `no_payment`: Stripe says `no_payment_required`. Every checkout this site creates charges a
 *   positive amount, so this is never one of ours as created, and goods are not sent for no money.
 */
export type RefusalReason = "not_this_site" | "amount_mismatch" | "no_payment";

export type FulfilOptions = {
  /** Who asked, for the log. */
  source: "page" | "webhook";
  /**
   * Send the e-mail before answering (waiting up to this long for it, or for whoever is sending it);
   * 0 leaves it to the background loop (the webhook answers Stripe at once).
   */
  waitForEmailMs?: number;
};

export interface Fulfilment {
  fulfil(sessionId: string, options: FulfilOptions): Promise<FulfilmentResult>;
}

export type FulfilmentDeps = {
  db: Db;
  payments: Payments;
  outbox: Outbox;
  shopifySync: ShopifySync;
  logger: Logger;
  /** The order page's signed link, for the e-mail (order-link.server.ts). */
  orderLinks: Pick<OrderLinks, "orderPageUrl">;
  /**
   * Which catalog item a variant sells (catalog-config.server.ts), so the page and the e-mail promise
   * kit results only for an order with the kit. Without it no line counts as the Enhancer or the kit.
   */
  itemOf?: CatalogConfig["itemOf"];
};

function toFulfilled(order: typeof orders.$inferSelect, itemOf: ItemOf): FulfilledOrder {
  return {
    orderNumber: order.orderNumber,
    email: order.email,
    customerName: order.customerName,
    lines: order.lines,
    amountTotal: order.amountTotal,
    amountDiscount: order.amountDiscount,
    promotionCode: order.promotionCode,
    amountShipping: order.amountShipping,
    amountTax: order.amountTax,
    currency: order.currency,
    shippingAddress: order.shippingAddress ?? null,
    createdAt: order.createdAt.toISOString(),
    contents: contentsOf(
      order.lines.map((line) => line.variantId),
      itemOf,
    ),
  };
}

type ItemOf = NonNullable<FulfilmentDeps["itemOf"]>;
const noItem: ItemOf = () => undefined;

export function createFulfilment(deps: FulfilmentDeps): Fulfilment {
  const { db, payments, outbox, shopifySync, logger } = deps;
  const itemOf = deps.itemOf ?? noItem;

  return {
    async fulfil(sessionId, options) {
      // Asked first, and alone: a session this site never recorded costs no call to Stripe.
      const [recorded] = await db
        .select({ amountTotal: checkouts.amountTotal, currency: checkouts.currency })
        .from(checkouts)
        .where(eq(checkouts.stripeSessionId, sessionId));
      if (!recorded) {
        logger.warn(
          { sessionId, source: options.source },
          "fulfilment refused: not a checkout this site created",
        );
        return { outcome: "refused", reason: "not_this_site" };
      }
      const session = await payments.retrieveCheckoutSession(sessionId);
      if (!session) return { outcome: "not_found" };
      // What the lines cost before a promotion code, shipping and tax is what this site recorded from
      // Shopify's prices; the total is then Stripe's sum of the parts (decision 076).
      const partsAddUp =
        session.amountTotal ===
        session.amountSubtotal - session.amountDiscount + session.amountShipping + session.amountTax;
      if (
        session.amountSubtotal !== recorded.amountTotal ||
        session.currency !== recorded.currency ||
        !partsAddUp
      ) {
        logger.error(
          {
            sessionId,
            source: options.source,
            recorded: { amountSubtotal: recorded.amountTotal, currency: recorded.currency },
            stripe: {
              amountSubtotal: session.amountSubtotal,
              amountTotal: session.amountTotal,
              currency: session.currency,
            },
          },
          "fulfilment refused: Stripe's amount is not the one this site recorded for the checkout",
        );
        return { outcome: "refused", reason: "amount_mismatch" };
      }
      if (session.paymentStatus === "no_payment_required") {
        logger.error(
          { sessionId, source: options.source },
          "fulfilment refused: Stripe took no payment for this checkout (no_payment_required)",
        );
        return { outcome: "refused", reason: "no_payment" };
      }
      if (session.paymentStatus !== "paid") {
        if (session.status === "expired") {
          await db
            .update(checkouts)
            .set({ status: "expired", updatedAt: sql`now()` })
            .where(eq(checkouts.stripeSessionId, session.id));
        }
        return { outcome: "not_paid", sessionStatus: session.status };
      }

      const email = session.email?.trim() ?? "";
      const { order, created, deliveryId } = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(orders)
          .values({
            stripeSessionId: session.id,
            email,
            customerName: session.customerName,
            shippingAddress: session.shippingAddress,
            lines: session.lines,
            amountTotal: session.amountTotal,
            currency: session.currency,
            paymentStatus: session.paymentStatus,
            amountSubtotal: session.amountSubtotal,
            amountDiscount: session.amountDiscount,
            amountShipping: session.amountShipping,
            amountTax: session.amountTax,
            promotionCode: session.promotionCode,
            paymentIntentId: session.paymentIntentId,
          })
          .onConflictDoNothing({ target: orders.stripeSessionId })
          .returning();
        const row =
          inserted[0] ?? (await tx.select().from(orders).where(eq(orders.stripeSessionId, session.id)))[0];
        if (!row) throw new Error(`order for ${session.id} neither inserted nor found`);
        let delivery: string | null = null;
        if (row.email) {
          const queued = await outbox.enqueue(tx, {
            kind: ORDER_CONFIRMATION,
            dedupeKey: session.id,
            to: row.email,
            payload: orderConfirmationOf(row, deps.orderLinks, itemOf),
          });
          delivery = queued.id;
        }
        await shopifySync.enqueueOrder(tx, {
          id: row.id,
          stripeSessionId: session.id,
          shippingTitle: session.shippingTitle,
        });
        await tx
          .update(checkouts)
          .set({ status: "complete", updatedAt: sql`now()` })
          .where(eq(checkouts.stripeSessionId, session.id));
        return { order: row, created: inserted.length > 0, deliveryId: delivery };
      });

      shopifySync.nudge();
      if (created) {
        logger.info(
          { orderNumber: order.orderNumber, sessionId: session.id, source: options.source },
          "order recorded",
        );
      }
      if (!deliveryId) {
        logger.error(
          { orderNumber: order.orderNumber, sessionId: session.id },
          "paid order has no e-mail address: no confirmation can be sent",
        );
      }

      let emailStatus: DeliveryStatus | null = null;
      if (deliveryId) {
        const waitMs = options.waitForEmailMs ?? 0;
        if (waitMs > 0) {
          try {
            emailStatus = await outbox.deliverNow(deliveryId, { waitMs });
          } catch (error) {
            // The order and its e-mail are recorded; the background loop sends it.
            logger.error({ err: error, deliveryId }, "sending the confirmation now failed");
            emailStatus = "pending";
            outbox.nudge();
          }
        } else {
          outbox.nudge();
          emailStatus = (await outbox.status(deliveryId)) ?? "pending";
        }
      }
      const emailRetrying =
        Boolean(deliveryId) &&
        emailStatus === "pending" &&
        (await outbox.lastError(deliveryId as string)) !== null;
      return {
        outcome: "fulfilled",
        order: toFulfilled(order, itemOf),
        created,
        email: confirmationEmailState(emailStatus, emailRetrying),
      };
    },
  };
}
