import { createProductCache, type ProductCache } from "./catalog-cache.server";
import { type CatalogConfig, resolveCatalogConfig } from "./catalog-config.server";
import { type Database, openDatabase } from "./db/client.server";
import type { Env } from "./env.server";
import { createRateLimiter, type RateLimiter } from "./http/rate-limits.server";
import type { Logger } from "./logger.server";
import { type CatalogService, createShopifyCatalog } from "./shopify/catalog.server";

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
  /** Shopify: products by handle, variants by id, product creation (app/server/shopify). */
  catalog: CatalogService;
  /** Each purchasable item's variant id, and whether the Shopify emulator is in use. */
  catalogConfig: CatalogConfig;
  /** shopify-get-product's cache (TTL, stale-while-revalidate, stale-if-error). */
  productCache: ProductCache;
};

export async function createServices(env: Env, logger: Logger): Promise<AppServices> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  logger.info({ database: database.kind }, "database opened");
  const rateLimiter = await createRateLimiter({
    databaseUrl: env.DATABASE_URL,
    multiplier: env.RATE_LIMIT_MULTIPLIER,
    logger,
  });
  const catalog = createShopifyCatalog({ env, logger });
  const catalogConfig = resolveCatalogConfig(env);
  const productCache = createProductCache({
    ttlMs: env.PRODUCT_CACHE_TTL_SECONDS * 1000,
    swrMs: env.PRODUCT_CACHE_SWR_SECONDS * 1000,
    maxStaleMs: env.PRODUCT_CACHE_MAX_STALE_SECONDS * 1000,
    logger,
  });
  return { env, logger, database, rateLimiter, catalog, catalogConfig, productCache };
}

export async function closeServices(services: AppServices): Promise<void> {
  await services.rateLimiter.close();
  await services.database.close();
}
