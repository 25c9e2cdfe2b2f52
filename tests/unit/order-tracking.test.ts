import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OrderPage } from "~/contracts/order-tracking";
import type { Database } from "~/server/db/client.server";
import { orders, siteSecrets } from "~/server/db/schema";
import { createOrderLinks, type OrderLinks } from "~/server/orders/order-link.server";
import { createOrderTracking } from "~/server/orders/order-tracking.server";
import { resolveSiteSecret } from "~/server/runtime/site-secret.server";
import type { ShopifyOrderStatus } from "~/server/shopify/order-types";
import { austinAddress } from "../support/addresses";
import { openTestDatabase } from "../support/memory-database";

/**
 * Issue 16 item 5 on a real database (PGlite) with a Shopify that answers what each case needs: the
 * status is read once per minute per order, stored, and shown as last known (and said so) while
 * Shopify is down; an order Shopify does not have yet is "Paid — packing comes next".
 */
const logger = pino({ level: "silent" });
const shipped: ShopifyOrderStatus = {
  id: "gid://shopify/Order/5001",
  name: "#1001",
  progress: "shipped",
  financialStatus: "PAID",
  fulfillmentStatus: "FULFILLED",
  cancelledAt: null,
  shipments: [
    {
      carrier: "UPS",
      trackingNumber: "1Z999",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
      shippedAt: "2026-11-24T10:00:00Z",
      deliveredAt: null,
    },
  ],
};

function fakeShopify() {
  const state = { answer: shipped as ShopifyOrderStatus | null, down: false, hang: false, calls: 0 };
  return {
    state,
    shopify: {
      async status(orderId: string) {
        state.calls++;
        if (state.hang) return new Promise<ShopifyOrderStatus | null>(() => {});
        if (state.down) throw new Error("Shopify is unavailable (503)");
        return state.answer && orderId === state.answer.id ? state.answer : null;
      },
    },
  };
}

