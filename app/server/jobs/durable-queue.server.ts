import type { Logger } from "~/server/runtime/logger.server";
import { backoffMs, createBackgroundLoop, retryUntil } from "./background-loop.server";

/**
 * The one durable queue worker (decision 097): the e-mail outbox, the Shopify sync and the review
 * invitations run on it, and so does every queue a feature adds. A queue is a table whose rows a
 * worker in any process claims (`FOR UPDATE SKIP LOCKED` and a lease: queue-rows.server.ts), works
 * (the outside call, idempotent by the row's key, and its record), and, when the work fails, records
 * the failure: a transient one goes back to waiting with a capped exponential backoff, a permanent
 * one is handed to a person (`failed`, shown in the back office with "Retry"). Attempts and the last
 * error are recorded on the row. A worker that dies leaves its claim to lapse; the next worker takes
 * the row over, and the outside call's key makes a second call no second effect.
 */

/** What the worker needs of a claimed row. */
export type QueueItem = { id: string; attempts: number };

/** transient: tried again after a backoff; permanent: the same call cannot succeed, a person must look. */
export type FailureKind = "transient" | "permanent";

/** A failed attempt, as the worker decided it. */
export type RecordedFailure = {
  /** Handed to a person: no more attempts until someone presses Retry. */
  handedToPerson: boolean;
  /** When the row is due again (also written when handed over, as the rows always did). */
  retryInMs: number;
  error: string;
};

/** Where a queue keeps its rows (queue-rows.server.ts's `tableQueueStore` for the usual columns). */
export type QueueStore<Row extends QueueItem> = {
  /** Claims one due row (this one only, when given), leased to this worker; null when none is. */
  claim(only?: { id: string }): Promise<Row | null>;
  /** Records a failed attempt while this worker's claim still holds. */
  recordFailure(row: Row, failure: RecordedFailure): Promise<void>;
  /** How long a claim holds: a failed record is tried again until then. */
  leaseMs: number;
  /** A person asks to try again: a failed or backing-off row becomes due now. False: no such row. */
  retry(id: string): Promise<boolean>;
};

export type DurableQueueDefinition<Row extends QueueItem, Result> = {
  /** For the log and the back office: "e-mail outbox", "shopify sync". */
  name: string;
  logger: Logger;
  store: QueueStore<Row>;
  /** The outside call (idempotent by the row's key). Throws to fail the attempt. */
  work(row: Row): Promise<Result>;
  /** Records the work's success on the row (its own failures are not the call's: they are not retried as such). */
  record(row: Row, result: Result): Promise<void>;
  /** Transient or permanent; anything unknown is transient. */
  classify(error: unknown): FailureKind;
  backoff: { baseMs: number; maxMs: number };
  /** Attempts with transient failures before the row is handed to a person (default: never). */
  maxAttempts?: number;
  /** Attempts with permanent failures before the row is handed to a person (default 1: at once). */
  permanentAttempts?: number;
  /** Runs at the start of every pass (a queue that enrols its own rows). */
  beforePass?(): Promise<void>;
  /** What the log says of a row besides its id. */
  describe?(row: Row): Record<string, unknown>;
  /** The log lines of a failed attempt (default: "<name>: attempt failed, will retry" and "… failed for good …"). */
  messages?: { willRetry: string; handedToPerson: string };
  /** Whether a success counts in processDue's answer (default: every one). */
  counts?(result: Result): boolean;
  pollIntervalMs: number;
  passDeadlineMs: number;
  /** Rows one pass works at most. */
  batch: number;
  /**
   * Rows worked at once in a pass (default 1). Each is claimed as another process would claim it (a
   * row is held by one claim at a time), so this only overlaps the outside calls' waiting: the chaos
   * run at 50 checkouts a second found one call at a time per instance fell behind for good.
   */
  concurrency?: number;
};

export type Attempt<Result> =
  | { status: "sent"; result: Result }
  | { status: "pending"; error: string }
  | { status: "failed"; error: string };

export interface DurableQueue<Result> {
  readonly name: string;
  /** One pass over the due rows, claiming none after `deadline`; answers how many succeeded. */
  processDue(limit?: number, deadline?: number): Promise<number>;
  /** Claims this row if it is due and no one holds it, and works it now; null when it could not be claimed. */
  runNow(id: string): Promise<Attempt<Result> | null>;
  /** A person's Retry: the row becomes due now and the loop is woken; false when there is no such row. */
  retry(id: string): Promise<boolean>;
  nudge(): void;
  start(): void;
  stop(waitMs?: number): Promise<void>;
  /** Work begun by this queue outside a pass that stop() waits for (a record being retried). */
  track(work: Promise<unknown>): void;
  readonly stopped: boolean;
}

/** The back office's view of every queue: one Retry for each (decision 097). */
export type RetryableQueue = Pick<DurableQueue<unknown>, "name" | "retry">;

