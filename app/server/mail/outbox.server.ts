import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/server/db/client.server";
import { emailDeliveries } from "~/server/db/schema";
import { retryUntil } from "~/server/jobs/background-loop.server";
import { createDurableQueue } from "~/server/jobs/durable-queue.server";
import { stillOurs, tableQueueStore } from "~/server/jobs/queue-rows.server";
import type { Logger } from "~/server/runtime/logger.server";
import { type Mailer, MailSendError } from "./mailer.server";

/**
 * The e-mail outbox (docs/decisions/030-exactly-once-fulfilment.md). A message is a row in
 * `email_deliveries`, unique per (kind, dedupe key), written in the same transaction as the business
 * change that calls for it. It runs on the one durable queue worker (jobs/durable-queue.server.ts,
 * decision 097): workers in any process claim a due row (`FOR UPDATE SKIP LOCKED`, a lease in
 * `locked_until`), send it, and mark it sent; a failed send goes back to pending with exponential
 * backoff, so a message is neither sent twice by two workers nor lost when SMTP is down or the process
 * dies. Generic: each kind registers a template (payload schema + renderer).
 */

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
};

export type EmailTemplate<P = unknown> = {
  kind: string;
  payload: z.ZodType<P>;
  render(payload: P): Promise<RenderedEmail> | RenderedEmail;
};

/** Builds a template with its payload type checked against its renderer. */
export function defineEmailTemplate<P>(template: EmailTemplate<P>): EmailTemplate<P> {
  return template;
}

export type EnqueueInput = {
  kind: string;
  dedupeKey: string;
  to: string;
  payload: Record<string, unknown>;
};

export type DeliveryStatus = "pending" | "sending" | "sent" | "failed";

export type OutboxOptions = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  templates: EmailTemplate<never>[] | EmailTemplate<unknown>[];
  /** How often the background loop looks for due rows. */
  pollIntervalMs?: number;
  /** How long a claim lasts; longer than a send can take (the send is aborted well before). */
  leaseMs?: number;
  /** Backoff: base · 2^(attempt-1), capped, ±20 % jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts before a message is marked failed (and logged for a person to act on). */
  maxAttempts?: number;
  /**
   * How long one pass of the background loop may take: it claims no message after this, and the loop
   * stops waiting for it and goes on (default 30 s).
   */
  passDeadlineMs?: number;
  /**
   * Claims in a transaction of its own (jobs/queue-rows.server.ts says why): for a database across a network (PostgreSQL).
   * PGlite, in the process, cannot answer late, and holds every other query while a transaction is open.
   */
  claimInTransaction?: boolean;
};

export interface Outbox {
  /**
   * Adds a message unless one with the same (kind, dedupeKey) exists. Pass the transaction of the
   * change that calls for the message, so both commit or neither does.
   */
  enqueue(executor: Db, input: EnqueueInput): Promise<{ id: string; created: boolean }>;
  /** Asks the background loop to look for due messages now. */
  nudge(): void;
  /**
   * Sends this message now if it is due and no one else is sending it (claiming it as the loop does),
   * or waits up to `waitMs` for whoever is; answers its status then.
   */
  deliverNow(id: string, options?: { waitMs?: number }): Promise<DeliveryStatus>;
  /**
   * One pass over the due messages, claiming none after `deadline` (epoch ms, if given); answers how
   * many were sent (tests, and the loop).
   */
  processDue(limit?: number, deadline?: number): Promise<number>;
  status(id: string): Promise<DeliveryStatus | null>;
  /** The worker's name, and a person's Retry of a failed or backing-off message (decision 097). */
  readonly name: string;
  retry(id: string): Promise<boolean>;
  /** Why the last attempt failed, while the message waits to be retried (null: no failed attempt). */
  lastError(id: string): Promise<string | null>;
  start(): void;
  /**
   * Stops the loop: no new pass, and the one in progress claims no further message. Waits up to
   * `waitMs` (default: as long as it takes) for that pass to finish.
   */
  stop(waitMs?: number): Promise<void>;
}

