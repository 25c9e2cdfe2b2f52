import { and, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/server/db/client.server";
import type { QueueItem, QueueStore } from "./durable-queue.server";

/**
 * How a durable queue's worker takes a row (docs/decisions/030-exactly-once-fulfilment.md, 076): the
 * e-mail outbox and the Shopify sync keep their rows in tables with the same bookkeeping columns, and
 * claim them the same way, written once here.
 */

/** A queue table: its rows carry a status, an attempt count, when they are due, a lease and the last error. */
export type QueueTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lockedUntil: PgColumn;
  lastError: PgColumn;
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
 * The store of a queue kept in a QueueTable (the outbox's `email_deliveries`, the sync's
 * `shopify_syncs`): claims as above (only rows matching `filter`, when given), records a failed attempt
 * (pending again, due after the backoff; or `failed`, for a person) while the claim holds, and a
 * person's Retry makes a pending or failed row due now, attempts and last error kept.
 */
export function tableQueueStore<T extends QueueTable>(
  db: Db,
  table: T,
  options: Omit<ClaimOptions, "filter"> & { filter?: SQL },
): QueueStore<T["$inferSelect"] & QueueItem> {
  type Row = T["$inferSelect"] & QueueItem;
  return {
    leaseMs: options.leaseMs,
    claim: (only) =>
      claimDueRow(db, table, {
        ...options,
        filter: and(only ? eq(table.id, only.id) : undefined, options.filter),
      }) as Promise<Row | null>,
    async recordFailure(row, failure) {
      await db
        .update(table as PgTable)
        .set({
          status: failure.handedToPerson ? "failed" : "pending",
          nextAttemptAt: sql`now() + ${`${failure.retryInMs} milliseconds`}::interval`,
          lockedUntil: null,
          lastError: failure.error,
          updatedAt: sql`now()`,
        } as never)
        .where(stillOurs(table, row));
    },
    async retry(id) {
      const updated = await db
        .update(table as PgTable)
        .set({
          status: "pending",
          nextAttemptAt: sql`now()`,
          lockedUntil: null,
          updatedAt: sql`now()`,
        } as never)
        .where(and(eq(table.id, id), inArray(table.status, ["pending", "failed"]), options.filter))
        .returning({ id: table.id });
      return updated.length > 0;
    },
  };
}

/**
 * Where a queue's row stands, as the back office shows every queue (decision 097): none (no row),
 * pending, sending (claimed), retrying (a failed attempt, waiting out its backoff), sent, or failed
 * (handed to a person). Retrying and failed rows are the ones a person may Retry.
 */
export type QueueItemState = "none" | "pending" | "sending" | "retrying" | "sent" | "failed";

export function queueItemState(row: { status: string | null; lastError: string | null }): QueueItemState {
  switch (row.status) {
    case null:
      return "none";
    case "sent":
    case "sending":
    case "failed":
      return row.status;
    default:
      return row.lastError ? "retrying" : "pending";
  }
}

/** Whether a person's Retry applies to a row in this state. */
export function retryable(state: QueueItemState): boolean {
  return state === "retrying" || state === "failed";
}
