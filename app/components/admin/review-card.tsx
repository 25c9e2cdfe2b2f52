import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { ADMIN_REVIEW_LIMITS, type AdminReview, type AdminReviewFormError } from "~/contracts/admin-reviews";
import { dateTime } from "./order-states";

/**
 * One review in the back office: everything the operator needs to judge it (the full text, the stars,
 * who wrote it and how it came, the rules that held it and for how long), the recorded decision, the
 * brand's reply, and the forms: publish or reject a held one with a reason, set or remove the reply.
 * Plain POST forms: they work without JavaScript.
 */

const FIELD =
  "mt-2 block w-full rounded-xl border border-ink-500 bg-ink-900 px-4 py-3 text-white placeholder:text-ink-400 focus:border-ember-400 focus:outline-2 focus:outline-ember-400";

const statusBadge = {
  published: ["Published", "border-success-400/60 text-success-400"],
  held: ["Held", "border-ember-400 text-ember-300"],
  rejected: ["Rejected", "border-danger-400 text-danger-400"],
} as const;

const sourceWords = {
  invited: "Invited after an order",
  imported: "Imported from the previous review platform",
  sample: "Sample review (sandbox)",
} as const;

function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="text-lg tracking-wider">
      <span aria-hidden="true" className="text-gold-400">
        {"★".repeat(rating)}
      </span>
      <span aria-hidden="true" className="text-ink-500">
        {"★".repeat(5 - rating)}
      </span>
    </span>
  );
}

/** A short label; `wrap` for a long one (a rule's words), which may take two lines on a phone. */
function Pill({
  className,
  children,
  wrap = false,
}: {
  className: string;
  children: string;
  wrap?: boolean;
}) {
  return (
    <span
      className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-extrabold ${
        wrap ? "whitespace-normal" : "whitespace-nowrap"
      } ${className}`}
    >
      {children}
    </span>
  );
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="mt-2 text-sm font-bold text-danger-400">
      {message}
    </p>
  );
}

type Props = {
  review: AdminReview;
  error: AdminReviewFormError | null;
  place: ReviewPlace;
  /** A held review in the list whose decision form is already in the queue above: a link there instead. */
  decidedAbove?: boolean;
};

function DecisionForm({ review, error, place }: Props) {
  const id = `${place}-note-${review.id}`;
  const invalid = error?.field === "note";
  return (
    <form
      method="post"
      noValidate
      className="mt-5 max-w-3xl rounded-xl border border-white/10 bg-ink-900/60 p-4"
    >
      <input type="hidden" name="reviewId" value={review.id} />
      <label htmlFor={id} className="block font-bold text-white">
        Reason for your decision <span className="font-normal text-ink-300">(recorded)</span>
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-300">
        Publish unless it really breaks the rule that held it, whatever its stars. Reject only when it does,
        and say how.
      </p>
      <textarea
        key={invalid ? error.value : "note"}
        id={id}
        name="note"
        rows={2}
        maxLength={ADMIN_REVIEW_LIMITS.note}
        defaultValue={invalid ? error.value : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
        className={FIELD}
      />
      {invalid ? <FieldError id={`${id}-error`} message={error.message} /> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" name="intent" value="publish" className={buttonClass("primary", "sm")}>
          Publish<span className="sr-only">{` the review by ${review.displayName}`}</span>
        </button>
        <button type="submit" name="intent" value="reject" className={buttonClass("secondary", "sm")}>
          Reject<span className="sr-only">{` the review by ${review.displayName}`}</span>
        </button>
      </div>
    </form>
  );
}

function ReplyForm({ review, error, place }: Props) {
  const id = `${place}-reply-${review.id}`;
  const invalid = error?.field === "reply";
  return (
    <details open={invalid || undefined} className="mt-4">
      <summary className="inline-flex min-h-10 cursor-pointer items-center font-bold text-ember-300 underline underline-offset-4">
        {review.reply ? "Edit or remove the public reply" : "Reply publicly"}
      </summary>
      <form method="post" noValidate className="mt-3 max-w-3xl">
        <input type="hidden" name="reviewId" value={review.id} />
        <label htmlFor={id} className="block font-bold text-white">
          {`Public reply to ${review.displayName}`}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-300">
          {`Shown under the review, from the brand. Up to ${ADMIN_REVIEW_LIMITS.reply.toLocaleString("en-US")} characters.`}
        </p>
        <textarea
          key={invalid ? error.value : (review.reply?.text ?? "")}
          id={id}
          name="reply"
          rows={3}
          maxLength={ADMIN_REVIEW_LIMITS.reply}
          defaultValue={invalid ? error.value : (review.reply?.text ?? "")}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-hint ${id}-error` : `${id}-hint`}
          className={FIELD}
        />
        {invalid ? <FieldError id={`${id}-error`} message={error.message} /> : null}
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="submit" name="intent" value="reply" className={buttonClass("secondary", "sm")}>
            Save reply
          </button>
          {review.reply ? (
            <button type="submit" name="intent" value="remove-reply" className={buttonClass("ghost", "sm")}>
              Remove reply
            </button>
          ) : null}
        </div>
      </form>
    </details>
  );
}

