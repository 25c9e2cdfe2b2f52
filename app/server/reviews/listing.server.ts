import { createHmac } from "node:crypto";
import { and, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import {
  type PublicReview,
  REVIEWS_PER_PAGE,
  type ReviewListPage,
  type ReviewListQuery,
  type ReviewStar,
  type ReviewSummary,
} from "~/contracts/reviews";
import type { Db } from "~/server/db/client.server";
import { reviewHelpfulVotes, reviews } from "~/server/db/schema";
import { rateLimitKey } from "~/server/network-address.server";
import type { Logger } from "~/server/runtime/logger.server";
import { boundedPage, pageCountOf } from "./listing-query";
import { emptySummary, summarize } from "./summary";
import { newVoter, voterIdFrom } from "./voter-id.server";

/**
 * The published reviews as the pages list them (issue 18 item 4; docs/decisions/084-reviews-page.md):
 * one product's or all, filtered by stars, newest or most helpful first, a page at a time; the latest
 * few for a product page; and the "helpful" votes, one per visitor per review.
 *
 * Sample reviews (`source = sample`) are listed only while the sandbox stands in for the store
 * (`includeSamples`, the same rule as the rating's in reviews.server.ts). `realSummary` never counts
 * them: it is what structured data for search engines may say.
 *
 * A vote needs a voter (the cookie of voter-id.server.ts, issued to few visitors an hour per network)
 * and counts once per voter and once per network address (an IPv6 address per /64, as the rate limits
 * count it): two rows of `review_helpful_votes`, both or neither. Each is known only by an HMAC under the
 * site secret: no address or cookie is stored, and a key cannot be turned back into one without the
 * secret (issue 38; docs/decisions/090).
 */

/** At most this many reviews for a product page's "latest" list. */
export const LATEST_MAX = 20;

export type HelpfulVoteOutcome =
  | { outcome: "counted" | "already"; helpfulCount: number }
  | { outcome: "not_found" };

export type ListOptions = ReviewListQuery & {
  /** One product's reviews (its Shopify handle); all when absent. */
  product?: string;
};

export interface ReviewListing {
  /** One page of the published reviews matching the filter, in the order asked for. */
  list(options: ListOptions): Promise<ReviewListPage>;
  /**
   * A product's newest published reviews (at most LATEST_MAX); with `realOnly`, never a sample one,
   * whatever the sandbox (structured data for search engines).
   */
  latest(product: string, count: number, options?: { realOnly?: boolean }): Promise<PublicReview[]>;
  /** The rating from published reviews that are not samples, whatever the sandbox: for structured data. */
  realSummary(product?: string): Promise<ReviewSummary>;
  /** Which of these reviews this voter, or anyone at their address, has found helpful. */
  votedOn(voter: Voter, reviewIds: readonly string[]): Promise<string[]>;
  /**
   * Counts the vote once per voter and once per address; "already" when either voted before;
   * "not_found" unless listed.
   */
  voteHelpful(reviewId: string, voter: Voter & { id: string }): Promise<HelpfulVoteOutcome>;
  /** The visitor: their address, and the voter id their signed value (the cookie's) carries, if genuine. */
  voterOf(signedId: string | null, clientAddress: string): Voter;
  /** A new voter at this address, and the cookie's value that names them from now on. */
  newVoter(clientAddress: string): { voter: Voter & { id: string }; cookieValue: string };
}

/** Who votes: their network address, and the voter id of their cookie (null: none yet). */
export type Voter = { address: string; id: string | null };

export type ReviewListingDeps = {
  db: Db;
  logger: Logger;
  /** Whether sample reviews are listed (the sandbox only), as in createReviews. */
  includeSamples: boolean;
  /** The site secret: the key of the voters' HMAC. */
  secret: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  displayName: reviews.displayName,
  verified: reviews.verified,
  source: reviews.source,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
  replyAt: reviews.replyAt,
  helpfulCount: reviews.helpfulCount,
};

type Row = {
  id: string;
  rating: number;
  title: string | null;
  body: string;
  displayName: string;
  verified: boolean;
  source: string;
  createdAt: Date;
  reply: string | null;
  replyAt: Date | null;
  helpfulCount: number;
};

/** A row as the pages see it: dates as ISO text, the source one of the three. */
export function publicReviewOf(row: Row): PublicReview {
  return {
    id: row.id,
    rating: Math.min(5, Math.max(1, row.rating)) as ReviewStar,
    title: row.title,
    body: row.body,
    displayName: row.displayName,
    verified: row.verified,
    source: row.source === "sample" ? "sample" : row.source === "imported" ? "imported" : "invited",
    writtenAt: row.createdAt.toISOString(),
    reply: row.reply,
    replyAt: row.reply && row.replyAt ? row.replyAt.toISOString() : null,
    helpfulCount: row.helpfulCount,
  };
}

/** Thrown inside a vote's transaction to undo it: the voter or their address has voted already. */
class AlreadyVoted extends Error {}

export function createReviewListing(deps: ReviewListingDeps): ReviewListing {
  const { db, logger, includeSamples, secret } = deps;

  const listed = (options: { product?: string; stars?: ReviewStar | null; samples?: boolean }): SQL =>
    and(
      eq(reviews.status, "published"),
      options.product === undefined ? undefined : eq(reviews.product, options.product),
      options.stars ? eq(reviews.rating, options.stars) : undefined,
      (options.samples ?? includeSamples) ? undefined : ne(reviews.source, "sample"),
    ) as SQL;

  const addressKeyOf = (address: string) =>
    createHmac("sha256", secret)
      .update(`review-helpful\u0000${rateLimitKey(address)}`)
      .digest("base64url");
  const voterIdKeyOf = (id: string) =>
    createHmac("sha256", secret).update(`review-helpful-voter\u0000${id}`).digest("base64url");
  const keysOf = (voter: Voter) => [
    addressKeyOf(voter.address),
    ...(voter.id === null ? [] : [voterIdKeyOf(voter.id)]),
  ];

  return {
    async list(options) {
      const where = listed(options);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(where);
      const total = Number(counted?.total ?? 0);
      const page = boundedPage(options.page, total);
      const order =
        options.sort === "helpful"
          ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
          : [desc(reviews.createdAt), desc(reviews.id)];
      const rows =
        total === 0
          ? []
          : await db
              .select(columns)
              .from(reviews)
              .where(where)
              .orderBy(...order)
              .limit(REVIEWS_PER_PAGE)
              .offset((page - 1) * REVIEWS_PER_PAGE);
      return { reviews: rows.map(publicReviewOf), total, page, pageCount: pageCountOf(total) };
    },

    async latest(product, count, options = {}) {
      const limit = Math.min(LATEST_MAX, Math.max(0, Math.trunc(count) || 0));
      if (limit === 0) return [];
      const rows = await db
        .select(columns)
        .from(reviews)
        .where(listed({ product, samples: options.realOnly ? false : undefined }))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
      return rows.map(publicReviewOf);
    },

    async realSummary(product) {
      const rows = await db
        .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
        .from(reviews)
        .where(listed({ product, samples: false }))
        .groupBy(reviews.rating);
      return rows.length === 0
        ? emptySummary()
        : summarize(rows.map((row) => ({ rating: row.rating, count: Number(row.count) })));
    },

    async votedOn(voter, reviewIds) {
      const ids = reviewIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return [];
      const rows = await db
        .selectDistinct({ reviewId: reviewHelpfulVotes.reviewId })
        .from(reviewHelpfulVotes)
        .where(
          and(inArray(reviewHelpfulVotes.voterKey, keysOf(voter)), inArray(reviewHelpfulVotes.reviewId, ids)),
        );
      return rows.map((row) => row.reviewId);
    },

    async voteHelpful(reviewId, voter) {
      if (!UUID.test(reviewId)) return { outcome: "not_found" };
      const keys = keysOf(voter);
      // The vote and the count in one transaction: the count is always the number of votes counted.
      // The primary key (review, voter key) makes a second vote, or two at once, count once; a vote
      // whose voter or address has voted already is undone whole (AlreadyVoted rolls back).
      const outcome = await db
        .transaction(async (tx): Promise<HelpfulVoteOutcome> => {
          const [target] = await tx
            .select({ helpfulCount: reviews.helpfulCount })
            .from(reviews)
            .where(and(eq(reviews.id, reviewId), listed({})));
          if (!target) return { outcome: "not_found" };
          const inserted = await tx
            .insert(reviewHelpfulVotes)
            .values(keys.map((voterKey) => ({ reviewId, voterKey })))
            .onConflictDoNothing()
            .returning({ reviewId: reviewHelpfulVotes.reviewId });
          if (inserted.length < keys.length) throw new AlreadyVoted();
          const [bumped] = await tx
            .update(reviews)
            .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
            .where(eq(reviews.id, reviewId))
            .returning({ helpfulCount: reviews.helpfulCount });
          return { outcome: "counted", helpfulCount: bumped?.helpfulCount ?? target.helpfulCount + 1 };
        })
        .catch(async (error: unknown): Promise<HelpfulVoteOutcome> => {
          if (!(error instanceof AlreadyVoted)) throw error;
          const [current] = await db
            .select({ helpfulCount: reviews.helpfulCount })
            .from(reviews)
            .where(eq(reviews.id, reviewId));
          return { outcome: "already", helpfulCount: current?.helpfulCount ?? 0 };
        });
      if (outcome.outcome === "counted") logger.debug({ reviewId }, "helpful vote counted");
      return outcome;
    },

    voterOf(signedId, clientAddress) {
      return { address: clientAddress, id: voterIdFrom(signedId, secret) };
    },

    newVoter(clientAddress) {
      const { id, value } = newVoter(secret);
      return { voter: { address: clientAddress, id }, cookieValue: value };
    },
  };
}
