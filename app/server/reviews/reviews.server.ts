import { and, eq, ne, sql } from "drizzle-orm";
import type { ReviewSummary } from "~/contracts/reviews";
import type { Db } from "~/server/db/client.server";
import { reviews } from "~/server/db/schema";
import type { Logger } from "~/server/runtime/logger.server";
import { moderate } from "./moderation";
import { emptySummary, summarize } from "./summary";

/**
 * Reviews (issue 18; docs/decisions/081-review-moderation-by-rule.md): every review is recorded through
 * the moderation rules (published unless a rule holds it), once (a second record of the same order's
 * product, or of the same imported review, finds the first: unique indexes, not this process's memory),
 * and the rating the site shows is computed from the published ones, cached briefly.
 *
 * The summary cache is per process: a review published here clears it at once; one published by
 * another process shows here within SUMMARY_TTL_MS.
 */
export const SUMMARY_TTL_MS = 60_000;

export type ReviewSource = "invited" | "imported" | "sample";

export type NewReview = {
  /** The Shopify product handle. */
  product: string;
  orderId?: string | null;
  rating: number;
  title?: string | null;
  body: string;
  displayName: string;
  /** Decided by the server (an invited order, or the previous platform's flag), never by a form. */
  verified: boolean;
  source: ReviewSource;
  /** Imported reviews: what makes importing twice add nothing. */
  externalKey?: string | null;
  /** When it was written; now when not given. */
  writtenAt?: Date;
  /** Reasons to hold it beyond the moderation rules (an imported review hidden on the old platform). */
  alsoHoldFor?: readonly string[];
  reply?: string | null;
  replyAt?: Date | null;
};

export type RecordOutcome =
  | { outcome: "added"; id: string; status: "published" | "held"; reasons: string[] }
  | { outcome: "already_present" };

export interface Reviews {
  /** Runs the moderation rules and stores the review once; "already_present" when it exists. */
  record(review: NewReview): Promise<RecordOutcome>;
  /**
   * Published reviews' count, average and stars, for one product (its handle) or all; cached briefly.
   * `samples: false` leaves the sandbox's sample reviews out even where they count (structured data).
   */
  summary(product?: string, options?: { samples?: boolean }): Promise<ReviewSummary>;
  /**
   * Publishes a held review with the operator's reason (and who they are, the back office's session);
   * false when there is no held review with that id.
   */
  publish(id: string, note: string, by?: string): Promise<boolean>;
  /** Rejects a held review with the operator's reason (and who); false when there is no held review with that id. */
  reject(id: string, note: string, by?: string): Promise<boolean>;
  /** Sets (or, with null, removes) the brand's public reply. */
  reply(id: string, text: string | null): Promise<boolean>;
  /** Forgets the cached summaries (a review was published elsewhere, a test). */
  invalidate(): void;
  /** Calls `listener` whenever this process's summaries may have changed (a review published here). */
  onChange(listener: () => void): () => void;
}

export type ReviewsDeps = {
  db: Db;
  logger: Logger;
  /** Whether sample reviews count (the sandbox only: they never appear with a real store). */
  includeSamples: boolean;
  ttlMs?: number;
  now?: () => Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALL = "\u0000all";

export function createReviews(deps: ReviewsDeps): Reviews {
  const { db, logger, includeSamples } = deps;
  const ttlMs = deps.ttlMs ?? SUMMARY_TTL_MS;
  const now = deps.now ?? (() => new Date());
  const cache = new Map<string, { until: number; value: Promise<ReviewSummary> }>();

  const listeners = new Set<() => void>();

  async function readSummary(product: string | undefined, samples: boolean): Promise<ReviewSummary> {
    const rows = await db
      .select({
        rating: reviews.rating,
        count: sql<number>`count(*)::int`,
        // The sandbox's samples among them: every figure they feed says so (decision 091).
        samples: sql<number>`(count(*) filter (where ${reviews.source} = 'sample'))::int`,
      })
      .from(reviews)
      .where(
        and(
          eq(reviews.status, "published"),
          product === undefined ? undefined : eq(reviews.product, product),
          samples ? undefined : ne(reviews.source, "sample"),
        ),
      )
      .groupBy(reviews.rating);
    return rows.length === 0
      ? emptySummary()
      : summarize(rows.map((row) => ({ ...row, count: Number(row.count), samples: Number(row.samples) })));
  }

  function invalidate() {
    cache.clear();
    for (const listener of listeners) listener();
  }

  async function decide(
    id: string,
    status: "published" | "rejected",
    note: string,
    by: string | undefined,
  ): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const at = now();
    const changed = await db
      .update(reviews)
      .set({
        status,
        moderationNote: note,
        moderatedAt: at,
        moderatedBy: by ?? null,
        updatedAt: at,
        ...(status === "published" ? { publishedAt: at } : {}),
      })
      .where(and(eq(reviews.id, id), eq(reviews.status, "held")))
      .returning({ id: reviews.id });
    if (changed.length === 0) return false;
    if (status === "published") invalidate();
    logger.info({ reviewId: id, status }, "review moderated");
    return true;
  }

  return {
    async record(review) {
      const at = now();
      const writtenAt = review.writtenAt ?? at;
      const verdict = moderate(review);
      const reasons = [...verdict.reasons, ...(review.alsoHoldFor ?? [])];
      const status = reasons.length === 0 ? "published" : "held";
      const [row] = await db
        .insert(reviews)
        .values({
          product: review.product,
          orderId: review.orderId ?? null,
          rating: review.rating,
          title: review.title || null,
          body: review.body,
          displayName: review.displayName,
          verified: review.verified,
          status,
          heldReasons: reasons,
          source: review.source,
          externalKey: review.externalKey ?? null,
          reply: review.reply || null,
          replyAt: review.reply ? (review.replyAt ?? at) : null,
          createdAt: writtenAt,
          publishedAt: status === "published" ? writtenAt : null,
          updatedAt: at,
        })
        // Either unique index (one per product per order; one per imported review): the first stays.
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      if (!row) return { outcome: "already_present" };
      if (status === "published") invalidate();
      return { outcome: "added", id: row.id, status, reasons };
    },

    summary(product, options) {
      const samples = includeSamples && options?.samples !== false;
      const key = `${product ?? ALL}${samples ? "" : "\u0000real"}`;
      const at = now().getTime();
      const hit = cache.get(key);
      if (hit && hit.until > at) return hit.value;
      const value = readSummary(product, samples);
      cache.set(key, { until: at + ttlMs, value });
      // A failed read is not kept: the next call asks the database again.
      value.catch(() => {
        if (cache.get(key)?.value === value) cache.delete(key);
      });
      return value;
    },

    publish: (id, note, by) => decide(id, "published", note, by),
    reject: (id, note, by) => decide(id, "rejected", note, by),

    async reply(id, text) {
      if (!UUID.test(id)) return false;
      const at = now();
      const changed = await db
        .update(reviews)
        .set({ reply: text || null, replyAt: text ? at : null, updatedAt: at })
        .where(eq(reviews.id, id))
        .returning({ id: reviews.id });
      return changed.length > 0;
    },

    invalidate,

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
