import { formula } from "~/content/facts/formula";
import { ingredientFacts as facts } from "~/content/facts/ingredients";
import type { Evidence } from "./formula";

export { type Evidence, evidenceLabels, serving } from "./formula";

/**
 * The 14 ingredients of the Enhancer, from the checked facts in ./facts (copies of shared/facts,
 * kept equal by tests/unit/content-ingredients.test.ts). The dosage is the formula's amount; studies,
 * evidence and safety come from the facts; the sentences are the site's own.
 */
export type Study = {
  citation: string;
  population: string;
  dose: string;
  duration: string;
  finding: string;
  /** Only for confirmed identifiers (facts README): PubMed first, else the DOI. */
  link?: { href: string; label: string };
};

export type Ingredient = {
  id: string;
  name: string;
  /** The formula's amount per 3-capsule serving. */
  dosage: string;
  form: string;
  mechanism: string;
  /** The studied dose beside the serving's, said plainly. */
  doseComparison: string;
  evidence: Evidence;
  evidenceSummary: string;
  studies: Study[];
  safety: {
    sideEffects: string[];
    upperLimit: string;
    avoidIf: string[];
    interactions: string[];
  };
};

type FactEntry = (typeof facts)[number];
type FormulaEntry = (typeof formula.ingredients)[number];

/** The site's own words for each ingredient, keyed by the formula's name. */
const copy: Record<
  string,
  { id: string; facts: string; mechanism: string; doseComparison: string; evidenceSummary: string }
> = {
  "Ashwagandha root extract": {
    id: "ashwagandha",
    facts: "Ashwagandha root extract (KSM-66)",
    mechanism:
      "An adaptogen thought to work through the stress (HPA) axis and cortisol. How it might raise testosterone in people has not been established.",
    doseComparison: "Studied at 600-675 mg a day of root extract; this formula has 600 mg.",
    evidenceSummary:
      "Several small placebo-controlled trials saw testosterone rise, but each used a different extract, and one measured saliva rather than blood.",
  },
  "Fenugreek seed extract": {
    id: "fenugreek",
    facts: "Fenugreek seed extract (Trigonella foenum-graecum)",
    mechanism:
      "Its steroidal saponins (such as protodioscin) are the proposed active compounds; the mechanism in people is unconfirmed.",
    doseComparison: "Studied at 600 mg a day; this formula has 300 mg, half that dose.",
    evidenceSummary:
      "Meta-analyses find an effect on total testosterone, but it is small, many trials were industry-funded, and some found nothing.",
  },
  "Tongkat ali root extract": {
    id: "tongkat-ali",
    facts: "Tongkat ali (Eurycoma longifolia)",
    mechanism:
      "Quassinoids such as eurycomanone are the proposed active compounds. In stressed adults, lower cortisol was seen alongside higher testosterone.",
    doseComparison:
      "Studied at 100-300 mg a day of water extract; this formula has 200 mg, inside that range.",
    evidenceSummary:
      "A meta-analysis of five trials is positive, but the trials are small and most used one supplier's extract.",
  },
  "Shilajit, purified": {
    id: "shilajit",
    facts: "Shilajit, purified (PrimaVie)",
    mechanism:
      "Rich in fulvic acid and dibenzo-α-pyrones. One trial saw testosterone rise while LH and FSH held steady; the mechanism is unknown.",
    doseComparison: "Studied at 500 mg a day (250 mg twice daily); this formula has 200 mg.",
    evidenceSummary:
      "A single placebo-controlled trial in healthy men aged 45-55; earlier data were uncontrolled.",
  },
  "D-aspartic acid": {
    id: "d-aspartic-acid",
    facts: "D-aspartic acid",
    mechanism:
      "An amino acid concentrated in the pituitary and the testes. In rat tissue it raised LH release and testosterone production.",
    doseComparison: "Studied at about 3 g (3,000 mg) a day or more; this formula has 200 mg, far below that.",
    evidenceSummary:
      "One 12-day trial saw LH and testosterone rise; in trained men 3 g a day changed nothing and 6 g a day lowered testosterone.",
  },
  Magnesium: {
    id: "magnesium",
    facts: "Magnesium",
    mechanism:
      "Proposed to loosen testosterone's binding to SHBG, leaving more of it available; magnesium status tracks testosterone in observational data.",
    doseComparison:
      "Studied at 10 mg per kg of body weight a day (about 750 mg at 75 kg, above the 350 mg supplement upper limit); this formula has 50 mg.",
    evidenceSummary: "One small, unblinded trial, at a dose above the supplement upper limit.",
  },
  "Panax ginseng root extract": {
    id: "panax-ginseng",
    facts: "Panax ginseng (Asian/Korean red ginseng)",
    mechanism: "Its ginsenosides have not changed serum testosterone consistently in human trials.",
    doseComparison: "Studied at 1.5 g (1,500 mg) a day of Korean red ginseng; this formula has 100 mg.",
    evidenceSummary:
      "Studied mainly for erectile function and semen quality; the effect on testosterone is inconsistent.",
  },
  "Ginger root extract": {
    id: "ginger",
    facts: "Ginger (Zingiber officinale)",
    mechanism:
      "Gingerols and shogaols are proposed antioxidants in the testes; the androgen effects come mainly from rat studies.",
    doseComparison:
      "The testosterone study did not report its dose; a 3-month trial on sperm used 500 mg a day; this formula has 100 mg.",
    evidenceSummary:
      "One uncontrolled study in infertile men; no placebo-controlled trial with a testosterone result was found.",
  },
  "Tribulus terrestris fruit extract": {
    id: "tribulus",
    facts: "Tribulus terrestris",
    mechanism:
      "Steroidal saponins (protodioscin) are proposed; no androgen-raising effect was found in young men. Nitric-oxide release is proposed for its reported sexual effects.",
    doseComparison:
      "The placebo-controlled trial used 10-20 mg per kg of body weight a day (about 750-1,500 mg at 75 kg) and found no effect; this formula has 100 mg.",
    evidenceSummary: "Taken alone, it has consistently not raised testosterone.",
  },
  "Mucuna pruriens seed extract": {
    id: "mucuna",
    facts: "Mucuna pruriens (velvet bean)",
    mechanism:
      "Supplies L-dopa, which the body turns into dopamine; in infertile men it went with lower prolactin and higher LH and testosterone.",
    doseComparison:
      "Studied at 5 g (5,000 mg) a day of seed powder; this formula has 50 mg of extract (7.5 mg L-dopa).",
    evidenceSummary: "Only studied in infertile men, by one research group, without a placebo group.",
  },
  Zinc: {
    id: "zinc",
    facts: "Zinc",
    mechanism:
      "Zinc deficiency goes with low testosterone, and cutting dietary zinc lowered testosterone in young men.",
    doseComparison: "Studied at about 30 mg a day; this formula has 15 mg.",
    evidenceSummary:
      "Testosterone rose only when a deficiency was corrected (small, uncontrolled data); no change in men who already get enough.",
  },
  Boron: {
    id: "boron",
    facts: "Boron",
    mechanism:
      "A 10 mg dose lowered SHBG within hours; after a week, free testosterone was higher and estradiol lower, in eight men.",
    doseComparison:
      "Studied at 10 mg a day (uncontrolled, positive) and 2.5 mg a day (placebo-controlled, no effect); this formula has 6 mg.",
    evidenceSummary:
      "Eight men for one week without a placebo group; a placebo-controlled trial at 2.5 mg found nothing.",
  },
  "Vitamin D3": {
    id: "vitamin-d3",
    facts: "Vitamin D3 (cholecalciferol)",
    mechanism:
      "The testosterone-making Leydig cells carry vitamin D receptors. Low vitamin D goes with low testosterone in observational data, but trials have not shown cause.",
    doseComparison:
      "Studied at about 2,857-3,332 IU a day (20,000 IU a week, or 3,332 IU a day); this formula has 2,000 IU.",
    evidenceSummary:
      "One trial in deficient, overweight men saw testosterone rise within the group; two placebo-controlled trials, one in men with low testosterone, found no effect.",
  },
  Selenium: {
    id: "selenium",
    facts: "Selenium",
    mechanism:
      "Needed for the selenoproteins of sperm structure and antioxidant defence; it did not change serum androgens in men with enough selenium.",
    doseComparison:
      "Studied at 200 µg a day in infertile men and 300 µg a day in healthy men; this formula has 100 µg.",
    evidenceSummary:
      "Testosterone rose only in infertile men given selenium and/or NAC; no effect in healthy men.",
  },
};

