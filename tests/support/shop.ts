import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type StandaloneEmulators, startStandaloneEmulators } from "../../sandbox/standalone-emulators";
import { freePort, type RunningServer, SERVER_START_MS, startServer } from "../../scripts/lib/server-process";
import { createTestDatabase, type TestDatabase } from "../../scripts/lib/test-database";

/**
 * The one fixture for "a shop under test" (decision 071): standalone emulators in the test process,
 * a database of the kind asked for, and the production server pointed at both. `useShop` registers
 * the beforeAll that builds it and the afterAll that takes it down, in that order, for the enclosing
 * describe; tests read `shop.server`, `shop.emulators`, `shop.store` once it is up.
 */
export type Emulators = StandaloneEmulators;

export function startEmulators(stripe: { clockPerCheckoutCustomer?: boolean } = {}): Promise<Emulators> {
  // Webhooks retried quickly: a test waits for them.
  return startStandaloneEmulators({
    stripe: { webhookRetry: { baseDelayMs: 200, maxAttempts: 8 }, ...stripe },
  });
}

/**
 * Where the servers of one test keep their data: PostgreSQL (a fresh database, several processes at
 * once), or PGlite in a directory (one process at a time; readable here once that process stopped).
 */
export type StoreTarget = {
  name: "pglite" | "postgres";
  env: Record<string, string>;
  /**
   * Runs a query against the database. A shop's PGlite store answers through its running server
   * (`queryServer`), and from the directory while `whileStopped` holds the server down.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

export async function createStore(name: "pglite" | "postgres"): Promise<StoreTarget> {
  if (name === "postgres") {
    const database: TestDatabase = await createTestDatabase("postgres");
    return {
      name,
      env: database.env,
      async query<T>(sql: string, params: unknown[] = []) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          return (await client.query(sql, params)).rows as T[];
        } finally {
          await client.end();
        }
      },
      drop: () => database.drop(),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "forge-checkout-"));
  return {
    name,
    env: { PGLITE_DIR: dir },
    async query<T>(sql: string, params: unknown[] = []) {
      const db = await PGlite.create(dir);
      try {
        return (await db.query<T>(sql, params)).rows;
      } finally {
        await db.close();
      }
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const baseServerEnv = {
  LOG_LEVEL: "info",
  // Tests call the functions far more often than a visitor: lift the per-IP limits.
  RATE_LIMIT_MULTIPLIER: "100",
};

/** Loaded into every test server: answers `queryServer` with the server's own PGlite (decision 144). */
const QUERY_CHANNEL = fileURLToPath(new URL("./pglite-query-channel.mjs", import.meta.url));

export async function startShop(env: Record<string, string>): Promise<RunningServer> {
  return startServer({ ...baseServerEnv, ...env }, { preload: [QUERY_CHANNEL], ipc: true });
}

const QUERY_TIMEOUT_MS = 30_000;
let queries = 0;

/** A server whose process has not exited (stopped by `whileStopped`, or by a test itself). */
function isRunning(server: RunningServer | undefined): server is RunningServer {
  return server !== undefined && server.process.exitCode === null && server.process.signalCode === null;
}

/**
 * Runs a query on the embedded database of a running test server (started by `startShop`), through
 * the server's own PGlite: the directory cannot be opened while the server holds it, and an in-memory
 * one lives only there. Ends with an error when the query fails, the server exits or 30 s pass.
 */
export function queryServer<T = Record<string, unknown>>(
  server: RunningServer,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const child = server.process;
  const id = ++queries;
  return new Promise<T[]>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    const onMessage = (message: { type?: string; id?: number; rows?: T[]; error?: string }) => {
      if (message?.type !== "forge:sql-result" || message.id !== id) return;
      done();
      if (message.error !== undefined) reject(new Error(`${message.error}\n  in: ${sql}`));
      else resolve(message.rows ?? []);
    };
    const onExit = () => {
      done();
      reject(new Error(`the server exited before answering: ${sql}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the server did not answer within ${QUERY_TIMEOUT_MS} ms: ${sql}`));
    }, QUERY_TIMEOUT_MS);
    if (!isRunning(server) || !child.connected) {
      onExit();
      return;
    }
    child.on("message", onMessage);
    child.once("exit", onExit);
    child.send({ type: "forge:sql", id, sql, params }, (error) => {
      if (error) {
        done();
        reject(error);
      }
    });
  });
}

