import { data, redirect } from "react-router";
import { AdminFrame, AdminNotice } from "~/components/admin/admin-frame";
import { ReviewCard } from "~/components/admin/review-card";
import { ReviewFilter, ReviewPages } from "~/components/admin/review-filter";
import { TEXT_LINK } from "~/components/ui/text-link";
import { adminReviewsCopy } from "~/content/admin-reviews";
import { brand } from "~/content/site";
import { parseReviewAction, parseReviewFilter } from "~/server/admin/admin-reviews.server";
import {
  ADMIN_HEADERS,
  adminRouteHeaders,
  requireAdmin,
  signedInAdminForm,
} from "~/server/http/admin-routes.server";
import { servicesFor } from "~/server/http/route-services.server";
import type { Route } from "./+types/admin.reviews";

/**
 * Reviews for the operator (issue 18 item 3; docs/decisions/081-review-moderation-by-rule.md): the held
 * reviews first, the longest waiting first, each published or rejected with a recorded reason; then
 * every review, filtered and paged, each with the brand's public reply to set, edit or remove.
 * Signed-in operators only, every POST checked like the rest of the back office.
 */

const { outcomes } = adminReviewsCopy;
type Done = keyof typeof outcomes;

export const headers = adminRouteHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context);
  const url = new URL(request.url);
  const { adminReviews } = servicesFor(context, "adminReviews");
  const list = await adminReviews.list(parseReviewFilter(url.searchParams));
  const done = url.searchParams.get("done");
  return data(
    { ...list, email: session.email, done: done && done in outcomes ? (done as Done) : null },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await signedInAdminForm(request, context);
  if ("refused" in form) return form.refused;
  const { fields, session } = form;
  const parsed = parseReviewAction(fields);
  if (!parsed.ok) return data({ formError: parsed.error }, { status: 400, headers: ADMIN_HEADERS });
  const { adminReviews } = servicesFor(context, "adminReviews");
  const outcome = await adminReviews.act(parsed.action, session.email);
  if (outcome === "not_found") {
    const decision = parsed.action.intent === "publish" || parsed.action.intent === "reject";
    return data(
      {
        refusal: {
          status: 404,
          message: decision ? adminReviewsCopy.notWaiting : adminReviewsCopy.notFound,
        },
      },
      { status: 404, headers: ADMIN_HEADERS },
    );
  }
  // Post/redirect/get, back to the same filter and page: a reload shows the list and posts nothing.
  const back = new URL(request.url);
  back.searchParams.set("done", outcome);
  const anchor =
    outcome === "replied" || outcome === "reply_removed" ? `#list-${parsed.action.reviewId}` : "";
  throw redirect(`/admin/reviews?${back.searchParams}${anchor}`, { status: 303, headers: ADMIN_HEADERS });
}

export const meta = () => [
  { title: `Reviews | Back office | ${brand.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminReviewsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { held, heldCount, reviews, total, filter, products, hasPrevious, hasNext, email, done } = loaderData;
  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const formError = actionData && "formError" in actionData ? actionData.formError : null;
  const queued = new Set(held.map((review) => review.id));
  return (
    <AdminFrame heading="Reviews" signedInAs={email} nav={{ current: "reviews", heldReviews: heldCount }}>
      <div className="space-y-6">
        {refusal ? <AdminNotice tone="problem">{refusal.message}</AdminNotice> : null}
        {formError ? (
          <AdminNotice tone="problem">
            {`Nothing was changed. ${formError.message} `}
            {formError.reviewId ? (
              <a
                href={`#${queued.has(formError.reviewId) ? "queue" : "list"}-${formError.reviewId}`}
                className={TEXT_LINK}
              >
                Go to the review
              </a>
            ) : null}
          </AdminNotice>
        ) : done ? (
          <AdminNotice tone="info">{outcomes[done]}</AdminNotice>
        ) : null}
        <aside
          aria-labelledby="policy-heading"
          className="rounded-card border border-ember-500/40 bg-ember-500/10 p-5 sm:p-6"
        >
          <h2 id="policy-heading" className="font-extrabold text-white">
            Moderation by rule, never by sentiment
          </h2>
          <p className="mt-2 max-w-3xl text-ink-100">
            A review is held when a rule finds profanity, personal data, a link or a disease claim. The rules
            read words, not meaning, so many held reviews are harmless:{" "}
            <strong>publish a held review unless it really breaks the rule, whatever its stars.</strong>{" "}
            Reject only a review that does, and say how. Negative reviews are published like positive ones.
            Every decision records your reason and your address.
          </p>
        </aside>

        <section aria-labelledby="held-heading" className="space-y-4" data-testid="held-reviews">
          <h2 id="held-heading" className="pt-2 text-xl font-extrabold text-white">
            Waiting for a decision <span className="font-normal text-ink-300">({heldCount})</span>
          </h2>
          {held.length === 0 ? (
            <p className="rounded-card border border-white/10 bg-ink-800 p-5 text-ink-200">
              No review is waiting. Reviews that no rule holds are published as soon as they are written.
            </p>
          ) : (
            <>
              <p className="text-ink-200">The longest waiting first. Please decide each within two days.</p>
              <ul className="space-y-4">
                {held.map((review) => (
                  <li key={review.id}>
                    <ReviewCard review={review} error={formError} place="queue" />
                  </li>
                ))}
              </ul>
              {heldCount > held.length ? (
                <p className="text-ink-300">{`${heldCount - held.length} more wait after these.`}</p>
              ) : null}
            </>
          )}
        </section>

        <section aria-labelledby="all-reviews" className="space-y-4 pt-4" data-testid="all-reviews">
          <h2 id="all-reviews" className="text-xl font-extrabold text-white">
            All reviews <span className="font-normal text-ink-300">({total})</span>
          </h2>
          <ReviewFilter filter={filter} products={products} />
          {reviews.length === 0 ? (
            <p className="rounded-card border border-white/10 bg-ink-800 p-5 text-ink-200">
              {filter.page > 1 ? adminReviewsCopy.noneOnPage : adminReviewsCopy.noneMatch}
            </p>
          ) : (
            <ul className="space-y-4">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard
                    review={review}
                    error={formError}
                    place="list"
                    decidedAbove={queued.has(review.id)}
                  />
                </li>
              ))}
            </ul>
          )}
          <ReviewPages filter={filter} hasPrevious={hasPrevious} hasNext={hasNext} />
        </section>
      </div>
    </AdminFrame>
  );
}
