import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "~/server/db/client.server";
import { emailDeliveries } from "~/server/db/schema";
import type { Mailer, OutgoingMail, SentMail } from "~/server/mail/mailer.server";
import { createOutbox, defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import { openTestDatabase } from "../support/memory-database";
import { eventually } from "../support/wait";

/**
 * The outbox's bounds (issue 15 item 1, decision 060): a pass that does not end (a mail server that
 * swallowed a message and ignores the abort, a database that stopped answering) does not stop the
 * loop, nor a shutdown; and a message that went out but whose record failed is not sent again.
 */

const note = defineEmailTemplate({
  kind: "note",
  payload: z.object({ text: z.string() }),
  render: ({ text }) => ({ subject: text, html: `<p>${text}</p>`, text }),
});

/** A mailer that records what it sends; `hooks` decide what a send does first. */
function fakeMailer(hooks: Record<string, (mail: OutgoingMail) => Promise<void>> = {}) {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    domain: "forge.example",
    async send(mail): Promise<SentMail> {
      await hooks[mail.to]?.(mail);
      sent.push(mail);
      return { messageId: mail.messageId ?? "<x@forge.example>", response: "250 OK" };
    },
    close() {},
  };
  return { mailer, sent };
}

async function within<T>(work: Promise<T>, ms: number): Promise<T | "timed out"> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<"timed out">((resolve) => {
      timer = setTimeout(() => resolve("timed out"), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe("e-mail outbox bounds", () => {
  let database: Database;
  let outbox: Outbox | undefined;
  const logger = pino({ level: "silent" });

  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterEach(async () => {
    await outbox?.stop(1_000);
    outbox = undefined;
    await database.db.delete(emailDeliveries);
  });
  afterAll(async () => {
    await database.close();
  });

  const statusOf = async (id: string) =>
    (await database.db.select().from(emailDeliveries).where(eq(emailDeliveries.id, id)))[0]?.status;
  const enqueue = (to: string, key: string) =>
    outbox?.enqueue(database.db, { kind: "note", dedupeKey: key, to, payload: { text: key } }) ??
    Promise.reject(new Error("no outbox"));

  /**
   * The database refuses, for 400 ms, to give any message this status (as a dead connection or a moment
   * of silence would fail the update); `allowed` says when it takes it again.
   */
  async function refuseStatusForAMoment(status: "sent" | "pending") {
    const moment = { allowed: false };
    await database.db.execute(
      sql.raw(`alter table email_deliveries add constraint not_now check (status <> '${status}') not valid`),
    );
    setTimeout(() => {
      void database.db.execute(sql.raw("alter table email_deliveries drop constraint not_now")).then(() => {
        moment.allowed = true;
      });
    }, 400);
    return moment;
  }
  /** An outbox that polls and backs off in milliseconds. */
  const quickOutbox = (mailer: Mailer, leaseMs?: number) =>
    createOutbox({
      db: database.db,
      mailer,
      logger,
      templates: [note],
      pollIntervalMs: 50,
      retryBaseMs: 20,
      retryMaxMs: 50,
      ...(leaseMs ? { leaseMs } : {}),
    });

  it("a pass stuck past its deadline does not stop the loop: the next message is sent meanwhile, and stop() is bounded", async () => {
    // This message's send never ends and ignores its abort signal.
    const { mailer, sent } = fakeMailer({ "stuck@example.com": () => new Promise<void>(() => {}) });
    outbox = createOutbox({
      db: database.db,
      mailer,
      logger,
      templates: [note],
      pollIntervalMs: 50,
      passDeadlineMs: 400,
    });
    const stuck = await enqueue("stuck@example.com", "stuck");
    outbox.start();
    await eventually(async () => expect(await statusOf(stuck.id)).toBe("sending"), 5_000, 25);

    const next = await enqueue("next@example.com", "next");
    outbox.nudge();
    await eventually(async () => expect(await statusOf(next.id)).toBe("sent"), 5_000, 25);
    expect(sent.map((mail) => mail.to)).toEqual(["next@example.com"]);
    // The stuck message keeps its claim: no other pass sent it.
    expect(await statusOf(stuck.id)).toBe("sending");

    const started = performance.now();
    expect(await within(outbox.stop(300), 3_000)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_500);
    outbox = undefined;
  }, 30_000);

  it("a message sent whose record failed is recorded later, and not sent again", async () => {
    let moment: { allowed: boolean } | undefined;
    const { mailer, sent } = fakeMailer({
      // While this message is on its way the database starts refusing to record it as sent.
      "once@example.com": async () => {
        moment ??= await refuseStatusForAMoment("sent");
      },
    });
    outbox = quickOutbox(mailer);
    const once = await enqueue("once@example.com", "once");
    outbox.start();
    await eventually(async () => expect(await statusOf(once.id)).toBe("sent"), 10_000);
    expect(moment?.allowed).toBe(true);
    expect(sent.map((mail) => mail.to)).toEqual(["once@example.com"]);
  }, 30_000);

  it("a failed send whose record failed is recorded once the database answers, and sent then, not after its lease", async () => {
    let moment: { allowed: boolean } | undefined;
    const { mailer, sent } = fakeMailer({
      // The first send fails, and meanwhile the database refuses to put it back to pending (as a
      // database gone silent between the claim and the record would).
      "later@example.com": async () => {
        if (moment) return;
        moment = await refuseStatusForAMoment("pending");
        throw new Error("421 try again later");
      },
    });
    // Left to the lease, the message would wait a minute.
    outbox = quickOutbox(mailer, 60_000);
    const later = await enqueue("later@example.com", "later");
    outbox.start();
    await eventually(async () => expect(await statusOf(later.id)).toBe("sent"), 10_000);
    expect(moment?.allowed).toBe(true);
    expect(sent.map((mail) => mail.to)).toEqual(["later@example.com"]);
    const [row] = await database.db.select().from(emailDeliveries).where(eq(emailDeliveries.id, later.id));
    expect(row?.attempts).toBe(2);
  }, 30_000);
});
