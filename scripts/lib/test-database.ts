import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The databases an integration test runs on: PGlite always, and PostgreSQL too when
 * TEST_DATABASE_URL is set (.ci/run sets it to the local server).
 */
export const databaseTargets: { name: "pglite" | "postgres" }[] = process.env.TEST_DATABASE_URL
  ? [{ name: "pglite" }, { name: "postgres" }]
  : [{ name: "pglite" }];

export type TestDatabase = {
  /** Environment for startServer: DATABASE_URL for PostgreSQL, nothing for PGlite in memory. */
  env: Record<string, string>;
  /** A direct connection for assertions (PostgreSQL only; PGlite lives inside the server process). */
  url: string | undefined;
  drop(): Promise<void>;
};

/**
 * A fresh, empty PostgreSQL database per test file, so files never see each other's rows; created
 * through `adminUrl` (default TEST_DATABASE_URL), named `<prefix>_<random>`. The benchmarks use it too.
 */
export async function createTestDatabase(
  target: "pglite" | "postgres",
  options: { adminUrl?: string; prefix?: string } = {},
): Promise<TestDatabase> {
  if (target === "pglite") return { env: { PGLITE_DIR: "memory://" }, url: undefined, drop: async () => {} };
  const adminUrl = options.adminUrl ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${options.prefix ?? "forge_test"}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
