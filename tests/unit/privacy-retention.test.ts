import { asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { retentionRules } from "~/content/legal/data-inventory";
import type { Database } from "~/server/db/client.server";
import {
  adminLoginTokens,
  adminSessions,
  checkouts,
  contactMessages,
  emailDeliveries,
  guaranteeRequests,
  newsletterSubscribers,
  orders,
  refunds,
  reviews,
  shopifySyncs,
  subscriptions,
} from "~/server/db/schema";
import { createRetentionJob, type RetentionReport } from "~/server/privacy/retention.server";
import { austinAddress } from "../support/addresses";
import { openTestDatabase } from "../support/memory-database";

/**
 * The retention job on a real database (PGlite, the migrations applied): what the privacy policy says
 * is kept no longer is deleted (or, for an e-mail's content, cleared), everything else is left as it
 * was, and a second run, or two at once, changes nothing more.
 */
const logger = pino({ level: "silent" });
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const years = (n: number) => n * 365.25 * DAY;

let database: Database;
let sequence = 0;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  const { db } = database;
  // Children first: the foreign keys point at orders.
  for (const table of [
    reviews,
    shopifySyncs,
    refunds,
    guaranteeRequests,
    emailDeliveries,
    checkouts,
    contactMessages,
  ]) {
    await db.delete(table);
  }
  await db.delete(orders);
  await db.delete(subscriptions);
  await db.delete(newsletterSubscribers);
  await db.delete(adminLoginTokens);
  await db.delete(adminSessions);
});

const line = {
  variantId: "gid://shopify/ProductVariant/1",
  productTitle: "Forge Enhancer",
  variantTitle: null,
  quantity: 1,
  unitAmount: 3900,
  currency: "usd",
};

/** A paid order placed `age` ago, with everything that hangs off it: checkout, sync, refund, e-mail. */
async function placeOrder(age: number, name: string) {
  const { db } = database;
  sequence += 1;
  const sessionId = `cs_test_${name}_${sequence}`;
  const at = ago(age);
  await db.insert(checkouts).values({
    stripeSessionId: sessionId,
    lines: [line],
    amountTotal: 3900,
    currency: "usd",
    status: "complete",
    createdAt: at,
    updatedAt: at,
  });
  const [order] = await db
    .insert(orders)
    .values({
      stripeSessionId: sessionId,
      email: `${name}@example.com`,
      customerName: name,
      shippingAddress: austinAddress(name),
      lines: [line],
      amountTotal: 3900,
      currency: "usd",
      paymentStatus: "paid",
      amountSubtotal: 3900,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!order) throw new Error("no order");
  await db.insert(shopifySyncs).values({
    kind: "order_create",
    dedupeKey: sessionId,
    orderId: order.id,
    status: "sent",
    createdAt: at,
    updatedAt: at,
  });
  await db.insert(refunds).values({
    stripeRefundId: `re_${name}_${sequence}`,
    orderId: order.id,
    amount: 3900,
    currency: "usd",
    createdAt: at,
  });
  await db.insert(emailDeliveries).values({
    kind: "order_confirmation",
    dedupeKey: sessionId,
    toAddress: `${name}@example.com`,
    payload: { customerName: name, shippingAddress: austinAddress(name) },
    status: "sent",
    sentAt: at,
    createdAt: at,
    updatedAt: at,
  });
  return { order, sessionId };
}

async function email(kind: string, age: number, values: Partial<typeof emailDeliveries.$inferInsert> = {}) {
  sequence += 1;
  const at = ago(age);
  await database.db.insert(emailDeliveries).values({
    kind,
    dedupeKey: `${kind}-${sequence}`,
    toAddress: `${kind}-${sequence}@example.com`,
    payload: { name: "Jo" },
    status: "sent",
    sentAt: at,
    createdAt: at,
    updatedAt: at,
    ...values,
  });
  return `${kind}-${sequence}`;
}

async function subscriber(name: string, values: Partial<typeof newsletterSubscribers.$inferInsert>) {
  sequence += 1;
  await database.db.insert(newsletterSubscribers).values({
    email: `${name}@example.com`,
    consentAt: ago(DAY),
    unsubscribeTokenHash: `unsubscribe-token-hash-${name}-${sequence}`,
    ...values,
  });
}

/** What the tables hold, in an order that does not depend on insertion. */
async function snapshot() {
  const { db } = database;
  return {
    orders: (await db.select().from(orders).orderBy(asc(orders.email))).map((row) => row.email),
    checkouts: (await db.select().from(checkouts).orderBy(asc(checkouts.stripeSessionId))).map(
      (row) => row.stripeSessionId,
    ),
    syncs: (await db.select().from(shopifySyncs).orderBy(asc(shopifySyncs.dedupeKey))).map(
      (row) => row.dedupeKey,
    ),
    refunds: (await db.select().from(refunds).orderBy(asc(refunds.stripeRefundId))).map(
      (row) => row.stripeRefundId,
    ),
    guarantees: (await db.select().from(guaranteeRequests).orderBy(asc(guaranteeRequests.email))).map(
      (row) => row.email,
    ),
    emails: (await db.select().from(emailDeliveries).orderBy(asc(emailDeliveries.dedupeKey))).map((row) => ({
      key: row.dedupeKey,
      payload: row.payload,
      lastError: row.lastError,
    })),
    subscribers: (
      await db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.email))
    ).map((row) => row.email),
    messages: (await db.select().from(contactMessages).orderBy(asc(contactMessages.email))).map(
      (row) => row.email,
    ),
    tokens: (await db.select().from(adminLoginTokens).orderBy(asc(adminLoginTokens.tokenHash))).map(
      (row) => row.tokenHash,
    ),
    sessions: (await db.select().from(adminSessions).orderBy(asc(adminSessions.idHash))).map(
      (row) => row.idHash,
    ),
  };
}

