import { data, isRouteErrorResponse } from "react-router";
import { ReviewForm, ReviewLinkProblem } from "~/components/reviews/review-form";
import { reviewWritePage as copy } from "~/content/review-write";
import { brand } from "~/content/site";
import type { ReviewFormPage, ReviewSaved } from "~/contracts/review-form";
import { servicesFor } from "~/server/http/route-services.server";
import { supportFormAction } from "~/server/http/support-form.server";
import { reviewInput } from "~/server/reviews/review-form.server";
import type { Route } from "./+types/reviews.write.$token";

/**
 * The write-a-review page behind the invitation's signed link (issue 18 item 2; decision 083): a form
 * that works with and without JavaScript (it posts to this page). The server sets "verified" and the
 * source from the link; the form cannot. Per person: never cached, never indexed. A link that is not
 * ours is a 404, one of ours past its 90 days a 410; both say what to do.
 */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(PRIVATE);
  const retryAfter = actionHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

async function pageOf(context: Route.LoaderArgs["context"], token: string): Promise<ReviewFormPage> {
  const page = await servicesFor(context, "reviewForm").reviewForm.page(token);
  if (page.kind === "not_found") throw data(null, { status: 404, headers: PRIVATE });
  if (page.kind === "expired") throw data(null, { status: 410, headers: PRIVATE });
  return page;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return data(await pageOf(context, params.token), { headers: PRIVATE });
}

const FIELDS = ["rating", "title", "body", "displayName"] as const;

/** The thank-you's first sentence: published or waiting for a person, new or changed. */
function savedMessage(saved: ReviewSaved): string {
  if (saved.edited) return saved.status === "published" ? copy.editedPublished : copy.editedHeld;
  return saved.status === "published" ? copy.published : copy.held;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await pageOf(context, params.token);
  return supportFormAction({
    request,
    context,
    rateLimit: "review-write",
    input: reviewInput,
    // Only these are read: anything else a post carries ("verified", "source") is never looked at.
    fields: FIELDS,
    async handle(input) {
      const outcome = await servicesFor(context, "reviewForm").reviewForm.submit(params.token, input);
      if (outcome.kind === "saved") return { status: "sent", message: savedMessage(outcome.saved) };
      return {
        status: "refused",
        message: copy.locked,
        values: { ...input, rating: String(input.rating) },
      };
    },
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  {
    title: loaderData
      ? `Review ${loaderData.product.name} | ${brand.name}`
      : `Write a review | ${brand.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export default function WriteReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewForm page={loaderData} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ReviewLinkProblem status={isRouteErrorResponse(error) ? error.status : 500} />;
}
