import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { AdminOrderDetail, AdminOrderEmail } from "~/contracts/admin-orders";
import type { Db } from "~/server/db/client.server";
import {
  emailDeliveries,
  guaranteeRequests,
  orders,
  refunds,
  reviewInvitations,
  reviews,
  shopifySyncs,
} from "~/server/db/schema";
import { ORDER_CONFIRMATION } from "~/server/orders/order-email.server";
import { formatDay } from "~/server/orders/order-progress.server";
import type { OrderTracking } from "~/server/orders/order-tracking.server";
import { ORDER_CREATE } from "~/server/orders/shopify-sync.server";
import { REVIEW_INVITATION } from "~/server/reviews/invitations.server";
import { GUARANTEE_ACKNOWLEDGEMENT, GUARANTEE_FOR_SUPPORT } from "~/server/support/guarantee.server";
import { formatMoney } from "~/shared/money";
import { emailStateOf, NO_SYNC, paymentOf, syncStateOf } from "./admin-orders.server";

/**
 * One order as the operator needs it to answer its shopper (`/admin/orders/<number>`): what the shopper's
 * own page shows (items, totals, address, Shopify's status: the same view, built by order tracking),
 * and beside it what only the back office sees: the payment's ids in Stripe, the order's copy in
 * Shopify, every e-mail the order caused, its refunds, its guarantee request, its review, and a fresh
 * link to the shopper's page for a shopper who lost the e-mail (the expired-link page sends them to us).
 */

export interface AdminOrderDetails {
  /** Undefined when there is no order of that number (read by `orderNumberOf`). */
  detail(orderNumber: number): Promise<AdminOrderDetail | undefined>;
}

export type AdminOrderDetailsDeps = {
  db: Db;
  tracking: Pick<OrderTracking, "forOperator">;
  /** ORDER_LINK_TTL_DAYS: how long the fresh link works. */
  linkTtlDays: number;
};

/** The e-mails an order causes, by outbox kind, in the operator's words. */
const emailLabels: Record<string, string> = {
  [ORDER_CONFIRMATION]: "Order confirmation",
  [REVIEW_INVITATION]: "Review invitation",
  [GUARANTEE_ACKNOWLEDGEMENT]: "Guarantee request received (to the shopper)",
  [GUARANTEE_FOR_SUPPORT]: "Guarantee request (to support)",
};

const skipReasons: Record<string, string> = {
  cancelled: "Not invited: the order was cancelled or refunded",
  nothing_to_review: "Not invited: nothing in the order to review",
  not_shipped: "Not invited: the order never shipped",
};

function invitationWords(
  row: { status: string; dueAt: Date | null; invitedAt: Date | null; skipReason: string | null } | undefined,
): string {
  if (!row) return "None planned";
  switch (row.status) {
    case "waiting":
      return "Waiting for the shipment";
    case "due":
      return row.dueAt ? `Due ${formatDay(row.dueAt)}` : "Due";
    case "invited":
      return row.invitedAt ? `Invited ${formatDay(row.invitedAt)}` : "Invited";
    default:
      return skipReasons[row.skipReason ?? ""] ?? "Not invited";
  }
}

const reviewStates: Record<string, string> = {
  published: "Published",
  held: "Held for moderation",
  rejected: "Rejected",
};

export function createAdminOrderDetails(deps: AdminOrderDetailsDeps): AdminOrderDetails {
  const { db } = deps;
  return {
    async detail(orderNumber) {
      if (!Number.isSafeInteger(orderNumber) || orderNumber < 1) return undefined;
      const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
      if (!order) return undefined;
      const money = (amount: number) => formatMoney(amount, order.currency);

      const [syncs, refundRows, guaranteeRows, invitations, reviewRows, shopperPage] = await Promise.all([
        db
          .select()
          .from(shopifySyncs)
          .where(and(eq(shopifySyncs.orderId, order.id), eq(shopifySyncs.kind, ORDER_CREATE))),
        db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(asc(refunds.createdAt)),
        db.select().from(guaranteeRequests).where(eq(guaranteeRequests.orderId, order.id)),
        db.select().from(reviewInvitations).where(eq(reviewInvitations.orderId, order.id)),
        db
          .select({ rating: reviews.rating, status: reviews.status })
          .from(reviews)
          .where(eq(reviews.orderId, order.id)),
        deps.tracking.forOperator(order),
      ]);
      const guarantee = guaranteeRows[0];
      // Each e-mail is its outbox row, found by the key its sender gave it (the checkout session for
      // the confirmation, the order for the invitation, the request for the guarantee's two).
      const emailRows = await db
        .select()
        .from(emailDeliveries)
        .where(
          or(
            and(
              eq(emailDeliveries.kind, ORDER_CONFIRMATION),
              eq(emailDeliveries.dedupeKey, order.stripeSessionId),
            ),
            and(eq(emailDeliveries.kind, REVIEW_INVITATION), eq(emailDeliveries.dedupeKey, order.id)),
            guarantee
              ? and(
                  inArray(emailDeliveries.kind, [GUARANTEE_ACKNOWLEDGEMENT, GUARANTEE_FOR_SUPPORT]),
                  eq(emailDeliveries.dedupeKey, guarantee.id),
                )
              : undefined,
          ),
        )
        .orderBy(asc(emailDeliveries.createdAt));
      const emails: AdminOrderEmail[] = emailRows.map((row) => ({
        label: emailLabels[row.kind] ?? row.kind,
        to: row.toAddress,
        state: emailStateOf(row.status, row.lastError),
        attempts: row.attempts,
        lastError: row.lastError,
        at: (row.sentAt ?? row.createdAt).toISOString(),
      }));

      const syncRow = syncs[0];
      const sync = syncStateOf(syncRow ?? NO_SYNC, order.shopifyOrderName);
      const review = reviewRows[0];
      return {
        orderNumber: order.orderNumber,
        placedAt: order.createdAt.toISOString(),
        customerEmail: order.email,
        customerName: order.customerName,
        view: shopperPage.view,
        payment: paymentOf(order.amountTotal, order.amountRefunded, order.currency),
        refunded: order.amountRefunded > 0,
        stripe: { checkoutSessionId: order.stripeSessionId, paymentIntentId: order.paymentIntentId },
        promotionCode: order.promotionCode,
        sync,
        retrySyncId: sync.state === "failing" || sync.state === "failed" ? (syncRow?.id ?? null) : null,
        emails,
        refunds: refundRows.map((row) => ({
          stripeRefundId: row.stripeRefundId,
          amount: money(row.amount),
          reason: row.reason,
          at: row.createdAt.toISOString(),
        })),
        guarantee: guarantee
          ? {
              id: guarantee.id,
              open: guarantee.status === "open",
              reason: guarantee.reason,
              requestedAt: guarantee.createdAt.toISOString(),
            }
          : null,
        reviewInvitation: invitationWords(invitations[0]),
        review: review
          ? { rating: review.rating, state: reviewStates[review.status] ?? review.status }
          : null,
        shopperLink: { url: shopperPage.link, validForDays: deps.linkTtlDays },
        subscriptionId: order.subscriptionId,
      };
    },
  };
}
