import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useShop } from "../support/shop";
import { postJson } from "./checkout-harness";

/**
 * Issue 32 item 8: the privacy policy says the codes in newsletter links are stored only as one-way
 * hashes, and now they are (decision 093). A database written before migration 0010 held the unsubscribe
 * token in plain; the migration hashes it in place, so the link that went out in an e-mail still
 * unsubscribes, over HTTP, and the raw rows hold no link's token.
 */

const drizzleFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The migrations folder as it was before `tag`: its journal and SQL files up to the one before. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "forge-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(readFileSync(path.join(drizzleFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  if (end < 0) throw new Error(`no migration ${tag} in the journal`);
  journal.entries = journal.entries.slice(0, end);
  for (const entry of journal.entries)
    copyFileSync(path.join(drizzleFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  return folder;
}

describe("newsletter unsubscribe links: only their hash is stored, and links sent before still work", () => {
  // The link in an e-mail sent before migration 0010, and the PGlite directory the server then starts on.
  const oldToken = randomBytes(32).toString("base64url");
  const dataDir = mkdtempSync(path.join(tmpdir(), "forge-unsubscribe-"));

  beforeAll(async () => {
    const before = migrationsBefore("0010_newsletter_unsubscribe_token_hash");
    const client = await PGlite.create(dataDir);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: before });
      await client.query(
        `insert into newsletter_subscribers (email, status, consent_at, unsubscribe_token, confirmation_sent_at, confirmed_at)
         values ('early@example.com', 'confirmed', '2026-11-01T10:00:00Z', $1, '2026-11-01T10:00:00Z', '2026-11-01T10:05:00Z')`,
        [oldToken],
      );
    } finally {
      await client.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
  // Registered after the hook above, so the server starts (and migrates) on the directory it wrote.
  const shop = useShop({ ownOrigin: true, env: { PGLITE_DIR: dataDir } });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Every column of every subscriber, as stored. */
  const rawRows = () =>
    shop.store.query<Record<string, unknown>>("select * from newsletter_subscribers order by email");

  const unsubscribePage = (token: string) => `${shop.origin}/newsletter/unsubscribe?token=${token}`;
  const oneClick = (token: string) =>
    fetch(unsubscribePage(token), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });

  it("a link sent before the tokens were hashed still unsubscribes", async () => {
    const shown = await fetch(unsubscribePage(oldToken));
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("Unsubscribe from the newsletter");
    const posted = await oneClick(oldToken);
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain("You&#x27;re unsubscribed");
    const [row] = await rawRows();
    expect(row?.status).toBe("unsubscribed");
  });

  it("stores no link's token: the migrated row and a new sign-up's row hold only its SHA-256 hash", async () => {
    const subscribed = await postJson(
      `${shop.origin}/api/newsletter-subscribe`,
      { email: "new@example.com" },
      { origin: shop.origin },
    );
    expect(subscribed.status).toBe(200);
    const [mail] = await shop.emulators.mail.waitFor((all) =>
      all.some((message) => message.to.includes("new@example.com")),
    );
    const newToken = /\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(newToken).toHaveLength(43);

    const rows = await rawRows();
    expect(rows.map((row) => row.email)).toEqual(["early@example.com", "new@example.com"]);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(oldToken);
    expect(stored).not.toContain(newToken);
    expect(rows.map((row) => row.unsubscribe_token_hash)).toEqual([sha256(oldToken), sha256(newToken)]);
    expect(rows.some((row) => "unsubscribe_token" in row)).toBe(false);

    // And the new link, which the database cannot give back, works from the e-mail.
    expect((await oneClick(newToken)).status).toBe(200);
    expect((await rawRows())[1]?.status).toBe("unsubscribed");
  });

  it("a token that is not a link's (its hash, say) unsubscribes no one", async () => {
    expect((await oneClick(sha256(oldToken))).status).toBe(404);
  });
});
