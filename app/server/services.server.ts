import { type Database, openDatabase } from "./db/client.server";
import type { Env } from "./env.server";
import { createRateLimiter, type RateLimiter } from "./http/rate-limits.server";
import type { Logger } from "./logger.server";

/**
 * Everything stateful the app talks to, created once per process by server.ts and handed to every
 * loader and action through the load context (docs/decisions/001-services-in-load-context.md).
 */
export type AppServices = {
  env: Env;
  logger: Logger;
  database: Database;
  /** Per-client-IP limits of the API functions (app/server/http/rate-limits.server.ts). */
  rateLimiter: RateLimiter;
};

export async function createServices(env: Env, logger: Logger): Promise<AppServices> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  logger.info({ database: database.kind }, "database opened");
  const rateLimiter = await createRateLimiter({
    databaseUrl: env.DATABASE_URL,
    multiplier: env.RATE_LIMIT_MULTIPLIER,
    logger,
  });
  return { env, logger, database, rateLimiter };
}

export async function closeServices(services: AppServices): Promise<void> {
  await services.rateLimiter.close();
  await services.database.close();
}
