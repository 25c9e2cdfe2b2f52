/**
 * Whether a thrown error means the database could not answer (rather than refused a statement): the
 * pool could not connect in time, a query's answer did not come back in time (app/server/db/
 * postgres.server.ts gives up and drops the connection), the connection broke, or the server is
 * shutting down, starting, or out of connections. Drizzle wraps the driver's error (`cause`), so the
 * chain is walked; a plain network error code counts only under a database query's error, so an outside
 * call's refused connection is never taken for the database. The API answers these 503 (the site's own
 * storage is unavailable: try again), not 500 (found by the chaos run, bench/chaos/, when it froze the
 * database under checkouts).
 */
const DRIVER_MESSAGES = [
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "Connection terminated",
];
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, query_canceled (timeout). */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let underQuery = false;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.name === "DrizzleQueryError" || current.message.startsWith("Failed query:"))
      underQuery = true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (SQLSTATES.has(code) || (underQuery && NETWORK_CODES.has(code))))
      return true;
    const message = current.message;
    if (DRIVER_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
