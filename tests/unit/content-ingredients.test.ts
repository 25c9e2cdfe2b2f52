import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formula } from "~/content/facts/formula";
import { ingredientFacts } from "~/content/facts/ingredients";
import { studiedDoseFacts } from "~/content/facts/studied-doses";
import { ingredients, studyLink } from "~/content/ingredients";

const shared = new URL("../../../shared/facts/", import.meta.url);
const hasShared = existsSync(new URL("formula.json", shared));

describe("the ingredient content", () => {
  it.skipIf(!hasShared)("keeps the facts equal to shared/facts", () => {
    const read = (name: string) => JSON.parse(readFileSync(new URL(name, shared), "utf8")) as unknown;
    expect(formula).toEqual(read("formula.json"));
    expect(ingredientFacts).toEqual(read("ingredients.json"));
    const doses = (read("ingredients.json") as { name: string; dose: string }[]).map(({ name, dose }) => ({
      name,
      dose,
    }));
    expect(studiedDoseFacts).toEqual(doses);
  });

  it("has the formula's 14 ingredients in order, each dosed at the formula's amount", () => {
    expect(ingredients).toHaveLength(14);
    expect(ingredients.map((i) => i.name)).toEqual(formula.ingredients.map((i) => i.name));
    expect(ingredients.map((i) => i.dosage)).toEqual(formula.ingredients.map((i) => i.amount));
    expect(new Set(ingredients.map((i) => i.id)).size).toBe(14);
  });

  it("states the studied dose beside the serving's", () => {
    for (const ingredient of ingredients) {
      const served = ingredient.dosage.split(" (")[0] ?? ingredient.dosage;
      expect(ingredient.doseComparison, ingredient.name).toMatch(/^(Studied|The )/);
      expect(ingredient.doseComparison, ingredient.name).toContain(`this formula has ${served}`);
    }
  });

  it("uses every fact entry once, with its evidence rating and all its studies", () => {
    const ratings = ingredients.map((i) => i.evidence).sort();
    expect(ratings).toEqual(ingredientFacts.map((f) => f.evidence).sort());
    expect(ingredients.flatMap((i) => i.studies)).toHaveLength(
      ingredientFacts.flatMap((f) => f.studies).length,
    );
    expect(ratings).toContain("mixed");
    expect(ratings).toContain("weak");
  });

  it("links a study only when its identifier is confirmed: PubMed first, else the DOI", () => {
    expect(studyLink("PMID 30460609; DOI 10.1007/s00394-018-1858-z", true)).toEqual({
      href: "https://pubmed.ncbi.nlm.nih.gov/30460609/",
      label: "PMID 30460609",
    });
    expect(studyLink("DOI 10.1016/s0899-9007(96)80058-x", true)).toEqual({
      href: "https://doi.org/10.1016/s0899-9007(96)80058-x",
      label: "DOI 10.1016/s0899-9007(96)80058-x",
    });
    expect(studyLink("unconfirmed (third-party citation lists give PMID 21154195)", false)).toBeUndefined();
    const linked = ingredients.flatMap((i) => i.studies).filter((s) => s.link);
    expect(linked).toHaveLength(ingredientFacts.flatMap((f) => f.studies).filter((s) => s.confirmed).length);
  });

  it("makes no disease claims in the site's own sentences", () => {
    const sentences = ingredients.flatMap((i) => [i.mechanism, i.doseComparison, i.evidenceSummary]);
    for (const sentence of sentences)
      expect(sentence).not.toMatch(/\b(treats?|cures?|prevents?|diagnos\w*)\b/i);
  });
});
