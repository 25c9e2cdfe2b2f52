import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { PurchasableItem } from "~/content/catalog";
import type { Db } from "~/server/db/client.server";
import { orders, reviewInvitations, shopifySyncs } from "~/server/db/schema";
import { createDurableQueue, type QueueStore, queueControls } from "~/server/jobs/durable-queue.server";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import {
  type ReviewInvitation,
  renderReviewInvitation,
  reviewInvitationPayload,
} from "~/server/mail/templates/review-invitation";
import type { Logger } from "~/server/runtime/logger.server";
import type { ShopifyOrderStatus, ShopifyOrders } from "~/server/shopify/order-types";
import { withinTime } from "~/server/time-limit.server";
import { decideInvitation, type Observation } from "./invitation-due.server";
import { REVIEW_LINK_DAYS, type ReviewLinks } from "./review-link.server";
import { reviewableProducts } from "./reviewable-products.server";

/**
 * Review invitations (issue 18 item 1; docs/decisions/083-review-invitations-and-links.md): every paid
 * order's buyer gets one e-mail, REVIEW_INVITE_DAYS after the order ships, with a signed link per
 * product bought.
 *
 * A queue on the one durable queue worker (jobs/durable-queue.server.ts, decision 097), in every
 * process: each pass enrols the paid orders it has not seen (a row in `review_invitations`, first looked
 * at one poll interval later: an order is not shipped the moment it is paid, and a server that starts
 * does not call Shopify for every recent order at once), then claims due rows one at a time (`FOR
 * UPDATE SKIP LOCKED` and a lease, so two processes never handle one row at once), asks Shopify for the first shipment
 * of an order still waiting (at most once per row per backoff step, each call timed out), and, once the
 * invitation is due, marks the row invited in the transaction that puts the e-mail in the outbox (kind
 * and order id unique): one e-mail per order, whatever the processes, retries and restarts.
 */

export const REVIEW_INVITATION = "review_invitation";

export const reviewInvitationTemplate = defineEmailTemplate<ReviewInvitation>({
  kind: REVIEW_INVITATION,
  payload: reviewInvitationPayload,
  render: renderReviewInvitation,
});

/** Orders paid longer ago than this when the job first sees them are not enrolled (a first deploy). */
export const ENROL_WITHIN_DAYS = 90;

export type ReviewInvitationsOptions = {
  db: Db;
  shopifyOrders: Pick<ShopifyOrders, "status">;
  outbox: Pick<Outbox, "enqueue" | "nudge">;
  links: Pick<ReviewLinks, "writeUrl">;
  logger: Logger;
  itemOf: (variantId: string) => PurchasableItem | undefined;
  inviteDays: number;
  pollIntervalMs: number;
  /** How long a claim lasts: longer than a Shopify call can take. */
  leaseMs?: number;
  /** How long the job waits for Shopify's answer about one order. */
  shopifyWaitMs?: number;
  passDeadlineMs?: number;
  /** Claims in a transaction of its own: PostgreSQL (see the outbox's claim for why). */
  claimInTransaction?: boolean;
};

export interface ReviewInvitations {
  /** Enrols new orders and handles the due rows, claiming none after `deadline`; answers how many were invited. */
  processDue(limit?: number, deadline?: number): Promise<number>;
  /** The worker's name, and a person's Retry: a waiting or due invitation is looked at now (decision 097). */
  readonly name: string;
  retry(orderId: string): Promise<boolean>;
  nudge(): void;
  start(): void;
  stop(waitMs?: number): Promise<void>;
}

/**
 * A claimed row, as the worker sees it: its order id names it, and its attempts are its Shopify checks
 * so far plus this one (the table keeps no other count: a failed attempt is logged, not recorded).
 */
type Row = typeof reviewInvitations.$inferSelect & { id: string; attempts: number };
type Order = typeof orders.$inferSelect;

class ShopifyTimeout extends Error {}