const job = (batchSize?: number) => createRetentionJob({ db: database.db, logger, batchSize });
const nothing = (report: RetentionReport) => Object.values(report).every((count) => count === 0);

describe("retention job", () => {
  it("uses the inventory's periods: the ones this test assumes", () => {
    // The fixtures below sit on either side of these; a changed period must change them too.
    expect(retentionRules.order.period).toEqual({ amount: 7, unit: "year" });
    expect(retentionRules.contactMessage.period).toEqual({ amount: 2, unit: "year" });
    expect(retentionRules.guaranteeRequest.period).toEqual({ amount: 2, unit: "year" });
    expect(retentionRules.emailContent.period).toEqual({ amount: 30, unit: "day" });
    expect(retentionRules.linkEmail.period).toEqual({ amount: 30, unit: "day" });
    expect(retentionRules.supportEmail.period).toEqual({ amount: 2, unit: "year" });
    expect(retentionRules.unpaidCheckout.period).toEqual({ amount: 90, unit: "day" });
    expect(retentionRules.newsletterUnsubscribed.period).toEqual({ amount: 30, unit: "day" });
    expect(retentionRules.newsletterUnconfirmed.period).toEqual({ amount: 30, unit: "day" });
    expect(retentionRules.staffSignInLink.period).toEqual({ amount: 1, unit: "day" });
    expect(retentionRules.staffSession.period).toEqual({ amount: 0, unit: "hour" });
    expect(retentionRules.review.period).toEqual({ amount: 5, unit: "year" });
    expect(retentionRules.rejectedReview.period).toEqual({ amount: 90, unit: "day" });
  });

  it("deletes orders older than 7 years with everything that hangs off them, and keeps younger ones", async () => {
    const { db } = database;
    const old = await placeOrder(years(7) + 10 * DAY, "old");
    const young = await placeOrder(years(7) - 10 * DAY, "young");
    // A guarantee request on each: the old one goes with its order (it is also past its own 2 years).
    await db.insert(guaranteeRequests).values([
      { orderId: old.order.id, email: "old@example.com", createdAt: ago(years(6)) },
      { orderId: young.order.id, email: "young@example.com", createdAt: ago(years(1)) },
    ]);

    const report = await job().runOnce();
    expect(report.orders).toBe(1);
    const after = await snapshot();
    expect(after.orders).toEqual(["young@example.com"]);
    expect(after.checkouts).toEqual([young.sessionId]);
    expect(after.syncs).toEqual([young.sessionId]);
    expect(after.refunds).toEqual([expect.stringContaining("re_young_")]);
    expect(after.guarantees).toEqual(["young@example.com"]);
    // The young order's confirmation stays (its exactly-once record); its content is long cleared.
    expect(after.emails).toEqual([{ key: young.sessionId, payload: {}, lastError: null }]);
  });

  it("clears an e-mail's content 30 days after it was sent or given up on; the row stays", async () => {
    const sentLongAgo = await email("order_confirmation", 40 * DAY);
    const sentRecently = await email("order_confirmation", 10 * DAY);
    const failedLongAgo = await email("contact_message", 40 * DAY, {
      status: "failed",
      sentAt: null,
      lastError: "550 mailbox jo@example.com unavailable",
    });
    // Still to be sent (retrying): its content is needed.
    const pendingLongAgo = await email("contact_message", 40 * DAY, {
      status: "pending",
      sentAt: null,
      lastError: "421 try later",
    });

    const report = await job().runOnce();
    expect(report["email-content"]).toBe(2);
    const byKey = new Map((await snapshot()).emails.map((row) => [row.key, row]));
    expect(byKey.get(sentLongAgo)).toEqual({ key: sentLongAgo, payload: {}, lastError: null });
    expect(byKey.get(failedLongAgo)).toEqual({ key: failedLongAgo, payload: {}, lastError: null });
    expect(byKey.get(sentRecently)?.payload).toEqual({ name: "Jo" });
    expect(byKey.get(pendingLongAgo)).toEqual({
      key: pendingLongAgo,
      payload: { name: "Jo" },
      lastError: "421 try later",
    });
  });

  it("deletes link e-mails after 30 days and other e-mails after 2 years; order confirmations stay with their order", async () => {
    const oldSignIn = await email("admin_sign_in", 31 * DAY);
    const newSignIn = await email("admin_sign_in", 29 * DAY);
    const oldConfirmation = await email("newsletter_confirmation", 31 * DAY);
    const oldContact = await email("contact_acknowledgement", years(2) + DAY);
    const newContact = await email("contact_acknowledgement", years(2) - 10 * DAY);
    // Three years old, but its order (not in this test's tables) decides: the order rule.
    const orderConfirmation = await email("order_confirmation", years(3));

    const report = await job().runOnce();
    expect(report["link-emails"]).toBe(2);
    expect(report["support-emails"]).toBe(1);
    const keys = (await snapshot()).emails.map((row) => row.key);
    expect(keys).not.toContain(oldSignIn);
    expect(keys).not.toContain(oldConfirmation);
    expect(keys).not.toContain(oldContact);
    expect(keys).toEqual(expect.arrayContaining([newSignIn, newContact, orderConfirmation]));
  });

  it("deletes unpaid checkouts after 90 days, never a paid one", async () => {
    const { db } = database;
    const paid = await placeOrder(120 * DAY, "paid");
    await db.insert(checkouts).values([
      {
        stripeSessionId: "cs_expired_old",
        lines: [line],
        amountTotal: 3900,
        currency: "usd",
        status: "expired",
        createdAt: ago(91 * DAY),
      },
      {
        stripeSessionId: "cs_open_old",
        lines: [line],
        amountTotal: 3900,
        currency: "usd",
        status: "open",
        createdAt: ago(91 * DAY),
      },
      {
        stripeSessionId: "cs_open_new",
        lines: [line],
        amountTotal: 3900,
        currency: "usd",
        status: "open",
        createdAt: ago(89 * DAY),
      },
    ]);

    const report = await job().runOnce();
    expect(report["unpaid-checkouts"]).toBe(2);
    expect((await snapshot()).checkouts).toEqual(["cs_open_new", paid.sessionId].sort());
  });

  it("deletes a subscription never paid after 90 days, an ended one 7 years on once its orders are gone; never a running one", async () => {
    const { db } = database;
    const terms = {
      variantId: "gid://shopify/ProductVariant/1",
      sellingPlanId: "gid://shopify/SellingPlan/1",
      productTitle: "Forge Enhancer",
      weeksOn: 8,
      weeksOff: 2,
      quantity: 1,
      unitAmount: 3315,
      currency: "usd",
    };
    const sub = (name: string, values: Partial<typeof subscriptions.$inferInsert>) =>
      db
        .insert(subscriptions)
        .values({ ...terms, stripeSessionId: `cs_${name}`, ...values })
        .returning({ id: subscriptions.id });
    await sub("unpaid_old", { status: "pending", createdAt: ago(91 * DAY) });
    await sub("unpaid_new", { status: "pending", createdAt: ago(89 * DAY) });
    await sub("ended_long_ago", {
      status: "canceled",
      canceledAt: ago(years(7) + DAY),
      createdAt: ago(years(9)),
    });
    const [withOrder] = await sub("ended_order_kept", {
      status: "canceled",
      canceledAt: ago(years(7) + DAY),
      createdAt: ago(years(9)),
    });
    const kept = await placeOrder(years(6), "renewal");
    await db
      .update(orders)
      .set({ subscriptionId: withOrder?.id })
      .where(eq(orders.stripeSessionId, kept.sessionId));
    await sub("ended_recently", { status: "canceled", canceledAt: ago(years(6)), createdAt: ago(years(8)) });
    await sub("running_for_years", { status: "active", createdAt: ago(years(9)) });

    const report = await job().runOnce();
    expect(report.subscriptions).toBe(2);
    const left = (await db.select().from(subscriptions)).map((row) => row.stripeSessionId).sort();
    expect(left).toEqual([
      "cs_ended_order_kept",
      "cs_ended_recently",
      "cs_running_for_years",
      "cs_unpaid_new",
    ]);
  });

  it("deletes newsletter addresses 30 days after unsubscribing or never confirming; keeps subscribers", async () => {
    await subscriber("left-long-ago", { status: "unsubscribed", unsubscribedAt: ago(31 * DAY) });
    await subscriber("left-recently", { status: "unsubscribed", unsubscribedAt: ago(29 * DAY) });
    await subscriber("never-confirmed", { status: "pending", confirmationSentAt: ago(31 * DAY) });
    await subscriber("confirming", { status: "pending", confirmationSentAt: ago(2 * DAY) });
    await subscriber("subscribed-for-years", {
      status: "confirmed",
      consentAt: ago(years(5)),
      confirmedAt: ago(years(5)),
      createdAt: ago(years(5)),
    });

    const report = await job().runOnce();
    expect(report["newsletter-unsubscribed"]).toBe(1);
    expect(report["newsletter-unconfirmed"]).toBe(1);
    expect((await snapshot()).subscribers).toEqual([
      "confirming@example.com",
      "left-recently@example.com",
      "subscribed-for-years@example.com",
    ]);
  });

  it("deletes contact messages and guarantee requests after 2 years", async () => {
    const { db } = database;
    const order = await placeOrder(years(3), "guarantee");
    const recent = await placeOrder(DAY * 30, "recent");
    await db.insert(contactMessages).values([
      {
        name: "Old",
        email: "old@example.com",
        topic: "order",
        message: "Where is it?",
        createdAt: ago(years(2) + DAY),
      },
      {
        name: "New",
        email: "new@example.com",
        topic: "privacy",
        message: "What do you hold?",
        createdAt: ago(years(2) - DAY),
      },
    ]);
    await db.insert(guaranteeRequests).values([
      { orderId: order.order.id, email: "old-request@example.com", createdAt: ago(years(2) + DAY) },
      { orderId: recent.order.id, email: "new-request@example.com", createdAt: ago(DAY) },
    ]);

    const report = await job().runOnce();
    expect(report["contact-messages"]).toBe(1);
    expect(report["guarantee-requests"]).toBe(1);
    const after = await snapshot();
    expect(after.messages).toEqual(["new@example.com"]);
    expect(after.guarantees).toEqual(["new-request@example.com"]);
    // The order the old request was about is younger than 7 years: it stays.
    expect(after.orders).toContain("guarantee@example.com");
  });

  it("deletes reviews 5 years after they were written, whatever their stars, and rejected ones 90 days after", async () => {
    const { db } = database;
    const kept = await placeOrder(DAY * 30, "reviewer");
    const review = (name: string, values: Partial<typeof reviews.$inferInsert>) => ({
      product: "forge-enhancer",
      rating: 3,
      body: `Review by ${name}`,
      displayName: name,
      status: "published",
      publishedAt: ago(DAY),
      source: "imported",
      externalKey: `key-${name}`,
      ...values,
    });
    await db.insert(reviews).values([
      review("old-five-stars", { rating: 5, createdAt: ago(years(5) + DAY) }),
      review("old-one-star", { rating: 1, createdAt: ago(years(5) + DAY) }),
      review("old-held", { status: "held", publishedAt: null, createdAt: ago(years(5) + DAY) }),
      review("young", { createdAt: ago(years(5) - 10 * DAY) }),
      review("invited", {
        source: "invited",
        orderId: kept.order.id,
        externalKey: null,
        createdAt: ago(DAY),
      }),
      review("rejected-long-ago", { status: "rejected", publishedAt: null, moderatedAt: ago(91 * DAY) }),
      review("rejected-recently", { status: "rejected", publishedAt: null, moderatedAt: ago(89 * DAY) }),
    ]);

    const report = await job().runOnce();
    expect(report.reviews).toBe(3);
    expect(report["rejected-reviews"]).toBe(1);
    const left = (await db.select().from(reviews).orderBy(asc(reviews.displayName))).map(
      (row) => row.displayName,
    );
    expect(left).toEqual(["invited", "rejected-recently", "young"]);
  });

  it("deletes staff sign-in links a day after they expire, and sessions once they end", async () => {
    const { db } = database;
    await db.insert(adminLoginTokens).values([
      { tokenHash: "expired-two-days", email: "ops@forge.example", expiresAt: ago(2 * DAY) },
      { tokenHash: "expired-an-hour", email: "ops@forge.example", expiresAt: ago(3_600_000) },
      { tokenHash: "valid", email: "ops@forge.example", expiresAt: ago(-15 * 60_000) },
    ]);
    await db.insert(adminSessions).values([
      { idHash: "ended", email: "ops@forge.example", expiresAt: ago(60_000) },
      { idHash: "open", email: "ops@forge.example", expiresAt: ago(-3_600_000) },
    ]);

    const report = await job().runOnce();
    expect(report["staff-sign-in-links"]).toBe(1);
    expect(report["staff-sessions"]).toBe(1);
    const after = await snapshot();
    expect(after.tokens).toEqual(["expired-an-hour", "valid"]);
    expect(after.sessions).toEqual(["open"]);
  });

  it("in batches, it goes on until nothing is left; run again, or twice at once, it changes nothing more", async () => {
    const { db } = database;
    await db.insert(contactMessages).values(
      Array.from({ length: 7 }, (_, index) => ({
        name: `Old ${index}`,
        email: `old-${index}@example.com`,
        topic: "other",
        message: "An old message.",
        createdAt: ago(years(3)),
      })),
    );
    await db.insert(contactMessages).values({
      name: "Kept",
      email: "kept@example.com",
      topic: "other",
      message: "A new one.",
      createdAt: ago(DAY),
    });
    for (let index = 0; index < 5; index++) await email("admin_sign_in", 40 * DAY);
    await placeOrder(years(8), "ancient");
    await placeOrder(years(8), "ancient-too");
    await placeOrder(years(1), "kept");

    const first = await job(2).runOnce();
    expect(first["contact-messages"]).toBe(7);
    expect(first["link-emails"]).toBe(5);
    expect(first.orders).toBe(2);
    const afterFirst = await snapshot();
    expect(afterFirst.messages).toEqual(["kept@example.com"]);
    expect(afterFirst.orders).toEqual(["kept@example.com"]);

    const second = await job(2).runOnce();
    expect(nothing(second)).toBe(true);
    expect(await snapshot()).toEqual(afterFirst);

    const [a, b] = await Promise.all([job(2).runOnce(), job(2).runOnce()]);
    expect(nothing(a) && nothing(b)).toBe(true);
    expect(await snapshot()).toEqual(afterFirst);
  });

  it("two jobs at once delete each row once between them", async () => {
    const { db } = database;
    await db.insert(contactMessages).values(
      Array.from({ length: 9 }, (_, index) => ({
        name: `Old ${index}`,
        email: `old-${index}@example.com`,
        topic: "other",
        message: "An old message.",
        createdAt: ago(years(3)),
      })),
    );
    const [a, b] = await Promise.all([job(2).runOnce(), job(2).runOnce()]);
    expect(a["contact-messages"] + b["contact-messages"]).toBe(9);
    expect((await snapshot()).messages).toEqual([]);
  });

  it("stops at its deadline, and the next pass finishes the work", async () => {
    const { db } = database;
    await db.insert(contactMessages).values({
      name: "Old",
      email: "old@example.com",
      topic: "other",
      message: "An old message.",
      createdAt: ago(years(3)),
    });
    const late = await job().runOnce(Date.now() - 1);
    expect(nothing(late)).toBe(true);
    expect((await snapshot()).messages).toEqual(["old@example.com"]);
    expect((await job().runOnce())["contact-messages"]).toBe(1);
  });
});
