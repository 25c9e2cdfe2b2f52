import { Link } from "react-router";
import { reviewsPage } from "~/content/reviews";
import { REVIEW_SORTS, REVIEW_STARS, type ReviewSort, type ReviewStar } from "~/contracts/reviews";

const chip =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-full border px-3 text-sm font-bold transition-colors sm:px-4";
const chipState = (current: boolean) =>
  current
    ? "border-ember-400 bg-ember-500 text-ink-950"
    : "border-ink-500 text-ink-100 hover:border-ember-400 hover:text-ember-300";

/**
 * The list's filter (all, 5★ … 1★) and order (newest, most helpful) as links: they work without
 * JavaScript, can be bookmarked and crawled, and the current one is marked `aria-current`.
 */
export function ReviewControls({
  stars,
  sort,
  hrefFor,
}: {
  stars: ReviewStar | null;
  sort: ReviewSort;
  hrefFor: (change: { stars?: ReviewStar | null; sort?: ReviewSort }) => string;
}) {
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
      <nav aria-label={reviewsPage.filterLabel}>
        <ul className="flex flex-wrap gap-1.5 sm:gap-2">
          <li>
            <Link
              to={hrefFor({ stars: null })}
              aria-current={stars === null ? "page" : undefined}
              className={`${chip} ${chipState(stars === null)}`}
            >
              {reviewsPage.allStars}
            </Link>
          </li>
          {[...REVIEW_STARS].reverse().map((star) => (
            <li key={star}>
              <Link
                to={hrefFor({ stars: star })}
                aria-current={stars === star ? "page" : undefined}
                className={`${chip} ${chipState(stars === star)} gap-1`}
              >
                {star}
                <span aria-hidden="true">★</span>
                <span className="sr-only">{star === 1 ? " star" : " stars"}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={reviewsPage.sortLabel} className="flex items-center gap-3">
        <span className="text-sm font-bold text-ink-200" aria-hidden="true">
          {reviewsPage.sortLabel}
        </span>
        <ul className="flex gap-2">
          {REVIEW_SORTS.map((option) => (
            <li key={option}>
              <Link
                to={hrefFor({ sort: option })}
                aria-current={sort === option ? "page" : undefined}
                className={`${chip} ${chipState(sort === option)}`}
              >
                {reviewsPage.sorts[option]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
