import pg from "pg";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createRateLimiter, type RateLimiter } from "~/server/http/rate-limits.server";
import { createTestDatabase, type TestDatabase } from "../../scripts/lib/test-database";

/**
 * The shared rate-limit counters on PostgreSQL (docs/decisions/022-api-plumbing-and-rate-limits.md):
 * an UNLOGGED table, created once however many instances start together, and an older logged table
 * switched over. Runs when TEST_DATABASE_URL names a PostgreSQL (as .ci/run sets it).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("rate-limit counters on PostgreSQL", () => {
  let database: TestDatabase | undefined;
  const limiters: RateLimiter[] = [];
  const logger = pino({ level: "silent" });

  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((limiter) => limiter.close()));
    await database?.drop();
  });

  async function persistence(url: string): Promise<string | undefined> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ relpersistence: string }>(
        "select relpersistence from pg_class where oid = 'rate_limits'::regclass",
      );
      return rows[0]?.relpersistence;
    } finally {
      await client.end();
    }
  }

  it("creates one unlogged table when several instances start at once, and all of them count", async () => {
    database = await createTestDatabase("postgres");
    const url = database.url as string;
    limiters.push(
      ...(await Promise.all(
        Array.from({ length: 6 }, () =>
          createRateLimiter({
            databaseUrl: url,
            logger,
            limits: { "hybrid-checkout": { points: 3, durationSeconds: 60 } },
          }),
        ),
      )),
    );
    expect(await persistence(url)).toBe("u");
    // The instances share the counts: three calls across three instances spend the client's three.
    for (const limiter of limiters.slice(0, 3)) {
      expect((await limiter.consume("hybrid-checkout", "203.0.113.7")).allowed).toBe(true);
    }
    expect(await limiters[3]?.consume("hybrid-checkout", "203.0.113.7")).toMatchObject({ allowed: false });
  });

  it("switches a table an earlier version created logged over to unlogged, keeping its counts", async () => {
    database = await createTestDatabase("postgres");
    const url = database.url as string;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      "create table rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)",
    );
    await client.query("insert into rate_limits values ('hybrid-checkout:203.0.113.8', 3, $1)", [
      Date.now() + 60_000,
    ]);
    await client.end();
    expect(await persistence(url)).toBe("p");

    const limiter = await createRateLimiter({
      databaseUrl: url,
      logger,
      limits: { "hybrid-checkout": { points: 3, durationSeconds: 60 } },
    });
    limiters.push(limiter);
    expect(await persistence(url)).toBe("u");
    expect(await limiter.consume("hybrid-checkout", "203.0.113.8")).toMatchObject({ allowed: false });
  });
});
