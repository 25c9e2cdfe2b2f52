import { type ChildProcess, execFileSync } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { killGroup, spawnTracked } from "../scripts/lib/processes";
import { type RunningServer, startServer } from "../scripts/lib/server-process";
import { createTestDatabase } from "../scripts/lib/test-database";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The benchmarks' own build, beside the others. */
export const buildDir = "build-bench";

export type BenchServer = RunningServer & {
  /** The emulators' process (Shopify, Stripe, mail), the server's outside systems. */
  emulators: ChildProcess;
  /** Which database the server writes to. */
  database: string;
};

/** `npm run emulators` as a child process; resolves with the environment it printed. */
async function startEmulators(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = spawnTracked(process.execPath, ["--import", "tsx", "sandbox/standalone.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await Promise.race([
    once(lines, "line"),
    once(child, "exit").then(([code]) => {
      throw new Error(`the emulators exited with ${code}`);
    }),
    // once() rejects on the child's "error" event; a start that never prints is bounded too.
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error("the emulators did not start within 60 s")), 60_000).unref(),
    ),
  ])) as [string];
  lines.close();
  return { child, env: JSON.parse(line) as Record<string, string> };
}

/**
 * Builds (unless BENCH_SKIP_BUILD=1) and starts the production server, its outside systems the
 * emulators in a process of their own on loopback (as Shopify and Stripe are not on the server's
 * machine), its per-IP rate limits lifted: a load generator is one address sending what thousands of
 * visitors would. The database is DATABASE_URL's PostgreSQL when set, else PGlite (in memory unless
 * `env` names a PGLITE_DIR).
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  options: { build?: boolean } = {},
): Promise<BenchServer> {
  if ((options.build ?? true) && process.env.BENCH_SKIP_BUILD !== "1") {
    execFileSync("npm", ["run", "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: "inherit",
    });
  }
  const emulators = await startEmulators();
  let server: RunningServer;
  try {
    server = await startServer({
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "10000",
      ...emulators.env,
      ...env,
    });
  } catch (error) {
    emulators.child.kill("SIGTERM");
    throw error;
  }
  const databaseUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  return {
    ...server,
    emulators: emulators.child,
    database: databaseUrl
      ? `PostgreSQL (${new URL(databaseUrl).host})`
      : env.PGLITE_DIR && env.PGLITE_DIR !== "memory://"
        ? "PGlite on disk"
        : "PGlite in memory",
    async stop(signal) {
      const code = await server.stop(signal);
      const child = emulators.child;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, "exit").catch(() => undefined);
        child.kill("SIGTERM");
        // Bounded: emulators that ignore SIGTERM are killed with their group after 10 s.
        const killer = setTimeout(() => child.pid !== undefined && killGroup(child.pid), 10_000);
        await exited;
        clearTimeout(killer);
      }
      return code;
    },
  };
}

export type BenchDatabase = {
  kind: "postgres" | "pglite";
  /** The server's environment for it. */
  env: Record<string, string>;
  /** Drops the database the benchmark created (nothing for DATABASE_URL or PGlite). */
  drop(): Promise<void>;
};

/** Where the machine's PostgreSQL is looked for when DATABASE_URL is unset. */
const LOCAL_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres";

/**
 * The database a production server would use: DATABASE_URL's PostgreSQL when set; else, when a
 * PostgreSQL answers on this machine (BENCH_POSTGRES_URL, default the local one), a fresh database
 * there, dropped afterwards; else the embedded PGlite in memory. BENCH_DATABASE=pglite forces PGlite.
 */
export async function benchDatabase(): Promise<BenchDatabase> {
  const pglite: BenchDatabase = { kind: "pglite", env: { PGLITE_DIR: "memory://" }, drop: async () => {} };
  if (process.env.BENCH_DATABASE === "pglite") return pglite;
  if (process.env.DATABASE_URL) {
    return { kind: "postgres", env: { DATABASE_URL: process.env.DATABASE_URL }, drop: async () => {} };
  }
  try {
    const database = await createTestDatabase("postgres", {
      adminUrl: process.env.BENCH_POSTGRES_URL ?? LOCAL_POSTGRES,
      prefix: "forge_bench",
    });
    return { kind: "postgres", env: database.env, drop: database.drop };
  } catch {
    // No PostgreSQL answers here: the embedded database.
    return pglite;
  }
}

/** Where the machine's Redis is looked for when RATE_LIMIT_REDIS_URL is unset. */
const LOCAL_REDIS = "redis://127.0.0.1:6379";

export type BenchRateLimits = {
  /** The server's environment for it. */
  env: Record<string, string>;
  /** Where the counters live, for the results' header. */
  label: string;
};

/**
 * Where the rate-limit counters live, as in a deployment of several instances: RATE_LIMIT_REDIS_URL's
 * Redis when set; else, when a Redis answers on this machine (BENCH_REDIS_URL, default the local
 * one), that one; else the database (PostgreSQL's table, or memory on PGlite). BENCH_REDIS=off
 * leaves Redis out.
 */
export async function benchRateLimits(): Promise<BenchRateLimits> {
  const inDatabase = { env: {}, label: "rate-limit counters in the database" };
  if (process.env.BENCH_REDIS === "off") return inDatabase;
  const url = process.env.RATE_LIMIT_REDIS_URL ?? process.env.BENCH_REDIS_URL ?? LOCAL_REDIS;
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
    return {
      env: { RATE_LIMIT_REDIS_URL: url },
      label: `rate-limit counters in Redis (${new URL(url).host})`,
    };
  } catch {
    if (process.env.RATE_LIMIT_REDIS_URL) throw new Error(`RATE_LIMIT_REDIS_URL does not answer: ${url}`);
    return inDatabase;
  } finally {
    client.disconnect();
  }
}
