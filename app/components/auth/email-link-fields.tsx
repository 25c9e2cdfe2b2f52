import { buttonClass } from "~/components/ui/button-link";

/**
 * The e-mail address field and button of a sign-in-by-link form, for the back office and shoppers'
 * accounts alike (decision 107): the label, an optional hint, the field (marked and described when the
 * address was not valid), and "E-mail me a sign-in link". The form around it is the page's own.
 */
export function EmailLinkFields({
  id,
  hint,
  defaultValue,
  invalid,
  surface,
  className = "",
}: {
  /** The field's id; the hint and the error take it with `-hint` and `-error`. */
  id: string;
  hint?: string;
  defaultValue?: string;
  invalid: boolean;
  /** The field's background: one shade off the card's. */
  surface: string;
  className?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-bold text-white">
        E-mail address
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-300">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        required
        defaultValue={defaultValue}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-2 block min-h-12 w-full min-w-0 rounded-xl border px-4 text-base text-white placeholder:text-ink-300 focus-visible:border-ember-400 ${surface} ${invalid ? "border-danger-400" : "border-ink-500"}`}
      />
      {invalid ? (
        <p id={`${id}-error`} className="mt-2 text-sm font-bold text-danger-400">
          Enter a valid email address.
        </p>
      ) : null}
      <button type="submit" className={buttonClass("primary", "md", "mt-6 w-full sm:w-auto")}>
        E-mail me a sign-in link
      </button>
    </div>
  );
}
