import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { RatingField } from "~/components/reviews/rating-field";
import { StatusPanel } from "~/components/sections/status-panel";
import { ErrorSummary, FormNotice, TextArea, TextField } from "~/components/support/form-fields";
import { useSupportForm } from "~/components/support/use-support-form";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { reviewWritePage as copy } from "~/content/review-write";
import { moderationPolicy } from "~/content/reviews";
import { brand, paths, support } from "~/content/site";
import type { ReviewFormPage, ReviewSaved } from "~/contracts/review-form";
import { REVIEW_LIMITS } from "~/contracts/reviews";
import { reviewInput } from "~/server/reviews/review-form.server";
import { supportFormAction } from "~/server/support/support-form.server";
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
  const page = await context.services.reviewForm.page(token);
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
      const outcome = await context.services.reviewForm.submit(params.token, input);
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

function ContactUs() {
  return (
    <>
      Write to{" "}
      <a href={`mailto:${support.email}`} className={TEXT_LINK}>
        {support.email}
      </a>{" "}
      or use our{" "}
      <Link to={paths.contact} className={TEXT_LINK}>
        contact page
      </Link>
      .
    </>
  );
}

export default function WriteReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { result, busy, noticeRef, values: posted, errors } = useSupportForm(actionData);
  const page = loaderData;

  if (result?.status === "sent") {
    return (
      <div ref={noticeRef} tabIndex={-1} className="outline-none">
        <StatusPanel icon="check" tone="success" heading={copy.thanksHeading}>
          <p data-testid="review-outcome">{result.message}</p>
          <p className="mt-4 text-base text-ink-300">{moderationPolicy}</p>
          <p className="mt-8">
            <Link to={paths.reviews} className={buttonClass("primary", "lg")}>
              {copy.readReviews}
            </Link>
          </p>
        </StatusPanel>
      </div>
    );
  }

  if (page.kind === "locked") {
    return (
      <StatusPanel icon="clock" tone="warning" heading={copy.lockedHeading}>
        <p>
          {copy.locked} <ContactUs />
        </p>
        <figure className="mt-8 rounded-card border border-white/10 bg-ink-900 p-6 text-left">
          <p className="text-sm font-bold text-gold-400">
            {page.values.rating} of 5 stars · {page.product.name}
          </p>
          {page.values.title ? <p className="mt-2 font-bold text-white">{page.values.title}</p> : null}
          <blockquote className="mt-2 whitespace-pre-line text-base text-ink-100">
            {page.values.body}
          </blockquote>
          <figcaption className="mt-3 text-sm text-ink-300">{page.values.displayName}</figcaption>
        </figure>
      </StatusPanel>
    );
  }

  const values = result ? { ...page.values, ...posted } : page.values;
  const editing = page.mode === "edit";
  return (
    <>
      <section className="border-b border-white/10 bg-ink-950">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400">{copy.eyebrow}</p>
          <h1 className="heading-display mt-3 text-headline text-white">{page.product.name}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-ink-200">{copy.lead}</p>
          <p className="mt-2 text-sm text-ink-300">Order #{page.orderNumber}</p>
        </div>
      </section>
      <div className="container-page grid gap-12 py-12 lg:grid-cols-[minmax(0,1fr)_20rem] lg:py-16">
        <section aria-labelledby="review-form-heading" className="max-w-2xl">
          <h2 id="review-form-heading" className="text-2xl font-extrabold text-white">
            {editing ? copy.editHeading : copy.formHeading}
          </h2>
          {editing && page.editableUntil ? (
            <p className="mt-2 text-ink-200">You can change it until {page.editableUntil}.</p>
          ) : null}
          <div ref={noticeRef} tabIndex={-1} className="mt-6 outline-none">
            {result?.status === "refused" ? (
              <FormNotice tone="problem">{result.message}</FormNotice>
            ) : (
              <ErrorSummary errors={errors} labels={copy.labels} />
            )}
          </div>
          <Form method="post" noValidate className="mt-6 space-y-6">
            <RatingField
              name="rating"
              legend={copy.labels.rating}
              value={values.rating}
              error={errors.rating}
            />
            <TextField
              name="title"
              label={copy.labels.title}
              hint={copy.hints.title}
              optional
              maxLength={REVIEW_LIMITS.title}
              errors={errors}
              defaultValue={values.title}
            />
            <TextArea
              name="body"
              label={copy.labels.body}
              hint={copy.hints.body}
              rows={8}
              maxLength={REVIEW_LIMITS.body}
              errors={errors}
              defaultValue={values.body}
            />
            <TextField
              name="displayName"
              label={copy.labels.displayName}
              hint={copy.hints.displayName}
              autoComplete="off"
              maxLength={REVIEW_LIMITS.displayName}
              errors={errors}
              defaultValue={values.displayName}
            />
            <p className="text-sm text-ink-300">{copy.verifiedNote}</p>
            <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary", "lg")}>
              {busy ? copy.sending : editing ? copy.submitEdit : copy.submit}
            </button>
          </Form>
        </section>
        <aside
          aria-labelledby="review-rules-heading"
          className="h-fit rounded-card border border-white/10 bg-ink-900 p-6"
        >
          <h2 id="review-rules-heading" className="text-lg font-extrabold text-white">
            How reviews are published
          </h2>
          <p className="mt-3 text-sm leading-relaxed text-ink-200">{moderationPolicy}</p>
          <p className="mt-3 text-sm leading-relaxed text-ink-200">
            You can change your review from this link for 30 days after you write it. Nothing is offered for a
            review, and writing one is up to you.
          </p>
        </aside>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [heading, text] =
    status === 404
      ? [copy.invalidHeading, copy.invalid]
      : status === 410
        ? [copy.expiredHeading, copy.expired]
        : [copy.failedHeading, "Please try again in a moment. If it keeps happening, contact us."];
  return (
    <StatusPanel icon={status === 410 ? "clock" : "alert"} tone="warning" heading={heading}>
      <p>
        {text} <ContactUs />
      </p>
    </StatusPanel>
  );
}
