import { type Evidence, evidenceLabels } from "~/content/formula";

const tone: Record<Evidence, string> = {
  moderate: "border-success-400/50 bg-success-400/10 text-success-400",
  mixed: "border-gold-400/50 bg-gold-400/10 text-gold-400",
  weak: "border-ink-300/50 bg-ink-300/10 text-ink-200",
};

/** The honest evidence rating of an ingredient: moderate, mixed or weak. */
export function EvidenceBadge({ evidence }: { evidence: Evidence }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-1 text-xs font-bold uppercase tracking-wide ${tone[evidence]}`}
    >
      {evidenceLabels[evidence].label}
    </span>
  );
}