type Claimed = typeof emailDeliveries.$inferSelect;

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, mailer, logger } = options;
  const templates = new Map<string, EmailTemplate<unknown>>(
    (options.templates as EmailTemplate<unknown>[]).map((template) => [template.kind, template]),
  );
  const kinds = [...templates.keys()];
  const leaseMs = options.leaseMs ?? 120_000;
  const sendTimeoutMs = Math.min(60_000, Math.floor(leaseMs / 2));

  const store = tableQueueStore(db, emailDeliveries, {
    leaseMs,
    inTransaction: options.claimInTransaction ?? false,
    // Only the kinds this outbox has a template for (another version of the app may send others).
    filter: kinds.length > 0 ? inArray(emailDeliveries.kind, kinds) : sql`false`,
  });

  /** The outside call: renders the message and hands it to SMTP, with the same Message-ID every attempt. */
  async function send(row: Claimed): Promise<{ messageId: string; claimedAt: number }> {
    const claimedAt = Date.now();
    const template = templates.get(row.kind);
    if (!template) throw new Error(`no template for ${row.kind}`);
    const payload = template.payload.parse(row.payload);
    const rendered = await template.render(payload);
    const sent = await mailer.send({
      to: row.toAddress,
      ...rendered,
      messageId: `<${row.id}@${mailer.domain}>`,
      signal: AbortSignal.timeout(sendTimeoutMs),
    });
    return { messageId: sent.messageId, claimedAt };
  }

  const queue = createDurableQueue<Claimed, { messageId: string; claimedAt: number }>({
    name: "e-mail outbox",
    logger,
    store,
    work: send,
    async record(row, { messageId, claimedAt }) {
      try {
        await recordSent(row, messageId);
      } catch (error) {
        // The message is out, so the caller is told so; the record is retried in the background.
        logger.warn({ deliveryId: row.id, err: error }, "e-mail sent; recording it failed, trying again");
        queue.track(recordSentEventually(row, messageId, claimedAt + leaseMs));
      }
      logger.info({ deliveryId: row.id, kind: row.kind, attempt: row.attempts }, "e-mail sent");
    },
    // A permanent SMTP refusal (5xx) will not change with retrying; give it a few tries only.
    classify: (error) =>
      error instanceof MailSendError && (error.responseCode ?? 0) >= 500 ? "permanent" : "transient",
    backoff: { baseMs: options.retryBaseMs ?? 1_000, maxMs: options.retryMaxMs ?? 10 * 60_000 },
    maxAttempts: options.maxAttempts ?? 40,
    permanentAttempts: 5,
    describe: (row) => ({ deliveryId: row.id, kind: row.kind }),
    messages: {
      willRetry: "e-mail send failed: will retry",
      handedToPerson: "e-mail failed for good: no more retries",
    },
    pollIntervalMs: options.pollIntervalMs ?? 2_000,
    passDeadlineMs: options.passDeadlineMs ?? 30_000,
    batch: 50,
    // Four messages at once per instance (each its own SMTP connection): one at a time took minutes to
    // send the backlog of a minute's SMTP outage under load (the chaos run).
    concurrency: 4,
  });

  async function recordSent(row: Claimed, messageId: string): Promise<void> {
    const updated = await db
      .update(emailDeliveries)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        messageId,
        lockedUntil: null,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(stillOurs(emailDeliveries, row))
      .returning({ id: emailDeliveries.id });
    if (updated.length === 0)
      logger.warn({ deliveryId: row.id, kind: row.kind }, "e-mail sent after its claim had lapsed");
  }

  /**
   * A sent message whose record failed (a dead connection, a moment of silence) is recorded again, on
   * another connection, until its claim would have lapsed. Treating the failure as a failed send, as
   * this did before, sent the message again at once; a record that never lands sends it again only
   * once the claim lapses (the window of decision 030).
   */
  async function recordSentEventually(row: Claimed, messageId: string, until: number): Promise<void> {
    if (await retryUntil(() => recordSent(row, messageId), until)) return;
    logger.error(
      { deliveryId: row.id, kind: row.kind },
      "e-mail sent but not recorded as sent: it will be sent again once its claim lapses",
    );
  }

  /** Works this message now if it is due and unclaimed; null when it could not be claimed. */
  async function sendNow(id: string): Promise<DeliveryStatus | null> {
    const attempt = await queue.runNow(id);
    return attempt ? attempt.status : null;
  }

  async function status(id: string): Promise<DeliveryStatus | null> {
    const [row] = await db
      .select({ status: emailDeliveries.status })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.id, id));
    return (row?.status as DeliveryStatus | undefined) ?? null;
  }

  async function lastError(id: string): Promise<string | null> {
    const [row] = await db
      .select({ status: emailDeliveries.status, lastError: emailDeliveries.lastError })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.id, id));
    return row && row.status !== "sent" ? row.lastError : null;
  }

  return {
    async enqueue(executor, input) {
      const inserted = await executor
        .insert(emailDeliveries)
        .values({ kind: input.kind, dedupeKey: input.dedupeKey, toAddress: input.to, payload: input.payload })
        .onConflictDoNothing({ target: [emailDeliveries.kind, emailDeliveries.dedupeKey] })
        .returning({ id: emailDeliveries.id });
      if (inserted[0]) return { id: inserted[0].id, created: true };
      const [existing] = await executor
        .select({ id: emailDeliveries.id })
        .from(emailDeliveries)
        .where(and(eq(emailDeliveries.kind, input.kind), eq(emailDeliveries.dedupeKey, input.dedupeKey)));
      if (!existing)
        throw new Error(`e-mail delivery ${input.kind}/${input.dedupeKey} neither inserted nor found`);
      return { id: existing.id, created: false };
    },
    nudge: queue.nudge,
    name: queue.name,
    async deliverNow(id, { waitMs = 5_000 } = {}) {
      const first = await sendNow(id);
      if (first) return first;
      // Someone else holds it (or it is done): wait for them, briefly.
      const deadline = Date.now() + waitMs;
      for (;;) {
        const [current] = await db
          .select({
            status: emailDeliveries.status,
            due: sql<boolean>`${emailDeliveries.nextAttemptAt} <= now()`,
          })
          .from(emailDeliveries)
          .where(eq(emailDeliveries.id, id));
        if (!current) throw new Error(`no e-mail delivery ${id}`);
        const state = current.status as DeliveryStatus;
        if (state === "pending") {
          // Not due: it is waiting out a retry backoff; the loop will send it.
          if (!current.due) return state;
          // Due, yet it was not ours to claim: another worker was claiming it that moment (its claim
          // not yet committed). Try again.
          const now = await sendNow(id);
          if (now) return now;
        } else if (state !== "sending") {
          return state;
        }
        if (Date.now() >= deadline) return state;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    processDue: queue.processDue,
    retry: queue.retry,
    status,
    lastError,
    start: queue.start,
    stop: queue.stop,
  };
}