describe("order tracking", () => {
  let database: Database;
  let links: OrderLinks;
  let clock: Date;
  const now = () => clock;

  beforeAll(async () => {
    database = await openTestDatabase();
    links = createOrderLinks({
      secret: await resolveSiteSecret(database.db, undefined),
      siteUrl: "http://localhost:3000",
      ttlDays: 30,
      now,
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    clock = new Date("2026-11-23T12:00:00Z");
    await database.db.delete(orders);
  });

  async function order(values: Partial<typeof orders.$inferInsert> = {}) {
    const [row] = await database.db
      .insert(orders)
      .values({
        stripeSessionId: `cs_test_${Math.random().toString(36).slice(2)}`,
        email: "sam.buyer@example.com",
        customerName: "Sam Buyer",
        shippingAddress: austinAddress("Sam Buyer", "500 Congress Ave"),
        lines: [
          {
            variantId: "gid://shopify/ProductVariant/1",
            productTitle: "Forge Enhancer",
            variantTitle: null,
            quantity: 2,
            unitAmount: 3900,
            currency: "usd",
          },
        ],
        amountSubtotal: 7800,
        amountDiscount: 780,
        promotionCode: "WELCOME10",
        amountTax: 0,
        amountTotal: 7020,
        currency: "usd",
        paymentStatus: "paid",
        ...values,
      })
      .returning();
    if (!row) throw new Error("no order");
    return row;
  }
  const viewOf = (page: OrderPage) => {
    if (page.kind !== "order") throw new Error(`not an order page: ${page.kind}`);
    return page.order;
  };

  it("keeps one site secret across calls (and processes), unless SITE_SECRET is set", async () => {
    const first = await resolveSiteSecret(database.db, undefined);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resolveSiteSecret(database.db, undefined)).toBe(first);
    expect(await database.db.select().from(siteSecrets)).toHaveLength(1);
    expect(await resolveSiteSecret(database.db, "c".repeat(40))).toBe("c".repeat(40));
  });

  it("shows an order Shopify does not have yet as paid, with its items, totals and address, asking no one", async () => {
    const fake = fakeShopify();
    const tracking = createOrderTracking({ db: database.db, links, logger, shopify: fake.shopify, now });
    const row = await order();
    const view = viewOf(await tracking.page(links.sign(row.id)));
    expect(view.status.headline).toBe("Paid — packing comes next");
    expect(view.items).toEqual([
      { name: "Forge Enhancer", quantity: 2, unitFormatted: "$39.00", formatted: "$78.00" },
    ]);
    expect(view.totals.map((line) => `${line.label} ${line.value}`)).toEqual([
      "Subtotal $78.00",
      "Discount (WELCOME10) −$7.80",
      "Shipping Free",
      "Tax $0.00",
      "Total $70.20",
    ]);
    expect(view.address).toEqual(["Sam Buyer", "500 Congress Ave", "Austin, TX 78701", "United States"]);
    expect(fake.state.calls).toBe(0);
  });

  it("reads Shopify on every page load (loads that overlap share one call), and stores what it said", async () => {
    const fake = fakeShopify();
    const tracking = createOrderTracking({ db: database.db, links, logger, shopify: fake.shopify, now });
    const row = await order({ shopifyOrderId: shipped.id, shopifyOrderName: "#1001" });
    const token = links.sign(row.id);
    const [first, second] = await Promise.all([tracking.page(token), tracking.page(token)]);
    expect(viewOf(first).status.headline).toBe("Shipped");
    expect(viewOf(second).status.shipments[0]?.trackingNumber).toBe("1Z999");
    expect(fake.state.calls).toBe(1);
    expect(viewOf(first).status.lastChecked).toBe("Last checked November 23, 2026, 12:00 PM UTC");
    // A reload a second later asks again: an order shipped in between shows Shipped at once (issue 32
    // item 12: it used to wait out a minute's cache).
    clock = new Date(clock.getTime() + 1_000);
    await tracking.page(token);
    expect(fake.state.calls).toBe(2);
    clock = new Date(clock.getTime() + 60_000);
    const later = viewOf(await tracking.page(token));
    expect(fake.state.calls).toBe(3);
    expect(later.status.lastChecked).toBe("Last checked November 23, 2026, 12:01 PM UTC");
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, row.id));
    expect(stored?.shopifyStatus).toMatchObject({ progress: "shipped", name: "#1001" });
    expect(stored?.shopifyStatusAt?.toISOString()).toBe("2026-11-23T12:01:01.000Z");
  });

  it("shows the last known status, and when it was checked, while Shopify is down or silent", async () => {
    const fake = fakeShopify();
    const tracking = createOrderTracking({
      db: database.db,
      links,
      logger,
      shopify: fake.shopify,
      now,
      shopifyWaitMs: 50,
    });
    const row = await order({ shopifyOrderId: shipped.id });
    const token = links.sign(row.id);
    expect(viewOf(await tracking.page(token)).status.staleNote).toBeNull();
    fake.state.down = true;
    clock = new Date(clock.getTime() + 61_000);
    const down = viewOf(await tracking.page(token)).status;
    expect(down.headline).toBe("Shipped");
    expect(down.staleNote).toBe(
      "Live status is unavailable right now; this is the status as of November 23, 2026, 12:00 PM UTC.",
    );
    expect(down.lastChecked).toBeNull();
    // A failed read is not retried on every load: Shopify down is not asked again for 15 s.
    const callsWhileDown = fake.state.calls;
    clock = new Date(clock.getTime() + 5_000);
    expect(viewOf(await tracking.page(token)).status.staleNote).toContain("as of November 23, 2026");
    expect(fake.state.calls).toBe(callsWhileDown);
    fake.state.down = false;
    fake.state.hang = true;
    clock = new Date(clock.getTime() + 61_000);
    expect(viewOf(await tracking.page(token)).status.staleNote).toContain("as of November 23, 2026");
  });

  it("says Paid (and that live status is unavailable) when Shopify was never reached", async () => {
    const fake = fakeShopify();
    fake.state.down = true;
    const tracking = createOrderTracking({ db: database.db, links, logger, shopify: fake.shopify, now });
    const row = await order({ shopifyOrderId: shipped.id });
    const status = viewOf(await tracking.page(links.sign(row.id))).status;
    expect(status.headline).toBe("Paid — packing comes next");
    expect(status.staleNote).toContain("Live status is unavailable right now");
  });

  it("answers not_found for a tampered token or a deleted order, expired for an old one", async () => {
    const tracking = createOrderTracking({ db: database.db, links, logger, now });
    const row = await order();
    const token = links.sign(row.id);
    expect(await tracking.page(`${token.slice(0, -2)}AA`)).toEqual({ kind: "not_found" });
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    expect(await tracking.page(token)).toEqual({ kind: "expired" });
    const stray = links.sign("00000000-0000-4000-8000-000000000000");
    expect(await tracking.page(stray)).toEqual({ kind: "not_found" });
  });
});
