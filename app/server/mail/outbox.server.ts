import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/server/db/client.server";
import { emailDeliveries } from "~/server/db/schema";
import { backoffMs as backoff, createBackgroundLoop } from "~/server/jobs/background-loop.server";
import { claimDueRow, stillOurs, workDueRows } from "~/server/jobs/queue-rows.server";
import type { Logger } from "~/server/runtime/logger.server";
import { type Mailer, MailSendError } from "./mailer.server";

/**
 * The e-mail outbox (docs/decisions/030-exactly-once-fulfilment.md). A message is a row in
 * `email_deliveries`, unique per (kind, dedupe key), written in the same transaction as the business
 * change that calls for it. Workers in any process claim a due row (`FOR UPDATE SKIP LOCKED`, a lease in
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
   * Claims in a transaction of its own (see claim()): for a database across a network (PostgreSQL).
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
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const sendTimeoutMs = Math.min(60_000, Math.floor(leaseMs / 2));
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const retryMaxMs = options.retryMaxMs ?? 10 * 60_000;
  const maxAttempts = options.maxAttempts ?? 40;
  const passDeadlineMs = options.passDeadlineMs ?? 30_000;
  const claimInTransaction = options.claimInTransaction ?? false;

  const loop = createBackgroundLoop({
    name: "e-mail outbox",
    logger,
    pass: (deadline) => processDue(50, deadline),
    pollIntervalMs,
    passDeadlineMs,
  });
  const backoffMs = (attempts: number) => backoff(attempts, retryBaseMs, retryMaxMs);

  /** Claims one due row of a kind this outbox sends (this id only, when given). */
  async function claim(id?: string): Promise<Claimed | null> {
    if (kinds.length === 0) return null;
    return claimDueRow(db, emailDeliveries, {
      leaseMs,
      inTransaction: claimInTransaction,
      filter: and(id ? eq(emailDeliveries.id, id) : undefined, inArray(emailDeliveries.kind, kinds)),
    });
  }

  const ours = (row: Claimed) => stillOurs(emailDeliveries, row);

  async function send(row: Claimed): Promise<DeliveryStatus> {
    const claimedAt = Date.now();
    let messageId: string;
    try {
      const template = templates.get(row.kind);
      if (!template) throw new Error(`no template for ${row.kind}`);
      const payload = template.payload.parse(row.payload);
      const rendered = await template.render(payload);
      const sent = await mailer.send({
        to: row.toAddress,
        ...rendered,
        // The same Message-ID on every attempt of this delivery.
        messageId: `<${row.id}@${mailer.domain}>`,
        signal: AbortSignal.timeout(sendTimeoutMs),
      });
      messageId = sent.messageId;
    } catch (error) {
      return failed(row, error);
    }
    try {
      await recordSent(row, messageId);
    } catch (error) {
      // The message is out, so the caller is told so; the record is retried in the background.
      logger.warn({ deliveryId: row.id, err: error }, "e-mail sent; recording it failed, trying again");
      loop.track(recordSentEventually(row, messageId, claimedAt + leaseMs));
    }
    logger.info({ deliveryId: row.id, kind: row.kind, attempt: row.attempts }, "e-mail sent");
    return "sent";
  }

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
      .where(ours(row))
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
    for (let attempt = 0; ; attempt++) {
      const wait = Math.min(5_000, 250 * 2 ** attempt);
      if (Date.now() + wait >= until) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        await recordSent(row, messageId);
        return;
      } catch {
        // tried again after the next wait
      }
    }
    logger.error(
      { deliveryId: row.id, kind: row.kind },
      "e-mail sent but not recorded as sent: it will be sent again once its claim lapses",
    );
  }

  /** A send that failed: back to pending with backoff, or failed for good after the last attempt. */
  async function failed(row: Claimed, error: unknown): Promise<DeliveryStatus> {
    const message = error instanceof Error ? error.message : String(error);
    // A permanent SMTP refusal (5xx) will not change with retrying; give it a few tries only.
    const permanent = error instanceof MailSendError && (error.responseCode ?? 0) >= 500;
    const giveUp = row.attempts >= (permanent ? Math.min(5, maxAttempts) : maxAttempts);
    const delay = backoffMs(row.attempts);
    await db
      .update(emailDeliveries)
      .set({
        status: giveUp ? "failed" : "pending",
        nextAttemptAt: sql`now() + ${`${delay} milliseconds`}::interval`,
        lockedUntil: null,
        lastError: message.slice(0, 2_000),
        updatedAt: sql`now()`,
      })
      .where(ours(row));
    (giveUp ? logger.error : logger.warn).call(
      logger,
      {
        deliveryId: row.id,
        kind: row.kind,
        attempt: row.attempts,
        err: message,
        retryInMs: giveUp ? null : delay,
      },
      giveUp ? "e-mail failed for good: no more retries" : "e-mail send failed: will retry",
    );
    return giveUp ? "failed" : "pending";
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

  function processDue(limit = 50, deadline = Number.POSITIVE_INFINITY): Promise<number> {
    return workDueRows(claim, send, { limit, deadline, stopped: () => loop.stopped });
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
    nudge: loop.nudge,
    async deliverNow(id, { waitMs = 5_000 } = {}) {
      const first = await claim(id);
      if (first) return send(first);
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
          const row = await claim(id);
          if (row) return send(row);
        } else if (state !== "sending") {
          return state;
        }
        if (Date.now() >= deadline) return state;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    processDue,
    status,
    lastError,
    start: loop.start,
    stop: loop.stop,
  };
}
