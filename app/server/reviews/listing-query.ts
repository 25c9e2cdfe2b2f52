import { z } from "zod";
import {
  DEFAULT_REVIEW_QUERY,
  REVIEW_SORTS,
  REVIEWS_PER_PAGE,
  type ReviewListQuery,
  type ReviewSort,
  type ReviewStar,
} from "~/contracts/reviews";

/**
 * The `/reviews` page's query string (`stars`, `sort`, `page`), pure: each parameter is checked on its
 * own, and one that is missing, repeated oddly or invalid falls back to its default (all stars, newest,
 * page 1), so no address a visitor or a crawler makes up answers anything but the list.
 */

/** A page number past this is not a page anyone reaches by following links: the first page instead. */
export const MAX_PAGE_PARAM = 100_000;

const starsParam = z
  .string()
  .regex(/^[1-5]$/)
  .transform((value) => Number(value) as ReviewStar);
const sortParam = z.enum(REVIEW_SORTS);
const pageParam = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_PAGE_PARAM));

function first<T>(schema: z.ZodType<T, string>, value: string | null, fallback: T): T {
  if (value === null) return fallback;
  const parsed = schema.safeParse(value.trim());
  return parsed.success ? parsed.data : fallback;
}

/** The list a query string asks for; anything unusable is the default. */
export function parseReviewQuery(search: URLSearchParams | string): ReviewListQuery {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return {
    stars: first(starsParam, params.get("stars"), DEFAULT_REVIEW_QUERY.stars),
    sort: first<ReviewSort>(sortParam, params.get("sort"), DEFAULT_REVIEW_QUERY.sort),
    page: first(pageParam, params.get("page"), DEFAULT_REVIEW_QUERY.page),
  };
}

/** How many pages `total` reviews fill (at least one, the empty list's). */
export function pageCountOf(total: number, perPage = REVIEWS_PER_PAGE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / perPage));
}

/** The requested page, kept within the pages there are (a page past the end shows the last). */
export function boundedPage(page: number, total: number, perPage = REVIEWS_PER_PAGE): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), pageCountOf(total, perPage));
}
