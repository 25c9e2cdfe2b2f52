import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  /** "postgres" when DATABASE_URL is set, otherwise the embedded "pglite". */
  kind: "postgres" | "pglite";
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir: string;
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
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // Several instances may start at once: one migrates while the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client }), { migrationsFolder: options.migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      ping: (timeoutMs) => pingWith(db, timeoutMs),
      close: () => pool.end(),
    };
  }

  const inMemory = options.pgliteDir.startsWith("memory://");
  if (!inMemory) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : options.pgliteDir);
  const pgliteDb = drizzlePglite({ client, schema });
  await migratePglite(pgliteDb, { migrationsFolder: options.migrationsFolder });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    close: () => client.close(),
  };
}

async function pingWith(db: Db, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
