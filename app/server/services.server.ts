import { type Database, openDatabase } from "./db/client.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

/**
 * Everything stateful the app talks to, created once per process by server.ts and handed to every
 * loader and action through the load context (docs/decisions/001-services-in-load-context.md).
 */
export type AppServices = {
  env: Env;
  logger: Logger;
  database: Database;
};

export async function createServices(env: Env, logger: Logger): Promise<AppServices> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  logger.info({ database: database.kind }, "database opened");
  return { env, logger, database };
}

export async function closeServices(services: AppServices): Promise<void> {
  await services.database.close();
}