export function createReviewInvitations(options: ReviewInvitationsOptions): ReviewInvitations {
  const { db, logger, inviteDays, pollIntervalMs } = options;
  const leaseMs = options.leaseMs ?? 120_000;
  const shopifyWaitMs = options.shopifyWaitMs ?? 10_000;

  /** New paid orders get a row; bounded per pass, and a second process's insert of the same order is a no-op. */
  async function enrol(limit: number): Promise<void> {
    await db.execute(sql`
      insert into ${reviewInvitations} (order_id, next_check_at)
      select ${orders.id}, now() + ${`${pollIntervalMs} milliseconds`}::interval from ${orders}
       where ${orders.createdAt} > now() - ${`${ENROL_WITHIN_DAYS} days`}::interval
         and not exists (select 1 from ${reviewInvitations} where ${reviewInvitations.orderId} = ${orders.id})
       order by ${orders.createdAt}
       limit ${limit}
      on conflict do nothing`);
  }

  /** One due row, leased to this worker until `lockedUntil` (which then identifies the claim). */
  async function claim(only?: { id: string }): Promise<Row | null> {
    const due = db
      .select({ orderId: reviewInvitations.orderId })
      .from(reviewInvitations)
      .where(
        and(
          only ? eq(reviewInvitations.orderId, only.id) : undefined,
          inArray(reviewInvitations.status, ["waiting", "due"]),
          lte(reviewInvitations.nextCheckAt, sql`now()`),
          or(isNull(reviewInvitations.lockedUntil), lt(reviewInvitations.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(reviewInvitations.nextCheckAt)
      .limit(1)
      .for("update", { skipLocked: true });
    // Milliseconds, from this clock: the value reads back exactly, so it names this claim.
    const lockedUntil = new Date(Date.now() + leaseMs);
    const claimWith = (executor: Db) =>
      executor
        .update(reviewInvitations)
        .set({ lockedUntil, updatedAt: sql`now()` })
        .where(inArray(reviewInvitations.orderId, due))
        .returning();
    const rows = options.claimInTransaction
      ? await db.transaction((tx) => claimWith(tx as unknown as Db))
      : await claimWith(db);
    const row = rows[0];
    return row ? { ...row, id: row.orderId, attempts: row.checks + 1 } : null;
  }

  const store: QueueStore<Row> = {
    claim,
    leaseMs,
    // An attempt that failed (the database, a template): looked at again after the backoff. There is
    // no permanent failure here: a refused Shopify status is a "waiting" observation, not an error.
    async recordFailure(row, failure) {
      await db
        .update(reviewInvitations)
        .set({
          nextCheckAt: sql`now() + ${`${failure.retryInMs} milliseconds`}::interval`,
          lockedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(ours(row));
    },
    async retry(orderId) {
      const updated = await db
        .update(reviewInvitations)
        .set({ nextCheckAt: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
        .where(
          and(eq(reviewInvitations.orderId, orderId), inArray(reviewInvitations.status, ["waiting", "due"])),
        )
        .returning({ orderId: reviewInvitations.orderId });
      return updated.length > 0;
    },
  };

  const ours = (row: Row) =>
    and(
      eq(reviewInvitations.orderId, row.orderId),
      eq(reviewInvitations.lockedUntil, row.lockedUntil as Date),
      inArray(reviewInvitations.status, ["waiting", "due"]),
    );

  function shopifyStatus(shopifyOrderId: string): Promise<ShopifyOrderStatus | null> {
    return withinTime(
      options.shopifyOrders.status(shopifyOrderId),
      shopifyWaitMs,
      () => new ShopifyTimeout("Shopify did not answer in time"),
    );
  }

  /** What is known of the order's shipping now. */
  async function observe(order: Order): Promise<Observation> {
    const refundedInFull = order.amountTotal > 0 && order.amountRefunded >= order.amountTotal;
    if (!order.shopifyOrderId) {
      if (refundedInFull) return { kind: "cancelled" };
      const [sync] = await db
        .select({ status: shopifySyncs.status })
        .from(shopifySyncs)
        .where(and(eq(shopifySyncs.orderId, order.id), eq(shopifySyncs.kind, "order_create")));
      return sync?.status === "failed"
        ? { kind: "not_in_shopify" }
        : { kind: "waiting", askedShopify: false };
    }
    try {
      const status = await shopifyStatus(order.shopifyOrderId);
      const first = status?.shipments.find((shipment) => shipment.shippedAt) ?? status?.shipments[0];
      if (first)
        return { kind: "shipped", shippedAt: first.shippedAt ? new Date(first.shippedAt) : new Date() };
      if (status?.cancelledAt) return { kind: "cancelled" };
    } catch (error) {
      logger.warn(
        { err: error, orderNumber: order.orderNumber },
        "review invitation: Shopify status unavailable",
      );
    }
    return { kind: "waiting", askedShopify: true };
  }

  /** Marks the row invited and queues the e-mail, in one transaction; false when someone else did. */
  async function invite(row: Row, order: Order, shippedAt: Date | null, dueAt: Date): Promise<boolean> {
    const products = reviewableProducts(order.lines, options.itemOf);
    const payload: ReviewInvitation = {
      orderNumber: order.orderNumber,
      firstName: order.customerName?.trim().split(/\s+/)[0] || null,
      products: products.map((product) => ({
        name: product.name,
        url: options.links.writeUrl(order.id, product.handle),
      })),
      validDays: REVIEW_LINK_DAYS,
    };
    const invited = await db.transaction(async (tx) => {
      const marked = await tx
        .update(reviewInvitations)
        .set({
          status: "invited",
          invitedAt: sql`now()`,
          shippedAt,
          dueAt,
          lockedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(ours(row))
        .returning({ orderId: reviewInvitations.orderId });
      if (marked.length === 0) return false;
      await options.outbox.enqueue(tx as unknown as Db, {
        kind: REVIEW_INVITATION,
        dedupeKey: order.id,
        to: order.email,
        payload,
      });
      return true;
    });
    if (invited) {
      logger.info({ orderNumber: order.orderNumber, products: products.length }, "review invitation queued");
      options.outbox.nudge();
    }
    return invited;
  }

  async function handle(row: Row): Promise<boolean> {
    const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
    if (!order) return false;
    const release = (set: Partial<typeof reviewInvitations.$inferInsert>) =>
      db
        .update(reviewInvitations)
        .set({ ...set, lockedUntil: null, updatedAt: sql`now()` })
        .where(ours(row));
    if (reviewableProducts(order.lines, options.itemOf).length === 0) {
      await release({ status: "skipped", skipReason: "nothing_to_review" });
      return false;
    }
    const now = new Date();
    if (row.status === "due" && row.dueAt) {
      if (row.dueAt <= now) return invite(row, order, row.shippedAt, row.dueAt);
      await release({ nextCheckAt: row.dueAt });
      return false;
    }
    const observation = await observe(order);
    const checks = row.checks + (observation.kind === "waiting" && !observation.askedShopify ? 0 : 1);
    const decision = decideInvitation(observation, {
      inviteDays,
      paidAt: order.createdAt,
      checks,
      pollIntervalMs,
      now,
    });
    if (decision.status === "due" && decision.dueAt <= now)
      return invite(row, order, decision.shippedAt, decision.dueAt);
    if (decision.status === "due")
      await release({
        status: "due",
        checks,
        shippedAt: decision.shippedAt,
        dueAt: decision.dueAt,
        nextCheckAt: decision.dueAt,
      });
    else if (decision.status === "skipped")
      await release({ status: "skipped", checks, skipReason: decision.reason });
    else await release({ checks, nextCheckAt: decision.nextCheckAt });
    return false;
  }

  const queue = createDurableQueue<Row, boolean>({
    name: "review invitations",
    logger,
    store,
    beforePass: () => enrol(100),
    // The work records itself: the row is marked invited in the transaction that queues the e-mail.
    work: handle,
    record: async () => {},
    counts: (invited) => invited,
    classify: () => "transient",
    // A failed attempt waits about as long as a dead worker's lease did before, growing to a cap.
    backoff: { baseMs: leaseMs, maxMs: Math.max(leaseMs, 60 * 60_000) },
    describe: (row) => ({ orderId: row.orderId }),
    messages: {
      willRetry: "review invitation failed: tried again after a backoff",
      handedToPerson: "review invitation failed for good",
    },
    pollIntervalMs,
    passDeadlineMs: options.passDeadlineMs ?? 60_000,
    batch: 20,
  });

  return {
    ...queueControls(queue),
  };
}
