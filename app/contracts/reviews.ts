/**
 * Reviews (issue 18): what the server hands the pages about them, shared by the pages and the server.
 * No zod here: components may import this module.
 */

export const REVIEW_STARS = [1, 2, 3, 4, 5] as const;
export type ReviewStar = (typeof REVIEW_STARS)[number];

/** Limits of what a review may hold (the form, the import). */
export const REVIEW_LIMITS = { title: 150, body: 5_000, displayName: 60 } as const;

/**
 * The rating computed from published reviews: for one product or all. With no published review,
 * `count` is 0 and `average` null: the page says "No reviews yet" and shows no number.
 */
export type ReviewSummary = {
  count: number;
  /** The mean of the stars to one decimal, rounded half up (4.75 → 4.8); null when count is 0. */
  average: number | null;
  /** How many published reviews gave each number of stars. */
  stars: Record<ReviewStar, number>;
  /** How many of them are the sandbox's sample reviews; absent with none (decision 091). */
  samples?: number;
};

/**
 * A rating as a page states it: how many published reviews and their average (null with none), and how
 * many of them are sample reviews (absent with none): a figure with samples says "(sample data)".
 */
export type RatingFigure = { count: number; average: number | null; samples?: number };

/**
 * The ratings every page can show, carried in the public runtime configuration (decision 085):
 * `all` the store's (home hero, trust badges), `enhancer` the Enhancer's (its header and Reviews tab),
 * and `enhancerReal` the Enhancer's without the sandbox's sample reviews, the only figure structured
 * data (JSON-LD) may state.
 */
export type ShownRatings = { all: RatingFigure; enhancer: RatingFigure; enhancerReal: RatingFigure };
/** The order of the `/reviews` list: newest first, or most helpful first (then newest). */
export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Reviews per page of `/reviews`. */
export const REVIEWS_PER_PAGE = 10;

/** One published review as the pages show it (never a database row). */
export type PublicReview = {
  id: string;
  rating: ReviewStar;
  title: string | null;
  body: string;
  displayName: string;
  /** Set by the server (an invited order, or the previous platform's flag). */
  verified: boolean;
  source: "invited" | "imported" | "sample";
  /** When it was written, ISO 8601. */
  writtenAt: string;
  /** The brand's public reply, and when it was written (ISO 8601). */
  reply: string | null;
  replyAt: string | null;
  helpfulCount: number;
};

/** What the `/reviews` list shows: a filter (stars or all), an order and a page of it. */
export type ReviewListQuery = { stars: ReviewStar | null; sort: ReviewSort; page: number };

/** One page of the list, with how many reviews match and how many pages they fill. */
export type ReviewListPage = {
  reviews: PublicReview[];
  /** Published reviews matching the filter. */
  total: number;
  /** The page shown (a page past the end shows the last). */
  page: number;
  pageCount: number;
};

/** The answer to a "helpful" vote, for the page (with or without JavaScript). */
export type HelpfulVoteResult =
  | { status: "counted" | "already"; reviewId: string; helpfulCount: number }
  | { status: "refused"; reviewId: string | null; message: string };

/** The list with nothing asked: every star, newest first, the first page. */
export const DEFAULT_REVIEW_QUERY: ReviewListQuery = { stars: null, sort: "newest", page: 1 };

/** The query string of a view, defaults left out, in one order: `?stars=5&sort=helpful&page=2`. */
export function reviewQueryString(query: Partial<ReviewListQuery>): string {
  const params = new URLSearchParams();
  if (query.stars) params.set("stars", String(query.stars));
  if (query.sort && query.sort !== DEFAULT_REVIEW_QUERY.sort) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
