import { describe, expect, it } from "vitest";
import { formula } from "~/content/facts/formula";
import { ingredientFacts as facts } from "~/content/facts/ingredients";
import { ingredients } from "~/content/ingredients";
import {
  dailyValues,
  metricAmount,
  percentDailyValue,
  supplementFacts,
  upperLimits,
} from "~/content/supplement-facts";

const panelRows = [...supplementFacts.nutrients, ...supplementFacts.others];
const label = (name: string) =>
  Object.entries(dailyValues).find(([formulaName]) => formulaName === name)?.[1].label ?? name;

describe("the Supplement Facts panel (21 CFR 101.36)", () => {
  it("states the serving and the servings per container from the formula", () => {
    expect(supplementFacts.servingSize).toBe("3 Capsules");
    expect(supplementFacts.servingsPerContainer).toBe(30);
  });

  it("lists every formula ingredient once, at the amount the ingredient list and the Deep Dive print", () => {
    expect(panelRows).toHaveLength(formula.ingredients.length);
    for (const ingredient of formula.ingredients) {
      const rows = panelRows.filter((row) => row.name === label(ingredient.name));
      expect(rows, ingredient.name).toHaveLength(1);
      const metric = metricAmount(ingredient.amount);
      expect(rows[0]?.amount.startsWith(`${metric.value.toLocaleString("en-US")} ${metric.unit}`)).toBe(true);
      // The Deep Dive's card prints the same amount (its dosage is the formula's text).
      const card = ingredients.find((entry) => entry.name === ingredient.name);
      expect(metricAmount(card?.dosage ?? "")).toEqual(metric);
    }
  });

  it("puts the nutrients with a Daily Value first, in the regulation's order, with %DV to the whole percent", () => {
    expect(supplementFacts.nutrients.map((row) => [row.name, row.amount, row.dailyValue])).toEqual([
      ["Vitamin D", "50 mcg (2,000 IU)", "250%"],
      ["Magnesium", "50 mg", "12%"],
      ["Zinc", "15 mg", "136%"],
      ["Selenium", "100 mcg", "182%"],
    ]);
    expect(percentDailyValue(50, 420)).toBe(12);
    expect(percentDailyValue(15, 11)).toBe(136);
    expect(percentDailyValue(100, 55)).toBe(182);
  });

  it("marks the other ingredients † (no Daily Value), heaviest first, with the footnote", () => {
    expect(supplementFacts.others.every((row) => row.dailyValue === "†")).toBe(true);
    const weights = supplementFacts.others.map((row) => {
      const { value, unit } = metricAmount(row.amount);
      return unit === "mg" ? value : value / 1000;
    });
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(supplementFacts.others[0]?.name).toBe("Ashwagandha root extract");
    expect(supplementFacts.footnote).toBe("† Daily Value not established.");
  });

  it("reads amounts in metric units (mcg on the label for µg)", () => {
    expect(metricAmount("2,000 IU (50 µg)")).toEqual({ value: 50, unit: "mcg" });
    expect(metricAmount("600 mg")).toEqual({ value: 600, unit: "mg" });
    expect(() => metricAmount("two scoops")).toThrow();
  });

  it("quotes upper limits that the checked facts give", () => {
    for (const limit of upperLimits) {
      const fact = facts.find((entry) => entry.name.startsWith(limit.name));
      const written = limit.amount.replace("mcg", "µg").replace(" ", "\\s?");
      expect(fact?.safety.upper_limit, limit.name).toMatch(new RegExp(written));
    }
  });
});
