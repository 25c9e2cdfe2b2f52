import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { Stars } from "~/components/ui/stars";
import { reviewsPage, sampleReviewLabel } from "~/content/reviews";
import { brand } from "~/content/site";
import type { PublicReview } from "~/contracts/reviews";
import { formatDayLong } from "~/shared/dates";

/**
 * One published review: its stars (named "Rated 4 out of 5"), title, text, name and date, "Verified
 * buyer" only when the server set it, the sandbox label on every sample, the brand's reply under it,
 * and what the page adds (the "Helpful" button on /reviews). A one-star review is drawn exactly like a five-star one.
 */
export function ReviewCard({
  review,
  children,
}: {
  review: PublicReview;
  /** Under the review: /reviews puts its "Helpful" button here; a page that only quotes it, nothing. */
  children?: ReactNode;
}) {
  const headingId = `review-${review.id}-title`;
  return (
    <article
      id={`review-${review.id}`}
      aria-labelledby={headingId}
      className="scroll-mt-24 border-b border-white/10 py-8 first:pt-0 last:border-b-0"
      data-testid="review"
      data-rating={review.rating}
    >
      {review.source === "sample" ? (
        <p className="mb-3 inline-flex rounded-full border border-ember-400/50 bg-ember-500/10 px-3 py-1 text-xs font-extrabold uppercase tracking-wide text-ember-300">
          {sampleReviewLabel}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Stars value={review.rating} label={reviewsPage.ratedLabel(review.rating)} className="h-5" />
        {review.verified ? (
          <p className="inline-flex items-center gap-1 text-xs font-extrabold uppercase tracking-wide text-success-400">
            <Icon name="check" className="size-4" strokeWidth={3} />
            {reviewsPage.verified}
          </p>
        ) : null}
      </div>
      <h3 id={headingId} className="mt-3 text-lg font-extrabold text-white">
        {review.title || <span className="sr-only">{reviewsPage.ratedLabel(review.rating)}</span>}
      </h3>
      <p className="mt-2 whitespace-pre-line leading-relaxed text-ink-100">{review.body}</p>
      <p className="mt-3 text-sm text-ink-300">
        <span className="font-bold text-ink-100">{review.displayName}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={review.writtenAt}>{formatDayLong(review.writtenAt)}</time>
      </p>
      {review.reply ? (
        <div className="mt-4 ml-4 border-l-2 border-ember-500/60 pl-4 sm:ml-8">
          <p className="text-sm font-extrabold text-white">
            {reviewsPage.reply(brand.name)}
            {review.replyAt ? (
              <>
                <span aria-hidden="true" className="font-normal text-ink-300">
                  {" "}
                  ·{" "}
                </span>
                <time dateTime={review.replyAt} className="font-normal text-ink-300">
                  {formatDayLong(review.replyAt)}
                </time>
              </>
            ) : null}
          </p>
          <p className="mt-1 whitespace-pre-line text-sm leading-relaxed text-ink-200">{review.reply}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
