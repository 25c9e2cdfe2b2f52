import { and, eq, inArray, isNotNull, lt, ne, notExists, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  emailKinds,
  intervalOf,
  type Period,
  type RetentionKey,
  retentionRules,
} from "~/content/legal/data-inventory";
import type { Db } from "~/server/db/client.server";
import {
  adminLoginTokens,
  adminSessions,
  checkouts,
  contactMessages,
  emailDeliveries,
  guaranteeRequests,
  kitRegistrations,
  newsletterSubscribers,
  orders,
  passkeyChallenges,
  refunds,
  reviewHelpfulVotes,
  reviews,
  savedQuizAnswers,
  shopifySyncs,
  shopperSessions,
  shopperSignInLinks,
  shoppers,
  subscriptions,
} from "~/server/db/schema";
import { createBackgroundLoop } from "~/server/jobs/background-loop.server";
import type { Logger } from "~/server/runtime/logger.server";

/**
 * The retention job (docs/decisions/078-privacy-inventory-and-retention.md): deletes, or clears, what the
 * privacy policy says is kept no longer. Its periods are the inventory's (`retentionRules` in
 * app/content/legal/data-inventory.ts), the one source the policy page shows too.
 *
 * Every step is one idempotent statement (or, for orders, one transaction) over rows past their time by
 * the database's clock, taken in batches with `FOR UPDATE SKIP LOCKED`: any number of processes may run
 * it at once, each takes rows no other is taking, and a second run finds nothing left to do. A pass runs
 * every hour on the shared background loop, bounded by its deadline.
 */

export type RetentionStepName =
  | "orders"
  | "unpaid-checkouts"
  | "subscriptions"
  | "email-content"
  | "link-emails"
  | "support-emails"
  | "newsletter-unsubscribed"
  | "newsletter-unconfirmed"
  | "contact-messages"
  | "guarantee-requests"
  | "reviews"
  | "rejected-reviews"
  | "helpful-votes"
  | "staff-sign-in-links"
  | "staff-sessions"
  | "quiz-plan-emails"
  | "saved-quiz-answers"
  | "account-sign-in-links"
  | "account-sessions"
  | "passkey-challenges"
  | "kit-registrations"
  | "shopper-accounts";

/** Rows deleted (or, for e-mail content, cleared) per step in one pass. */
export type RetentionReport = Record<RetentionStepName, number>;

export type RetentionJobOptions = {
  db: Db;
  logger: Logger;
  /** Rows per statement (default 500): a batch holds its locks briefly. */
  batchSize?: number;
  /** Between passes (default 1 hour). */
  pollIntervalMs?: number;
  /** How long a pass may take (default 60 s): it starts no batch after it. */
  passDeadlineMs?: number;
  /** Before the first pass (default 60 s): start-up has other work to do. */
  firstPassDelayMs?: number;
};

export interface RetentionJob {
  /** One pass over every rule, batch after batch until nothing is past its time or `deadline` (epoch ms). */
  runOnce(deadline?: number): Promise<RetentionReport>;
  start(): void;
  /** No new pass; waits up to `waitMs` for the one in progress. */
  stop(waitMs?: number): Promise<void>;
}

/** The database's now() minus a rule's period: every process agrees on what is past its time. */
function cutoff(key: RetentionKey): SQL {
  const period = (retentionRules[key] as { period?: Period }).period;
  if (!period) throw new Error(`retention rule ${key} has no period for the job`);
  return sql`now() - ${intervalOf(period)}::interval`;
}

/** Deletes up to `limit` rows of `table` matching `where`, none that another process holds; answers how many. */
async function deleteBatch(
  db: Db,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const doomed = db.select({ key }).from(table).where(where).limit(limit).for("update", { skipLocked: true });
  const deleted = await db.delete(table).where(inArray(key, doomed)).returning({ key });
  return deleted.length;
}

