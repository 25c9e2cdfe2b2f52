import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { lockDataDirectory } from "./pglite-lock.server";
import { APP_BOUNDS, closePool, connectForSetup, createPool } from "./postgres.server";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  /** "postgres" when DATABASE_URL is set, otherwise the embedded "pglite". */
  kind: "postgres" | "pglite";
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Closes the connections: waits up to `timeoutMs` (default 3 s) for queries in progress, then cuts
   * what is left (a silent database must not hold a shutdown up).
   */
  close(timeoutMs?: number): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir: string;
  /**
   * Tests only: a tarball of a migrated data folder (PGlite's dumpDataDir) a new embedded database
   * starts from, instead of initdb; the migrations still run over it (decision 139).
   */
  pgliteTemplate?: string;
  /** The SQL migrations (drizzle/); passed by whoever knows where the project lies, as a bundle does not. */
  migrationsFolder: string;
};
/** Any fixed 64-bit number: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 4_711_2026;

/**
 * One database client for the whole process: PostgreSQL through `pg` when DATABASE_URL is set,
 * otherwise PGlite (PostgreSQL compiled to WebAssembly) embedded in the process.
 * The same Drizzle code runs on both, and the migrations under `drizzle/` are applied before the
 * database is handed out (docs/decisions/004-database.md).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Statement and query timeouts, keep-alive, connections dropped when they time out, a bounded close
    // (app/server/db/postgres.server.ts, decision 060).
    const { pool, clients } = createPool(options.databaseUrl, APP_BOUNDS, { max: 10 });
    // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // Several instances may start at once: one migrates while the others wait on the lock. On a
    // connection of its own, without the statement timeout: a migration may rightly take long.
    const client = await connectForSetup(options.databaseUrl, APP_BOUNDS.connectionTimeoutMs);
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client }), { migrationsFolder: options.migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      await client.end().catch(() => {});
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      // The ping's own query gives up at the same bound, so a silent database does not keep a client
      // busy after the answer (its connection is dropped); the race also bounds waiting for a client.
      ping: (timeoutMs = PING_TIMEOUT_MS) =>
        within(
          pool.query({ text: "select 1", query_timeout: timeoutMs } as pg.QueryConfig).then(() => true),
          timeoutMs,
        ),
      close: (timeoutMs = CLOSE_TIMEOUT_MS) => closePool(pool, clients, timeoutMs),
    };
  }

  const inMemory = options.pgliteDir.startsWith("memory://");
  // One process per data directory: a second server on it refuses to start (decision 060).
  let lock: { release(): void } | undefined;
  if (!inMemory) {
    mkdirSync(options.pgliteDir, { recursive: true });
    lock = await lockDataDirectory(options.pgliteDir);
  }
  try {
    const fresh = inMemory || !existsSync(path.join(options.pgliteDir, "PG_VERSION"));
    const template =
      fresh && options.pgliteTemplate ? new Blob([readFileSync(options.pgliteTemplate)]) : undefined;
    const client = await PGlite.create({
      dataDir: inMemory ? undefined : options.pgliteDir,
      loadDataDir: template,
    });
    const pgliteDb = drizzlePglite({ client, schema });
    await migratePglite(pgliteDb, { migrationsFolder: options.migrationsFolder });
    const db = pgliteDb as unknown as Db;
    return {
      db,
      kind: "pglite",
      ping: (timeoutMs = PING_TIMEOUT_MS) =>
        within(
          db.execute(sql`select 1`).then(() => true),
          timeoutMs,
        ),
      // In the process: nothing to wait for on a network.
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

const PING_TIMEOUT_MS = 2_000;
const CLOSE_TIMEOUT_MS = 3_000;

/** True once `check` resolves true within `timeoutMs`; false on a rejection or the timeout. */
async function within(check: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
