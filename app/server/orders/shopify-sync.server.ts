import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/server/db/client.server";
import { orders, shopifySyncs } from "~/server/db/schema";
import { createDurableQueue, queueControls } from "~/server/jobs/durable-queue.server";
import { stillOurs, tableQueueStore } from "~/server/jobs/queue-rows.server";
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
 * records the order or the refund. It runs on the one durable queue worker (jobs/durable-queue.server.ts,
 * decision 097): workers in any process claim due rows (`FOR UPDATE SKIP LOCKED` and a lease) and call
 * Shopify with an idempotency key. What makes a second
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
  /** The worker's name, and a person's Retry: a failed (or backing-off) row is tried now; false when there is no such row. */
  readonly name: string;
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

  const queue = createDurableQueue<Claimed, Record<string, unknown>>({
    name: "shopify sync",
    logger,
    store: tableQueueStore(db, shopifySyncs, {
      leaseMs: options.leaseMs ?? 120_000,
      inTransaction: options.claimInTransaction ?? false,
    }),
    work: (row) => (row.kind === ORDER_CREATE ? createOrder(row) : mirrorRefund(row)),
    // If this record is lost, the row is claimed again once its lease lapses, and the lookup and the
    // idempotency key answer with what this attempt made.
    async record(row, result) {
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
    },
    // Shopify refused the input: the same call cannot succeed, a person must look (then retry). Shopify
    // down or throttled, or the order not there yet: retried with backoff, never given up on.
    classify: (error) => (error instanceof ShopifyOrderRejectedError ? "permanent" : "transient"),
    backoff: { baseMs: options.retryBaseMs ?? 2_000, maxMs: options.retryMaxMs ?? 15 * 60_000 },
    describe: (row) => ({ syncId: row.id, kind: row.kind, key: row.dedupeKey }),
    messages: {
      willRetry: "shopify sync failed: will retry",
      handedToPerson: "shopify sync refused by Shopify: waits for a person to retry it",
    },
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    passDeadlineMs: options.passDeadlineMs ?? 60_000,
    batch: 20,
    // Four calls to Shopify at once per instance: its Admin API answers one in a few hundred ms, so one
    // at a time fell behind 27 paid checkouts a second (the chaos run); a THROTTLED answer is retried.
    concurrency: 4,
  });

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
    ...queueControls(queue),
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
