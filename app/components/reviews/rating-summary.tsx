import { Link } from "react-router";
import { Stars } from "~/components/ui/stars";
import { noReviewsYet, reviewsPage } from "~/content/reviews";
import { sampleDataLabel } from "~/content/sample-data";
import { REVIEW_STARS, type ReviewStar, type ReviewSummary } from "~/contracts/reviews";
import { formatCount, percentOf } from "./format";

/**
 * The rating of the published reviews: the average to one decimal with stars drawn to match, the
 * count, and how many gave each number of stars as bars, each a link to those reviews. With none:
 * "No reviews yet" and no number. Each figure sample reviews are counted in says "(sample data)".
 */
export function RatingSummary({
  summary,
  hrefForStars,
  currentStars,
}: {
  summary: ReviewSummary;
  hrefForStars: (stars: ReviewStar) => string;
  currentStars: ReviewStar | null;
}) {
  if (summary.count === 0 || summary.average === null) {
    return (
      <div className="rounded-2xl border border-white/10 bg-ink-900 p-6" data-testid="rating-summary">
        <Stars value={0} className="h-6" />
        <p className="mt-3 text-2xl font-extrabold text-white">{noReviewsYet}</p>
      </div>
    );
  }
  const average = summary.average.toFixed(1);
  const sampled = summary.samples ? ` ${sampleDataLabel}` : "";
  return (
    <div className="rounded-2xl border border-white/10 bg-ink-900 p-6" data-testid="rating-summary">
      <p className="flex flex-wrap items-baseline gap-x-2" data-testid="rating-average">
        <span className="text-5xl font-black text-white">{average}</span>{" "}
        <span className="text-lg font-bold text-ink-200">
          {reviewsPage.outOf(average).slice(average.length + 1)}
          {sampled}
        </span>
      </p>
      <Stars value={summary.average} className="mt-3 h-7" />
      <p className="mt-2 text-sm font-semibold text-ink-200" data-testid="rating-count">
        {reviewsPage.basedOn(formatCount(summary.count), summary.count === 1)}
        {sampled}
      </p>

      <h2 className="mt-6 text-sm font-extrabold uppercase tracking-[0.15em] text-ink-200">
        {reviewsPage.distributionHeading}
        {sampled}
      </h2>
      <ul className="mt-3 grid gap-1" data-testid="rating-distribution">
        {[...REVIEW_STARS].reverse().map((star) => {
          const count = summary.stars[star];
          const percent = percentOf(count, summary.count);
          const current = currentStars === star;
          return (
            <li key={star}>
              <Link
                to={hrefForStars(star)}
                aria-current={current ? "page" : undefined}
                data-stars={star}
                className={`group grid grid-cols-[4.5rem_1fr_5.5rem] items-center gap-3 rounded-lg px-2 py-1.5 text-sm transition-colors hover:bg-white/5 ${current ? "bg-white/10" : ""}`}
              >
                <span className="font-bold text-ink-100 group-hover:text-ember-300">
                  {reviewsPage.starsLabel(star)}
                </span>
                <svg
                  viewBox="0 0 100 8"
                  preserveAspectRatio="none"
                  className="h-2.5 w-full overflow-hidden rounded-full"
                  aria-hidden="true"
                  focusable="false"
                >
                  <rect x="0" y="0" width="100" height="8" rx="4" className="fill-ink-700" />
                  <rect x="0" y="0" width={percent} height="8" rx="4" className="fill-gold-400" />
                </svg>
                <span className="text-right tabular-nums text-ink-200">
                  <span data-testid="star-count">{formatCount(count)}</span>
                  <span className="sr-only">{` ${count === 1 ? "review" : "reviews"},`}</span>{" "}
                  <span className="text-ink-300">{`(${percent}%)`}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
