import type { PGlite } from "@electric-sql/pglite";
import pino from "pino";
import { afterEach, beforeEach, expect, vi } from "vitest";
import type { Database } from "~/server/db/client.server";
import type { Mailer, OutgoingMail } from "~/server/mail/mailer.server";
import { createOutbox, type Outbox } from "~/server/mail/outbox.server";
import {
  createNewsletter,
  type Newsletter,
  newsletterConfirmationTemplate,
} from "~/server/newsletter/newsletter.server";
import { openTestDatabase } from "./memory-database";

export type NewsletterService = {
  readonly newsletter: Newsletter;
  /** Every e-mail the service sent, in order. */
  readonly sent: OutgoingMail[];
  /** The embedded database's own client, for reading rows back. */
  pglite(): PGlite;
  /** Sends everything queued (the outbox may already be sending it after the service's nudge). */
  flush(): Promise<void>;
  /** Moves the service's clock on. */
  later(minutes: number): void;
};

/**
 * The one fixture for the newsletter service in the test process (decision 071): a fresh PGlite in
 * memory per test, the outbox with a mailer that records what it sends, and a clock the test moves,
 * starting at `startsAt`. Set up before and closed after each test of the enclosing describe.
 */
export function useNewsletterService(startsAt: string): NewsletterService {
  let database: Database;
  let outbox: Outbox;
  let newsletter: Newsletter;
  let sent: OutgoingMail[] = [];
  let clock = new Date(startsAt);

  beforeEach(async () => {
    database = await openTestDatabase();
    sent = [];
    const mailer: Mailer = {
      domain: "forge.example",
      async send(mail) {
        sent.push(mail);
        return { messageId: mail.messageId ?? "", response: "250 OK" };
      },
      close() {},
    };
    const logger = pino({ level: "silent" });
    outbox = createOutbox({ db: database.db, mailer, logger, templates: [newsletterConfirmationTemplate] });
    clock = new Date(startsAt);
    newsletter = createNewsletter({
      db: database.db,
      outbox,
      logger,
      siteUrl: "https://forge.example",
      now: () => clock,
    });
  });
  afterEach(async () => {
    await outbox?.stop();
    await database?.close();
  });

  const pglite = () => (database.db as unknown as { $client: PGlite }).$client;
  return {
    get newsletter() {
      return newsletter;
    },
    get sent() {
      return sent;
    },
    pglite,
    async flush() {
      await outbox.processDue();
      // vi.waitFor's own default (1 s) is short for a busy machine: 10 s, polled every 50 ms.
      await vi.waitFor(
        async () => {
          const { rows } = await pglite().query<{ n: number }>(
            "select count(*)::int as n from email_deliveries where status <> 'sent'",
          );
          expect(rows[0]?.n).toBe(0);
        },
        { timeout: 10_000, interval: 50 },
      );
    },
    later(minutes) {
      clock = new Date(clock.getTime() + minutes * 60_000);
    },
  };
}

/** The confirmation link's token in a sent e-mail. */
export const tokenOf = (mail: OutgoingMail | undefined) =>
  /confirm\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
