import pg from "pg";

/**
 * PostgreSQL connections that cannot wedge the server when the database stops answering
 * (docs/decisions/060-database-timeouts-and-pglite-lock.md). Every pool (the app's, the rate limiter's)
 * is made here, so each has the same four bounds:
 *
 * - `statement_timeout` (sent at connection start): PostgreSQL cancels a statement that runs, or waits
 *   on a lock, longer than this, and the connection stays usable;
 * - `query_timeout`: the client gives up on an answer after this long, for a server (or a network) that
 *   no longer answers at all. A little longer than the statement timeout, so a server that does answer
 *   reports its own cancellation first;
 * - `idle_in_transaction_session_timeout`: PostgreSQL ends a session left inside a transaction (its
 *   client vanished mid-transaction), so the rows it locked do not stay locked until the server's own
 *   keep-alive notices, hours later;
 * - TCP keep-alive on every socket, so a peer that is gone for good is noticed by the kernel.
 *
 * A connection whose query timed out is closed at once and dropped from the pool (BoundedClient), and
 * closing a pool is bounded too (closePool).
 */

export type PostgresBounds = {
  /** PostgreSQL's statement_timeout. */
  statementTimeoutMs: number;
  /** The client's query_timeout. */
  queryTimeoutMs: number;
  /** How long to wait for a new connection, or for a free one from the pool. */
  connectionTimeoutMs: number;
};

/** The app's queries are small (an order, a delivery, a subscriber): seconds are already trouble. */
export const APP_BOUNDS: PostgresBounds = {
  statementTimeoutMs: 5_000,
  queryTimeoutMs: 6_000,
  connectionTimeoutMs: 5_000,
};

/**
 * A rate-limit counter costs every API call its time: like Redis's (a second), a counter that cannot be
 * had quickly is given up on and the in-memory stand-in answers.
 */
export const RATE_LIMIT_BOUNDS: PostgresBounds = {
  statementTimeoutMs: 750,
  queryTimeoutMs: 1_000,
  connectionTimeoutMs: 2_000,
};

/** Our transactions run database statements only: one idle this long has lost its client. */
const IDLE_IN_TRANSACTION_MS = 15_000;
/** The first keep-alive probe after this long without traffic (then the kernel's interval and count). */
const KEEP_ALIVE_DELAY_MS = 10_000;

const QUERY_READ_TIMEOUT = "Query read timeout";

/**
 * pg's Client, made safe to pool under a query timeout:
 * - pg answers a timed-out query with an error but leaves the connection waiting for the reply, with
 *   every later query queued behind it: such a connection is closed at once, and, if it is checked out,
 *   handed back to the pool with the error so the pool drops it and frees its place. Drizzle's
 *   transaction releases its client without an error (or not at all when BEGIN itself fails), which
 *   would otherwise put a dead connection back in the pool or leak its place for good; its later
 *   release() is a no-op.
 * - A connection that dies while checked out is reported through its queries; its `error` event is not
 *   left unhandled (the pool listens only while the client is idle), which would end the process.
 */
export class BoundedClient extends pg.Client {
  #release: ((error?: Error | boolean) => void) | undefined;
  /** Called once this client has given up on its connection after a query timeout. */
  onAbandoned: (() => void) | undefined;

  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on("error", () => {});
  }

  /** pg-pool hands each checkout its release function by assignment. */
  set release(release: ((error?: Error | boolean) => void) | undefined) {
    this.#release = release;
  }

  get release(): (error?: Error | boolean) => void {
    return (error) => {
      const release = this.#release;
      this.#release = undefined;
      release?.(error);
    };
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only wraps them.
  override query(...args: any[]): any {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, result: unknown) => {
        this.#abandonIfTimedOut(error);
        callback(error, result);
      };
      // biome-ignore lint/suspicious/noExplicitAny: see above.
      return (super.query as (...a: any[]) => any)(...args);
    }
    // biome-ignore lint/suspicious/noExplicitAny: see above.
    const result = (super.query as (...a: any[]) => any)(...args);
    // Registered before the caller's own handlers, so the connection is gone before they run.
    if (result && typeof result.then === "function")
      (result as Promise<unknown>).then(undefined, (error) => this.#abandonIfTimedOut(error));
    return result;
  }

  /** Closes the socket at once, whatever is in progress. */
  destroy(): void {
    (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }

  #abandonIfTimedOut(error: unknown) {
    if (!(error instanceof Error) || error.message !== QUERY_READ_TIMEOUT) return;
    // With a query in progress end() destroys the socket rather than waiting for the server's goodbye.
    this.end().catch(() => {});
    this.release(error);
    this.onAbandoned?.();
  }
}

/** A pool with the bounds above, and the clients it has open (for a bounded close). */
export function createPool(
  connectionString: string,
  bounds: PostgresBounds,
  options: { max: number; idleTimeoutMillis?: number; options?: string },
): { pool: pg.Pool; clients: Set<BoundedClient> } {
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
    connectionTimeoutMillis: bounds.connectionTimeoutMs,
    statement_timeout: bounds.statementTimeoutMs,
    query_timeout: bounds.queryTimeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    options: options.options,
    Client: BoundedClient as unknown as new () => pg.ClientBase,
  });
  const clients = new Set<BoundedClient>();
  const checkedOut = new Set<unknown>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  pool.on("remove", (client) => clients.delete(client as unknown as BoundedClient));
  pool.on("connect", (poolClient) => {
    const client = poolClient as unknown as BoundedClient;
    clients.add(client);
    // A connection that stopped answering says the ones idle beside it, opened over the same network
    // to the same server, may be as dead: they are dropped too, rather than each costing a query its
    // timeout later (a load balancer or NAT that silently forgot its connections). The pool opens new
    // ones as needed.
    client.onAbandoned = () => {
      for (const other of clients) if (other !== client && !checkedOut.has(other)) other.destroy();
    };
  });
  return { pool, clients };
}

/**
 * A single connection for start-up work (migrations, creating tables): keep-alive and a bounded
 * connect, but no statement or query timeout, as a migration may rightly take long and waits on the
 * advisory lock while another instance migrates. The server is not ready until this is done.
 */
export async function connectForSetup(connectionString: string, connectionTimeoutMs: number) {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: connectionTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
  });
  client.on("error", () => {});
  await client.connect();
  return client;
}

/**
 * Ends a pool within `timeoutMs`: pool.end() waits for every checked-out client, and a client waiting
 * on a silent server would hold it up until its query timeout. After the bound every socket still open
 * is destroyed.
 */
export async function closePool(
  pool: pg.Pool,
  clients: Set<BoundedClient>,
  timeoutMs: number,
): Promise<void> {
  if (pool.ended) return;
  const ended = pool.ending ? Promise.resolve() : pool.end().catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    ended.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), Math.max(0, timeoutMs));
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) for (const client of clients) client.destroy();
}
