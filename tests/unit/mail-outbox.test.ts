import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "~/server/db/client.server";
import { emailDeliveries } from "~/server/db/schema";
import { createMailer, type Mailer } from "~/server/mail/mailer.server";
import { createOutbox, defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import { type MailEmulator, startMailEmulator } from "../../sandbox/mail/emulator";
import { openTestDatabase } from "../support/memory-database";

/**
 * The outbox on a real database (PGlite) and a real SMTP server (the mail emulator): one send per
 * (kind, key), retries with backoff, claims that lapse when a worker dies, kinds it does not know left
 * alone.
 */

const greeting = defineEmailTemplate({
  kind: "greeting",
  payload: z.object({ name: z.string() }),
  render: ({ name }) => ({ subject: `Hello ${name}`, html: `<p>Hello ${name}</p>`, text: `Hello ${name}` }),
});

describe("e-mail outbox", () => {
  let database: Database;
  let mail: MailEmulator;
  let mailer: Mailer;
  let outbox: Outbox;
  const logger = pino({ level: "silent" });

  beforeAll(async () => {
    database = await openTestDatabase();
    mail = await startMailEmulator();
    mailer = createMailer({ smtpUrl: mail.smtpUrl, from: "Forge <orders@forge.example>" });
    outbox = createOutbox({
      db: database.db,
      mailer,
      logger,
      templates: [greeting],
      retryBaseMs: 50,
      retryMaxMs: 200,
      maxAttempts: 4,
      leaseMs: 2_000,
    });
    // PGlite starts and migrates in a few seconds, longer on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await outbox.stop();
    mailer.close();
    await mail.close();
    await database.close();
  });
  beforeEach(async () => {
    await mail.acceptConnections();
    mail.clear();
    await database.db.delete(emailDeliveries);
  });

  const rows = () => database.db.select().from(emailDeliveries);

  it("enqueues one row per (kind, key), however often it is asked", async () => {
    const first = await outbox.enqueue(database.db, {
      kind: "greeting",
      dedupeKey: "k1",
      to: "a@example.com",
      payload: { name: "A" },
    });
    const again = await outbox.enqueue(database.db, {
      kind: "greeting",
      dedupeKey: "k1",
      to: "a@example.com",
      payload: { name: "A" },
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(await rows()).toHaveLength(1);
  });

  it("enqueues inside the caller's transaction: a rollback leaves no message", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, {
          kind: "greeting",
          dedupeKey: "rolled-back",
          to: "a@example.com",
          payload: { name: "A" },
        });
        throw new Error("the business change failed");
      }),
    ).rejects.toThrow("the business change failed");
    expect(await rows()).toEqual([]);
  });

  it("sends a due message once, with a stable Message-ID, and marks it sent", async () => {
    const { id } = await outbox.enqueue(database.db, {
      kind: "greeting",
      dedupeKey: "k2",
      to: "b@example.com",
      payload: { name: "B" },
    });
    expect(await outbox.processDue()).toBe(1);
    expect(await outbox.processDue()).toBe(0);
    expect(mail.messages()).toHaveLength(1);
    expect(mail.messages()[0]).toMatchObject({
      to: ["b@example.com"],
      subject: "Hello B",
      text: "Hello B",
      messageId: `<${id}@forge.example>`,
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("ten concurrent deliverNow calls send it once", async () => {
    const { id } = await outbox.enqueue(database.db, {
      kind: "greeting",
      dedupeKey: "k3",
      to: "c@example.com",
      payload: { name: "C" },
    });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => outbox.deliverNow(id, { waitMs: 5_000 })),
    );
    expect(statuses).toEqual(Array(10).fill("sent"));
    expect(mail.messages()).toHaveLength(1);
  });

  it("retries with backoff while SMTP refuses, then sends once", async () => {
    await mail.refuseConnections(60_000, "reply");
    const { id } = await outbox.enqueue(database.db, {
      kind: "greeting",
      dedupeKey: "k4",
      to: "d@example.com",
      payload: { name: "D" },
    });
    expect(await outbox.deliverNow(id)).toBe("pending");
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.lastError).toMatch(/421/);
    expect(await outbox.lastError(id)).toMatch(/421/);
    await mail.acceptConnections();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await outbox.processDue()).toBe(1);
    expect(mail.messages()).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(await outbox.lastError(id)).toBeNull();
  });

  it("does not send a message early while it waits out its backoff, even when asked by id", async () => {
    const patient = createOutbox({
      db: database.db,
      mailer,
      logger,
      templates: [greeting],
      retryBaseMs: 60_000,
    });
    await mail.refuseConnections(60_000, "reply");
    const { id } = await patient.enqueue(database.db, {
      kind: "greeting",
      dedupeKey: "k4b",
      to: "d@example.com",
      payload: { name: "D" },
    });
    expect(await patient.deliverNow(id)).toBe("pending");
    await mail.acceptConnections();
    expect(await patient.deliverNow(id)).toBe("pending");
    expect(await patient.processDue()).toBe(0);
    expect((await rows())[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(mail.messages()).toEqual([]);
  });

  it("gives up after the last attempt and says so", async () => {
    await mail.refuseConnections(60_000, "reply");
    await outbox.enqueue(database.db, {
      kind: "greeting",
      dedupeKey: "k5",
      to: "e@example.com",
      payload: { name: "E" },
    });
    for (let attempt = 0; attempt < 4; attempt++) {
      await database.db.update(emailDeliveries).set({ nextAttemptAt: sql`now() - interval '1 second'` });
      await outbox.processDue();
    }
    expect((await rows())[0]).toMatchObject({ status: "failed", attempts: 4 });
    await database.db.update(emailDeliveries).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await outbox.processDue()).toBe(0);
  });

  it("leaves a row claimed by a live worker alone, and takes it once the claim lapses (the worker died)", async () => {
    const { id } = await outbox.enqueue(database.db, {
      kind: "greeting",
      dedupeKey: "k6",
      to: "f@example.com",
      payload: { name: "F" },
    });
    // What a worker that claimed the row and then died leaves behind.
    await database.db
      .update(emailDeliveries)
      .set({ status: "sending", attempts: 1, lockedUntil: sql`now() + interval '1 second'` })
      .where(eq(emailDeliveries.id, id));
    expect(await outbox.processDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await outbox.processDue()).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(mail.messages()).toHaveLength(1);
  });

  it("does not touch a kind it has no template for (another version of the app may)", async () => {
    await database.db
      .insert(emailDeliveries)
      .values({ kind: "newsletter_confirmation", dedupeKey: "n1", toAddress: "g@example.com", payload: {} });
    expect(await outbox.processDue()).toBe(0);
    expect((await rows())[0]).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("the background loop sends what is due without being asked", async () => {
    outbox.start();
    try {
      await outbox.enqueue(database.db, {
        kind: "greeting",
        dedupeKey: "k7",
        to: "h@example.com",
        payload: { name: "H" },
      });
      outbox.nudge();
      await mail.waitFor((messages) => messages.length === 1, 5_000);
    } finally {
      await outbox.stop();
    }
  });
});
