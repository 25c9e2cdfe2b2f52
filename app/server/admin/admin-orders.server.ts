import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type {
  AdminEmailState,
  AdminOrderRow,
  AdminOrdersPage,
  AdminSyncState,
} from "~/contracts/admin-orders";
import type { Db } from "~/server/db/client.server";
import { emailDeliveries, orders, shopifySyncs } from "~/server/db/schema";
import type { RetryableQueue } from "~/server/jobs/durable-queue.server";
import { queueItemState } from "~/server/jobs/queue-rows.server";
import type { Logger } from "~/server/runtime/logger.server";
import { formatMoney } from "~/shared/money";

/**
 * The back office's orders: the newest first, with where each stands — payment (and refunds), its copy
 * in Shopify (the shopify_syncs queue) and its confirmation e-mail (the outbox) — and the one action an
 * operator needs when Shopify refused or kept failing: send it again now.
 */

export const ORDERS_PER_PAGE = 25;
/** Shopify's error messages can be long; the list shows the start. */
const MAX_ERROR_CHARS = 300;

/** What the order list's search box takes: an order number ("1042", "#1042") or an e-mail address. */
export type OrderSearch =
  | { kind: "all" }
  | { kind: "number"; orderNumber: number }
  | { kind: "email"; email: string }
  | { kind: "unreadable" };

export const ORDER_SEARCH_HELP = "That is neither an order number nor a whole e-mail address.";

/**
 * An order number as an operator types it or a back-office address carries it ("1042", "#1042"): a
 * whole number from 1, at most 15 digits (always a safe integer); anything else is undefined.
 */
export function orderNumberOf(raw: string | null | undefined): number | undefined {
  const match = /^#?\s*([1-9]\d{0,14})$/.exec((raw ?? "").trim());
  return match ? Number(match[1]) : undefined;
}

export function orderSearchOf(raw: string | null | undefined): OrderSearch {
  const query = (raw ?? "").trim();
  if (query === "") return { kind: "all" };
  const orderNumber = orderNumberOf(query);
  if (orderNumber !== undefined) return { kind: "number", orderNumber };
  // Addresses are compared whole, without regard to case (Stripe keeps what the shopper typed).
  if (query.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(query))
    return { kind: "email", email: query.toLowerCase() };
  return { kind: "unreadable" };
}

export interface AdminOrders {
  /** The newest orders first, 25 a page; with a search, only the orders it names. */
  list(page: number, query?: string | null): Promise<AdminOrdersPage>;
  /**
   * Makes a failing or failed order sync due now (attempts kept, lease cleared) and nudges the sync
   * worker; false when there is no such row in that state.
   */
  retrySync(syncId: string): Promise<boolean>;
}

