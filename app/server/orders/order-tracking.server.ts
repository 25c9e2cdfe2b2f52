import { eq } from "drizzle-orm";
import { z } from "zod";
import type { OrderPage, OrderTrackingView } from "~/contracts/order-tracking";
import { addressLines, adjustmentText, orderAdjustments } from "~/contracts/order-view";
import type { Db } from "~/server/db/client.server";
import { orders } from "~/server/db/schema";
import type { Logger } from "~/server/runtime/logger.server";
import type { ShopifyOrderStatus, ShopifyOrders } from "~/server/shopify/order-types";
import { withinTime } from "~/server/time-limit.server";
import { formatMoney } from "~/shared/money";
import { orderLineName } from "~/shared/order-line-name";
import type { OrderLinks } from "./order-link.server";
import { formatDay, trackingStatusOf } from "./order-progress.server";

/**
 * The shopper's order page: the signed link → the order as recorded → its status read from Shopify.
 * Each page load asks Shopify (one call at a time per order: loads that overlap share it), so a
 * reload right after the order ships says Shipped, and the page says when it last checked. What
 * Shopify said is stored in `orders.shopify_status`, so that when Shopify is down or slow the page
 * shows the last known status, and says from when, instead of failing; after a failed read the page
 * does not ask again for `retryAfterFailureMs`.
 */

export interface OrderTracking {
  page(token: string): Promise<OrderPage>;
  /**
   * The same view of an order for the back office (the operator is signed in: no link needed), with a
   * fresh link to the shopper's page, to send a shopper who lost theirs.
   */
  forOperator(order: OrderRow): Promise<{ view: OrderTrackingView; link: string }>;
}

export type OrderTrackingDeps = {
  db: Db;
  links: OrderLinks;
  /** The order's status in Shopify; unset, the page shows the last status stored (and says so). */
  shopify?: Pick<ShopifyOrders, "status">;
  logger: Logger;
  /** How long a status read from Shopify is reused (default 0: every page load reads it afresh). */
  cacheMs?: number;
  /** How long after a failed read the last known status is shown without asking again (default 15 s). */
  retryAfterFailureMs?: number;
  /** How long the page waits for Shopify before showing the last known status (default 4 s). */
  shopifyWaitMs?: number;
  /** Statuses kept in memory at most (the oldest go first). */
  maxCached?: number;
  now?: () => Date;
};

/** The stored last-known status is read back through this: a row written by an older version may differ. */
const storedStatus = z.object({
  id: z.string(),
  name: z.string(),
  progress: z.enum([
    "paid",
    "preparing",
    "shipped",
    "delivered",
    "refunded",
    "partially_refunded",
    "cancelled",
  ]),
  financialStatus: z.string(),
  fulfillmentStatus: z.string(),
  cancelledAt: z.string().nullable(),
  shipments: z.array(
    z.object({
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      shippedAt: z.string().nullable(),
      deliveredAt: z.string().nullable(),
    }),
  ),
});

type Reading = { status: ShopifyOrderStatus | null; live: boolean; at: number };
export type OrderRow = typeof orders.$inferSelect;

