import { useFetcher, useLocation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { reviewsPage } from "~/content/reviews";
import type { HelpfulVoteResult, PublicReview } from "~/contracts/reviews";

/**
 * "Helpful": a form posting to the page, so it works without JavaScript (the page comes back at this
 * review); with JavaScript a fetcher sends it and the count changes in place, the page does not move.
 */
export function HelpfulButton({
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