/** A confirmed study's link: the PubMed page when a PMID is given, else the DOI. */
export function studyLink(identifier: string, confirmed: boolean): Study["link"] {
  if (!confirmed) return undefined;
  const pmid = /PMID\s+(\d+)/.exec(identifier)?.[1];
  if (pmid) return { href: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`, label: `PMID ${pmid}` };
  const doi = /DOI\s+(10\.\S+?)(?:;|$|\s)/.exec(`${identifier} `)?.[1];
  if (doi) return { href: `https://doi.org/${doi}`, label: `DOI ${doi}` };
  return undefined;
}

function toStudy(study: FactEntry["studies"][number]): Study {
  return {
    citation: `${study.author} et al., ${study.year}, ${study.journal}`,
    population: study.population,
    dose: study.dose,
    duration: study.duration,
    finding: study.finding,
    link: studyLink(study.pmid_or_doi, study.confirmed),
  };
}

function toIngredient(entry: FormulaEntry): Ingredient {
  const words = copy[entry.name];
  if (!words) throw new Error(`No copy for formula ingredient ${entry.name}`);
  const fact = facts.find((f) => f.name === words.facts);
  if (!fact) throw new Error(`No checked facts for ${entry.name}`);
  return {
    id: words.id,
    name: entry.name,
    dosage: entry.amount,
    form: entry.form,
    mechanism: words.mechanism,
    doseComparison: words.doseComparison,
    evidence: fact.evidence as Evidence,
    evidenceSummary: words.evidenceSummary,
    studies: fact.studies.map(toStudy),
    safety: {
      sideEffects: fact.safety.side_effects,
      upperLimit: fact.safety.upper_limit,
      avoidIf: fact.safety.contraindications,
      interactions: fact.safety.interactions,
    },
  };
}

/** In the formula's order. */
export const ingredients: readonly Ingredient[] = formula.ingredients.map(toIngredient);
