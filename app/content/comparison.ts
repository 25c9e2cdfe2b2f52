import type { Evidence } from "./formula";
import type { ShownItem } from "./pricing";
import { belowStudiedDose, dosing } from "./product";

/**
 * How a natural cell is marked. A check mark only where the cell is a plain fact about the product
 * (no needles, no prescription), never where it rests on research: the formula's evidence is moderate
 * for 3 ingredients and mixed or weak for 11 (shared/facts), so such a cell carries its evidence grade
 * in words instead (issue 20). Nothing here says the Enhancer stands in for a prescribed therapy.
 */
export type ComparisonMark = { kind: "check" } | { kind: "evidence"; evidence: Evidence } | { kind: "none" };

export type ComparisonRow = {
  label: string;
  natural: string;
  mark: ComparisonMark;
  trt: string;
  /** An item whose live price (Shopify's, decision 091) leads the natural cell: "$39 a month". */
  price?: ShownItem;
};

/**
 * The formula's evidence grades, counted from shared/facts/ingredients.json (a unit test recounts them):
 * kept as numbers here so that the home page's JavaScript does not carry the studies.
 */
export const formulaEvidence = { ingredients: 14, moderate: 3, mixedOrWeak: 11 } as const;

const noMark: ComparisonMark = { kind: "none" };
const check: ComparisonMark = { kind: "check" };

/** Natural support beside testosterone replacement therapy (home and the Enhancer page's tab). */
export const comparison = {
  eyebrow: "The difference",
  title: "Natural support vs TRT",
  columns: { natural: "Forge Enhancer", trt: "TRT (prescription)" },
  /** The check mark's text alternative: it marks a practical difference, not an effect. */
  checkLabel: "In the Enhancer's favour:",
  rows: [
    {
      label: "What it is",
      natural: "A dietary supplement",
      mark: noMark,
      trt: "A prescription medicine for diagnosed low testosterone",
    },
    {
      label: "How you take it",
      natural: dosing.label,
      mark: noMark,
      trt: "As your doctor prescribes it: injections, gels, patches, pellets or other forms",
    },
    { label: "Needles", natural: "None", mark: check, trt: "For the injected forms" },
    { label: "Prescription", natural: "Not needed", mark: check, trt: "Required" },
    {
      label: "Blood tests",
      natural: "Optional: an at-home kit measures your total testosterone",
      mark: noMark,
      trt: "Ordered by your doctor",
    },
    {
      label: "Strength of the evidence",
      natural: `Moderate for ${formulaEvidence.moderate} of the ${formulaEvidence.ingredients} ingredients, mixed or weak for the other ${formulaEvidence.mixedOrWeak}, and ${belowStudiedDose.count} of the ${belowStudiedDose.of} are below the dose studied. The Deep Dive grades each one.`,
      mark: { kind: "evidence", evidence: "mixed" },
      trt: "Its benefits and risks for you are your doctor's to explain",
    },
    {
      label: "Cost",
      natural: "a month",
      price: "enhancer",
      mark: noMark,
      trt: "Varies with insurance and clinic",
    },
  ] satisfies readonly ComparisonRow[],
  note: "TRT is a prescription medicine, decided with a doctor. Forge Enhancer is a dietary supplement: it does not diagnose or treat low testosterone, and it is not for men on testosterone therapy. If you think your testosterone is low, talk to a doctor.",
} as const;
