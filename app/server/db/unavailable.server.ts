/**
 * Whether a thrown error means the database could not answer (rather than refused a statement): the
 * pool could not connect in time, a query's answer did not come back in time (app/server/db/
 * postgres.server.ts gives up and drops the connection), the connection broke, or the server is
 * shutting down, starting, or out of connections. Drizzle wraps the driver's error (`cause`), so the
 * chain is walked. The API answers these 503 (the site's own storage is unavailable: try again), not
 * 500 (found by the chaos run, bench/chaos/, when it froze the database under checkouts).
 */
const MESSAGES = [
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "connect ECONNREFUSED",
];
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, query_canceled (timeout). */
const CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CODES.has(code)) return true;
    if (MESSAGES.some((message) => current instanceof Error && current.message.startsWith(message)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
