import { useFetcher, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Stars } from "~/components/ui/stars";
import { reviewsPage, sampleReviewLabel } from "~/content/reviews";
import { brand } from "~/content/site";
import type { HelpfulVoteResult, PublicReview } from "~/contracts/reviews";
import { formatDate } from "./format";

/**
 * One published review: its stars (named "Rated 4 out of 5"), title, text, name and date, "Verified
 * buyer" only when the server set it, the sandbox label on every sample, the brand's reply under it,
 * and the "Helpful" button. A one-star review is drawn exactly like a five-star one.
 */
export function ReviewCard({
  review,
  voted,
  result,
  helpful = true,
}: {
  review: PublicReview;
  /** The "Helpful" button: on /reviews, whose action counts it; not where a review is only quoted. */
  helpful?: boolean;
  /** The visitor has found it helpful (the loader's answer). */
  voted: boolean;
  /** The answer to a vote on it posted without JavaScript (the page's action data). */
  result?: HelpfulVoteResult;
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
        <time dateTime={review.writtenAt}>{formatDate(review.writtenAt)}</time>
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
                  {formatDate(review.replyAt)}
                </time>
              </>
            ) : null}
          </p>
          <p className="mt-1 whitespace-pre-line text-sm leading-relaxed text-ink-200">{review.reply}</p>
        </div>
      ) : null}
      {helpful ? <HelpfulButton review={review} voted={voted} result={result} /> : null}
    </article>
  );
}

/**
 * "Helpful": a form posting to the page, so it works without JavaScript (the page comes back at this
 * review); with JavaScript a fetcher sends it and the count changes in place, the page does not move.
 */
function HelpfulButton({
  review,
  voted,
  result,
}: {
  review: PublicReview;
  voted: boolean;
  result?: HelpfulVoteResult;
}) {
  const fetcher = useFetcher<HelpfulVoteResult>({ key: `helpful-${review.id}` });
  const answer = fetcher.data ?? result;
  const counted = answer && answer.status !== "refused" ? answer : undefined;
  const count = counted?.helpfulCount ?? review.helpfulCount;
  const pressed = voted || counted !== undefined;
  const busy = fetcher.state !== "idle";
  // Without JavaScript the page comes back as it was (filter, order, page), scrolled to this review.
  const { pathname, search } = useLocation();
  return (
    <fetcher.Form
      method="post"
      action={`${pathname}${search}#review-${review.id}`}
      preventScrollReset
      className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2"
    >
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="reviewId" value={review.id} />
      <button
        type="submit"
        aria-pressed={pressed}
        aria-describedby={`review-${review.id}-helpful`}
        // Not `disabled` while it is sent: that would take the keyboard's focus away. A second press
        // counts nothing anyway.
        aria-busy={busy}
        className={`inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-bold transition-colors ${
          pressed
            ? "border-ember-400 bg-ember-500/15 text-ember-300"
            : "border-ink-400 text-ink-100 hover:border-ember-400 hover:text-ember-300"
        }`}
      >
        <Icon name={pressed ? "check" : "plus"} className="size-4" strokeWidth={2.5} />
        {reviewsPage.helpful}
        <span className="tabular-nums" data-testid="helpful-count">
          {`(${count})`}
        </span>
      </button>
      <p id={`review-${review.id}-helpful`} className="text-sm text-ink-300" aria-live="polite">
        {answer?.status === "refused" ? answer.message : pressed ? reviewsPage.voted : ""}
      </p>
    </fetcher.Form>
  );
}