/**
 * A held review shows in the queue and in the list: `place` keeps the page's ids unique, and is the
 * start of the card's own id (`queue-<id>`, `list-<id>`), which links and redirects aim at.
 */
export type ReviewPlace = "queue" | "list";

export function ReviewCard({ review, error, place, decidedAbove = false }: Props) {
  const [statusText, statusClass] = statusBadge[review.status];
  const mine = error && error.reviewId === review.id ? error : null;
  const headingId = `${place}-${review.id}-heading`;
  return (
    <article
      id={`${place}-${review.id}`}
      data-review={review.id}
      aria-labelledby={headingId}
      className={`rounded-card border bg-ink-800 p-5 sm:p-6 ${
        review.status === "held" ? "border-ember-500/40" : "border-white/10"
      }`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Stars rating={review.rating} />
        <Pill className={statusClass}>{statusText}</Pill>
        {review.waiting ? (
          <Pill
            className={
              review.overdue
                ? "border-danger-400 bg-danger-600/20 text-ink-50"
                : "border-ink-400 text-ink-100"
            }
          >
            {review.waiting}
          </Pill>
        ) : null}
        {review.verified ? (
          <Pill className="border-success-400/60 text-success-400">Verified buyer</Pill>
        ) : null}
      </div>
      <h3 id={headingId} className="mt-3 break-words text-lg font-extrabold text-white">
        {review.title || `Review by ${review.displayName}`}
      </h3>
      <p className="mt-1 text-sm text-ink-300">
        {`By ${review.displayName} · ${dateTime(review.writtenAt)} · ${review.product} · ${sourceWords[review.source]}`}
        {review.orderNumber !== null ? (
          <>
            {" · "}
            <Link to={`/admin/orders/${review.orderNumber}`} className={TEXT_LINK}>
              {`Order #${review.orderNumber}`}
            </Link>
          </>
        ) : null}
      </p>
      {review.heldReasons.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-bold text-ink-100">
            {review.status === "held" ? "Held by the rules:" : "Was held by the rules:"}
          </span>
          {review.heldReasons.map((reason) => (
            <Pill key={reason} wrap className="border-ember-400/70 text-ember-300">
              {reason}
            </Pill>
          ))}
        </div>
      ) : null}
      <p className="mt-4 whitespace-pre-wrap break-words text-ink-50">{review.body}</p>
      {review.moderation ? (
        <p className="mt-4 border-l-4 border-ink-500 pl-3 text-sm text-ink-200">
          <span className="font-bold text-ink-100">
            {`${review.status === "rejected" ? "Rejected" : "Published"}${
              review.moderation.by ? ` by ${review.moderation.by}` : ""
            }${review.moderation.at ? ` on ${dateTime(review.moderation.at)}` : ""}: `}
          </span>
          <span className="break-words">{review.moderation.note}</span>
        </p>
      ) : null}
      {review.reply ? (
        <div className="mt-4 rounded-xl bg-ink-900/60 p-4 text-sm">
          <p className="font-bold text-white">
            {`Our public reply${review.reply.at ? ` · ${dateTime(review.reply.at)}` : ""}`}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-ink-100">{review.reply.text}</p>
        </div>
      ) : null}
      {review.status !== "held" ? null : decidedAbove ? (
        <p className="mt-4">
          <a href={`#queue-${review.id}`} className={TEXT_LINK}>
            Decide in the queue above
          </a>
        </p>
      ) : (
        <DecisionForm review={review} error={mine} place={place} />
      )}
      <ReplyForm review={review} error={mine} place={place} />
    </article>
  );
}
