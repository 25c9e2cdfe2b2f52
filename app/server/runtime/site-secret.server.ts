import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { siteSecrets } from "~/server/db/schema";

/** The row that holds the secret the site made for itself (table site_secrets). */
export const SIGNING_SECRET_NAME = "signing";

/**
 * The key the site signs its links with (order pages): SITE_SECRET when it is set (required with a live
 * Stripe key, see env.server.ts); else a random 32-byte secret made once and kept in `site_secrets`.
 * Made with `insert … on conflict do nothing` and then read, so every process on the database ends up
 * with the same one, whichever inserted first, and a restart keeps it: links already e-mailed still work.
 */
export async function resolveSiteSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(siteSecrets)
    .values({ name: SIGNING_SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: siteSecrets.name });
  const [row] = await db
    .select({ value: siteSecrets.value })
    .from(siteSecrets)
    .where(eq(siteSecrets.name, SIGNING_SECRET_NAME));
  if (!row) throw new Error("site_secrets: the signing secret was neither inserted nor found");
  return row.value;
}
