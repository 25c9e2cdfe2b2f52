import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tokenOf, useNewsletterService } from "../support/newsletter-service";

/**
 * Issue 15 item 8: `victim@`, `Victim@` and `VICTIM@EXAMPLE.COM` are one subscriber, with one row and
 * one confirmation per 10 minutes between them; the confirmation goes to the address as typed
 * (docs/decisions/063). And the migration that brings this in merges rows that already collide.
 */
describe("newsletter: one subscriber whatever the letter case", () => {
  const service = useNewsletterService("2026-11-23T10:00:00Z");
  const { flush, later, pglite } = service;
  const subscribers = async () =>
    (
      await pglite().query<{ email: string; status: string }>(
        "select email, status from newsletter_subscribers order by created_at",
      )
    ).rows;

  it("four letter cases of one address at once: one row, one confirmation e-mail", async () => {
    await Promise.all(
      ["victim@example.com", "Victim@example.com", "VICTIM@EXAMPLE.COM", "vIcTiM@example.com"].map((email) =>
        service.newsletter.subscribe({ email, sourcePage: "/" }),
      ),
    );
    await flush();
    expect(service.sent).toHaveLength(1);
    expect(await subscribers()).toHaveLength(1);
  });

  it("shares the 10-minute cap across letter case; the next confirmation goes to the address as typed, and only its link confirms", async () => {
    await service.newsletter.subscribe({ email: "jo@example.com", sourcePage: "/" });
    await flush();
    later(5);
    await service.newsletter.subscribe({ email: "JO@example.com", sourcePage: "/" });
    await flush();
    expect(service.sent).toHaveLength(1);
    later(6);
    await service.newsletter.subscribe({ email: "Jo@example.com", sourcePage: "/faq" });
    await flush();
    expect(service.sent.map((mail) => mail.to)).toEqual(["jo@example.com", "Jo@example.com"]);
    expect(await service.newsletter.confirm(tokenOf(service.sent[0]))).toBe("invalid");
    expect(await service.newsletter.confirm(tokenOf(service.sent[1]))).toBe("confirmed");
    // Later newsletters go where the confirmed link was sent.
    expect(await subscribers()).toEqual([{ email: "Jo@example.com", status: "confirmed" }]);
  });

  it("does not mail a confirmed address again in another letter case", async () => {
    await service.newsletter.subscribe({ email: "sam@example.com", sourcePage: "/" });
    await flush();
    expect(await service.newsletter.confirm(tokenOf(service.sent[0]))).toBe("confirmed");
    later(60);
    await service.newsletter.subscribe({ email: "SAM@example.com", sourcePage: "/" });
    await flush();
    expect(service.sent).toHaveLength(1);
    expect(await subscribers()).toEqual([{ email: "sam@example.com", status: "confirmed" }]);
  });
});

describe("migration 0001: rows that differ only in letter case become one", () => {
  const drizzleFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
  let client: PGlite;
  let before: string;

  beforeEach(async () => {
    // The migrations as they were before this one: 0000 alone.
    before = mkdtempSync(path.join(tmpdir(), "forge-migrations-"));
    mkdirSync(path.join(before, "meta"));
    copyFileSync(path.join(drizzleFolder, "0000_init.sql"), path.join(before, "0000_init.sql"));
    const journal = JSON.parse(readFileSync(path.join(drizzleFolder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.tag === "0000_init");
    writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
    client = await PGlite.create();
    await migrate(drizzle({ client }), { migrationsFolder: before });
  });
  afterEach(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  it("keeps the owner's latest decision over pending sign-ups, keeps the latest send time, and enforces one row per address", async () => {
    const insert = (
      email: string,
      status: string,
      times: { sent?: string; confirmed?: string; unsubscribed?: string },
    ) =>
      client.query(
        `insert into newsletter_subscribers
           (email, status, consent_at, unsubscribe_token, confirmation_sent_at, confirmed_at, unsubscribed_at)
         values ($1, $2, '2026-11-01T00:00:00Z', $3, $4, $5, $6)`,
        [
          email,
          status,
          `unsub-${email}`,
          times.sent ?? null,
          times.confirmed ?? null,
          times.unsubscribed ?? null,
        ],
      );
    // A confirmed address, then two pending sign-ups in other cases (anyone could have made those).
    await insert("dup@example.com", "confirmed", {
      sent: "2026-11-01T10:00:00Z",
      confirmed: "2026-11-01T11:00:00Z",
    });
    await insert("Dup@example.com", "pending", { sent: "2026-11-05T10:00:00Z" });
    await insert("DUP@example.com", "pending", { sent: "2026-11-06T10:00:00Z" });
    // Two pending sign-ups: the later link stays.
    await insert("Two@example.com", "pending", { sent: "2026-11-02T10:00:00Z" });
    await insert("two@example.com", "pending", { sent: "2026-11-03T10:00:00Z" });
    // Confirmed in one case, unsubscribed later in another: the later decision stands.
    await insert("three@example.com", "confirmed", {
      sent: "2026-11-01T10:00:00Z",
      confirmed: "2026-11-01T12:00:00Z",
    });
    await insert("Three@example.com", "unsubscribed", { unsubscribed: "2026-11-04T10:00:00Z" });
    await insert("solo@example.com", "pending", { sent: "2026-11-02T10:00:00Z" });

    await migrate(drizzle({ client }), { migrationsFolder: drizzleFolder });

    const { rows } = await client.query<{
      email: string;
      email_canonical: string;
      status: string;
      sent: string;
    }>(
      `select email, email_canonical, status, to_char(confirmation_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as sent
         from newsletter_subscribers order by email_canonical`,
    );
    expect(rows).toEqual([
      {
        email: "dup@example.com",
        email_canonical: "dup@example.com",
        status: "confirmed",
        sent: "2026-11-06T10:00",
      },
      {
        email: "solo@example.com",
        email_canonical: "solo@example.com",
        status: "pending",
        sent: "2026-11-02T10:00",
      },
      {
        email: "Three@example.com",
        email_canonical: "three@example.com",
        status: "unsubscribed",
        sent: "2026-11-01T10:00",
      },
      {
        email: "two@example.com",
        email_canonical: "two@example.com",
        status: "pending",
        sent: "2026-11-03T10:00",
      },
    ]);
    // After every migration (0010 renamed the token column to hold its hash), one row per address holds.
    await expect(
      client.query(
        `insert into newsletter_subscribers (email, status, consent_at, unsubscribe_token_hash)
         values ('SOLO@example.com', 'pending', '2026-11-01T00:00:00Z', 'unsub-SOLO@example.com')`,
      ),
    ).rejects.toThrow(/newsletter_email_canonical/);
  });
});
