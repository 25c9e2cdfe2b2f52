import { fdaStatement } from "~/content/product";

/** The full FDA statement, on every page that makes claims (facts README). */
export function FdaDisclaimer({ className = "" }: { className?: string }) {
  return (
    <aside aria-label="FDA disclaimer" className={`container-page ${className}`}>
      <p className="rounded-card border border-white/10 bg-ink-950/60 p-5 text-sm leading-relaxed text-ink-300">
        <span className="font-bold text-ink-100">*</span> {fdaStatement}
      </p>
    </aside>
  );
}
