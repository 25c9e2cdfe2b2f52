import type { RichText } from "~/content/rich-text";
import { formatDayLong } from "~/shared/dates";

/**
 * A long-form page (terms of sale, disclaimer, and any legal page that follows): numbered sections,
 * each with a stable anchor (`/legal/terms#guarantee`: checkout, e-mails and support replies link to
 * them, so an id never changes once published), and the date the text took effect.
 */
export type LegalSection = { id: string; title: string; body: RichText };

export type LegalDocument = {
  eyebrow: string;
  lead: string;
  /** ISO date (YYYY-MM-DD) from which this text applies; a change to the text gets a new date. */
  effectiveDate: string;
  sections: readonly LegalSection[];
};

/** "2026-11-23" → "November 23, 2026", the same on the server and in every browser. */
export const formatEffectiveDate = (iso: string): string => formatDayLong(iso);
