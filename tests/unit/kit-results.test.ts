import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import {
  kitBatches,
  kitRegistrations,
  kitResults,
  kitResultVersions,
  kits,
  shoppers,
} from "~/server/db/schema";
import { createHealthDataCipher, HealthDataSealError } from "~/server/health-data/cipher.server";
import { RESULT_DELETION_WARNING, RESULT_READY } from "~/server/kits/kit-emails.server";
import { createResultRetention } from "~/server/kits/result-retention.server";
import { createKitResults, type LabReport, resultValueContext } from "~/server/kits/results.server";
import type { EnqueueInput, Outbox } from "~/server/mail/outbox.server";
import { healthFigures } from "../support/health-figures";
import { openTestDatabase } from "../support/memory-database";

/**
 * Issue 35 items 4 and 7 on a real database (PGlite): each version of a lab's report stored once, the
 * highest shown and the others kept as its history, values sealed for their own row and opened only by
 * `resultsFor`; deleted by the person or 12 months after arrival, with one warning 30 days before.
 */
const logger = pino({ level: "silent" });
const healthData = createHealthDataCipher([{ id: "test", key: Buffer.alloc(32, 9) }]);

describe("kit results", () => {
  let database: Database;
  const queued: EnqueueInput[] = [];
  const outbox = {
    async enqueue(_executor: unknown, input: EnqueueInput) {
      queued.push(input);
      return { id: crypto.randomUUID(), created: true };
    },
    nudge() {},
  } as unknown as Outbox;
  const owner = "00000000-0000-4000-8000-000000000001";
  const stranger = "00000000-0000-4000-8000-000000000002";
  const results = () =>
    createKitResults({ db: database.db, healthData, outbox, logger, siteUrl: "https://forge.example" });
  const report = (kitId: string, over: Partial<LabReport> = {}): LabReport => ({
    labId: "acme",
    kitId,
    reportId: "ACC-1",
    version: 1,
    status: "final",
    collectedAt: new Date("2026-11-20T08:00:00Z"),
    value: 512,
    unit: "ng/dL",
    referenceRange: { low: 264, high: 916, unit: "ng/dL" },
    flag: "normal",
    ...over,
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    await db.insert(shoppers).values([
      { id: owner, email: "owner@example.com" },
      { id: stranger, email: "stranger@example.com" },
    ]);
    const [batch] = await db
      .insert(kitBatches)
      .values({ size: 6, createdBy: "ops@forge.example" })
      .returning();
    const ids = ["KIT0000000A1", "KIT0000000B2", "KIT0000000C3", "KIT0000000D4", "KIT0000000E5"];
    await db
      .insert(kits)
      .values(ids.map((id) => ({ id, batchId: batch?.id ?? 0, state: "registered" as const })));
    await db.insert(kits).values({ id: "KIT0000000F6", batchId: batch?.id ?? 0 });
    await db.insert(kitRegistrations).values(
      ids.map((kitId) => ({
        kitId,
        shopperId: owner,
        dateOfBirthSealed: "x",
        consentVersion: "1",
        consentedAt: new Date(),
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("keeps each version once; the highest is shown, the others are its history; one e-mail per shown version", async () => {
    const service = results();
    const kit = "KIT0000000A1";
    expect(await service.recordReport(report(kit))).toEqual({ kind: "recorded", current: true, first: true });
    expect(await service.recordReport(report(kit))).toEqual({ kind: "duplicate" });
    expect(
      await service.recordReport(report(kit, { version: 3, status: "corrected", value: 248, flag: "low" })),
    ).toEqual({ kind: "recorded", current: true, first: false });
    // Version 2 arrives after 3: kept in the history, never shown over 3.
    expect(await service.recordReport(report(kit, { version: 2, status: "amended", value: 500 }))).toEqual({
      kind: "recorded",
      current: false,
      first: false,
    });
    const [result] = await service.resultsFor(owner);
    expect(result).toMatchObject({
      kitId: kit,
      value: 248,
      valueNgDl: 248,
      unit: "ng/dL",
      flag: "low",
      status: "corrected",
      version: 3,
      corrected: true,
      referenceRange: { low: 264, high: 916, unit: "ng/dL" },
    });
    expect(result?.history.map((old) => [old.version, old.value, old.status])).toEqual([
      [2, 500, "amended"],
      [1, 512, "final"],
    ]);
    expect(result?.deleteAfter.getTime()).toBeGreaterThan(result?.receivedAt.getTime() ?? 0);
    const mails = queued.filter((mail) => mail.kind === RESULT_READY);
    expect(mails.map((mail) => mail.dedupeKey)).toEqual([`${kit}:1`, `${kit}:3`]);
    expect(
      mails.every(
        (mail) => JSON.stringify(mail.payload) === '{"resultsUrl":"https://forge.example/results"}',
      ),
    ).toBe(true);
    const [state] = await database.db.select({ state: kits.state }).from(kits).where(eq(kits.id, kit));
    expect(state?.state).toBe("resulted");
  });

  it("gives a result in nmol/L in ng/dL too, and only to the kit's registrant", async () => {
    const service = results();
    await service.recordReport(
      report("KIT0000000B2", {
        unit: "nmol/L",
        value: 15.6,
        referenceRange: { low: 9.2, high: 31.8, unit: "nmol/L" },
      }),
    );
    const mine = await service.resultsFor(owner);
    expect(mine.find((one) => one.kitId === "KIT0000000B2")).toMatchObject({
      value: 15.6,
      unit: "nmol/L",
      valueNgDl: 449.9,
    });
    expect(await service.resultsFor(stranger)).toEqual([]);
    expect(await service.recordReport(report("KIT0000000F6"))).toEqual({ kind: "unknown_kit" });
    expect(await service.recordReport(report("NOSUCHKIT000"))).toEqual({ kind: "unknown_kit" });
  });

  it("stores the value sealed for its own row: copied into another row, it does not open", async () => {
    const rows = await database.db.select().from(kitResultVersions);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(`${a.valueSealed}.${a.flagSealed}`).not.toMatch(
      healthFigures(["512", "248", "500"], [/\bnormal\b/, /\blow\b/]),
    );
    expect(() => healthData.open(a.valueSealed, resultValueContext(b.id))).toThrow(HealthDataSealError);
  });

  it("deletes a result for its registrant only, every version, and a late copy stays deleted", async () => {
    const service = results();
    const kit = "KIT0000000C3";
    await service.recordReport(report(kit));
    await service.recordReport(report(kit, { version: 2, status: "corrected", value: 300 }));
    expect(await service.deleteResult(stranger, kit)).toBe(false);
    expect(await service.deleteResult(owner, kit)).toBe(true);
    expect(await service.deleteResult(owner, kit)).toBe(false);
    expect((await service.resultsFor(owner)).map((one) => one.kitId)).not.toContain(kit);
    expect(
      await database.db.select().from(kitResultVersions).where(eq(kitResultVersions.kitId, kit)),
    ).toEqual([]);
    expect(await service.recordReport(report(kit))).toEqual({ kind: "deleted" });
  });

  it("warns once 30 days before 12 months, then deletes, whichever processes run the job", async () => {
    const service = results();
    const kit = "KIT0000000D4";
    await service.recordReport(report(kit));
    const jobs = [1, 2].map(() =>
      createResultRetention({ db: database.db, outbox, logger, siteUrl: "https://forge.example" }),
    );
    const backdate = (interval: string) =>
      database.db
        .update(kitResults)
        .set({ firstReceivedAt: sql`now() - ${interval}::interval` })
        .where(eq(kitResults.kitId, kit));
    await backdate("10 months");
    expect((await Promise.all(jobs.map((job) => job.runOnce()))).map((r) => r.warned)).toEqual([0, 0]);
    await backdate("12 months - 29 days");
    const warned = await Promise.all(jobs.map((job) => job.runOnce()));
    expect(warned.reduce((sum, r) => sum + r.warned, 0)).toBe(1);
    expect(warned.reduce((sum, r) => sum + r.deleted, 0)).toBe(0);
    expect(
      queued.filter((mail) => mail.kind === RESULT_DELETION_WARNING).map((mail) => mail.dedupeKey),
    ).toEqual([kit]);
    expect((await service.resultsFor(owner)).map((one) => one.kitId)).toContain(kit);
    await backdate("12 months 1 minute");
    const deleted = await Promise.all(jobs.map((job) => job.runOnce()));
    expect(deleted.reduce((sum, r) => sum + r.deleted, 0)).toBe(1);
    expect((await service.resultsFor(owner)).map((one) => one.kitId)).not.toContain(kit);
    expect(queued.filter((mail) => mail.kind === RESULT_DELETION_WARNING)).toHaveLength(1);
  });

  it("forgets a result whose registration is gone (after 2 years), values first", async () => {
    const kit = "KIT0000000E5";
    await results().recordReport(report(kit));
    await database.db.delete(kitRegistrations).where(eq(kitRegistrations.kitId, kit));
    const job = createResultRetention({ db: database.db, outbox, logger, siteUrl: "https://forge.example" });
    expect((await job.runOnce()).forgotten).toBeGreaterThanOrEqual(1);
    expect(
      await database.db.select().from(kitResultVersions).where(eq(kitResultVersions.kitId, kit)),
    ).toEqual([]);
    expect(await database.db.select().from(kitResults).where(eq(kitResults.kitId, kit))).toEqual([]);
  });
});
