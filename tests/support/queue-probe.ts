import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/server/db/client.server";
import { emailDeliveries } from "~/server/db/schema";
import { createDurableQueue } from "~/server/jobs/durable-queue.server";
import { stillOurs, tableQueueStore } from "~/server/jobs/queue-rows.server";

/**
 * A probe queue for the worker's guarantees (tests/integration/durable-queue.test.ts): rows of kind
 * `queue_probe` in `email_deliveries` (a table with the worker's columns, which no template of the
 * app sends), worked by a call to an outside system that is idempotent by key (the row's id), as
 * Shopify's `@idempotent` and SMTP's Message-ID are. 422 from it is a permanent refusal; anything
 * else that is not 200 is transient.
 */
export const PROBE = "queue_probe";

export class Refused extends Error {}

export function createProbeQueue(options: {
  db: Db;
  logger: Logger;
  outsideUrl: string;
  leaseMs: number;
  inTransaction: boolean;
  backoff?: { baseMs: number; maxMs: number };
  pollIntervalMs?: number;
  /** Rows worked at once in a pass (the queue's default: 1). */
  concurrency?: number;
  /** Rows one pass works at most (50). */
  batch?: number;
}) {
  const { db } = options;
  return createDurableQueue<typeof emailDeliveries.$inferSelect, { effect: string }>({
    name: "probe queue",
    logger: options.logger,
    store: tableQueueStore(db, emailDeliveries, {
      leaseMs: options.leaseMs,
      inTransaction: options.inTransaction,
      filter: eq(emailDeliveries.kind, PROBE),
    }),
    async work(row) {
      const response = await fetch(`${options.outsideUrl}/effect`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": row.id },
        body: JSON.stringify({ worker: process.pid }),
        signal: AbortSignal.timeout(options.leaseMs),
      });
      const text = await response.text();
      if (response.status === 422) throw new Refused(`refused: ${text}`);
      if (response.status !== 200) throw new Error(`outside system answered ${response.status}`);
      return { effect: text };
    },
    async record(row, result) {
      await db
        .update(emailDeliveries)
        .set({
          status: "sent",
          messageId: result.effect,
          sentAt: sql`now()`,
          lockedUntil: null,
          lastError: null,
        })
        .where(and(stillOurs(emailDeliveries, row)));
    },
    classify: (error) => (error instanceof Refused ? "permanent" : "transient"),
    backoff: options.backoff ?? { baseMs: 50, maxMs: 400 },
    pollIntervalMs: options.pollIntervalMs ?? 100,
    passDeadlineMs: 30_000,
    batch: options.batch ?? 50,
    concurrency: options.concurrency,
  });
}

/** Queues `count` probe items; answers their ids. */
export async function enqueueProbes(db: Db, count: number, prefix: string): Promise<string[]> {
  const rows = await db
    .insert(emailDeliveries)
    .values(
      Array.from({ length: count }, (_, index) => ({
        kind: PROBE,
        dedupeKey: `${prefix}-${index}`,
        toAddress: "probe@example.com",
        payload: {},
      })),
    )
    .returning({ id: emailDeliveries.id });
  return rows.map((row) => row.id);
}
