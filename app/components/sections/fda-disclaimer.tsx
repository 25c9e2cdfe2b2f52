import { fdaStatement } from "~/content/product";

/** The full FDA statement, in bold, beside a page's claims (facts README; 21 CFR 101.93(c)). */
export function FdaDisclaimer({ className = "" }: { className?: string }) {
  return (
    <aside aria-label="FDA disclaimer" className={`container-page ${className}`}>
      <p className="rounded-card border border-white/10 bg-ink-950/60 p-5 text-sm leading-relaxed text-ink-300">
        <strong className="font-bold text-ink-100">* {fdaStatement}</strong>
      </p>
    </aside>
  );
}
