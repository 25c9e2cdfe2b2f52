import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { orders, refunds, shopifySyncs } from "~/server/db/schema";
import { createRefunds } from "~/server/orders/refunds.server";
import { createShopifySync, type ShopifySync } from "~/server/orders/shopify-sync.server";
import { ShopifyError } from "~/server/shopify/graphql-client.server";
import {
  type ShopifyOrderInput,
  ShopifyOrderRejectedError,
  type ShopifyOrderStatus,
  type ShopifyOrders,
} from "~/server/shopify/order-types";
import type { ChargeRefunds, Payments } from "~/server/stripe/types";
import { austinAddress } from "../support/addresses";
import { openTestDatabase } from "../support/memory-database";
import { eventually } from "../support/wait";

/**
 * The Shopify sync's guarantees (decision 076) on a real database (PGlite), with a Shopify that fails
 * as each case needs: one Shopify order per paid order however calls fail, lose their answer or run
 * concurrently; a refusal waits for a person; refunds mirrored once, and a full refund before shipping
 * cancels the order. The same guarantees over HTTP against the emulator are in
 * tests/integration/shopify-sync.test.ts.
 */

const logger = pino({ level: process.env.DEBUG_SYNC ? "debug" : "silent" });

/** A Shopify that keeps orders by idempotency key, as `@idempotent` does, and fails on demand. */
function fakeShopify() {
  const byKey = new Map<string, { id: string; name: string; input: ShopifyOrderInput }>();
  const calls: string[] = [];
  const refundsMade = new Map<string, { orderId: string; amount: number }>();
  const cancelled = new Set<string>();
  const shipped = new Set<string>();
  let failNext: (() => Error) | null = null;
  /** Shopify makes the order, and the answer is lost on the way back. */
  let loseNextAnswer = false;
  let counter = 1000;
  const take = () => {
    const make = failNext;
    failNext = null;
    if (make) throw make();
  };
  const shopify: ShopifyOrders = {
    async findBySourceIdentifier(sourceIdentifier) {
      calls.push(`find ${sourceIdentifier}`);
      take();
      const found = [...byKey.values()].find((order) => order.input.sourceIdentifier === sourceIdentifier);
      return found ? { id: found.id, name: found.name } : null;
    },
    async create(input) {
      calls.push(`create ${input.idempotencyKey}`);
      take();
      let order = byKey.get(input.idempotencyKey);
      if (!order) {
        counter += 1;
        order = { id: `gid://shopify/Order/${counter}`, name: `#${counter}`, input };
        byKey.set(input.idempotencyKey, order);
      }
      if (loseNextAnswer) {
        loseNextAnswer = false;
        throw new ShopifyError("unavailable", "Shopify did not answer within 5000 ms.");
      }
      return { id: order.id, name: order.name };
    },
    async status(orderId): Promise<ShopifyOrderStatus | null> {
      calls.push(`status ${orderId}`);
      take();
      const order = [...byKey.values()].find((o) => o.id === orderId);
      if (!order) return null;
      return {
        id: order.id,
        name: order.name,
        progress: shipped.has(orderId) ? "shipped" : "paid",
        financialStatus: "Paid",
        fulfillmentStatus: shipped.has(orderId) ? "Fulfilled" : "Unfulfilled",
        cancelledAt: cancelled.has(orderId) ? "2026-11-23T00:00:00Z" : null,
        shipments: shipped.has(orderId)
          ? [{ carrier: "UPS", trackingNumber: "1Z", trackingUrl: null, shippedAt: null, deliveredAt: null }]
          : [],
      };
    },
    async refund(input) {
      calls.push(`refund ${input.idempotencyKey} ${input.amount}`);
      take();
      if (!refundsMade.has(input.idempotencyKey))
        refundsMade.set(input.idempotencyKey, { orderId: input.orderId, amount: input.amount });
      return { refundId: `gid://shopify/Refund/${input.idempotencyKey}` };
    },
    async cancel(input) {
      calls.push(`cancel ${input.orderId}`);
      take();
      cancelled.add(input.orderId);
    },
  };
  return {
    shopify,
    calls,
    byKey,
    refundsMade,
    cancelled,
    shipped,
    failNextWith(make: () => Error) {
      failNext = make;
    },
    loseNextAnswer() {
      loseNextAnswer = true;
    },
  };
}

