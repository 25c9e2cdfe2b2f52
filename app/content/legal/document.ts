import type { RichText } from "~/content/rich-text";

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