export function createOrderTracking(deps: OrderTrackingDeps): OrderTracking {
  const { db, links, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.cacheMs ?? 0;
  const retryAfterFailureMs = deps.retryAfterFailureMs ?? 15_000;
  const shopifyWaitMs = deps.shopifyWaitMs ?? 4_000;
  const maxCached = deps.maxCached ?? 1_000;
  const cache = new Map<string, Reading>();
  const reading = new Map<string, Promise<Reading>>();

  function remember(orderId: string, entry: Reading) {
    cache.delete(orderId);
    cache.set(orderId, entry);
    if (cache.size > maxCached) cache.delete(cache.keys().next().value as string);
  }

  async function askShopify(row: OrderRow, shopifyOrderId: string): Promise<Reading> {
    const at = now().getTime();
    if (!deps.shopify) return { status: null, live: false, at };
    try {
      const status = await withinTime(
        deps.shopify.status(shopifyOrderId),
        shopifyWaitMs,
        () => new Error("Shopify did not answer in time"),
      );
      if (!status) {
        logger.warn(
          { orderNumber: row.orderNumber, shopifyOrderId },
          "order page: Shopify does not know the order",
        );
        return { status: null, live: false, at };
      }
      await db
        .update(orders)
        .set({ shopifyStatus: status as unknown as Record<string, unknown>, shopifyStatusAt: new Date(at) })
        .where(eq(orders.id, row.id))
        .catch((error: unknown) =>
          logger.warn({ err: error, orderNumber: row.orderNumber }, "order page: storing the status failed"),
        );
      return { status, live: true, at };
    } catch (error) {
      logger.warn({ err: error, orderNumber: row.orderNumber }, "order page: Shopify status unavailable");
      return { status: null, live: false, at };
    }
  }

  /** The live status (cached), or null inside a failed reading. One call at a time per order. */
  async function statusOf(row: OrderRow, shopifyOrderId: string): Promise<Reading> {
    const cached = cache.get(row.id);
    const age = cached ? now().getTime() - cached.at : Number.POSITIVE_INFINITY;
    if (cached && age < (cached.live ? cacheMs : retryAfterFailureMs)) return cached;
    const pending = reading.get(row.id);
    if (pending) return pending;
    const job = askShopify(row, shopifyOrderId)
      .then((entry) => {
        remember(row.id, entry);
        return entry;
      })
      .finally(() => reading.delete(row.id));
    reading.set(row.id, job);
    return job;
  }

  async function view(row: OrderRow): Promise<OrderTrackingView> {
    const money = (amount: number) => formatMoney(amount, row.currency);
    let status: ShopifyOrderStatus | null = null;
    let stale: { checkedAt: Date | null } | null = null;
    // Before Shopify has the order, the status is our own record, read just now.
    let checkedAt = now();
    if (row.shopifyOrderId) {
      const reading = await statusOf(row, row.shopifyOrderId);
      checkedAt = new Date(reading.at);
      if (reading.live) status = reading.status;
      else {
        // Another process may have stored a newer one than this row's copy; the row is fresh enough.
        const known = storedStatus.safeParse(row.shopifyStatus);
        status = known.success ? known.data : null;
        stale = { checkedAt: known.success ? row.shopifyStatusAt : null };
      }
    }
    const totals: OrderTrackingView["totals"] = [
      { label: "Subtotal", value: money(row.amountSubtotal), kind: "line" },
      ...orderAdjustments(row).map((adjustment) => ({
        label: adjustment.label,
        value: adjustmentText(adjustment, money),
        kind: adjustment.amount < 0 ? ("discount" as const) : ("line" as const),
      })),
      { label: "Total", value: money(row.amountTotal), kind: "total" },
    ];
    if (row.amountRefunded > 0)
      totals.push({ label: "Refunded", value: `−${money(row.amountRefunded)}`, kind: "refund" });
    return {
      orderNumber: row.orderNumber,
      placedOn: formatDay(row.createdAt),
      email: row.email,
      items: row.lines.map((line) => ({
        name: orderLineName(line),
        quantity: line.quantity,
        unitFormatted: money(line.unitAmount),
        formatted: money(line.unitAmount * line.quantity),
      })),
      totals,
      address: addressLines(row.shippingAddress),
      status: trackingStatusOf({
        status,
        amountRefunded: row.amountRefunded,
        amountTotal: row.amountTotal,
        money,
        stale,
        checkedAt,
      }),
    };
  }

  return {
    async page(token) {
      const link = links.verify(token);
      if (link.status === "invalid") return { kind: "not_found" };
      if (link.status === "expired") return { kind: "expired" };
      const [row] = await db.select().from(orders).where(eq(orders.id, link.orderId));
      if (!row) return { kind: "not_found" };
      return { kind: "order", order: await view(row) };
    },

    async forOperator(order) {
      return { view: await view(order), link: links.orderPageUrl(order) };
    },
  };
}
