/**
 * One choice of the sign-up page (weeks on, weeks off, bottles): native radio buttons in a fieldset,
 * each a labelled tile, as the review form's rating is drawn. Works as a plain GET form field; the
 * page redraws the calendar when one changes (decision 131).
 */
export function ChoiceGroup({
  name,
  legend,
  hint,
  options,
  value,
}: {
  name: string;
  legend: string;
  hint: string;
  options: readonly { value: number; label: string }[];
  value: number;
}) {
  const hintId = `${name}-hint`;
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="font-extrabold text-white">{legend}</legend>
      <p id={hintId} className="mt-1 text-sm text-ink-300">
        {hint}
      </p>
      <div className="mt-3 grid grid-cols-3 gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl border border-ink-500 bg-ink-800 px-2 py-2 text-sm font-bold max-sm:flex-col max-sm:gap-1 text-ink-100 transition-colors has-[:checked]:border-ember-400 has-[:checked]:bg-ember-500/15 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ember-400"
          >
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              defaultChecked={option.value === value}
              className="size-4 shrink-0 accent-ember-500 focus-visible:outline-none"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
