import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdminAuth, SESSION_TTL_MS } from "~/server/admin/admin-auth.server";
import { createAdminOrders } from "~/server/admin/admin-orders.server";
import { adminLoginTokens, adminSessions, orders, shopifySyncs } from "~/server/db/schema";
import { sessionCookie, sessionIdOf } from "~/server/http/admin-cookie.server";
import type { EnqueueInput, Outbox } from "~/server/mail/outbox.server";
import { createShopifySync } from "~/server/orders/shopify-sync.server";
import type { ShopifyOrders } from "~/server/shopify/order-types";
import { recordingOutbox, useMemoryDatabase } from "../support/memory-database";

/**
 * Issue 16 item 7 on a real database (PGlite): sign-in links stored as hashes, for listed addresses
 * only, spent once, dead after 15 minutes; sessions of 12 hours; a retried sync is due again at once.
 */
const logger = pino({ level: "silent" });
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("admin sign-in", () => {
  const database = useMemoryDatabase();
  let clock: Date;
  const now = () => clock;

  beforeEach(async () => {
    clock = new Date("2026-11-23T12:00:00Z");
    await database.db.delete(adminLoginTokens);
    await database.db.delete(adminSessions);
  });

  const auth = (outbox: Outbox) =>
    createAdminAuth({
      db: database.db,
      outbox,
      logger,
      siteUrl: "https://forge.example",
      adminEmails: ["ops@forge.example"],
      now,
    });
  const tokenIn = (input: EnqueueInput | undefined) =>
    /token=([A-Za-z0-9_-]{43})$/.exec(String(input?.payload.signInUrl))?.[1] ?? "";

  it("mails a link to a listed address (any case) and stores only the token's hash; others get nothing", async () => {
    const { queued, outbox } = recordingOutbox();
    await auth(outbox).requestSignIn("someone@example.com");
    expect(queued).toHaveLength(0);
    expect(await database.db.select().from(adminLoginTokens)).toHaveLength(0);
    await auth(outbox).requestSignIn("OPS@forge.example");
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ kind: "admin_sign_in", to: "OPS@forge.example" });
    const token = tokenIn(queued[0]);
    const [row] = await database.db.select().from(adminLoginTokens);
    expect(row?.tokenHash).toBe(sha256(token));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.expiresAt.toISOString()).toBe("2026-11-23T12:15:00.000Z");
  });

  it("signs in once with a link: a second use, or a reload of it, does not", async () => {
    const { queued, outbox } = recordingOutbox();
    const admin = auth(outbox);
    await admin.requestSignIn("ops@forge.example");
    const token = tokenIn(queued[0]);
    expect(await admin.linkState(token)).toBe("valid");
    // Reading the link's state (a mail scanner's GET) spends nothing.
    expect(await admin.linkState(token)).toBe("valid");
    const [first, second] = await Promise.all([admin.signIn(token), admin.signIn(token)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await admin.linkState(token)).toBe("used");
    expect(await admin.signIn(token)).toBeNull();
  });

  it("refuses a link after 15 minutes", async () => {
    const { queued, outbox } = recordingOutbox();
    const admin = auth(outbox);
    await admin.requestSignIn("ops@forge.example");
    const token = tokenIn(queued[0]);
    clock = new Date(clock.getTime() + 15 * 60_000);
    expect(await admin.linkState(token)).toBe("expired");
    expect(await admin.signIn(token)).toBeNull();
  });

  it("keeps a session 12 hours, stored hashed, until signed out", async () => {
    const { queued, outbox } = recordingOutbox();
    const admin = auth(outbox);
    await admin.requestSignIn("ops@forge.example");
    const opened = await admin.signIn(tokenIn(queued[0]));
    if (!opened) throw new Error("no session");
    const [stored] = await database.db.select().from(adminSessions);
    expect(stored?.idHash).toBe(sha256(opened.sessionId));
    expect(await admin.session(opened.sessionId)).toMatchObject({ email: "ops@forge.example" });
    clock = new Date(clock.getTime() + SESSION_TTL_MS - 1_000);
    expect(await admin.session(opened.sessionId)).not.toBeNull();
    clock = new Date(clock.getTime() + 1_000);
    expect(await admin.session(opened.sessionId)).toBeNull();
    clock = new Date("2026-11-23T12:00:00Z");
    await admin.signOut(opened.sessionId);
    expect(await admin.session(opened.sessionId)).toBeNull();
    expect(await admin.session(null)).toBeNull();
    expect(await admin.session("not a session id")).toBeNull();
  });

  it("writes the cookie HttpOnly, SameSite=Strict, on /admin, Secure when asked, and reads it back", () => {
    const cookie = sessionCookie("abc", new Date("2026-11-24T00:00:00Z"), clock, { secure: true });
    expect(cookie).toBe("forge_admin=abc; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=43200; Secure");
    expect(sessionCookie("abc", clock, clock, { secure: false })).not.toContain("Secure");
    const request = new Request("http://x/admin", { headers: { cookie: "a=1; forge_admin=abc; b=2" } });
    expect(sessionIdOf(request)).toBe("abc");
  });

  it("retry makes a failed sync due now with its attempts kept, and nudges the worker", async () => {
    await database.db.delete(shopifySyncs);
    const [order] = await database.db
      .insert(orders)
      .values({
        stripeSessionId: "cs_test_retry",
        email: "sam@example.com",
        lines: [],
        amountTotal: 3900,
        amountSubtotal: 3900,
        currency: "usd",
        paymentStatus: "paid",
      })
      .returning();
    const [sync] = await database.db
      .insert(shopifySyncs)
      .values({
        kind: "order_create",
        dedupeKey: "cs_test_retry",
        orderId: order?.id as string,
        status: "failed",
        attempts: 7,
        lastError: "Shopify refused: variant not found",
        nextAttemptAt: new Date("2030-01-01T00:00:00Z"),
        lockedUntil: new Date("2030-01-01T00:00:00Z"),
      })
      .returning();
    // The real sync's retry, its worker stopped: the test reads the row the retry left.
    const queue = createShopifySync({ db: database.db, shopifyOrders: {} as ShopifyOrders, logger });
    await queue.stop();
    const admin = createAdminOrders({ db: database.db, logger, sync: queue });
    const listed = await admin.list(1);
    expect(listed.orders[0]).toMatchObject({
      sync: { state: "failed", attempts: 7, lastError: "Shopify refused: variant not found" },
      retrySyncId: sync?.id,
      confirmationEmail: "none",
    });
    expect(await admin.retrySync(sync?.id as string)).toBe(true);
    const [after] = await database.db
      .select()
      .from(shopifySyncs)
      .where(eq(shopifySyncs.id, sync?.id as string));
    expect(after).toMatchObject({ status: "pending", attempts: 7, lockedUntil: null });
    expect(after?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    await database.db.update(shopifySyncs).set({ status: "sent" });
    expect(await admin.retrySync(sync?.id as string)).toBe(false);
    expect(await admin.retrySync("nope")).toBe(false);
    await database.db.delete(shopifySyncs);
    await database.db.delete(orders);
  });
});
