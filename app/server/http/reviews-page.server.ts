import { type AppLoadContext, data } from "react-router";
import { z } from "zod";
import { paths } from "~/content/site";
import {
  type HelpfulVoteResult,
  type PublicReview,
  type ReviewListPage,
  type ReviewListQuery,
  type ReviewSummary,
  reviewQueryString,
} from "~/contracts/reviews";
import { networkKey } from "~/server/network-address.server";
import type { Voter } from "~/server/reviews/listing.server";
import { parseReviewQuery } from "~/server/reviews/listing-query";
import { checkContentType, readBody } from "./body.server";
import { ApiError } from "./failures.server";
import { checkOrigin, enforceRateLimit } from "./guards.server";
import { voterCookie, voterCookieValue } from "./voter-cookie.server";

/**
 * The `/reviews` page's loader and its "helpful" vote (issue 18 item 4; decision 084), kept out of the
 * route module. The page is rendered per request, never prerendered: the list changes with every
 * review, and it shows the visitor which reviews they marked helpful, so it is sent `private, no-store`
 * (a shared cache would hand one visitor's marks to another, and a visitor who just voted would see a
 * stale count). What it costs: the rating is the reviews service's (cached 60 s in the process), the
 * list and the visitor's votes two indexed queries.
 */

/** Every answer of the page, the page and the vote alike. */
export const REVIEWS_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/** How many of the product's newest real reviews its structured data names. */
export const JSON_LD_REVIEWS = 5;

export type ReviewsPageData = {
  /** The rating shown: the published reviews (samples too while the sandbox stands in for the store). */
  summary: ReviewSummary;
  /** The view shown: the query as read, its page bounded to the pages there are. */
  query: ReviewListQuery;
  list: ReviewListPage;
  /** The reviews of this page the visitor has already found helpful. */
  voted: string[];
  /** This view's canonical path: the list's page only (filter and order show the same reviews). */
  canonicalPath: string;
  /** What structured data may say: real reviews only, never samples (decision 084). */
  structured: { summary: ReviewSummary; reviews: PublicReview[] };
};

export async function reviewsPageLoader(
  request: Request,
  context: AppLoadContext,
  product: string,
): Promise<ReviewsPageData> {
  const { reviews, reviewListing } = context.services;
  const asked = parseReviewQuery(new URL(request.url).searchParams);
  const [summary, list, realSummary, realReviews] = await Promise.all([
    reviews.summary(),
    reviewListing.list(asked),
    reviewListing.realSummary(product),
    reviewListing.latest(product, JSON_LD_REVIEWS, { realOnly: true }),
  ]);
  const voted = await reviewListing.votedOn(
    reviewListing.voterOf(voterCookieValue(request), context.clientIp),
    list.reviews.map((review) => review.id),
  );
  const query = { ...asked, page: list.page };
  const canonicalPath =
    query.stars === null && query.sort === "newest"
      ? `${paths.reviews}${reviewQueryString({ page: query.page })}`
      : paths.reviews;
  return {
    summary,
    query,
    list,
    voted,
    canonicalPath,
    structured: { summary: realSummary, reviews: realReviews },
  };
}

const voteForm = z.object({
  intent: z.literal("helpful"),
  reviewId: z.uuid(),
});

/** The vote's form is two short fields: anything longer is not ours. */
const VOTE_MAX_BYTES = 1024;

const refused = (status: number, message: string, reviewId: string | null, headers: HeadersInit = {}) =>
  data<HelpfulVoteResult>(
    { status: "refused", reviewId, message },
    { status, headers: { ...REVIEWS_PAGE_HEADERS, ...headers } },
  );

/**
 * A "helpful" vote, posted by the review's button (a plain form without JavaScript, a fetcher with it).
 * Checks in the API's order: the origin, the body's kind and size, its fields (zod), the rate limit;
 * then the voter: their cookie's, or a new one (its cookie set with the answer) if their network may
 * have one more this hour; then the vote, which counts once per voter and once per address however
 * often it is sent (decision 090).
 */
export async function helpfulVoteAction(request: Request, context: AppLoadContext) {
  let reviewId: string | null = null;
  try {
    checkOrigin(request, context.services.env.PUBLIC_SITE_URL);
    checkContentType(request, true);
    const body = await readBody(request, { acceptForm: true, maxBytes: VOTE_MAX_BYTES });
    const fields = body.via === "form" ? Object.fromEntries(body.fields) : body.data;
    const parsed = voteForm.safeParse(fields);
    if (!parsed.success)
      return refused(400, "This vote could not be read. Please reload the page and try again.", null);
    reviewId = parsed.data.reviewId;
    await enforceRateLimit(context, "review-helpful");
    const { voter, setCookie } = await voterFor(request, context);
    const outcome = await context.services.reviewListing.voteHelpful(reviewId, voter);
    if (outcome.outcome === "not_found") return refused(404, "This review is not shown here.", reviewId);
    return data<HelpfulVoteResult>(
      { status: outcome.outcome, reviewId, helpfulCount: outcome.helpfulCount },
      { headers: { ...REVIEWS_PAGE_HEADERS, ...setCookie } },
    );
  } catch (error) {
    if (error instanceof ApiError) return refused(error.status, error.message, reviewId, error.headers);
    context.services.logger.error({ err: error, requestId: context.requestId }, "helpful vote failed");
    return refused(503, "Your vote could not be recorded just now. Please try again.", reviewId);
  }
}

/**
 * The visitor who votes: the one their cookie names, or a new one, with the cookie to set, while their
 * network (an IPv6 /48, an IPv4 address) has had fewer than the `review-voter` limit this hour; past
 * it, a 429 and no vote.
 */
async function voterFor(
  request: Request,
  context: AppLoadContext,
): Promise<{ voter: Voter & { id: string }; setCookie: Record<string, string> }> {
  const { reviewListing, rateLimiter, env } = context.services;
  const known = reviewListing.voterOf(voterCookieValue(request), context.clientIp);
  if (known.id !== null) return { voter: { ...known, id: known.id }, setCookie: {} };
  const decision = await rateLimiter.consume("review-voter", `voters:${networkKey(context.clientIp)}`);
  if (!decision.allowed)
    throw new ApiError(429, "Too many new votes from your network just now. Please try again later.", {
      "Retry-After": String(decision.retryAfterSeconds),
    });
  const { voter, cookieValue } = reviewListing.newVoter(context.clientIp);
  const secure = env.NODE_ENV === "production";
  return { voter, setCookie: { "Set-Cookie": voterCookie(cookieValue, { secure }) } };
}

/**
 * The page's `headers`: no-store always, a refusal's Retry-After (the rate limit), and a new voter's
 * cookie.
 */
export function reviewsPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers(REVIEWS_PAGE_HEADERS);
  for (const name of ["Retry-After", "Set-Cookie"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
