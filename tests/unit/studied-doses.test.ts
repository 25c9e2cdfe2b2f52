import { describe, expect, it } from "vitest";
import { formula } from "~/content/facts/formula";
import { ingredientFacts } from "~/content/facts/ingredients";
import { belowStudiedDose as statedOnThePages } from "~/content/product";
import { belowStudiedDose, doseStandings, firstDose } from "~/content/studied-doses";

describe("the ingredients below their studied dose (issue 32 item 4)", () => {
  it("reads the first dose of a line, a range's lower end, per kg at 75 kg, in mg or IU", () => {
    expect(firstDose("≈2,857–3,332 IU/day in RCTs (20,000 IU/week; 3,332 IU/day)")).toEqual({
      amount: 2857,
      unit: "IU",
    });
    expect(firstDose("1.5 g/day Korean red ginseng (infertility RCT)")).toEqual({ amount: 1500, unit: "mg" });
    expect(firstDose("10–20 mg/kg/day extract in the null RCT")).toEqual({ amount: 750, unit: "mg" });
    expect(firstDose("200 µg/day (infertility RCT)")).toEqual({ amount: 0.2, unit: "mg" });
    expect(firstDose("2,000 IU (50 µg)")).toEqual({ amount: 2000, unit: "IU" });
    expect(firstDose("Not reported in the T study abstract; 500 mg/day powder")).toBeUndefined();
    expect(() => firstDose("varied")).toThrow();
  });

  it("compares each of the formula's ingredients with the dose its facts lead with", () => {
    expect(doseStandings.map((entry) => entry.name)).toEqual(formula.ingredients.map((i) => i.name));
    const by = (standing: string) =>
      doseStandings.filter((entry) => entry.standing === standing).map((entry) => entry.name);
    // Ashwagandha at the bottom of 600-675 mg, tongkat ali inside 100-200 mg; ginger's dose unreported.
    expect(by("at or above")).toEqual(["Ashwagandha root extract", "Tongkat ali root extract"]);
    expect(by("not reported")).toEqual(["Ginger root extract"]);
    expect(by("below")).toHaveLength(11);
  });

  it("counts them, 11 of the 14, from the facts the site mirrors", () => {
    expect(belowStudiedDose).toEqual({ count: 11, of: 14 });
    expect(belowStudiedDose.of).toBe(ingredientFacts.length);
  });

  it("the figure the pages state (content/product) is the one the facts give", () => {
    expect(statedOnThePages).toEqual(belowStudiedDose);
  });
});
