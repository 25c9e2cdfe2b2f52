import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import { createShopperAuth } from "~/server/accounts/shopper-auth.server";
import {
  kitBatches,
  kitRegistrations,
  kits,
  shopperSessions,
  shopperSignInLinks,
  shoppers,
} from "~/server/db/schema";
import { createHealthDataCipher } from "~/server/health-data/cipher.server";
import { createKits, dateOfBirthContext } from "~/server/kits/kits.server";
import { readKitId } from "~/shared/kit-id";
import { recordingOutbox, useMemoryDatabase } from "../support/memory-database";

/**
 * Issue 35 items 1-3 on a real database (PGlite): batches of IDs with check characters, shipped to the
 * warehouse before any can be registered; one registration per kit, 18 or over, the date of birth sealed
 * at rest; shoppers' accounts made by their first sign-in link.
 */
const logger = pino({ level: "silent" });
const healthData = createHealthDataCipher([{ id: "test", key: Buffer.alloc(32, 7) }]);

describe("kits and their registration", () => {
  const database = useMemoryDatabase();
  let clock: Date;
  const now = () => clock;

  beforeEach(async () => {
    clock = new Date("2026-11-28T12:00:00Z");
    await database.db.delete(kitRegistrations);
    await database.db.delete(kits);
    await database.db.delete(kitBatches);
    await database.db.delete(shopperSessions);
    await database.db.delete(shopperSignInLinks);
    await database.db.delete(shoppers);
  });

  const service = () => createKits({ db: database.db, logger, healthData, now });

  async function shopper(email: string): Promise<string> {
    const { queued, outbox } = recordingOutbox();
    const auth = createShopperAuth({
      db: database.db,
      outbox,
      logger,
      siteUrl: "https://forge.example",
      now,
    });
    await auth.requestSignIn(email, "/results/register");
    const url = String(queued.at(-1)?.payload.signInUrl);
    const token = new URL(url).searchParams.get("token") ?? "";
    const session = await auth.signIn(token);
    const who = await auth.session(session?.sessionId ?? null);
    if (!who) throw new Error("no session");
    return who.shopperId;
  }

  async function shippedKit(): Promise<string> {
    const kitsService = service();
    const batch = await kitsService.createBatch(3, "ops@forge.example");
    await kitsService.markShipped(batch, "ops@forge.example");
    const found = await kitsService.batch(batch);
    return found?.kits[0]?.id ?? "";
  }

  it("makes a batch of IDs that pass their check, lists it as a CSV, and marks it shipped once", async () => {
    const kitsService = service();
    const id = await kitsService.createBatch(25, "ops@forge.example");
    const found = await kitsService.batch(id);
    expect(found?.kits).toHaveLength(25);
    expect(found?.batch.states.unregistered).toBe(25);
    for (const kit of found?.kits ?? []) expect(readKitId(kit.id)).toEqual({ ok: true, kitId: kit.id });
    const csv = (await kitsService.csv(id)) ?? "";
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("kit_id,batch");
    expect(lines).toHaveLength(26);
    expect(lines[1]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4},\d+$/);
    expect(found?.batch.shippedAt).toBeNull();
    expect(await kitsService.markShipped(id, "ops@forge.example")).toBe(true);
    expect(await kitsService.markShipped(id, "ops@forge.example")).toBe(false);
    expect((await kitsService.batch(id))?.batch.shippedAt).toEqual(clock);
    await expect(kitsService.createBatch(0, "ops@forge.example")).rejects.toThrow(RangeError);
  });

  it("registers a shipped kit once, for its account alone, and seals the date of birth", async () => {
    const kitId = await shippedKit();
    const alice = await shopper("alice@example.com");
    const bob = await shopper("bob@example.com");
    const kitsService = service();
    const registration = { kitId, dateOfBirth: "1980-05-17", consentVersion: "v1" };
    expect(await kitsService.register({ ...registration, shopperId: alice })).toEqual({
      kind: "registered",
      kitId,
    });
    expect(await kitsService.register({ ...registration, shopperId: alice })).toEqual({ kind: "yours" });
    expect(await kitsService.register({ ...registration, shopperId: bob })).toEqual({ kind: "taken" });
    expect((await kitsService.registeredBy(alice)).map((kit) => [kit.kitId, kit.state])).toEqual([
      [kitId, "registered"],
    ]);
    expect(await kitsService.registeredBy(bob)).toEqual([]);

    const [row] = await database.db.select().from(kitRegistrations);
    expect(row?.dateOfBirthSealed).toMatch(/^hd1\.test\./);
    expect(row?.dateOfBirthSealed).not.toContain("1980");
    expect(JSON.stringify(row)).not.toMatch(/1980|05-17/);
    expect(healthData.open(row?.dateOfBirthSealed ?? "", dateOfBirthContext(kitId))).toBe("1980-05-17");
    // Sealed for its own row: it does not open as another kit's.
    expect(() => healthData.open(row?.dateOfBirthSealed ?? "", dateOfBirthContext("X"))).toThrow();
  });

  it("answers an unknown ID and an ID of a batch not yet shipped the same way", async () => {
    const kitsService = service();
    const batch = await kitsService.createBatch(1, "ops@forge.example");
    const unshipped = (await kitsService.batch(batch))?.kits[0]?.id ?? "";
    const alice = await shopper("alice@example.com");
    const base = { shopperId: alice, dateOfBirth: "1980-05-17", consentVersion: "v1" };
    expect(await kitsService.register({ ...base, kitId: unshipped })).toEqual({ kind: "unknown" });
    expect(await kitsService.register({ ...base, kitId: "7K3MQ9TX2HWD" })).toEqual({ kind: "unknown" });
    expect(await database.db.select().from(kitRegistrations)).toEqual([]);
  });

  it("registers no one under 18: the day before the 18th birthday is refused, the birthday accepted", async () => {
    const kitId = await shippedKit();
    const alice = await shopper("alice@example.com");
    const base = { shopperId: alice, kitId, consentVersion: "v1" };
    expect(await service().register({ ...base, dateOfBirth: "2008-11-29" })).toEqual({ kind: "under_age" });
    expect(await database.db.select().from(kitRegistrations)).toEqual([]);
    expect(await service().register({ ...base, dateOfBirth: "2008-11-28" })).toEqual({
      kind: "registered",
      kitId,
    });
  });

  it("makes a shopper's account at the first sign-in, once, and links lead only to the account's pages", async () => {
    const first = await shopper("Carol@Example.com");
    const second = await shopper("carol@example.com");
    expect(second).toBe(first);
    expect(await database.db.select({ email: shoppers.email }).from(shoppers)).toEqual([
      { email: "carol@example.com" },
    ]);
    const { queued, outbox } = recordingOutbox();
    const auth = createShopperAuth({
      db: database.db,
      outbox,
      logger,
      siteUrl: "https://forge.example",
      now,
    });
    await auth.requestSignIn("dave@example.com", "/results/register");
    await auth.requestSignIn("dave@example.com", "/results/register");
    expect(queued).toHaveLength(1);
    expect(queued[0]?.kind).toBe("account_sign_in");
    expect(String(queued[0]?.payload.signInUrl)).toMatch(
      /^https:\/\/forge\.example\/account\/sign-in\?token=[A-Za-z0-9_-]{43}&next=\/results\/register$/,
    );
  });
});