export type ShopOptions = {
  /** Where the server keeps its data: a fresh PostgreSQL database or a PGlite directory (default: PGlite in memory). */
  store?: "pglite" | "postgres";
  /** Without the standalone emulators: the server runs its own in-process ones (`npm start`'s defaults). */
  inProcessEmulators?: boolean;
  /** A port chosen first, so PUBLIC_SITE_URL can name the server's own origin (links in e-mails, return URLs). */
  ownOrigin?: boolean;
  /** Stripe's webhook endpoint set to this server (fulfilment by webhook). */
  webhooks?: boolean;
  /** Each customer a subscription checkout makes gets a test clock of its own (tests move its time). */
  testClocks?: boolean;
  /** The server's environment on top of the emulators' and the store's. */
  env?: Record<string, string>;
  /** Runs once the emulators are up and before the server starts (products added to the store, ...). */
  prepare?: (emulators: Emulators) => void | Promise<void>;
};

export type TestShop = {
  readonly server: RunningServer;
  readonly emulators: Emulators;
  readonly store: StoreTarget;
  /** The server's own origin (its PUBLIC_SITE_URL with `ownOrigin`, else its URL). */
  readonly origin: string;
  /**
   * Stops the server (SIGTERM, or `signal`), runs `read` with its exit code (PGlite's directory can be
   * read only while no server holds it), and starts it again on the same port and environment,
   * whatever `read` did.
   */
  whileStopped<T>(
    read: (exitCode: number | null) => Promise<T>,
    options?: { signal?: NodeJS.Signals },
  ): Promise<T>;
  close(): Promise<void>;
};

const IN_MEMORY: StoreTarget = {
  name: "pglite",
  env: { PGLITE_DIR: "memory://" },
  query: () =>
    Promise.reject(
      new Error("an in-memory PGlite lives inside the server: it is gone once the server stops"),
    ),
  drop: async () => {},
};

/** Builds a shop; whatever fails on the way, what was already started is taken down again. */
export async function startTestShop(options: ShopOptions = {}): Promise<TestShop> {
  let emulators: Emulators | undefined;
  let store: StoreTarget | undefined;
  let server: RunningServer | undefined;
  const close = async () => {
    await server?.stop();
    await emulators?.close();
    await store?.drop();
  };
  try {
    emulators = options.inProcessEmulators
      ? undefined
      : await startEmulators({ clockPerCheckoutCustomer: options.testClocks });
    if (emulators) await options.prepare?.(emulators);
    store = options.store ? await createStore(options.store) : IN_MEMORY;
    const port = options.ownOrigin ? await freePort() : undefined;
    const origin = port === undefined ? undefined : `http://127.0.0.1:${port}`;
    const env = {
      ...emulators?.env,
      ...store.env,
      ...(origin ? { PORT: String(port), PUBLIC_SITE_URL: origin } : {}),
      ...options.env,
    };
    server = await startShop(env);
    if (options.webhooks) emulators?.stripe.setWebhookUrls([`${server.url}/api/stripe-webhook`]);
    const target = store;
    // PGlite is read through the running server; from its directory once the server has stopped.
    const ready = {
      emulators,
      store:
        target.name === "postgres"
          ? target
          : {
              ...target,
              query: <T>(sql: string, params?: unknown[]) =>
                isRunning(server) ? queryServer<T>(server, sql, params) : target.query<T>(sql, params),
            },
    };
    return {
      get server() {
        return server as RunningServer;
      },
      get emulators() {
        if (!ready.emulators) throw new Error("this shop runs the server's in-process emulators");
        return ready.emulators;
      },
      store: ready.store,
      origin: origin ?? server.url,
      async whileStopped<T>(
        read: (exitCode: number | null) => Promise<T>,
        options: { signal?: NodeJS.Signals } = {},
      ) {
        const exitCode = (await server?.stop(options.signal)) ?? null;
        try {
          return await read(exitCode);
        } finally {
          server = await startShop({ ...env, PORT: new URL((server as RunningServer).url).port });
        }
      },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** `startTestShop` for the enclosing describe: up before its tests, down after them. */
export function useShop(options: ShopOptions = {}): TestShop {
  let shop: TestShop | undefined;
  const current = () => {
    if (!shop) throw new Error("the shop is not up (its beforeAll failed or has not run)");
    return shop;
  };
  // Time for the emulators, the database and a server start on a busy machine.
  beforeAll(async () => {
    shop = await startTestShop(options);
  }, SERVER_START_MS + 60_000);
  afterAll(async () => {
    await shop?.close();
  });
  return {
    get server() {
      return current().server;
    },
    get emulators() {
      return current().emulators;
    },
    get store() {
      return current().store;
    },
    get origin() {
      return current().origin;
    },
    whileStopped: (read, options) => current().whileStopped(read, options),
    close: () => current().close(),
  };
}
