/**
 * Rate limits per client address (`context.clientIp`: Express's req.ip, which trusts only
 * TRUST_PROXY_HOPS proxies; an IPv6 client counted per /64, see client-key.server.ts), one named
 * limit per function. In memory by default; in PostgreSQL (one
 * `rate_limits` table shared by every instance) when DATABASE_URL is set, with an in-memory limiter
 * standing in while the database is unreachable (docs/decisions/022-rate-limiting.md).
 *
 * To limit a new function, add a line to `rateLimits` below and pass its name to `apiAction({ rateLimit })`
 * (or call `context.services.rateLimiter.consume(name, context.clientIp)` yourself).
 */
import { Redis } from "ioredis";
import type pg from "pg";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import {
  type BoundedClient,
  closePool,
  connectForSetup,
  createPool,
  RATE_LIMIT_BOUNDS,
} from "~/server/db/postgres.server";
import { rateLimitKey } from "~/server/network-address.server";
import type { Logger } from "~/server/runtime/logger.server";

export type RateLimit = {
  /** Calls allowed per client address in each window… */
  points: number;
  /** …of this many seconds. */
  durationSeconds: number;
};

/** Every named limit. RATE_LIMIT_MULTIPLIER scales all the points (load tests, busy shared NATs). */
export const rateLimits = {
  /** Product page opens and the home page's connection test. */
  "shopify-get-product": { points: 120, durationSeconds: 60 },
  /** Writes to the store: tight. */
  "shopify-create-product": { points: 10, durationSeconds: 600 },
  /** Each call looks variants up in Shopify and creates a Stripe session. */
  "hybrid-checkout": { points: 20, durationSeconds: 60 },
  /** Each call reads Shopify's selling plan and creates a Stripe subscription session. */
  subscribe: { points: 10, durationSeconds: 60 },
  "verify-and-send-confirmation": { points: 30, durationSeconds: 60 },
  "newsletter-subscribe": { points: 5, durationSeconds: 600 },
  /** The contact form: messages stored and e-mailed, per client address. */
  contact: { points: 5, durationSeconds: 600 },
  /** The quiz's result page: plan e-mails queued and answers saved or deleted, per client address. */
  "quiz-result": { points: 10, durationSeconds: 600 },
  /** Guarantee requests: each looks an order up by number and address, so guessing is slow. */
  guarantee: { points: 10, durationSeconds: 3600 },
  /** The back office's sign-in form and link, per client address (none per address asked for: 090). */
  "admin-sign-in": { points: 10, durationSeconds: 600 },
  /** A shopper's sign-in form and link, per client address (one live link per address bounds the mail). */
  "account-sign-in": { points: 10, durationSeconds: 600 },
  /** Passkey ceremonies, per client address: a sign-in or an added passkey is two calls (challenge, answer). */
  passkey: { points: 20, durationSeconds: 600 },
  /** A subscriber's changes at /account/subscription (each a Stripe call), and its customer portal opens. */
  "subscription-change": { points: 20, durationSeconds: 600 },
  /** Kit registrations tried, per client address: each looks a kit ID up, so guessing IDs is slow. */
  "kit-register": { points: 20, durationSeconds: 3600 },
  /** "Helpful" votes on reviews: each is one write; a visitor reading a page may vote on every review of it. */
  "review-helpful": { points: 30, durationSeconds: 600 },
  /** New "helpful" voters (their cookie) per network, an IPv6 /48 (networkKey), not per /64: 090. */
  "review-voter": { points: 10, durationSeconds: 3600 },
  /** The write-a-review form (a signed link): reviews stored or changed, per client address. */
  "review-write": { points: 10, durationSeconds: 600 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof rateLimits;

export type RateLimitDecision =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Spends one point of `name` for `key` (the client's address: counted under rateLimitKey's key). */
  consume(name: RateLimitName, key: string): Promise<RateLimitDecision>;
  /** Where the counters live. */
  readonly store: "memory" | "postgres" | "redis";
  /** Closes the store's connections, cutting them after `timeoutMs` (default 2 s). */
  close(timeoutMs?: number): Promise<void>;
}

export type RateLimiterOptions = {
  /** Redis URL: counters shared by every instance, off the database. Wins over `databaseUrl`. */
  redisUrl?: string;
  /** PostgreSQL URL: counters shared by every instance. Neither set: this process's memory. */
  databaseUrl?: string;
  /** Scales every limit's points (default 1). */
  multiplier?: number;
  /** Overrides of the named limits (tests). */
  limits?: Partial<Record<RateLimitName, RateLimit>>;
  logger: Logger;
};

const TABLE = "rate_limits";

/**
 * The table rate-limiter-flexible would create (same columns), but UNLOGGED; a table an earlier
 * version created logged is switched over (a no-op once it is unlogged).
 */
async function createCounterTable(client: pg.Client): Promise<void> {
  try {
    await client.query(`create unlogged table if not exists ${TABLE} (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    )`);
  } catch (error) {
    // Instances starting together: "if not exists" does not stop two creations racing; the loser
    // finds the table's row type made (42710) or the table (42P07), or trips the catalog's unique
    // index (23505). The table is there either way.
    const code = (error as { code?: string }).code;
    if (code !== "42710" && code !== "42P07" && code !== "23505") throw error;
  }
  const { rows } = await client.query<{ relpersistence: string }>(
    "select relpersistence from pg_class where oid = $1::regclass",
    [TABLE],
  );
  if (rows[0]?.relpersistence === "p") await client.query(`alter table ${TABLE} set unlogged`);
}

/** Keys in a Redis that other software may share: `forge:rate-limit:<name>:<client key>`. */
const REDIS_KEY_PREFIX = "forge:rate-limit:";
/** How long start-up waits for Redis before going on with the in-memory stand-in. */
const REDIS_CONNECT_WAIT_MS = 2_000;

/**
 * A Redis client for the counters. A command never waits for a connection that is down (no offline
 * queue) and gives up after a second, so an unreachable Redis costs a request nothing but the
 * insurance limiter's answer; the client reconnects by itself. Start-up waits up to
 * REDIS_CONNECT_WAIT_MS for the first connection but does not fail without one: the site serves,
 * limited per instance, until Redis answers. Each outage is logged once, and its end.
 */
async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: REDIS_CONNECT_WAIT_MS,
  });
  let reachable = true;
  client.on("error", (error) => {
    if (!reachable) return;
    reachable = false;
    logger.warn({ err: error }, "rate limiter: Redis unreachable, limiting per instance until it is back");
  });
  client.on("ready", () => {
    if (reachable) return;
    reachable = true;
    logger.info("rate limiter: Redis reachable again");
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return client;
}

export async function createRateLimiter(options: RateLimiterOptions): Promise<RateLimiter> {
  const multiplier = options.multiplier ?? 1;
  const limitOf = (name: RateLimitName): RateLimit => {
    const limit = options.limits?.[name] ?? rateLimits[name];
    return {
      points: Math.max(1, Math.round(limit.points * multiplier)),
      durationSeconds: limit.durationSeconds,
    };
  };
  const names = Object.keys(rateLimits) as RateLimitName[];
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  let pool: pg.Pool | undefined;
  let poolClients: Set<BoundedClient> | undefined;
  let redis: Redis | undefined;
  // While the shared store is unreachable each instance limits on its own.
  const insuranceFor = (name: RateLimitName) => {
    const { points, durationSeconds } = limitOf(name);
    return new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
  };

  if (options.redisUrl) {
    redis = await connectRedis(options.redisUrl, options.logger);
    for (const name of names) {
      const { points, durationSeconds } = limitOf(name);
      limiters.set(
        name,
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${REDIS_KEY_PREFIX}${name}`,
          points,
          duration: durationSeconds,
          insuranceLimiter: insuranceFor(name),
        }),
      );
    }
  } else if (options.databaseUrl) {
    // Its own small pool: a flood of limited requests must not take the app's connections.
    // Counters need no durability: a crash may forget the last few seconds' counts, which only lets a
    // client a few calls more. So their commits do not wait for the disk (synchronous_commit off), and
    // the table is UNLOGGED (no WAL; emptied after a crash): every API call writes here, and on a busy
    // checkout these writes cost PostgreSQL as much as the order rows that must be durable.
    // Its statement and query timeouts are short (RATE_LIMIT_BOUNDS): a counter that cannot be had
    // within a second is given up on, and the insurance limiter answers (decision 060).
    ({ pool, clients: poolClients } = createPool(options.databaseUrl, RATE_LIMIT_BOUNDS, {
      max: 4,
      idleTimeoutMillis: 10_000,
      options: "-c synchronous_commit=off",
    }));
    pool.on("error", (error) => options.logger.warn({ err: error }, "rate limiter database connection lost"));
    // The table is made (or switched to unlogged, which rewrites it) on a connection without those
    // timeouts: start-up may take the time it needs.
    const setup = await connectForSetup(options.databaseUrl, RATE_LIMIT_BOUNDS.connectionTimeoutMs);
    try {
      await createCounterTable(setup);
    } finally {
      await setup.end().catch(() => {});
    }
    const storePool = pool;
    await Promise.all(
      names.map(
        (name) =>
          new Promise<void>((resolve, reject) => {
            const { points, durationSeconds } = limitOf(name);
            const limiter = new RateLimiterPostgres(
              {
                storeClient: storePool,
                storeType: "pool",
                tableName: TABLE,
                // createCounterTable made it.
                tableCreated: true,
                keyPrefix: name,
                points,
                duration: durationSeconds,
                insuranceLimiter: insuranceFor(name),
              },
              (error?: unknown) => (error ? reject(error) : resolve()),
            );
            limiters.set(name, limiter);
          }),
      ),
    );
  } else {
    for (const name of names) {
      const { points, durationSeconds } = limitOf(name);
      limiters.set(name, new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }));
    }
  }

  return {
    store: redis ? "redis" : pool ? "postgres" : "memory",
    async consume(name, key) {
      const limiter = limiters.get(name);
      if (!limiter) throw new Error(`unknown rate limit ${name}`);
      try {
        const result = await limiter.consume(rateLimitKey(key), 1);
        return { allowed: true, remaining: result.remainingPoints };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
    async close(timeoutMs = 2_000) {
      if (pool && poolClients) await closePool(pool, poolClients, timeoutMs);
      // quit() lets sent commands finish; a client without a working connection is simply dropped.
      if (redis?.status === "ready") await redis.quit().catch(() => redis?.disconnect());
      else redis?.disconnect();
    },
  };
}