export function createRetentionJob(options: RetentionJobOptions): RetentionJob {
  const { db, logger } = options;
  const batchSize = options.batchSize ?? 500;
  const firstPassDelayMs = options.firstPassDelayMs ?? 60_000;

  /**
   * Orders past their time, with everything that belongs to them: the Shopify sync rows, refunds, a
   * guarantee request, the confirmation e-mail's record and the checkout. In one transaction, so an
   * order is never half deleted; the rows locked first, so two processes take different orders.
   */
  async function deleteOrders(limit: number): Promise<number> {
    return db.transaction(async (tx) => {
      const doomed = await tx
        .select({ id: orders.id, sessionId: orders.stripeSessionId })
        .from(orders)
        .where(lt(orders.createdAt, cutoff("order")))
        .orderBy(orders.createdAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (doomed.length === 0) return 0;
      const ids = doomed.map((row) => row.id);
      const sessionIds = doomed.map((row) => row.sessionId);
      await tx.delete(shopifySyncs).where(inArray(shopifySyncs.orderId, ids));
      await tx.delete(refunds).where(inArray(refunds.orderId, ids));
      await tx.delete(guaranteeRequests).where(inArray(guaranteeRequests.orderId, ids));
      await tx
        .delete(emailDeliveries)
        .where(
          and(
            eq(emailDeliveries.kind, emailKinds.orderConfirmation),
            inArray(emailDeliveries.dedupeKey, sessionIds),
          ),
        );
      await tx.delete(checkouts).where(inArray(checkouts.stripeSessionId, sessionIds));
      await tx.delete(orders).where(inArray(orders.id, ids));
      return ids.length;
    });
  }

  /** An e-mail's content (payload and last error) cleared once it is sent or given up on; the row stays. */
  async function clearEmailContent(limit: number): Promise<number> {
    const due = db
      .select({ id: emailDeliveries.id })
      .from(emailDeliveries)
      .where(
        and(
          inArray(emailDeliveries.status, ["sent", "failed"]),
          lt(sql`coalesce(${emailDeliveries.sentAt}, ${emailDeliveries.updatedAt})`, cutoff("emailContent")),
          or(ne(emailDeliveries.payload, sql`'{}'::jsonb`), isNotNull(emailDeliveries.lastError)),
        ),
      )
      .limit(limit)
      .for("update", { skipLocked: true });
    const cleared = await db
      .update(emailDeliveries)
      .set({ payload: {}, lastError: null, updatedAt: sql`now()` })
      .where(inArray(emailDeliveries.id, due))
      .returning({ id: emailDeliveries.id });
    return cleared.length;
  }

  const steps: Record<RetentionStepName, (limit: number) => Promise<number>> = {
    orders: deleteOrders,
    // Never paid, so no order points to it (fulfilment marks a paid checkout complete with its order).
    "unpaid-checkouts": (limit) =>
      deleteBatch(
        db,
        checkouts,
        checkouts.id,
        and(
          ne(checkouts.status, "complete"),
          lt(checkouts.createdAt, cutoff("unpaidCheckout")),
          notExists(
            db
              .select({ one: sql`1` })
              .from(orders)
              .where(eq(orders.stripeSessionId, checkouts.stripeSessionId)),
          ),
        ),
        limit,
      ),
    // A subscription is kept while it runs; once cancelled, as long as its orders (after them, and the
    // order rule's time after it ended); never paid, as long as an unpaid checkout.
    subscriptions: (limit) =>
      deleteBatch(
        db,
        subscriptions,
        subscriptions.id,
        or(
          and(eq(subscriptions.status, "pending"), lt(subscriptions.createdAt, cutoff("unpaidCheckout"))),
          and(
            eq(subscriptions.status, "canceled"),
            lt(sql`coalesce(${subscriptions.canceledAt}, ${subscriptions.updatedAt})`, cutoff("order")),
            notExists(
              db.select({ one: sql`1` }).from(orders).where(eq(orders.subscriptionId, subscriptions.id)),
            ),
          ),
        ),
        limit,
      ),
    "email-content": clearEmailContent,
    // Their dedupe keys (a sign-in token's hash, a subscriber and a time) never come again.
    "link-emails": (limit) =>
      deleteBatch(
        db,
        emailDeliveries,
        emailDeliveries.id,
        and(
          inArray(emailDeliveries.kind, [...emailKinds.linkEmails]),
          lt(emailDeliveries.createdAt, cutoff("linkEmail")),
        ),
        limit,
      ),
    // Every other kind but the order confirmation, which goes with its order.
    "support-emails": (limit) =>
      deleteBatch(
        db,
        emailDeliveries,
        emailDeliveries.id,
        and(
          notInArray(emailDeliveries.kind, [
            emailKinds.orderConfirmation,
            ...emailKinds.linkEmails,
            emailKinds.quizPlan,
          ]),
          lt(emailDeliveries.createdAt, cutoff("supportEmail")),
        ),
        limit,
      ),
    "newsletter-unsubscribed": (limit) =>
      deleteBatch(
        db,
        newsletterSubscribers,
        newsletterSubscribers.id,
        and(
          eq(newsletterSubscribers.status, "unsubscribed"),
          lt(
            sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${newsletterSubscribers.updatedAt})`,
            cutoff("newsletterUnsubscribed"),
          ),
        ),
        limit,
      ),
    "newsletter-unconfirmed": (limit) =>
      deleteBatch(
        db,
        newsletterSubscribers,
        newsletterSubscribers.id,
        and(
          eq(newsletterSubscribers.status, "pending"),
          lt(
            sql`coalesce(${newsletterSubscribers.confirmationSentAt}, ${newsletterSubscribers.createdAt})`,
            cutoff("newsletterUnconfirmed"),
          ),
        ),
        limit,
      ),
    "contact-messages": (limit) =>
      deleteBatch(
        db,
        contactMessages,
        contactMessages.id,
        lt(contactMessages.createdAt, cutoff("contactMessage")),
        limit,
      ),
    "guarantee-requests": (limit) =>
      deleteBatch(
        db,
        guaranteeRequests,
        guaranteeRequests.id,
        lt(guaranteeRequests.createdAt, cutoff("guaranteeRequest")),
        limit,
      ),
    // By age, whatever the stars (decision 081): published and held reviews 5 years after they were written.
    reviews: (limit) =>
      deleteBatch(
        db,
        reviews,
        reviews.id,
        and(ne(reviews.status, "rejected"), lt(reviews.createdAt, cutoff("review"))),
        limit,
      ),
    "rejected-reviews": (limit) =>
      deleteBatch(
        db,
        reviews,
        reviews.id,
        and(
          eq(reviews.status, "rejected"),
          lt(sql`coalesce(${reviews.moderatedAt}, ${reviews.updatedAt})`, cutoff("rejectedReview")),
        ),
        limit,
      ),
    // The vote goes, the review keeps its count (decision 084).
    // A vote's key is two columns: the batch is chosen by both.
    "helpful-votes": async (limit) => {
      const doomed = db
        .select({ reviewId: reviewHelpfulVotes.reviewId, voterKey: reviewHelpfulVotes.voterKey })
        .from(reviewHelpfulVotes)
        .where(lt(reviewHelpfulVotes.createdAt, cutoff("helpfulVote")))
        .limit(limit)
        .for("update", { skipLocked: true });
      const deleted = await db
        .delete(reviewHelpfulVotes)
        .where(sql`(${reviewHelpfulVotes.reviewId}, ${reviewHelpfulVotes.voterKey}) in (${doomed})`)
        .returning({ reviewId: reviewHelpfulVotes.reviewId });
      return deleted.length;
    },
    "staff-sign-in-links": (limit) =>
      deleteBatch(
        db,
        adminLoginTokens,
        adminLoginTokens.tokenHash,
        lt(adminLoginTokens.expiresAt, cutoff("staffSignInLink")),
        limit,
      ),
    // The plan's link works 30 days; the record of its e-mail (the address) goes with it.
    "quiz-plan-emails": (limit) =>
      deleteBatch(
        db,
        emailDeliveries,
        emailDeliveries.id,
        and(
          eq(emailDeliveries.kind, emailKinds.quizPlan),
          lt(emailDeliveries.createdAt, cutoff("quizPlanEmail")),
        ),
        limit,
      ),
    "saved-quiz-answers": (limit) =>
      deleteBatch(
        db,
        savedQuizAnswers,
        savedQuizAnswers.id,
        lt(savedQuizAnswers.createdAt, cutoff("savedQuizAnswers")),
        limit,
      ),
    "staff-sessions": (limit) =>
      deleteBatch(
        db,
        adminSessions,
        adminSessions.idHash,
        lt(adminSessions.expiresAt, cutoff("staffSession")),
        limit,
      ),
    "account-sign-in-links": (limit) =>
      deleteBatch(
        db,
        shopperSignInLinks,
        shopperSignInLinks.tokenHash,
        lt(shopperSignInLinks.expiresAt, cutoff("accountSignInLink")),
        limit,
      ),
    "passkey-challenges": (limit) =>
      deleteBatch(
        db,
        passkeyChallenges,
        passkeyChallenges.challengeHash,
        lt(passkeyChallenges.expiresAt, cutoff("passkeyChallenge")),
        limit,
      ),
    "account-sessions": (limit) =>
      deleteBatch(
        db,
        shopperSessions,
        shopperSessions.idHash,
        lt(shopperSessions.expiresAt, cutoff("accountSession")),
        limit,
      ),
    // The sealed date of birth goes with its registration (issue 35 item 7).
    "kit-registrations": (limit) =>
      deleteBatch(
        db,
        kitRegistrations,
        kitRegistrations.kitId,
        lt(kitRegistrations.createdAt, cutoff("kitRegistration")),
        limit,
      ),
    // An account is kept while a registration of its is.
    "shopper-accounts": (limit) =>
      deleteBatch(
        db,
        shoppers,
        shoppers.id,
        and(
          lt(shoppers.lastSignInAt, cutoff("shopperAccount")),
          notExists(
            db
              .select({ one: sql`1` })
              .from(kitRegistrations)
              .where(eq(kitRegistrations.shopperId, shoppers.id)),
          ),
        ),
        limit,
      ),
  };

  let stopped = false;

  async function runOnce(deadline = Number.POSITIVE_INFINITY): Promise<RetentionReport> {
    const report = Object.fromEntries(Object.keys(steps).map((name) => [name, 0])) as RetentionReport;
    for (const [name, step] of Object.entries(steps) as [
      RetentionStepName,
      (limit: number) => Promise<number>,
    ][]) {
      // A full batch may have left more behind; a short one found the end.
      for (;;) {
        if (stopped || Date.now() >= deadline) return report;
        const done = await step(batchSize);
        report[name] += done;
        if (done < batchSize) break;
      }
    }
    return report;
  }

  const loop = createBackgroundLoop({
    name: "retention job",
    logger,
    async pass(deadline) {
      const report = await runOnce(deadline);
      const touched = Object.fromEntries(Object.entries(report).filter(([, count]) => count > 0));
      if (Object.keys(touched).length > 0) logger.info({ retention: touched }, "retention: old data removed");
    },
    pollIntervalMs: options.pollIntervalMs ?? 3_600_000,
    passDeadlineMs: options.passDeadlineMs ?? 60_000,
  });
  let firstPass: NodeJS.Timeout | undefined;

  return {
    runOnce,
    start() {
      stopped = false;
      if (firstPass) return;
      firstPass = setTimeout(() => loop.start(), firstPassDelayMs);
      firstPass.unref();
    },
    async stop(waitMs) {
      stopped = true;
      clearTimeout(firstPass);
      firstPass = undefined;
      await loop.stop(waitMs);
    },
  };
}
