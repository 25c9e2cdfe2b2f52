import { and, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/server/db/client.server";

/**
 * How a durable queue's worker takes a row (docs/decisions/030-exactly-once-fulfilment.md, 076): the
 * e-mail outbox and the Shopify sync keep their rows in tables with the same bookkeeping columns, and
 * claim them the same way, written once here.
 */

/** A queue table: its rows carry a status, an attempt count, when they are due, and a lease. */
export type QueueTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lockedUntil: PgColumn;
  updatedAt: PgColumn;
};

export type ClaimOptions = {
  leaseMs: number;
  /** Only rows that also match this (one id, some kinds). */
  filter?: SQL;
  /**
   * Claims in a transaction of its own, committed only once the claimed row has reached us: on
   * PostgreSQL a claim sent to a database that then went silent, and given up on (query timeout), must
   * not take effect when the database wakes and runs it, or the row would sit leased to no one until
   * the lease ends. PGlite, in the process, cannot answer late, and holds every other query while a
   * transaction is open.
   */
  inTransaction: boolean;
};

/**
 * Claims one due row: pending (or sending with a lapsed lease), due, not leased; marks it sending,
 * attempts + 1, leased for `leaseMs`. `FOR UPDATE SKIP LOCKED`: two workers never take one row.
 */
export async function claimDueRow<T extends QueueTable>(
  db: Db,
  table: T,
  options: ClaimOptions,
): Promise<T["$inferSelect"] | null> {
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(
      and(
        options.filter,
        inArray(table.status, ["pending", "sending"]),
        // A row waiting out a backoff is not due, even when asked for by id.
        lte(table.nextAttemptAt, sql`now()`),
        or(isNull(table.lockedUntil), lt(table.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(table.nextAttemptAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const claimWith = (executor: Db) =>
    executor
      .update(table as PgTable)
      .set({
        status: "sending",
        attempts: sql`${table.attempts} + 1`,
        lockedUntil: sql`now() + ${`${options.leaseMs} milliseconds`}::interval`,
        updatedAt: sql`now()`,
      } as never)
      .where(inArray(table.id, due))
      .returning();
  const rows = options.inTransaction
    ? await db.transaction((tx) => claimWith(tx as unknown as Db))
    : await claimWith(db);
  return ((rows as unknown[])[0] as T["$inferSelect"] | undefined) ?? null;
}

/** The claim on `row` still holds: still sending, and no one re-claimed it since (attempts unchanged). */
export function stillOurs<T extends QueueTable>(
  table: T,
  row: { id: unknown; attempts: unknown },
): SQL | undefined {
  return and(eq(table.id, row.id), eq(table.status, "sending"), eq(table.attempts, row.attempts));
}

/**
 * One pass over a queue: claims and handles due rows one at a time, up to `limit`, claiming none after
 * `deadline` or once `stopped()`; answers how many ended `sent`.
 */
export async function workDueRows<R>(
  claim: () => Promise<R | null>,
  handle: (row: R) => Promise<string>,
  options: { limit: number; deadline: number; stopped: () => boolean },
): Promise<number> {
  let sent = 0;
  for (let index = 0; index < options.limit && !options.stopped() && Date.now() < options.deadline; index++) {
    const row = await claim();
    if (!row) break;
    if ((await handle(row)) === "sent") sent += 1;
  }
  return sent;
}
