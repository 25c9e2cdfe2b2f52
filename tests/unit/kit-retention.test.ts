import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retentionRules } from "~/content/legal/data-inventory";
import type { Database } from "~/server/db/client.server";
import {
  kitBatches,
  kitRegistrations,
  kits,
  shopperSessions,
  shopperSignInLinks,
  shoppers,
} from "~/server/db/schema";
import { createRetentionJob } from "~/server/privacy/retention.server";
import { openTestDatabase } from "../support/memory-database";

/**
 * Issue 35 on the retention job: shoppers' sign-in links a day after they expire, sessions once they
 * end, kit registrations (with the sealed date of birth) after 2 years, and accounts 2 years after their
 * last sign-in once no registration of theirs is kept.
 */
const logger = pino({ level: "silent" });
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("retention of accounts and kit registrations", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("uses the periods the privacy page states", () => {
    expect(retentionRules.accountSignInLink.period).toEqual({ amount: 1, unit: "day" });
    expect(retentionRules.accountSession.period).toEqual({ amount: 0, unit: "hour" });
    expect(retentionRules.kitRegistration.period).toEqual({ amount: 2, unit: "year" });
    expect(retentionRules.shopperAccount.period).toEqual({ amount: 2, unit: "year" });
  });

  it("deletes what is past its time and keeps the rest", async () => {
    const { db } = database;
    const [old, recent, idle] = await db
      .insert(shoppers)
      .values([
        { email: "old@example.com", lastSignInAt: ago(800) },
        { email: "recent@example.com", lastSignInAt: ago(10) },
        { email: "idle@example.com", lastSignInAt: ago(800) },
      ])
      .returning({ id: shoppers.id });
    const [batch] = await db
      .insert(kitBatches)
      .values({ size: 2, createdBy: "ops@forge.example" })
      .returning();
    await db.insert(kits).values([
      { id: "AAAAAAAAAAA1", batchId: batch?.id ?? 0 },
      { id: "AAAAAAAAAAA2", batchId: batch?.id ?? 0 },
    ]);
    const sealed = "hd1.test.aaaa.bbbb";
    await db.insert(kitRegistrations).values([
      // Old account, old registration: both go.
      {
        kitId: "AAAAAAAAAAA1",
        shopperId: old?.id ?? "",
        dateOfBirthSealed: sealed,
        consentVersion: "v",
        consentedAt: ago(800),
        createdAt: ago(800),
      },
      // Idle account, recent registration: both stay.
      {
        kitId: "AAAAAAAAAAA2",
        shopperId: idle?.id ?? "",
        dateOfBirthSealed: sealed,
        consentVersion: "v",
        consentedAt: ago(100),
        createdAt: ago(100),
      },
    ]);
    await db.insert(shopperSignInLinks).values([
      { tokenHash: "expired-long-ago", email: "x@example.com", expiresAt: ago(2) },
      { tokenHash: "expired-just-now", email: "x@example.com", expiresAt: new Date(Date.now() - 60_000) },
    ]);
    await db.insert(shopperSessions).values([
      { idHash: "ended", email: "x@example.com", expiresAt: new Date(Date.now() - 60_000) },
      { idHash: "open", email: "x@example.com", expiresAt: new Date(Date.now() + DAY) },
    ]);

    const report = await createRetentionJob({ db, logger }).runOnce();
    expect(report["kit-registrations"]).toBe(1);
    expect(report["shopper-accounts"]).toBe(1);
    expect(report["account-sign-in-links"]).toBe(1);
    expect(report["account-sessions"]).toBe(1);
    expect(
      (await db.select({ kitId: kitRegistrations.kitId }).from(kitRegistrations)).map((r) => r.kitId),
    ).toEqual(["AAAAAAAAAAA2"]);
    expect((await db.select({ email: shoppers.email }).from(shoppers)).map((r) => r.email).sort()).toEqual([
      "idle@example.com",
      "recent@example.com",
    ]);
    expect(
      await db
        .select()
        .from(shoppers)
        .where(eq(shoppers.id, recent?.id ?? "")),
    ).toHaveLength(1);
    expect(
      (await db.select({ t: shopperSignInLinks.tokenHash }).from(shopperSignInLinks)).map((r) => r.t),
    ).toEqual(["expired-just-now"]);
    expect((await db.select({ id: shopperSessions.idHash }).from(shopperSessions)).map((r) => r.id)).toEqual([
      "open",
    ]);
    // The kits themselves stay: they name no one.
    expect(await db.select().from(kits)).toHaveLength(2);
  });
});
