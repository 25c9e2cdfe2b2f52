/** Numbered steps in a row (how it works: 3 on home, 4 on the kit page). */
export function Steps({
  steps,
  className = "",
}: {
  steps: readonly { title: string; text: string }[];
  className?: string;
}) {
  const columns = steps.length === 4 ? "md:grid-cols-2 xl:grid-cols-4" : "md:grid-cols-3";
  return (
    <ol className={`grid gap-4 ${columns} ${className}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="card relative overflow-hidden p-6 sm:p-7">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute -top-4 -right-1 text-[7rem] font-black leading-none text-white/[0.04]"
          >
            {index + 1}
          </span>
          <p className="text-sm font-extrabold uppercase tracking-[0.2em] text-ember-400">Step {index + 1}</p>
          <h3 className="mt-3 text-2xl font-black uppercase text-white">{step.title}</h3>
          <p className="mt-3 leading-relaxed text-ink-200">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
