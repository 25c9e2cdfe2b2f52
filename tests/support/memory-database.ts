import { afterAll, beforeAll } from "vitest";
import { type Database, openDatabase } from "~/server/db/client.server";
import type { EnqueueInput, Outbox } from "~/server/mail/outbox.server";

/**
 * The database a test opens in its own process: PostgreSQL at `databaseUrl` when one is given, with
 * every migration; otherwise a new in-memory PGlite. That one starts from the run's migrated template
 * (PGLITE_TEMPLATE, named by the global setup: decision 139) instead of running initdb, 3-6 s of CPU
 * each on these machines; the migrations still run over it, so a migration missing from the template
 * is applied all the same.
 */
export function openTestDatabase(databaseUrl?: string): Promise<Database> {
  return openDatabase({
    databaseUrl,
    pgliteDir: "memory://",
    migrationsFolder: "drizzle",
    pgliteTemplate: process.env.PGLITE_TEMPLATE,
  });
}

/**
 * What the unit tests on a real database share: one in-memory PGlite with every migration, opened
 * before the file's tests and closed after them, and an outbox that records what it is given.
 */
export function useMemoryDatabase(): { readonly db: Database["db"] } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  return {
    get db() {
      if (!database) throw new Error("the database opens before the tests (beforeAll)");
      return database.db;
    },
  };
}

/** An outbox that keeps each queued message in `queued`, for a test to read. */
export function recordingOutbox() {
  const queued: EnqueueInput[] = [];
  const outbox = {
    async enqueue(_executor: unknown, input: EnqueueInput) {
      queued.push(input);
      return { id: crypto.randomUUID(), created: true };
    },
    nudge() {},
  } as unknown as Outbox;
  return { queued, outbox };
}