describe("the Shopify sync (decision 076)", () => {
  let database: Database;
  let shopify: ReturnType<typeof fakeShopify>;
  let sync: ShopifySync;
  let sessionCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    shopify = fakeShopify();
    sync = createShopifySync({
      db: database.db,
      shopifyOrders: shopify.shopify,
      logger,
      retryBaseMs: 60_000,
    });
    await database.db.delete(shopifySyncs);
    await database.db.delete(refunds);
    await database.db.delete(orders);
  });

  /** A paid order as fulfilment records it, with its sync queued in the same transaction. */
  async function paidOrder(overrides: Partial<typeof orders.$inferInsert> = {}) {
    const sessionId = `cs_test_sync${++sessionCounter}`;
    return database.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          stripeSessionId: sessionId,
          email: "sam.buyer@example.com",
          customerName: "Sam Buyer",
          shippingAddress: austinAddress("Sam Buyer"),
          lines: [
            {
              variantId: "gid://shopify/ProductVariant/1",
              productTitle: "Forge Enhancer",
              variantTitle: null,
              quantity: 2,
              unitAmount: 3_900,
              currency: "usd",
            },
          ],
          amountTotal: 7_020,
          amountSubtotal: 7_800,
          amountDiscount: 780,
          promotionCode: "FORGE10",
          currency: "usd",
          paymentStatus: "paid",
          paymentIntentId: `pi_for_${sessionId}`,
          ...overrides,
        })
        .returning();
      if (!order) throw new Error("no order");
      await sync.enqueueOrder(tx as never, {
        id: order.id,
        stripeSessionId: sessionId,
        shippingTitle: "Free shipping",
      });
      return order;
    });
  }
  const syncRows = () => database.db.select().from(shopifySyncs);
  /** Makes every row due now, in the order they were queued (instead of waiting out the backoff). */
  const makeDue = () =>
    database.db.update(shopifySyncs).set({ nextAttemptAt: sql`${shopifySyncs.createdAt}` });
  const orderRow = async (id: string) =>
    (await database.db.select().from(orders).where(eq(orders.id, id)))[0];

  it("creates one Shopify order with what was paid, and records its id and name", async () => {
    const order = await paidOrder();
    await sync.enqueueOrder(database.db, {
      id: order.id,
      stripeSessionId: order.stripeSessionId,
      shippingTitle: null,
    });
    expect(await sync.processDue()).toBe(1);
    expect(await sync.processDue()).toBe(0);
    expect(shopify.calls).toEqual([`create ${order.stripeSessionId}`]);
    const sent = shopify.byKey.get(order.stripeSessionId)?.input;
    expect(sent).toMatchObject({
      sourceIdentifier: order.stripeSessionId,
      email: "sam.buyer@example.com",
      customerName: "Sam Buyer",
      currency: "USD",
      lines: [
        {
          variantId: "gid://shopify/ProductVariant/1",
          quantity: 2,
          unitAmount: 3_900,
          title: "Forge Enhancer",
        },
      ],
      amountSubtotal: 7_800,
      amountDiscount: 780,
      discountCode: "FORGE10",
      amountShipping: 0,
      shippingTitle: "Free shipping",
      amountTotal: 7_020,
      paymentIntentId: `pi_for_${order.stripeSessionId}`,
      siteOrderNumber: order.orderNumber,
    });
    expect(await orderRow(order.id)).toMatchObject({
      shopifyOrderId: "gid://shopify/Order/1001",
      shopifyOrderName: "#1001",
    });
    const [row] = await syncRows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, result: { name: "#1001" } });
  });

  it("retries while Shopify is unavailable, showing the last error, then creates the order once", async () => {
    const order = await paidOrder();
    shopify.failNextWith(
      () => new ShopifyError("unavailable", "Shopify answered HTTP 503.", { status: 503 }),
    );
    expect(await sync.processDue()).toBe(0);
    let [row] = await syncRows();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "Shopify answered HTTP 503." });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: nothing is tried.
    expect(await sync.processDue()).toBe(0);
    await makeDue();
    expect(await sync.processDue()).toBe(1);
    [row] = await syncRows();
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(shopify.byKey.size).toBe(1);
    expect((await orderRow(order.id))?.shopifyOrderName).toBe("#1001");
  });

  it("an answer lost after Shopify made the order: the next attempt finds it, and makes no second", async () => {
    const order = await paidOrder();
    shopify.loseNextAnswer();
    expect(await sync.processDue()).toBe(0);
    expect(shopify.byKey.size).toBe(1);
    expect((await orderRow(order.id))?.shopifyOrderId).toBeNull();
    await makeDue();
    expect(await sync.processDue()).toBe(1);
    expect(shopify.calls).toEqual([`create ${order.stripeSessionId}`, `find ${order.stripeSessionId}`]);
    expect(shopify.byKey.size).toBe(1);
    expect((await orderRow(order.id))?.shopifyOrderId).toBe("gid://shopify/Order/1001");
  });

  it("a claim whose worker died (lease lapsed) is taken over without a second order", async () => {
    const order = await paidOrder();
    shopify.loseNextAnswer();
    // A worker claimed it and died after Shopify made the order: the row is `sending`, its lease lapsed.
    await database.db
      .update(shopifySyncs)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() - interval '1 second'` });
    await shopify.shopify
      .create({
        idempotencyKey: order.stripeSessionId,
        sourceIdentifier: order.stripeSessionId,
      } as ShopifyOrderInput)
      .catch(() => {});
    expect(await sync.processDue()).toBe(1);
    expect(shopify.byKey.size).toBe(1);
    expect(shopify.calls.filter((call) => call.startsWith("find"))).toHaveLength(1);
  });

  it("a refusal (userErrors) waits for a person; their retry sends it", async () => {
    await paidOrder();
    shopify.failNextWith(
      () =>
        new ShopifyOrderRejectedError("Shopify refused the order: variant not found", [
          { field: ["lineItems"], message: "not found" },
        ]),
    );
    await sync.processDue();
    const [failed] = await syncRows();
    expect(failed).toMatchObject({
      status: "failed",
      lastError: "Shopify refused the order: variant not found",
    });
    await makeDue();
    expect(await sync.processDue()).toBe(0);
    // The person's retry makes it due and nudges the loop, which sends it.
    expect(await sync.retry(failed?.id as string)).toBe(true);
    await eventually(async () =>
      expect((await syncRows())[0]).toMatchObject({ status: "sent", attempts: 2 }),
    );
    expect(shopify.byKey.size).toBe(1);
    expect(await sync.retry(failed?.id as string)).toBe(false);
  });

  it("20 orders worked by two workers at once: each becomes exactly one Shopify order", async () => {
    const made = await Promise.all(Array.from({ length: 20 }, () => paidOrder()));
    const other = createShopifySync({ db: database.db, shopifyOrders: shopify.shopify, logger });
    const [a, b] = await Promise.all([sync.processDue(50), other.processDue(50)]);
    expect((a ?? 0) + (b ?? 0)).toBe(20);
    expect(shopify.byKey.size).toBe(20);
    expect(shopify.calls.filter((call) => call.startsWith("create"))).toHaveLength(20);
    for (const order of made)
      expect((await orderRow(order.id))?.shopifyOrderId).toMatch(/^gid:\/\/shopify\/Order\//);
  });

  describe("refunds", () => {
    /** The service nudges the loop, which would run a pass behind the test's back: each test runs its own. */
    const unnudged = (queue: ShopifySync): ShopifySync => ({ ...queue, nudge() {} });
    function fakePayments(charge: ChargeRefunds | null): Payments {
      return {
        retrieveChargeRefunds: async () => charge,
      } as unknown as Payments;
    }
    const chargeOf = (
      order: { paymentIntentId: string | null },
      refundsList: ChargeRefunds["refunds"],
      full: boolean,
    ): ChargeRefunds => ({
      chargeId: "ch_test_1",
      paymentIntentId: order.paymentIntentId,
      currency: "usd",
      amountRefunded: refundsList.reduce((sum, r) => sum + r.amount, 0),
      fullyRefunded: full,
      refunds: refundsList,
    });

    it("records each Stripe refund once, sums them, and mirrors each to Shopify once", async () => {
      const order = await paidOrder();
      await sync.processDue();
      const first = [{ id: "re_1", amount: 1_000, status: "succeeded", reason: "requested_by_customer" }];
      let service = createRefunds({
        db: database.db,
        payments: fakePayments(chargeOf(order, first, false)),
        shopifySync: unnudged(sync),
        logger,
      });
      expect(await service.recordChargeRefunds("ch_test_1")).toMatchObject({
        outcome: "recorded",
        created: 1,
        amountRefunded: 1_000,
      });
      // Redelivered: nothing new.
      expect(await service.recordChargeRefunds("ch_test_1")).toMatchObject({
        created: 0,
        amountRefunded: 1_000,
      });
      const both = [
        ...first,
        { id: "re_2", amount: 6_020, status: "succeeded", reason: null },
        { id: "re_3", amount: 5, status: "pending", reason: null },
      ];
      service = createRefunds({
        db: database.db,
        payments: fakePayments(chargeOf(order, both, true)),
        shopifySync: unnudged(sync),
        logger,
      });
      expect(await service.recordChargeRefunds("ch_test_1")).toMatchObject({
        created: 1,
        amountRefunded: 7_020,
      });
      expect((await orderRow(order.id))?.amountRefunded).toBe(7_020);

      expect(await sync.processDue()).toBe(2);
      expect(await sync.processDue()).toBe(0);
      expect(shopify.refundsMade).toEqual(
        new Map([
          ["re_1", { orderId: "gid://shopify/Order/1001", amount: 1_000 }],
          ["re_2", { orderId: "gid://shopify/Order/1001", amount: 6_020 }],
        ]),
      );
      // Fully refunded before anything shipped: cancelled (restocked), so no one ships it.
      expect(shopify.cancelled).toEqual(new Set(["gid://shopify/Order/1001"]));
    });

    it("a full refund after shipping is refunded, not cancelled", async () => {
      const order = await paidOrder();
      await sync.processDue();
      shopify.shipped.add("gid://shopify/Order/1001");
      const service = createRefunds({
        db: database.db,
        payments: fakePayments(
          chargeOf(order, [{ id: "re_9", amount: 7_020, status: "succeeded", reason: null }], true),
        ),
        shopifySync: unnudged(sync),
        logger,
      });
      await service.recordChargeRefunds("ch_test_1");
      expect(await sync.processDue()).toBe(1);
      expect(shopify.refundsMade.get("re_9")?.amount).toBe(7_020);
      expect(shopify.cancelled.size).toBe(0);
    });

    it("a refund waits for its order to reach Shopify", async () => {
      const order = await paidOrder();
      shopify.failNextWith(() => new ShopifyError("unavailable", "Shopify answered HTTP 503."));
      await sync.processDue();
      const service = createRefunds({
        db: database.db,
        payments: fakePayments(
          chargeOf(order, [{ id: "re_w", amount: 500, status: "succeeded", reason: null }], false),
        ),
        shopifySync: unnudged(sync),
        logger,
      });
      await service.recordChargeRefunds("ch_test_1");
      // The refund is due now, the order is not: the refund waits.
      await sync.processDue();
      const refundRow = (await syncRows()).find((row) => row.kind === "refund");
      expect(refundRow).toMatchObject({
        status: "pending",
        lastError: "waiting for the order to reach Shopify",
      });
      await makeDue();
      // Both due: worked at once (the queue's concurrency), the refund may find its order still on its
      // way and wait once more; it is made once the order is in Shopify, and only once.
      let made = await sync.processDue();
      if (!shopify.refundsMade.has("re_w")) {
        await makeDue();
        made += await sync.processDue();
      }
      expect(made).toBe(2);
      expect(shopify.refundsMade.get("re_w")?.amount).toBe(500);
    });

    it("a charge of no order here: nothing recorded, its payment named for the caller to fulfil first", async () => {
      await paidOrder();
      const service = createRefunds({
        db: database.db,
        payments: fakePayments(
          chargeOf(
            { paymentIntentId: "pi_elsewhere" },
            [{ id: "re_x", amount: 1, status: "succeeded", reason: null }],
            false,
          ),
        ),
        shopifySync: unnudged(sync),
        logger,
      });
      expect(await service.recordChargeRefunds("ch_test_1")).toEqual({
        outcome: "no_order",
        paymentIntentId: "pi_elsewhere",
      });
      expect(await database.db.select().from(refunds)).toEqual([]);
    });
  });
});
