import { buttonClass } from "~/components/ui/button-link";
import { resultsPage } from "~/content/results-page";
import type { ResultView } from "~/contracts/results-page";

const FLAG_STYLE = {
  low: "border-ember-300 text-ember-300",
  high: "border-ember-300 text-ember-300",
  normal: "border-success-400 text-success-400",
  none: "border-ink-400 text-ink-200",
} as const;

/**
 * One result: the value as the lab gave it (and in ng/dL), the lab's range and flag in words, what it
 * means, the versions a correction replaced, how long it is kept, and deleting it sooner (a second,
 * explicit button inside a closed section: no script, no dialog).
 */
export function ResultCard({ result }: { result: ResultView }) {
  const flag = result.flag ?? "none";
  const words = resultsPage.flags[flag];
  const headingId = `result-${result.kitId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-card border border-white/10 bg-ink-900 p-6 sm:p-8"
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h3 id={headingId} className="text-xl font-extrabold text-white">
          {`Sample of ${result.collectedOn}`}
        </h3>
        <p className="text-sm text-ink-300">
          Kit <span className="font-mono tracking-widest">{result.kitId}</span>
        </p>
      </div>
      <dl className="mt-6 grid gap-6 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-300">Total testosterone</dt>
          <dd className="mt-1" data-testid="result-value">
            <span className="block text-3xl font-black text-white">{result.value}</span>
            {result.valueNgDl ? (
              <span className="mt-1 block text-sm text-ink-200">{`= ${result.valueNgDl}`}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-300">The lab's range</dt>
          <dd className="mt-1 text-lg font-bold text-white">{result.range ?? "Not reported"}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-300">The lab's flag</dt>
          <dd className="mt-2">
            <span
              className={`inline-block rounded-full border px-3 py-1 text-sm font-bold ${FLAG_STYLE[flag]}`}
            >
              {words.label}
            </span>
          </dd>
        </div>
      </dl>
      <p className="mt-6 max-w-3xl text-ink-200">{words.advice}</p>
      {result.history.length > 0 ? (
        <div className="mt-6 rounded-xl border border-white/10 bg-ink-800 p-4 text-sm">
          <p className="font-bold text-white">{resultsPage.corrected}</p>
          <ul className="mt-2 space-y-1 text-ink-200">
            {result.history.map((version) => (
              <li key={version.version}>
                {`Version ${version.version} (${version.status}), received ${version.receivedOn}: ${version.value}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-6 text-sm text-ink-300">
        {`Received ${result.receivedOn}. ${resultsPage.kept(result.deleteOn)}`}
      </p>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-bold text-ember-300">{resultsPage.delete.open}</summary>
        <form method="post" className="mt-3 max-w-xl space-y-3">
          <p className="text-ink-200">{resultsPage.delete.text}</p>
          <input type="hidden" name="kitId" value={result.kitId} />
          <button type="submit" name="intent" value="delete" className={buttonClass("secondary", "md")}>
            {resultsPage.delete.confirm}
          </button>
        </form>
      </details>
    </article>
  );
}
