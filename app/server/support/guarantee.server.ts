import { and, asc, eq, sql } from "drizzle-orm";
import { guarantee } from "~/content/product";
import { paths, support } from "~/content/site";
import type { OpenGuaranteeRequest } from "~/contracts/admin-orders";
import type { Db } from "~/server/db/client.server";
import { guaranteeRequests, orders } from "~/server/db/schema";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import {
  type GuaranteeRequestMessage,
  guaranteeRequestPayload,
  renderGuaranteeAcknowledgement,
  renderGuaranteeForSupport,
} from "~/server/mail/templates/support-messages";
import { formatDay } from "~/server/orders/order-progress.server";
import type { Logger } from "~/server/runtime/logger.server";
import { formatMoney } from "~/shared/money";
import type { GuaranteeInput } from "./support-inputs.server";

/**
 * The 60-day money-back guarantee as a process (issue 17 item 3, docs/decisions/079). A request names
 * an order by its number and the e-mail it was paid with; it is accepted when that order exists, is
 * within the window (GUARANTEE_DAYS from the day it was placed, that whole last day included) and is
 * not refunded in full. It is recorded once per order (a unique index): a second request finds the
 * first. Recording it queues, in the same transaction, the copy to support and the acknowledgement to
 * the customer. The refund itself is made by a person in Stripe; the orders sync mirrors it to Shopify.
 */
export const GUARANTEE_FOR_SUPPORT = "guarantee_for_support";
export const GUARANTEE_ACKNOWLEDGEMENT = "guarantee_acknowledgement";
export const GUARANTEE_DAYS = guarantee.days;

const DAY_MS = 86_400_000;

export const guaranteeForSupportTemplate = defineEmailTemplate<GuaranteeRequestMessage>({
  kind: GUARANTEE_FOR_SUPPORT,
  payload: guaranteeRequestPayload,
  render: renderGuaranteeForSupport,
});

export const guaranteeAcknowledgementTemplate = defineEmailTemplate<GuaranteeRequestMessage>({
  kind: GUARANTEE_ACKNOWLEDGEMENT,
  payload: guaranteeRequestPayload,
  render: renderGuaranteeAcknowledgement,
});

/** What a request came to. `not_found` is the answer for a wrong number and for a wrong address alike. */
export type GuaranteeOutcome =
  | { outcome: "opened"; orderNumber: number }
  | { outcome: "already_open"; orderNumber: number; openedOn: string }
  | { outcome: "already_closed"; orderNumber: number }
  | { outcome: "refunded"; orderNumber: number }
  | { outcome: "too_late"; orderNumber: number; placedOn: string; endedOn: string }
  | { outcome: "not_found" };

export interface Guarantee {
  request(input: Omit<GuaranteeInput, "website">): Promise<GuaranteeOutcome>;
  /** Open requests, oldest first (the back office). */
  openRequests(limit?: number): Promise<OpenGuaranteeRequest[]>;
  /** Closes an open request (refunded or settled); false when there is no open request with that id. */
  close(id: string): Promise<boolean>;
}

export type GuaranteeDeps = { db: Db; outbox: Outbox; logger: Logger; siteUrl: string; now?: () => Date };

/** The last day an order placed at `placedAt` can be claimed (UTC day `GUARANTEE_DAYS` later). */
export function lastGuaranteeDay(placedAt: Date): Date {
  const day = Date.UTC(placedAt.getUTCFullYear(), placedAt.getUTCMonth(), placedAt.getUTCDate());
  return new Date(day + GUARANTEE_DAYS * DAY_MS);
}

