import { and, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { kitRegistrations, kitResults, kitResultVersions, shoppers } from "~/server/db/schema";
import { createBackgroundLoop } from "~/server/jobs/background-loop.server";
import type { Outbox } from "~/server/mail/outbox.server";
import type { Logger } from "~/server/runtime/logger.server";
import { RESULT_DELETION_WARNING_DAYS, RESULT_KEPT_MONTHS } from "~/shared/result-dates";
import { RESULT_DELETION_WARNING } from "./kit-emails.server";
import { eraseResult } from "./results.server";

/**
 * Results are kept 12 months after they arrive (issue 35 item 7, decision 114): 30 days before, the
 * person is e-mailed once; at 12 months the values are deleted. By the database's clock, so every
 * process agrees what is due; each row taken `FOR UPDATE SKIP LOCKED` in its own transaction with the
 * change that marks it done, and the e-mail keyed by the kit, so any number of processes running the
 * job at once warn once and delete once. Runs on the shared background loop.
 */

export type ResultRetentionReport = { warned: number; deleted: number; forgotten: number };

export interface ResultRetention {
  runOnce(deadline?: number): Promise<ResultRetentionReport>;
  start(): void;
  stop(waitMs?: number): Promise<void>;
}

export type ResultRetentionOptions = {
  db: Db;
  outbox: Outbox;
  logger: Logger;
  siteUrl: string;
  pollIntervalMs?: number;
  passDeadlineMs?: number;
  batchSize?: number;
};

const deleteDue = sql`${kitResults.firstReceivedAt} + ${`${RESULT_KEPT_MONTHS} months`}::interval <= now()`;
const warnDue = sql`${kitResults.firstReceivedAt} + ${`${RESULT_KEPT_MONTHS} months`}::interval - ${`${RESULT_DELETION_WARNING_DAYS} days`}::interval <= now()`;

export function createResultRetention(options: ResultRetentionOptions): ResultRetention {
  const { db, outbox, logger } = options;
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 3_600_000;

  /** Warns of one due result; false when none is left. */
  async function warnOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ kitId: kitResults.kitId, email: shoppers.email })
        .from(kitResults)
        .innerJoin(kitRegistrations, eq(kitRegistrations.kitId, kitResults.kitId))
        .innerJoin(shoppers, eq(shoppers.id, kitRegistrations.shopperId))
        .where(and(isNull(kitResults.deletedAt), isNull(kitResults.deletionWarnedAt), warnDue))
        .limit(1)
        .for("update", { of: kitResults, skipLocked: true });
      if (!due) return false;
      await tx
        .update(kitResults)
        .set({ deletionWarnedAt: sql`now()` })
        .where(eq(kitResults.kitId, due.kitId));
      // A result already past its 12 months is deleted in this pass: no warning for what is gone.
      const [gone] = await tx
        .select({ kitId: kitResults.kitId })
        .from(kitResults)
        .where(and(eq(kitResults.kitId, due.kitId), deleteDue));
      if (!gone)
        await outbox.enqueue(tx, {
          kind: RESULT_DELETION_WARNING,
          dedupeKey: due.kitId,
          to: due.email,
          payload: { resultsUrl: `${options.siteUrl}/results` },
        });
      return true;
    });
  }

  async function deleteOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ kitId: kitResults.kitId })
        .from(kitResults)
        .where(and(isNull(kitResults.deletedAt), deleteDue))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return false;
      await eraseResult(tx, due.kitId, new Date());
      return true;
    });
  }

  /**
   * Results whose registration is gone (the retention job deletes registrations after 2 years): no one
   * can see them any more, so whatever is left of them goes, values first.
   */
  async function forget(): Promise<number> {
    return db.transaction(async (tx) => {
      const orphaned = tx
        .select({ kitId: kitResults.kitId })
        .from(kitResults)
        .where(
          notExists(tx.select().from(kitRegistrations).where(eq(kitRegistrations.kitId, kitResults.kitId))),
        );
      await tx.delete(kitResultVersions).where(inArray(kitResultVersions.kitId, orphaned));
      const gone = await tx
        .delete(kitResults)
        .where(inArray(kitResults.kitId, orphaned))
        .returning({ kitId: kitResults.kitId });
      return gone.length;
    });
  }

  async function runOnce(deadline = Number.POSITIVE_INFINITY): Promise<ResultRetentionReport> {
    const report = { warned: 0, deleted: 0, forgotten: 0 };
    while (report.warned < batchSize && Date.now() < deadline && (await warnOne())) report.warned += 1;
    while (report.deleted < batchSize && Date.now() < deadline && (await deleteOne())) report.deleted += 1;
    report.forgotten = await forget();
    if (report.warned > 0) outbox.nudge();
    return report;
  }

  const loop = createBackgroundLoop({
    name: "kit result retention",
    logger,
    async pass(deadline) {
      const report = await runOnce(deadline);
      if (report.warned + report.deleted + report.forgotten > 0)
        logger.info({ results: report }, "kit results: deletion warnings sent, old results deleted");
    },
    pollIntervalMs,
    passDeadlineMs: options.passDeadlineMs ?? 60_000,
  });
  let firstPass: NodeJS.Timeout | undefined;
  return {
    runOnce,
    start() {
      if (firstPass) return;
      // Start-up has other work first; a short poll (tests) starts sooner.
      firstPass = setTimeout(() => loop.start(), Math.min(pollIntervalMs, 60_000));
      firstPass.unref();
    },
    async stop(waitMs) {
      clearTimeout(firstPass);
      firstPass = undefined;
      await loop.stop(waitMs);
    },
  };
}
