import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { siteSecrets } from "~/server/db/schema";
import { HEALTH_DATA_KEY_BYTES, type HealthDataKey, parseHealthDataKeys } from "./cipher.server";

/** The site_secrets row that holds the sandbox's own health-data key. */
export const SANDBOX_HEALTH_KEY_NAME = "health-data-sandbox";
export const SANDBOX_HEALTH_KEY_ID = "sandbox";

/**
 * The keys health data is sealed with: HEALTH_DATA_KEYS when it is set (required with a live Stripe
 * key, env.server.ts, so a real store keeps its keys outside the database they protect); else the
 * sandbox's own key, made once and kept in `site_secrets` like the signing secret, so every process on
 * the database shares it and a restart keeps it. A key beside the data protects nothing against a copy
 * of the database: fine for the sandbox's invented people, never for a real store (decision 100).
 */
export async function resolveHealthDataKeys(
  db: Db,
  configured: string | undefined,
): Promise<HealthDataKey[]> {
  if (configured) return parseHealthDataKeys(configured);
  await db
    .insert(siteSecrets)
    .values({
      name: SANDBOX_HEALTH_KEY_NAME,
      value: randomBytes(HEALTH_DATA_KEY_BYTES).toString("base64url"),
    })
    .onConflictDoNothing({ target: siteSecrets.name });
  const [row] = await db
    .select({ value: siteSecrets.value })
    .from(siteSecrets)
    .where(eq(siteSecrets.name, SANDBOX_HEALTH_KEY_NAME));
  if (!row) throw new Error("site_secrets: the sandbox health-data key was neither inserted nor found");
  return [{ id: SANDBOX_HEALTH_KEY_ID, key: Buffer.from(row.value, "base64url") }];
}
