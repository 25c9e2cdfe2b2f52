import type { ShouldRevalidateFunctionArgs } from "react-router";
import { formatCount } from "~/components/reviews/format";
import { HelpfulButton } from "~/components/reviews/helpful-button";
import { RatingSummary } from "~/components/reviews/rating-summary";
import { ReviewCard } from "~/components/reviews/review-card";
import { ReviewControls } from "~/components/reviews/review-controls";
import { ReviewPagination } from "~/components/reviews/review-pagination";
import { ReviewsJsonLd } from "~/components/reviews/reviews-json-ld";
import { PageIntro } from "~/components/sections/page-intro";
import { ButtonLink } from "~/components/ui/button-link";
import { defaultEnhancer, images } from "~/content/product";
import { moderationPolicy, reviewsPage } from "~/content/reviews";
import { pages } from "~/content/routes";
import { sampleDataLabel } from "~/content/sample-data";
import { enhancerHandle, paths } from "~/content/site";
import {
  type PublicReview,
  REVIEWS_PER_PAGE,
  type ReviewListQuery,
  reviewQueryString,
} from "~/contracts/reviews";
import { pageMeta } from "~/lib/seo";
import { helpfulVoteAction, reviewsPageHeaders, reviewsPageLoader } from "~/server/http/reviews-page.server";
import type { Route } from "./+types/reviews";

/**
 * `/reviews` (issue 18 item 4; decision 084): the rating of the published reviews, their distribution,
 * and the reviews themselves, filtered by stars, newest or most helpful first, a page at a time.
 * Rendered per request (never prerendered), every control a link or a form that works without
 * JavaScript. The heading and title are the spec's.
 */
export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({ ...pages.reviews, path: loaderData?.canonicalPath ?? pages.reviews.path });

export const headers = reviewsPageHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  return reviewsPageLoader(request, context, enhancerHandle);
}

export function action({ request, context }: Route.ActionArgs) {
  return helpfulVoteAction(request, context);
}

/**
 * A "helpful" vote sent with JavaScript updates its own count (the fetcher's answer) and reloads
 * nothing: the list stays as it is, so a review voted up in "most helpful" does not move away under the
 * visitor's eyes.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "helpful" ? false : defaultShouldRevalidate;
}

/**
 * The cards rendered with the page's first screen; the rest of the page's cards start lower than a
 * phone renders ahead of the screen, so they wait until they near it (decision 151).
 */
const NEAR_CARDS = 3;

export default function ReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, query, list, voted, structured } = loaderData;
  const href = (change: Partial<ReviewListQuery>) =>
    // A new filter or order starts at its first page.
    `${paths.reviews}${reviewQueryString({ ...query, page: 1, ...change })}`;
  const from = (list.page - 1) * REVIEWS_PER_PAGE + 1;
  const to = from + list.reviews.length - 1;
  const votedOn = new Set(voted);
  const card = (review: PublicReview) => (
    <ReviewCard key={review.id} review={review}>
      <HelpfulButton
        review={review}
        voted={votedOn.has(review.id)}
        result={actionData?.reviewId === review.id ? actionData : undefined}
      />
    </ReviewCard>
  );
  const nearCards = list.reviews.slice(0, NEAR_CARDS);
  const farCards = list.reviews.slice(NEAR_CARDS);

  return (
    <>
      <PageIntro heading={pages.reviews.heading}>
        <p>{reviewsPage.lead}</p>
      </PageIntro>
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[22rem_minmax(0,1fr)] lg:gap-14">
        <aside aria-label="Rating" className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start">
          <RatingSummary
            summary={summary}
            currentStars={query.stars}
            hrefForStars={(stars) => href({ stars })}
          />
          <section
            aria-labelledby="moderation-policy"
            className="rounded-2xl border border-white/10 p-6 text-sm leading-relaxed text-ink-200"
          >
            <h2 id="moderation-policy" className="font-extrabold text-white">
              {reviewsPage.policyHeading}
            </h2>
            <p className="mt-2" data-testid="moderation-policy">
              {moderationPolicy}
            </p>
            <p className="mt-3 text-ink-300">{reviewsPage.writeNote}</p>
          </section>
        </aside>

        <section aria-labelledby="reviews-list-heading" className="min-w-0">
          <h2 id="reviews-list-heading" className="sr-only">
            {reviewsPage.listHeading}
          </h2>
          {summary.count > 0 ? <ReviewControls stars={query.stars} sort={query.sort} hrefFor={href} /> : null}
          {list.total > 0 ? (
            <p className="mt-6 text-sm text-ink-300" data-testid="reviews-showing">
              {reviewsPage.showing(formatCount(from), formatCount(to), formatCount(list.total))}
              {summary.samples ? ` ${sampleDataLabel}` : ""}
            </p>
          ) : null}
          {list.reviews.length > 0 ? (
            <div className="mt-4 rounded-2xl border border-white/10 bg-ink-900 px-5 py-8 sm:px-8">
              {nearCards.map(card)}
              {farCards.length > 0 ? (
                // Decision 151: the cards a phone does not render ahead of the first screen, skipped
                // until near. The group's first card starts as any card but the list's first (pt-8).
                <div className="render-when-near pt-8 [--estimated-height:160rem]">{farCards.map(card)}</div>
              ) : null}
            </div>
          ) : summary.count > 0 && query.stars !== null ? (
            <div className="mt-6 rounded-2xl border border-white/10 p-8 text-ink-200">
              <p>{reviewsPage.noneWithStars(query.stars)}</p>
              <ButtonLink to={href({ stars: null })} variant="secondary" size="sm" className="mt-4">
                {reviewsPage.showAll}
              </ButtonLink>
            </div>
          ) : null}
          <ReviewPagination
            page={list.page}
            pageCount={list.pageCount}
            hrefForPage={(page) => `${paths.reviews}${reviewQueryString({ ...query, page })}`}
          />
        </section>
      </div>
      <ReviewsJsonLd
        name={defaultEnhancer.title}
        path={pages.enhancer.path}
        image={images.bottle.src}
        summary={structured.summary}
        reviews={structured.reviews}
      />
    </>
  );
}