export function createDurableQueue<Row extends QueueItem, Result>(
  definition: DurableQueueDefinition<Row, Result>,
): DurableQueue<Result> {
  const { name, logger, store } = definition;
  const maxAttempts = definition.maxAttempts ?? Number.POSITIVE_INFINITY;
  const permanentAttempts = Math.min(definition.permanentAttempts ?? 1, maxAttempts);
  const loop = createBackgroundLoop({
    name,
    logger,
    pass: async (deadline) => {
      // A full batch: more rows may be due. The next pass starts at once rather than at the next poll;
      // waiting held the chaos run's Shopify backlog to 20 rows a poll (5 s) per instance.
      if ((await runPass(definition.batch, deadline)).full) loop.nudge();
    },
    pollIntervalMs: definition.pollIntervalMs,
    passDeadlineMs: definition.passDeadlineMs,
  });

  async function attempt(row: Row): Promise<Attempt<Result>> {
    const claimedAt = Date.now();
    let result: Result;
    try {
      result = await definition.work(row);
    } catch (error) {
      return failed(row, error, claimedAt);
    }
    await definition.record(row, result);
    return { status: "sent", result };
  }

  async function failed(row: Row, error: unknown, claimedAt: number): Promise<Attempt<Result>> {
    const message = error instanceof Error ? error.message : String(error);
    const kind = definition.classify(error);
    const handedToPerson = row.attempts >= (kind === "permanent" ? permanentAttempts : maxAttempts);
    const retryInMs = backoffMs(row.attempts, definition.backoff.baseMs, definition.backoff.maxMs);
    const failure = { handedToPerson, retryInMs, error: message.slice(0, 2_000) };
    try {
      await store.recordFailure(row, failure);
    } catch (recordError) {
      // The database went silent or away between the claim and this record. Left to the lease, the row
      // would wait it out (two minutes for an e-mail) after the database answered again: the queued
      // e-mails of a PostgreSQL outage went out only then (CI). Its record is tried again meanwhile.
      logger.warn(
        { queue: name, id: row.id, ...definition.describe?.(row), err: recordError },
        `${name}: recording a failed attempt failed, trying again`,
      );
      loop.track(recordFailureEventually(row, failure, claimedAt + store.leaseMs));
    }
    const details = {
      queue: name,
      id: row.id,
      ...definition.describe?.(row),
      attempt: row.attempts,
      failure: kind,
      err: message,
    };
    const messages = definition.messages ?? {
      willRetry: `${name}: attempt failed, will retry`,
      handedToPerson: `${name}: failed for good, waits for a person to retry it`,
    };
    if (handedToPerson) logger.error(details, messages.handedToPerson);
    else logger.warn({ ...details, retryInMs }, messages.willRetry);
    return handedToPerson ? { status: "failed", error: message } : { status: "pending", error: message };
  }

  async function recordFailureEventually(row: Row, failure: RecordedFailure, until: number) {
    if (await retryUntil(() => store.recordFailure(row, failure), until)) return;
    logger.error(
      { queue: name, id: row.id, ...definition.describe?.(row) },
      `${name}: attempt not recorded, tried again once its claim lapses`,
    );
  }

  async function processDue(limit = definition.batch, deadline = Number.POSITIVE_INFINITY): Promise<number> {
    return (await runPass(limit, deadline)).sent;
  }

  /** One pass: how many succeeded, and whether it claimed all `limit` (more may be due). */
  async function runPass(limit: number, deadline: number): Promise<{ sent: number; full: boolean }> {
    await definition.beforePass?.();
    let sent = 0;
    let claims = 0;
    let nothingDue = false;
    // A claim that failed (the database gone or silent) ends the pass, as it did with one row at a time.
    let claimFailed: { error: unknown } | null = null;
    // Up to `concurrency` rows in flight, `limit` claims in all; a claim that finds nothing ends the pass.
    const worker = async () => {
      while (claims < limit && !nothingDue && !claimFailed && !loop.stopped && Date.now() < deadline) {
        claims += 1;
        let row: Row | null;
        try {
          row = await store.claim();
        } catch (error) {
          claimFailed ??= { error };
          return;
        }
        if (!row) {
          nothingDue = true;
          return;
        }
        let outcome: Attempt<Result>;
        try {
          outcome = await attempt(row);
        } catch (error) {
          // Its record failed (the database went away, or is closing under a stop): the lease lapses and
          // a later pass takes the row over; one bad row does not stop the others.
          (loop.stopped ? logger.warn : logger.error).call(
            logger,
            { err: error, queue: name, id: row.id, ...definition.describe?.(row) },
            `${name}: attempt not recorded, tried again once its claim lapses`,
          );
          continue;
        }
        if (outcome.status === "sent" && (definition.counts?.(outcome.result) ?? true)) sent += 1;
      }
    };
    const workers = Math.max(1, Math.min(definition.concurrency ?? 1, limit));
    // Every worker has finished before the pass answers (a stop waits for the pass, so for them all).
    await Promise.all(Array.from({ length: workers }, worker));
    if (claimFailed) throw (claimFailed as { error: unknown }).error;
    return { sent, full: !nothingDue && claims >= limit };
  }

  return {
    name,
    processDue,
    async runNow(id) {
      const row = await store.claim({ id });
      return row ? attempt(row) : null;
    },
    async retry(id) {
      const retried = await store.retry(id);
      if (!retried) return false;
      logger.info({ queue: name, id }, `${name}: retried by a person`);
      loop.nudge();
      return true;
    },
    nudge: loop.nudge,
    start: loop.start,
    stop: loop.stop,
    track: loop.track,
    get stopped() {
      return loop.stopped;
    },
  };
}

/** What a queue's owner hands on unchanged: its name, a pass, Retry, and the loop's controls. */
export function queueControls<Result>(queue: DurableQueue<Result>) {
  return {
    name: queue.name,
    processDue: queue.processDue,
    retry: queue.retry,
    nudge: queue.nudge,
    start: queue.start,
    stop: queue.stop,
  };
}
