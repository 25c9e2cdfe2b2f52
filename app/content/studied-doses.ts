import { formula } from "./facts/formula";
import { studiedDoseFacts } from "./facts/studied-doses";

/**
 * Which of the formula's ingredients are below the dose they were studied at, computed from the checked
 * facts (issue 32 item 4): the serving's amount (formula.json) beside the dose each ingredient's facts
 * lead with (ingredients.json's `dose`). Where that dose is a range, "below" means below its lower end;
 * a dose per kg of body weight is taken at 75 kg, as the facts do for magnesium. An ingredient whose
 * studied dose was not reported is neither below nor at it. Light enough for every page that says the
 * number: it reads the dose lines, not the studies.
 */

/** An amount in milligrams, or in IU (vitamin D), the two things a dose here is measured in. */
export type Dose = { amount: number; unit: "mg" | "IU" };

export type DoseStanding = "below" | "at or above" | "not reported";

/** The body weight a dose per kg is taken at (the facts' own figure for magnesium). */
export const referenceBodyWeightKg = 75;

const toMg = { g: 1000, mg: 1, µg: 0.001 } as const;
const number = (text: string) => Number(text.replace(/,/g, ""));

/**
 * The first amount in a line, as its lower end when it is a range: "≈2,857–3,332 IU/day" → 2,857 IU;
 * "1.5 g/day" → 1,500 mg; "10–20 mg/kg/day" → 750 mg (at 75 kg); "100 µg" → 0.1 mg. Undefined when the
 * line says the dose was not reported.
 */
export function firstDose(text: string): Dose | undefined {
  if (/^not reported/i.test(text.trim())) return undefined;
  const match = /(\d[\d,.]*)(?:\s*[–-]\s*\d[\d,.]*)?\s*(g|mg|µg|IU)(\/kg)?(?![a-z])/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`No dose in "${text}"`);
  const perKg = match[3] ? referenceBodyWeightKg : 1;
  const unit = match[2] as keyof typeof toMg | "IU";
  if (unit === "IU") return { amount: number(match[1]) * perKg, unit: "IU" };
  return { amount: number(match[1]) * toMg[unit] * perKg, unit: "mg" };
}

/** The facts' entry for a formula ingredient: the one whose name starts with the same word. */
function factsFor(name: string) {
  const word = (text: string) => text.split(/[\s,]+/)[0]?.toLowerCase();
  const matches = studiedDoseFacts.filter((entry) => word(entry.name) === word(name));
  if (matches.length !== 1 || !matches[0]) throw new Error(`${name}: ${matches.length} fact entries`);
  return matches[0];
}

function standing(served: Dose, studied: Dose | undefined): DoseStanding {
  if (!studied) return "not reported";
  if (served.unit !== studied.unit) throw new Error(`${served.unit} beside ${studied.unit}`);
  return served.amount < studied.amount ? "below" : "at or above";
}

export const doseStandings = formula.ingredients.map((ingredient) => {
  const served = firstDose(ingredient.amount);
  if (!served) throw new Error(`${ingredient.name}: no amount`);
  const studied = firstDose(factsFor(ingredient.name).dose);
  return { name: ingredient.name, served, studied, standing: standing(served, studied) };
});

/** "11 of the 14": how many ingredients are below their studied dose, of how many. */
export const belowStudiedDose = {
  count: doseStandings.filter((entry) => entry.standing === "below").length,
  of: formula.ingredients.length,
} as const;