/** Whether `at` is on or before the last day of the guarantee (the whole UTC day counts). */
export function withinGuarantee(placedAt: Date, at: Date): boolean {
  return at.getTime() < lastGuaranteeDay(placedAt).getTime() + DAY_MS;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createGuarantee(deps: GuaranteeDeps): Guarantee {
  const { db, outbox, logger, siteUrl } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async request(input) {
      const at = now();
      const orderNumber = Number(input.orderNumber);
      if (!Number.isSafeInteger(orderNumber)) return { outcome: "not_found" };
      const outcome = await db.transaction(async (tx): Promise<GuaranteeOutcome> => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.orderNumber, orderNumber),
              // The address as paid with, in any letter case.
              sql`lower(${orders.email}) = lower(${input.email}::text)`,
            ),
          );
        if (!order) return { outcome: "not_found" };
        const [existing] = await tx
          .select()
          .from(guaranteeRequests)
          .where(eq(guaranteeRequests.orderId, order.id));
        if (existing) return existingOutcome(existing, orderNumber);
        if (order.amountRefunded >= order.amountTotal) return { outcome: "refunded", orderNumber };
        if (!withinGuarantee(order.createdAt, at)) {
          return {
            outcome: "too_late",
            orderNumber,
            placedOn: formatDay(order.createdAt),
            endedOn: formatDay(lastGuaranteeDay(order.createdAt)),
          };
        }
        const [row] = await tx
          .insert(guaranteeRequests)
          .values({
            orderId: order.id,
            email: input.email,
            reason: input.reason || null,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing({ target: guaranteeRequests.orderId })
          .returning();
        if (!row) {
          // Another request for this order committed between our read and our insert.
          const [first] = await tx
            .select()
            .from(guaranteeRequests)
            .where(eq(guaranteeRequests.orderId, order.id));
          return first ? existingOutcome(first, orderNumber) : { outcome: "not_found" };
        }
        const payload: GuaranteeRequestMessage = {
          requestId: row.id,
          orderNumber,
          email: order.email,
          customerName: order.customerName,
          placedOn: formatDay(order.createdAt),
          total: formatMoney(order.amountTotal, order.currency),
          reason: row.reason ?? "",
          adminUrl: `${siteUrl}/admin/orders/${order.orderNumber}`,
          windowEndsOn: formatDay(lastGuaranteeDay(order.createdAt)),
          termsUrl: `${siteUrl}${paths.guarantee}`,
        };
        await outbox.enqueue(tx, {
          kind: GUARANTEE_FOR_SUPPORT,
          dedupeKey: row.id,
          to: support.email,
          payload,
        });
        // To the address the order was paid with (the one on record, as Stripe gave it).
        await outbox.enqueue(tx, {
          kind: GUARANTEE_ACKNOWLEDGEMENT,
          dedupeKey: row.id,
          to: order.email,
          payload,
        });
        return { outcome: "opened", orderNumber };
      });
      logger.info({ orderNumber, outcome: outcome.outcome }, "guarantee request");
      if (outcome.outcome === "opened") outbox.nudge();
      return outcome;
    },

    async openRequests(limit = 100) {
      const rows = await db
        .select({
          id: guaranteeRequests.id,
          orderNumber: orders.orderNumber,
          email: guaranteeRequests.email,
          reason: guaranteeRequests.reason,
          createdAt: guaranteeRequests.createdAt,
          amountTotal: orders.amountTotal,
          amountRefunded: orders.amountRefunded,
          currency: orders.currency,
        })
        .from(guaranteeRequests)
        .innerJoin(orders, eq(orders.id, guaranteeRequests.orderId))
        .where(eq(guaranteeRequests.status, "open"))
        .orderBy(asc(guaranteeRequests.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        orderNumber: row.orderNumber,
        email: row.email,
        reason: row.reason,
        requestedAt: row.createdAt.toISOString(),
        total: formatMoney(row.amountTotal, row.currency),
        refunded: row.amountRefunded > 0 ? formatMoney(row.amountRefunded, row.currency) : null,
      }));
    },

    async close(id) {
      if (!UUID.test(id)) return false;
      const closed = await db
        .update(guaranteeRequests)
        .set({ status: "closed", updatedAt: now() })
        .where(and(eq(guaranteeRequests.id, id), eq(guaranteeRequests.status, "open")))
        .returning({ id: guaranteeRequests.id });
      if (closed.length > 0) logger.info({ guaranteeRequestId: id }, "admin: guarantee request closed");
      return closed.length > 0;
    },
  };
}

function existingOutcome(
  existing: typeof guaranteeRequests.$inferSelect,
  orderNumber: number,
): GuaranteeOutcome {
  return existing.status === "open"
    ? { outcome: "already_open", orderNumber, openedOn: formatDay(existing.createdAt) }
    : { outcome: "already_closed", orderNumber };
}
