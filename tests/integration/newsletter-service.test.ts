import type { PGlite } from "@electric-sql/pglite";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "~/server/db/client.server";
import type { Mailer, OutgoingMail } from "~/server/mail/mailer.server";
import { createOutbox, type Outbox } from "~/server/mail/outbox.server";
import {
  createNewsletter,
  hashToken,
  type Newsletter,
  newsletterConfirmationTemplate,
} from "~/server/newsletter/newsletter.server";

/** The newsletter's time rules with a clock the test moves: expiry after 48 hours, re-sends at most every 10 minutes. */
describe("newsletter service", () => {
  let database: Database;
  let outbox: Outbox;
  let newsletter: Newsletter;
  let sent: OutgoingMail[];
  let clock: Date;
  /** The embedded database's own client, for reading rows back. */
  const pglite = () => (database.db as unknown as { $client: PGlite }).$client;

  beforeEach(async () => {
    database = await openDatabase({ pgliteDir: "memory://", migrationsFolder: "drizzle" });
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
    clock = new Date("2026-11-22T10:00:00Z");
    newsletter = createNewsletter({
      db: database.db,
      outbox,
      logger,
      siteUrl: "https://forge.example",
      now: () => clock,
    });
  });
  afterEach(async () => {
    await outbox.stop();
    await database.close();
  });

  /** Sends everything queued (the outbox may already be sending it after the service's nudge). */
  async function flush() {
    await outbox.processDue();
    await vi.waitFor(async () => {
      const { rows } = await pglite().query<{ n: number }>(
        "select count(*)::int as n from email_deliveries where status <> 'sent'",
      );
      expect(rows[0]?.n).toBe(0);
    });
  }
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };
  const tokenOf = (mail: OutgoingMail | undefined) =>
    /confirm\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";

  it("re-sends the confirmation at most once per 10 minutes", async () => {
    await newsletter.subscribe({ email: "a@example.com", sourcePage: "/" });
    await flush();
    later(5);
    await newsletter.subscribe({ email: "a@example.com", sourcePage: "/" });
    await flush();
    expect(sent).toHaveLength(1);
    later(6);
    await newsletter.subscribe({ email: "a@example.com", sourcePage: "/faq" });
    await flush();
    expect(sent).toHaveLength(2);
    // The new link replaces the old one.
    expect(await newsletter.confirm(tokenOf(sent[0]))).toBe("invalid");
    expect(await newsletter.confirm(tokenOf(sent[1]))).toBe("confirmed");
  });

  it("expires a confirmation link after 48 hours", async () => {
    await newsletter.subscribe({ email: "b@example.com", sourcePage: "/" });
    await flush();
    later(48 * 60 + 1);
    expect(await newsletter.confirm(tokenOf(sent[0]))).toBe("expired");
  });

  it("confirms within 48 hours, once: the link then keeps saying confirmed and changes nothing", async () => {
    await newsletter.subscribe({ email: "c@example.com", sourcePage: "/" });
    await flush();
    later(47 * 60);
    const token = tokenOf(sent[0]);
    expect(await newsletter.confirmationState(token)).toBe("pending");
    expect(await newsletter.confirm(token)).toBe("confirmed");
    const confirmedAt = async () =>
      (
        await pglite().query<{ confirmed_at: Date }>(
          "select confirmed_at from newsletter_subscribers where email = 'c@example.com'",
        )
      ).rows[0]?.confirmed_at;
    const first = await confirmedAt();
    later(2 * 60);
    // Past the 48 hours too: a reload of a used link still reads "You're subscribed".
    expect(await newsletter.confirmationState(token)).toBe("confirmed");
    expect(await newsletter.confirm(token)).toBe("confirmed");
    expect(await confirmedAt()).toEqual(first);
  });

  it("never stores the confirmation token itself", async () => {
    await newsletter.subscribe({ email: "d@example.com", sourcePage: "/" });
    await flush();
    const token = tokenOf(sent[0]);
    const { rows } = await pglite().query<{ confirm_token_hash: string }>(
      "select confirm_token_hash from newsletter_subscribers where email = 'd@example.com'",
    );
    expect(rows[0]?.confirm_token_hash).toBe(hashToken(token));
  });

  it("lets an unsubscribed address sign up again, with a fresh confirmation", async () => {
    await newsletter.subscribe({ email: "e@example.com", sourcePage: "/" });
    await flush();
    const unsubscribeToken = /unsubscribe\?token=([\w-]+)/.exec(sent[0]?.text ?? "")?.[1] ?? "";
    expect(await newsletter.unsubscribe(unsubscribeToken)).toBe("unsubscribed");
    later(11);
    await newsletter.subscribe({ email: "e@example.com", sourcePage: "/" });
    await flush();
    expect(sent).toHaveLength(2);
    expect(await newsletter.confirm(tokenOf(sent[1]))).toBe("confirmed");
  });
});