export type AdminOrdersDeps = {
  db: Db;
  logger: Logger;
  /** The Shopify sync's queue, whose `retry` makes a row due now and wakes its worker (decisions 076, 097). */
  sync: RetryableQueue;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SyncRow = {
  id: string | null;
  status: string | null;
  attempts: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
};

/** A sync row's state (jobs/queue-rows.server.ts, the same for every queue) in the order list's words. */
export function syncStateOf(sync: SyncRow, shopifyOrderName: string | null): AdminSyncState {
  const lastError = sync.lastError ? sync.lastError.slice(0, MAX_ERROR_CHARS) : null;
  const attempts = sync.attempts ?? 0;
  const state = queueItemState(sync);
  switch (state) {
    case "none":
    case "pending":
      return { state };
    case "sent":
      return { state, shopifyOrderName };
    case "sending":
      return { state, attempts };
    case "failed":
      return { state, attempts, lastError };
    case "retrying":
      return {
        state: "failing",
        attempts,
        lastError,
        nextAttemptAt: (sync.nextAttemptAt ?? new Date()).toISOString(),
      };
  }
}

/** An e-mail's state (the outbox's row, read as every queue's) in the back office's words. */
export function emailStateOf(status: string | null, lastError: string | null): AdminEmailState {
  return queueItemState({ status, lastError });
}

/** The payment in words: "Paid", "Refunded $39.00", "Partly refunded $10.00 of $39.00". */
export function paymentOf(amountTotal: number, amountRefunded: number, currency: string): string {
  if (amountRefunded <= 0) return "Paid";
  if (amountRefunded >= amountTotal) return `Refunded ${formatMoney(amountRefunded, currency)}`;
  return `Partly refunded ${formatMoney(amountRefunded, currency)} of ${formatMoney(amountTotal, currency)}`;
}

export function createAdminOrders(deps: AdminOrdersDeps): AdminOrders {
  const { db, logger } = deps;
  return {
    async list(page, query = null) {
      const current = Number.isInteger(page) && page >= 1 ? page : 1;
      const search = orderSearchOf(query);
      const shownQuery = search.kind === "all" ? null : (query ?? "").trim().slice(0, 320);
      if (search.kind === "unreadable")
        return {
          orders: [],
          page: 1,
          hasPrevious: false,
          hasNext: false,
          query: shownQuery,
          queryProblem: ORDER_SEARCH_HELP,
        };
      const where: SQL | undefined =
        search.kind === "number"
          ? eq(orders.orderNumber, search.orderNumber)
          : search.kind === "email"
            ? eq(sql`lower(${orders.email})`, search.email)
            : undefined;
      const rows = await db
        .select({
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          email: orders.email,
          amountTotal: orders.amountTotal,
          amountRefunded: orders.amountRefunded,
          currency: orders.currency,
          shopifyOrderName: orders.shopifyOrderName,
          subscriptionId: orders.subscriptionId,
          sync: {
            id: shopifySyncs.id,
            status: shopifySyncs.status,
            attempts: shopifySyncs.attempts,
            lastError: shopifySyncs.lastError,
            nextAttemptAt: shopifySyncs.nextAttemptAt,
          },
          emailStatus: emailDeliveries.status,
          emailError: emailDeliveries.lastError,
        })
        .from(orders)
        .leftJoin(
          shopifySyncs,
          and(eq(shopifySyncs.orderId, orders.id), eq(shopifySyncs.kind, "order_create")),
        )
        .leftJoin(
          emailDeliveries,
          and(
            eq(emailDeliveries.kind, "order_confirmation"),
            eq(emailDeliveries.dedupeKey, orders.stripeSessionId),
          ),
        )
        .where(where)
        .orderBy(desc(orders.orderNumber))
        .limit(ORDERS_PER_PAGE + 1)
        .offset((current - 1) * ORDERS_PER_PAGE);
      const shown: AdminOrderRow[] = rows.slice(0, ORDERS_PER_PAGE).map((row) => {
        const sync = syncStateOf(row.sync ?? NO_SYNC, row.shopifyOrderName);
        return {
          orderNumber: row.orderNumber,
          placedAt: row.createdAt.toISOString(),
          customerEmail: row.email,
          total: formatMoney(row.amountTotal, row.currency),
          payment: paymentOf(row.amountTotal, row.amountRefunded, row.currency),
          refunded: row.amountRefunded > 0,
          sync,
          retrySyncId: sync.state === "failing" || sync.state === "failed" ? (row.sync?.id ?? null) : null,
          confirmationEmail: emailStateOf(row.emailStatus, row.emailError),
          subscriptionId: row.subscriptionId,
        };
      });
      return {
        orders: shown,
        page: current,
        hasPrevious: current > 1,
        hasNext: rows.length > ORDERS_PER_PAGE,
        query: shownQuery,
        queryProblem: null,
      };
    },

    async retrySync(syncId) {
      if (!UUID.test(syncId)) return false;
      const retried = await deps.sync.retry(syncId);
      if (retried) logger.info({ syncId, queue: deps.sync.name }, "admin: Shopify sync retried");
      return retried;
    },
  };
}

/** An order with no sync row (made before the sync existed, or its row not yet written). */
export const NO_SYNC: SyncRow = {
  id: null,
  status: null,
  attempts: null,
  lastError: null,
  nextAttemptAt: null,
};
