import { formula } from "~/content/facts/formula";
import { formatNumber } from "~/shared/number-format";

/**
 * The Supplement Facts panel (21 CFR 101.36), generated from the formula so that its numbers are the
 * ones every other page prints. What the label rules decide here:
 * - nutrients with a Daily Value come first, in the order of 101.9(c)(8)(iv) (vitamin D, magnesium,
 *   zinc, selenium), each with its %DV to the nearest whole percent (101.36(b)(2)(iii));
 * - vitamin D is declared in micrograms, its IU in parentheses (the 2016 rule, in force since 2020);
 * - the other dietary ingredients follow below a heavy bar, heaviest first, marked "†" for "Daily
 *   Value not established" (101.36(b)(3)), botanicals named with the part of the plant used (101.4(h));
 * - the label unit for micrograms is "mcg".
 * Other ingredients (capsule shell, fillers) are not in the checked facts, so the panel does not list
 * them, and its title does not say it is the bottle's label (issue 32 item 6): a brand fills them in
 * from its manufacturer's specification before printing a label.
 */

/** FDA Daily Values for adults and children 4 years and older (101.9(c)(8)(iv)), in label units. */
export const dailyValues = {
  "Vitamin D3": { label: "Vitamin D", amount: 20, unit: "mcg" },
  Magnesium: { label: "Magnesium", amount: 420, unit: "mg" },
  Zinc: { label: "Zinc", amount: 11, unit: "mg" },
  Selenium: { label: "Selenium", amount: 55, unit: "mcg" },
} as const satisfies Record<string, { label: string; amount: number; unit: "mg" | "mcg" }>;

/** The order of 101.9(c)(8)(iv) among the nutrients this formula has. */
const nutrientOrder = ["Vitamin D3", "Magnesium", "Zinc", "Selenium"] as const;

type Metric = { value: number; unit: "mg" | "mcg" };

/** "600 mg" → 600 mg; "100 µg" → 100 mcg; "2,000 IU (50 µg)" → 50 mcg (the metric amount). */
export function metricAmount(amount: string): Metric {
  const match = /([\d,.]+)\s*(mg|µg|mcg)/.exec(amount);
  if (!match?.[1] || !match[2]) throw new Error(`No metric amount in "${amount}"`);
  return { value: Number(match[1].replace(/,/g, "")), unit: match[2] === "mg" ? "mg" : "mcg" };
}

/** %DV to the nearest whole percent. */
export function percentDailyValue(amount: number, dailyValue: number): number {
  return Math.round((amount / dailyValue) * 100);
}

const formatAmount = ({ value, unit }: Metric) => `${formatNumber(value)} ${unit}`;
const international = (amount: string) => /([\d,]+)\s*IU/.exec(amount)?.[1];

export type SupplementFactsRow = {
  name: string;
  /** Its form or source, printed under the name ("as zinc bisglycinate", "5% gingerols"). */
  detail?: string;
  amount: string;
  /** "250%", or "†" where no Daily Value is established. */
  dailyValue: string;
};

type Ingredient = (typeof formula.ingredients)[number];

function nutrientRow(
  ingredient: Ingredient,
  dv: (typeof dailyValues)[keyof typeof dailyValues],
): SupplementFactsRow {
  const metric = metricAmount(ingredient.amount);
  if (metric.unit !== dv.unit) throw new Error(`${ingredient.name}: ${metric.unit}, its DV is in ${dv.unit}`);
  const iu = international(ingredient.amount);
  return {
    name: dv.label,
    detail: `as ${ingredient.form.replace(/^(elemental, )?as /, "")}`,
    amount: iu ? `${formatAmount(metric)} (${iu} IU)` : formatAmount(metric),
    dailyValue: `${percentDailyValue(metric.value, dv.amount)}%`,
  };
}

function otherRow(ingredient: Ingredient): SupplementFactsRow {
  const { name, form } = ingredient;
  const amount = formatAmount(metricAmount(ingredient.amount));
  // The form repeats the name for D-aspartic acid, and "purified" for shilajit: said once.
  if (form.toLowerCase() === name.toLowerCase()) return { name, amount, dailyValue: "†" };
  const lastWord = name.split(/[\s,]+/).at(-1) ?? "";
  const detail = form.startsWith(`${lastWord}, `) ? form.slice(lastWord.length + 2) : form;
  return { name, detail, amount, dailyValue: "†" };
}

const byName = new Map(formula.ingredients.map((ingredient) => [ingredient.name, ingredient]));

function capsulesIn(text: string): number {
  const count = /(\d+)\s+capsules/.exec(text)?.[1];
  if (!count) throw new Error(`No capsule count in "${text}"`);
  return Number(count);
}

const capsulesPerServing = capsulesIn(formula.serving);

export const supplementFacts = {
  servingSize: `${capsulesPerServing} Capsules`,
  servingsPerContainer: capsulesIn(formula.supply) / capsulesPerServing,
  /** Nutrients with a Daily Value, above the heavy bar. */
  nutrients: nutrientOrder.map((name) => {
    const ingredient = byName.get(name);
    if (!ingredient) throw new Error(`${name} is not in the formula`);
    return nutrientRow(ingredient, dailyValues[name]);
  }),
  /** Everything else, heaviest first (a stable sort keeps the formula's order among equals). */
  others: formula.ingredients
    .filter((ingredient) => !(ingredient.name in dailyValues))
    .sort((a, b) => toMg(metricAmount(b.amount)) - toMg(metricAmount(a.amount)))
    .map(otherRow),
  footnote: "† Daily Value not established.",
} as const;

/**
 * The adult tolerable upper intakes (IOM) of the nutrients whose %DV passes 100, as the checked facts
 * give them (a unit test reads each in the facts): above 100% of the Daily Value is not above the limit.
 */
export const upperLimits = [
  { name: "Vitamin D", amount: "100 mcg" },
  { name: "Zinc", amount: "40 mg" },
  { name: "Selenium", amount: "400 mcg" },
] as const;

export const supplementFactsNote = {
  title: "The dietary ingredients, per serving",
  text: `Amounts per ${capsulesPerServing}-capsule serving; the capsule's other ingredients are not listed here. The % Daily Value compares each nutrient with the FDA's reference amount for adults and children 4 and over; above 100% is not above the safe upper limit.`,
  limits: upperLimits.map((limit) => {
    const row = supplementFacts.nutrients.find((nutrient) => nutrient.name === limit.name);
    return `${limit.name}: ${row?.amount.replace(/ \(.*\)$/, "")} here, upper limit ${limit.amount} a day`;
  }),
  advice: "Count what you already take in other supplements: the Deep Dive lists each ingredient's limits.",
} as const;

function toMg({ value, unit }: Metric): number {
  return unit === "mg" ? value : value / 1000;
}
