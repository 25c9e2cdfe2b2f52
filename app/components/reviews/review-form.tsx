import { Form, Link } from "react-router";
import { RatingField } from "~/components/reviews/rating-field";
import { StatusPanel } from "~/components/sections/status-panel";
import { ErrorSummary, FormNotice, TextArea, TextField } from "~/components/support/form-fields";
import { useSupportForm } from "~/components/support/use-support-form";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { reviewWritePage as copy } from "~/content/review-write";
import { moderationPolicy } from "~/content/reviews";
import { paths, support } from "~/content/site";
import type { ReviewFormPage } from "~/contracts/review-form";
import { REVIEW_LIMITS } from "~/contracts/reviews";

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

/**
 * The write-a-review form (issue 18 item 2; decision 083), its errors beside the fields, and the
 * thank-you; it posts to its own page, so it works without JavaScript.
 */
export function ReviewForm({ page, actionData }: { page: ReviewFormPage; actionData: unknown }) {
  const { result, busy, noticeRef, values: posted, errors } = useSupportForm(actionData);

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

/** What a link that does not work says (404: not ours, 410: past its 90 days, else a failure), and what to do. */
export function ReviewLinkProblem({ status }: { status: number }) {
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
