import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { siteSecrets } from "~/server/db/schema";
import { type LabIntegration, parseLabIntegrations } from "./lab-auth.server";

/** The site_secrets row that holds the sandbox lab's secret, and the lab id it signs as. */
export const SANDBOX_LAB_SECRET_NAME = "lab-sandbox";
export const SANDBOX_LAB_ID = "sandbox";

/**
 * The labs that may deliver: LAB_INTEGRATIONS when set (required with a live Stripe key, env.server.ts);
 * else the sandbox's lab emulator, whose secret the site makes once and keeps in `site_secrets`, as it
 * does the health-data key (decision 100): every process on the database shares it, a restart keeps it.
 */
export async function resolveLabIntegrations(
  db: Db,
  configured: string | undefined,
): Promise<LabIntegration[]> {
  if (configured) return parseLabIntegrations(configured);
  await db
    .insert(siteSecrets)
    .values({ name: SANDBOX_LAB_SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: siteSecrets.name });
  const [row] = await db
    .select({ value: siteSecrets.value })
    .from(siteSecrets)
    .where(eq(siteSecrets.name, SANDBOX_LAB_SECRET_NAME));
  if (!row) throw new Error("site_secrets: the sandbox lab secret was neither inserted nor found");
  return [{ id: SANDBOX_LAB_ID, secret: row.value }];
}
