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
};

/** A rating as a page states it: how many published reviews and their average (null with none). */
export type RatingFigure = { count: number; average: number | null };

/**
 * The ratings every page can show, carried in the public runtime configuration (decision 085):
 * `all` the store's (home hero, trust badges), `enhancer` the Enhancer's (its header and Reviews tab),
 * and `enhancerReal` the Enhancer's without the sandbox's sample reviews, the only figure structured
 * data (JSON-LD) may state.
 */
export type ShownRatings = { all: RatingFigure; enhancer: RatingFigure; enhancerReal: RatingFigure };
