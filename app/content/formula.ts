import { formula } from "~/content/facts/formula";

/**
 * The light view of the formula (name, amount, form) for pages that list the ingredients without
 * their research: it keeps the studies out of those pages' JavaScript.
 */
export const formulaIngredients: readonly { name: string; amount: string; form: string }[] =
  formula.ingredients;

export const serving = { description: formula.serving, supply: formula.supply } as const;

export type Evidence = "moderate" | "mixed" | "weak";

export const evidenceLabels: Record<Evidence, { label: string; description: string }> = {
  moderate: { label: "Moderate evidence", description: "Several small positive trials, with caveats." },
  mixed: { label: "Mixed evidence", description: "Positive and null trials disagree." },
  weak: { label: "Weak evidence", description: "Little, small or uncontrolled data, or null results." },
};
