import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ReviewCard } from "~/components/reviews/review-card";
import { Icon } from "~/components/ui/icon";
import { Stars } from "~/components/ui/stars";
import { enhancerPage } from "~/content/product";
import { moderationPolicy } from "~/content/reviews";
import { paths } from "~/content/site";
import type { PublicReview } from "~/contracts/reviews";
import { useDocumentText } from "~/lib/document-text";

/**
 * The Enhancer's Reviews tab (issue 18 item 4): its rating computed from published reviews (text slots,
 * decision 085), "4.8" large with stars drawn to match, or "No reviews yet" and no number; the latest
 * few reviews (deferred: the page never waits for them); the moderation policy in one sentence; a link
 * to every review on /reviews.
 */
export function ProductReviewsPanel({ latest }: { latest: Promise<PublicReview[]> }) {
  const score = useDocumentText("rating-score:enhancer");
  const label = useDocumentText("rating-label:enhancer");
  const fill = useDocumentText("rating-fill:enhancer");
  const hide = useDocumentText("rating-hide:enhancer");
  const more = (
    <Link
      to={paths.reviews}
      className="inline-flex min-h-11 items-center gap-2 font-extrabold uppercase tracking-wide text-ember-400 hover:text-ember-300"
    >
      {enhancerPage.reviews.link}
      <Icon name="arrow" className="size-5" />
    </Link>
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] lg:items-start">
      <div className="card flex flex-col items-start gap-4 p-6 sm:p-8">
        <p className={`text-6xl font-black text-white ${hide}`}>
          {score}
          <span className="text-2xl text-ink-300">/5</span>
        </p>
        <Stars fill={fill} className={`h-6 ${hide}`} />
        <p className="text-lg font-bold text-white">{label}</p>
        <p className="text-ink-200">{enhancerPage.reviews.text}</p>
        <p className="text-sm text-ink-300">{moderationPolicy}</p>
        {more}
      </div>
      <Suspense fallback={null}>
        <Await resolve={latest}>
          {(reviews: PublicReview[]) =>
            reviews.length === 0 ? null : (
              <section aria-labelledby="latest-reviews" className="card p-6 sm:p-8">
                <h3
                  id="latest-reviews"
                  className="text-sm font-extrabold uppercase tracking-wide text-ink-300"
                >
                  {enhancerPage.reviews.latest}
                </h3>
                <div className="mt-6">
                  {reviews.map((review) => (
                    <ReviewCard key={review.id} review={review} />
                  ))}
                </div>
              </section>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}
