import { describe, expect, it } from "vitest";
import { studiesNote } from "~/content/deep-dive";
import { ingredientFacts as facts } from "~/content/facts/ingredients";
import { plainSafety } from "~/content/ingredient-safety";
import { ingredientCardLabels, ingredients } from "~/content/ingredients";
import { plainStudies, studyKey } from "~/content/studies";

/**
 * Issue 20 items 3 and 6: the Deep Dive's study cards and safety lists in plain words, one entry for
 * every study and ingredient of the checked facts, with no research shorthand, no figure the facts do
 * not hold, and each study's population named without implying the product treats it.
 */
const factStudies = facts.flatMap((fact) => fact.studies.map((study) => ({ fact, study })));

/** The numbers a text states (3,332 is one number; the 6 of "B6" or 3 of "D3" is part of a name). */
function numbers(text: string): string[] {
  return [...text.matchAll(/(?<![A-Za-z\d.,])\d[\d,]*(?:\.\d+)?/g)].map((m) =>
    m[0].replace(/,(?=\d{3})/g, "").replace(/[,.]$/, ""),
  );
}

/** What the Deep Dive's ingredient cards show, field by field. */
const shown = ingredients.flatMap((ingredient) => [
  ingredient.mechanism,
  ingredient.doseComparison,
  ingredient.evidenceSummary,
  ...ingredient.studies.flatMap((s) => [s.citation, s.population, s.dose, s.duration, s.finding]),
  ...ingredient.safety.sideEffects,
  ingredient.safety.upperLimit,
  ...ingredient.safety.avoidIf,
  ...ingredient.safety.interactions,
  ingredientCardLabels.studies(ingredient.studies.length),
]);

const raw: [RegExp, string][] = [
  [/per trade press/i, "a researcher's note on the source"],
  [/truncated|retrieved|\babstract\b|secondary summar/i, "a researcher's note on the source"],
  [/[→←↑↓≈±≥≤−]/, "arrows and maths signs"],
  [
    /\b(TT|FT|T|E2|LH|FSH|SHBG|T3|TSH|DHEAS|RCTs?|SR|SMD|CI|UL|NCCIH|IOM|EFSA|NOAEL|AUC|Cmax|INR|KRG|NAC|HDL|AMS|HPA|GI|Se|Mg|Zn|LOH)\b/,
    "an abbreviation that is not spelled out",
  ],
  [/\bn\/a\b|\bvs\.?\s|\/day|\/kg|\d\s?y\b/i, "research shorthand"],
];

describe("plain-language studies", () => {
  it("reads the cards (a guard against an empty sweep)", () => {
    expect(factStudies.length).toBeGreaterThan(30);
    expect(shown.length).toBeGreaterThan(200);
  });

  it("has one plain entry for every study in the facts, and no entry that matches none", () => {
    const keys = factStudies.map(({ study }) => studyKey(study));
    expect(new Set(keys).size, "author and year name one study").toBe(keys.length);
    expect(Object.keys(plainStudies).sort()).toEqual([...keys].sort());
    expect(ingredients.flatMap((i) => i.studies)).toHaveLength(keys.length);
  });

  it("keeps the citation and the confirmed link, and shows the plain words", () => {
    const cards = ingredients.flatMap((i) => i.studies);
    for (const { study } of factStudies) {
      const plain = plainStudies[studyKey(study)];
      const card = cards.find(
        (c) => c.citation === `${study.author} et al., ${study.year}, ${study.journal}`,
      );
      expect(card, studyKey(study)).toBeDefined();
      expect(card?.population).toBe(plain?.who);
      expect(card?.dose).toBe(plain?.dose);
      expect(card?.duration).toBe(plain?.duration);
      expect(card?.finding).toBe(plain?.finding);
      expect(Boolean(card?.link), studyKey(study)).toBe(study.confirmed);
    }
  });

  it("states no figure the study's facts do not hold", () => {
    for (const { fact, study } of factStudies) {
      const plain = plainStudies[studyKey(study)];
      const source = numbers(
        [
          study.population,
          study.dose,
          study.duration,
          study.finding,
          study.journal,
          fact.dose,
          fact.form,
        ].join(" "),
      );
      for (const text of Object.values(plain ?? {}))
        for (const n of numbers(text)) expect(source, `${studyKey(study)}: ${n} in "${text}"`).toContain(n);
    }
  });

  it("names who was studied, plainly", () => {
    for (const { study } of factStudies) {
      const who = plainStudies[studyKey(study)]?.who ?? "";
      expect(who, studyKey(study)).toMatch(/\b(men|male|adults|studies|trials)\b/);
      if (/infertil|oligosperm/i.test(study.population))
        expect(who, studyKey(study)).toMatch(/with infertility|with a low sperm count/);
      if (/TT\s*</.test(study.population)) expect(who, studyKey(study)).toMatch(/testosterone below/);
      if (/review|meta-analysis|systematic/i.test(`${study.population} ${study.journal}`))
        expect(who, studyKey(study)).toMatch(/review|pooled/);
    }
  });

  it("never implies the product treats what a study's population had", () => {
    const plain = [
      ...Object.values(plainStudies).flatMap((s) => Object.values(s)),
      ...Object.values(plainSafety).flatMap((s) => [
        ...s.sideEffects,
        s.upperLimit,
        ...s.avoidIf,
        ...s.interactions,
      ]),
    ];
    for (const text of plain) expect(text).not.toMatch(/\b(treats?|cures?|prevents?|remed(y|ies)|heals?)\b/i);
    // Said once above the cards: who took part is not who the product is for.
    expect(studiesNote).toContain("not who the Enhancer is for");
    expect(studiesNote).toContain("not intended to diagnose, treat, cure, or prevent any disease");
  });

  it.each(raw)("shows no %s (%s)", (pattern) => {
    expect(shown.filter((text) => pattern.test(text))).toEqual([]);
    expect(studiesNote).not.toMatch(pattern);
  });
});

describe("plain-language safety", () => {
  it("has one entry for every ingredient in the facts, one sentence for each of its facts", () => {
    expect(Object.keys(plainSafety).sort()).toEqual(facts.map((f) => f.name).sort());
    for (const fact of facts) {
      const plain = plainSafety[fact.name];
      expect(plain?.sideEffects, fact.name).toHaveLength(fact.safety.side_effects.length);
      expect(plain?.avoidIf, fact.name).toHaveLength(fact.safety.contraindications.length);
      expect(plain?.interactions, fact.name).toHaveLength(fact.safety.interactions.length);
      expect(plain?.upperLimit, fact.name).toMatch(/^(None|\d)/);
      expect(plain?.upperLimit.startsWith("None"), fact.name).toBe(
        fact.safety.upper_limit.startsWith("None"),
      );
    }
  });

  it("shows the plain safety on the cards", () => {
    for (const ingredient of ingredients) {
      const plain = Object.values(plainSafety).find((s) => s === ingredient.safety);
      expect(plain, ingredient.name).toBeDefined();
    }
  });

  it("states no figure the ingredient's safety facts do not hold", () => {
    for (const fact of facts) {
      const source = numbers(
        [
          ...fact.safety.side_effects,
          fact.safety.upper_limit,
          ...fact.safety.contraindications,
          ...fact.safety.interactions,
        ].join(" "),
      );
      const plain = plainSafety[fact.name];
      const texts = plain
        ? [...plain.sideEffects, plain.upperLimit, ...plain.avoidIf, ...plain.interactions]
        : [];
      for (const text of texts)
        for (const n of numbers(text)) expect(source, `${fact.name}: ${n} in "${text}"`).toContain(n);
    }
  });
});
