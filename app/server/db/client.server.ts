import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
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

export type DatabaseOptions = { databaseUrl?: string; pgliteDir: string };

/**
 * One database client for the whole process: PostgreSQL through `pg` when DATABASE_URL is set,
 * otherwise PGlite (PostgreSQL compiled to WebAssembly) embedded in the process.
 * The same Drizzle code runs on both (docs/decisions/004-database.md).
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
  const db = drizzlePglite({ client, schema }) as unknown as Db;
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
