import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/server/db/client.server";
import { orders, shopifySyncs } from "~/server/db/schema";
import { backoffMs as backoff, createBackgroundLoop } from "~/server/jobs/background-loop.server";
import { claimDueRow, stillOurs, workDueRows } from "~/server/jobs/queue-rows.server";
import type { Logger } from "~/server/runtime/logger.server";
import {
  type ShopifyOrderInput,
  ShopifyOrderRejectedError,
  type ShopifyOrders,
} from "~/server/shopify/order-types";

/**
 * The Shopify sync (docs/decisions/076-orders-in-shopify.md): every paid order becomes one order in the
 * brand's Shopify, and every Stripe refund is mirrored on it, exactly once, across processes, restarts
 * and crashes.
 *
 * A change is a row in `shopify_syncs`, unique per (kind, dedupe key), written in the transaction that
 * records the order or the refund. Workers in any process claim due rows (`FOR UPDATE SKIP LOCKED` and
 * a lease, as the e-mail outbox does) and call Shopify with an idempotency key. What makes a second
 * order impossible even when a call's answer is lost (a timeout, `kill -9` between Shopify's answer and
 * our record, a lease that lapsed under a slow call):
 * - `orderCreate` carries `@idempotent(key: <Stripe session id>)`: Shopify answers a repeat with the
 *   first call's order;
 * - any attempt after the first looks the order up by `sourceIdentifier` (the session id) first;
 * - the Shopify order id is written to the order row only where none is written yet.
 * Shopify down or throttled: the row goes back to pending with backoff (capped, never given up on).
 * Shopify refusing the input (userErrors): the row is `failed` and waits for a person (/admin/orders).
 */

export const ORDER_CREATE = "order_create";
export const REFUND = "refund";
export type SyncKind = typeof ORDER_CREATE | typeof REFUND;
export type SyncStatus = "pending" | "sending" | "sent" | "failed";

export type ShopifySyncOptions = {
  db: Db;
  shopifyOrders: ShopifyOrders;
  logger: Logger;
  pollIntervalMs?: number;
  /** How long a claim lasts: longer than Shopify calls can take (each has its own timeout). */
  leaseMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  passDeadlineMs?: number;
  /** Claims in a transaction of its own: PostgreSQL (see the outbox's claim for why). */
  claimInTransaction?: boolean;
};

export interface ShopifySync {
  /** Queues the order's creation in Shopify; pass the transaction that records the order. */
  enqueueOrder(
    executor: Db,
    order: { id: string; stripeSessionId: string; shippingTitle: string | null },
  ): Promise<void>;
  /** Queues a Stripe refund's mirror in Shopify; pass the transaction that records the refund. */
  enqueueRefund(
    executor: Db,
    refund: {
      orderId: string;
      stripeRefundId: string;
      amount: number;
      currency: string;
      fullyRefunded: boolean;
    },
  ): Promise<void>;
  /** One pass over the due rows, claiming none after `deadline`; answers how many were sent. */
  processDue(limit?: number, deadline?: number): Promise<number>;
  /** A person asks to try a failed (or backing-off) row now; false when there is no such row. */
  retry(syncId: string): Promise<boolean>;
  nudge(): void;
  start(): void;
  stop(waitMs?: number): Promise<void>;
}

type Claimed = typeof shopifySyncs.$inferSelect;

const orderPayload = z.object({ shippingTitle: z.string().nullish() });
const refundPayload = z.object({
  amount: z.number().int().positive(),
  currency: z.string(),
  fullyRefunded: z.boolean(),
});

/** The refund waits for its order to reach Shopify (retried with backoff, not an error of Shopify's). */
class OrderNotInShopifyYet extends Error {
  constructor() {
    super("waiting for the order to reach Shopify");
  }
}

