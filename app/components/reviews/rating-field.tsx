import { Icon } from "~/components/ui/icon";
import { REVIEW_STARS } from "~/contracts/reviews";

/**
 * The review form's rating: five native radio buttons in a fieldset, each with a visible label ("3
 * stars") and its stars drawn beside it. No choice is made for the reviewer (none is checked at
 * first), and the labels are numbers, not words that lean one way. Works without JavaScript; the
 * first radio carries the field's id so the error summary's link lands on the group.
 */
export function RatingField({
  name,
  legend,
  value,
  error,
}: {
  name: string;
  legend: string;
  value?: string;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-bold text-white">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-5">
        {REVIEW_STARS.map((stars) => (
          <label
            key={stars}
            className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border bg-ink-800 px-4 py-2 text-sm font-bold text-ink-100 transition-colors has-[:checked]:border-ember-400 has-[:checked]:bg-ember-500/15 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ember-400 sm:flex-col sm:justify-center sm:gap-1 sm:px-2 sm:py-3 ${
              error ? "border-danger-400" : "border-ink-500"
            }`}
          >
            <input
              id={stars === 1 ? name : undefined}
              type="radio"
              name={name}
              value={String(stars)}
              required
              defaultChecked={value === String(stars)}
              aria-invalid={error ? true : undefined}
              className="size-4 shrink-0 accent-ember-500 focus-visible:outline-none"
            />
            <span className="flex text-gold-400" aria-hidden="true">
              {REVIEW_STARS.map((star) => (
                <Icon
                  key={star}
                  name="star"
                  strokeWidth={1.5}
                  className={`size-4 ${star <= stars ? "fill-current" : "text-ink-500"}`}
                />
              ))}
            </span>
            <span>{stars === 1 ? "1 star" : `${stars} stars`}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${name}-error`} className="mt-2 text-sm font-bold text-danger-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
