import pino from "pino";
import { openDatabase } from "~/server/db/client.server";
import { createProbeQueue } from "./queue-probe";

/**
 * One worker process of the probe queue (tests/integration/durable-queue.test.ts): PostgreSQL at
 * DATABASE_URL, the outside system at OUTSIDE_URL, claims leased for LEASE_MS. Runs until killed;
 * prints "ready" once its loop has started.
 */
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL as string,
  pgliteDir: "memory://",
  migrationsFolder: "drizzle",
});
const queue = createProbeQueue({
  db: database.db,
  logger: pino({ level: process.env.LOG_LEVEL ?? "warn" }),
  outsideUrl: process.env.OUTSIDE_URL as string,
  leaseMs: Number(process.env.LEASE_MS ?? 5_000),
  inTransaction: true,
});
queue.start();
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await queue.stop(2_000);
  await database.close();
  process.exit(0);
});