/** Our order row as Shopify's orderCreate input. */
export function shopifyOrderInputOf(
  order: typeof orders.$inferSelect,
  shippingTitle: string | null | undefined,
): ShopifyOrderInput {
  return {
    idempotencyKey: order.stripeSessionId,
    sourceIdentifier: order.stripeSessionId,
    email: order.email,
    customerName: order.customerName,
    shippingAddress: order.shippingAddress ?? null,
    lines: order.lines.map((line) => ({
      variantId: line.variantId,
      title: line.variantTitle ? `${line.productTitle} – ${line.variantTitle}` : line.productTitle,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
    })),
    currency: order.currency.toUpperCase(),
    amountSubtotal: order.amountSubtotal,
    amountDiscount: order.amountDiscount,
    discountCode: order.promotionCode,
    amountShipping: order.amountShipping,
    shippingTitle: shippingTitle ?? (order.amountShipping === 0 ? "Free shipping" : "Shipping"),
    amountTax: order.amountTax,
    amountTotal: order.amountTotal,
    paymentIntentId: order.paymentIntentId,
    processedAt: order.createdAt.toISOString(),
    siteOrderNumber: order.orderNumber,
  };
}

export function createShopifySync(options: ShopifySyncOptions): ShopifySync {
  const { db, shopifyOrders, logger } = options;
  const leaseMs = options.leaseMs ?? 120_000;
  const retryBaseMs = options.retryBaseMs ?? 2_000;
  const retryMaxMs = options.retryMaxMs ?? 15 * 60_000;
  const loop = createBackgroundLoop({
    name: "shopify sync",
    logger,
    pass: (deadline) => processDue(20, deadline),
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    passDeadlineMs: options.passDeadlineMs ?? 60_000,
  });

  const claim = (): Promise<Claimed | null> =>
    claimDueRow(db, shopifySyncs, { leaseMs, inTransaction: options.claimInTransaction ?? false });
  const ours = (row: Claimed) => stillOurs(shopifySyncs, row);

  async function loadOrder(row: Claimed) {
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    if (!order) throw new Error(`order ${row.orderId} of sync ${row.id} not found`);
    return order;
  }

  async function createOrder(row: Claimed): Promise<Record<string, unknown>> {
    const order = await loadOrder(row);
    if (order.shopifyOrderId) return { orderId: order.shopifyOrderId, name: order.shopifyOrderName };
    // An earlier attempt may have reached Shopify and lost its answer: look before creating. (The
    // idempotency key covers the same case; the lookup also covers a key Shopify has forgotten.)
    const found = row.attempts > 1 ? await shopifyOrders.findBySourceIdentifier(order.stripeSessionId) : null;
    const created =
      found ??
      (await shopifyOrders.create(shopifyOrderInputOf(order, orderPayload.parse(row.payload).shippingTitle)));
    await db
      .update(orders)
      .set({ shopifyOrderId: created.id, shopifyOrderName: created.name, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), isNull(orders.shopifyOrderId)));
    logger.info(
      {
        orderNumber: order.orderNumber,
        shopifyOrder: created.name,
        found: Boolean(found),
        attempt: row.attempts,
      },
      "order created in Shopify",
    );
    return { orderId: created.id, name: created.name };
  }

  async function mirrorRefund(row: Claimed): Promise<Record<string, unknown>> {
    const refund = refundPayload.parse(row.payload);
    const order = await loadOrder(row);
    if (!order.shopifyOrderId) throw new OrderNotInShopifyYet();
    // Fully refunded and nothing shipped yet: the order is also cancelled (restocked), so no one ships it.
    let cancel = false;
    if (refund.fullyRefunded) {
      const status = await shopifyOrders.status(order.shopifyOrderId);
      cancel = Boolean(status && status.shipments.length === 0 && !status.cancelledAt);
    }
    const { refundId } = await shopifyOrders.refund({
      orderId: order.shopifyOrderId,
      idempotencyKey: row.dedupeKey,
      amount: refund.amount,
      currency: refund.currency.toUpperCase(),
      note: `Refunded in Stripe (${row.dedupeKey})`,
    });
    if (cancel) {
      await shopifyOrders.cancel({
        orderId: order.shopifyOrderId,
        idempotencyKey: `cancel-${row.dedupeKey}`,
      });
    }
    logger.info(
      {
        orderNumber: order.orderNumber,
        stripeRefundId: row.dedupeKey,
        amount: refund.amount,
        cancelled: cancel,
      },
      "refund mirrored in Shopify",
    );
    return { refundId, cancelled: cancel };
  }

  async function handle(row: Claimed): Promise<SyncStatus> {
    let result: Record<string, unknown>;
    try {
      result = row.kind === ORDER_CREATE ? await createOrder(row) : await mirrorRefund(row);
    } catch (error) {
      return failed(row, error);
    }
    // If this record is lost, the row is claimed again once its lease lapses, and the lookup and the
    // idempotency key answer with what this attempt made.
    await db
      .update(shopifySyncs)
      .set({
        status: "sent",
        result,
        sentAt: sql`now()`,
        lockedUntil: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(ours(row));
    return "sent";
  }

  async function failed(row: Claimed, error: unknown): Promise<SyncStatus> {
    const message = error instanceof Error ? error.message : String(error);
    // Shopify refused the input: the same call cannot succeed, a person must look (then retry).
    const giveUp = error instanceof ShopifyOrderRejectedError;
    const delay = backoff(row.attempts, retryBaseMs, retryMaxMs);
    await db
      .update(shopifySyncs)
      .set({
        status: giveUp ? "failed" : "pending",
        nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
        lockedUntil: null,
        lastError: message.slice(0, 2_000),
        updatedAt: sql`now()`,
      })
      .where(ours(row));
    const details = {
      syncId: row.id,
      kind: row.kind,
      key: row.dedupeKey,
      attempt: row.attempts,
      err: message,
    };
    if (giveUp) logger.error(details, "shopify sync refused by Shopify: waits for a person to retry it");
    else logger.warn({ ...details, retryInMs: delay }, "shopify sync failed: will retry");
    return giveUp ? "failed" : "pending";
  }

  function processDue(limit = 20, deadline = Number.POSITIVE_INFINITY): Promise<number> {
    return workDueRows(claim, handle, { limit, deadline, stopped: () => loop.stopped });
  }

  return {
    async enqueueOrder(executor, order) {
      await executor
        .insert(shopifySyncs)
        .values({
          kind: ORDER_CREATE,
          dedupeKey: order.stripeSessionId,
          orderId: order.id,
          payload: { shippingTitle: order.shippingTitle },
        })
        .onConflictDoNothing({ target: [shopifySyncs.kind, shopifySyncs.dedupeKey] });
    },
    async enqueueRefund(executor, refund) {
      await executor
        .insert(shopifySyncs)
        .values({
          kind: REFUND,
          dedupeKey: refund.stripeRefundId,
          orderId: refund.orderId,
          payload: { amount: refund.amount, currency: refund.currency, fullyRefunded: refund.fullyRefunded },
        })
        .onConflictDoNothing({ target: [shopifySyncs.kind, shopifySyncs.dedupeKey] });
    },
    processDue,
    async retry(syncId) {
      const updated = await db
        .update(shopifySyncs)
        .set({ status: "pending", nextAttemptAt: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
        .where(and(eq(shopifySyncs.id, syncId), inArray(shopifySyncs.status, ["pending", "failed"])))
        .returning({ id: shopifySyncs.id });
      if (updated.length === 0) return false;
      logger.info({ syncId }, "shopify sync retried by a person");
      loop.nudge();
      return true;
    },
    nudge: loop.nudge,
    start: loop.start,
    stop: loop.stop,
  };
}

/** The syncs of an order, newest first (the back office and the tests read them). */
export function syncsOfOrder(db: Db, orderId: string) {
  return db
    .select()
    .from(shopifySyncs)
    .where(eq(shopifySyncs.orderId, orderId))
    .orderBy(desc(shopifySyncs.createdAt));
}
