import { formula } from "~/content/facts/formula";
import { ingredientFacts as facts } from "~/content/facts/ingredients";
import type { Evidence } from "./formula";
import { plainSafety } from "./ingredient-safety";
import { plainStudies, studyKey } from "./studies";

export { type Evidence, evidenceLabels, serving } from "./formula";

/**
 * The 14 ingredients of the Enhancer, from the checked facts in ./facts (copies of shared/facts,
 * kept equal by tests/unit/content-ingredients.test.ts). The dosage is the formula's amount; studies,
 * evidence and safety come from the facts, said in plain words by ./studies and ./ingredient-safety;
 * the sentences are the site's own.
 */
export type Study = {
  citation: string;
  /** Who was studied, named plainly (./studies). */
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
  /** A short name for the Deep Dive's jump menu. */
  shortName: string;
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
    sideEffects: readonly string[];
    upperLimit: string;
    avoidIf: readonly string[];
    interactions: readonly string[];
  };
};

type FactEntry = (typeof facts)[number];
type FormulaEntry = (typeof formula.ingredients)[number];

/** The site's own words for each ingredient, keyed by the formula's name. */
const copy: Record<
  string,
  {
    id: string;
    shortName: string;
    facts: string;
    mechanism: string;
    doseComparison: string;
    evidenceSummary: string;
  }
> = {
  "Ashwagandha root extract": {
    id: "ashwagandha",
    shortName: "Ashwagandha",
    facts: "Ashwagandha root extract (KSM-66)",
    mechanism:
      "An adaptogen thought to act on the body's stress-response system and its hormone, cortisol. How it might raise testosterone in people has not been established.",
    doseComparison: "Studied at 600-675 mg a day of root extract; this formula has 600 mg.",
    evidenceSummary:
      "In three small placebo-controlled trials, testosterone or hormone levels improved more than with placebo. They used different preparations: KSM-66 root extract in men with a low sperm count, a root extract (300 mg twice a day) in men new to strength training, and a root and leaf extract (Shoden) in a trial that measured testosterone in saliva rather than blood.",
  },
  "Fenugreek seed extract": {
    id: "fenugreek",
    shortName: "Fenugreek",
    facts: "Fenugreek seed extract (Trigonella foenum-graecum)",
    mechanism:
      "Its steroidal saponins (such as protodioscin) are the proposed active compounds; the mechanism in people is unconfirmed.",
    doseComparison: "Studied at 600 mg a day; this formula has 300 mg, half that dose.",
    evidenceSummary:
      "Meta-analyses find an effect on total testosterone, but it is small, many trials were industry-funded, and some found nothing.",
  },
  "Tongkat ali root extract": {
    id: "tongkat-ali",
    shortName: "Tongkat ali",
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
    shortName: "Shilajit",
    facts: "Shilajit, purified (PrimaVie)",
    mechanism:
      "Rich in fulvic acid and dibenzo-α-pyrones. One trial saw testosterone rise while the brain's signals to the testes (luteinizing and follicle-stimulating hormone) held steady; the mechanism is unknown.",
    doseComparison: "Studied at 500 mg a day (250 mg twice daily); this formula has 200 mg.",
    evidenceSummary:
      "A single placebo-controlled trial in healthy men aged 45-55; earlier data were uncontrolled.",
  },
  "D-aspartic acid": {
    id: "d-aspartic-acid",
    shortName: "D-aspartic acid",
    facts: "D-aspartic acid",
    mechanism:
      "An amino acid concentrated in the pituitary and the testes. In rat tissue it raised the release of luteinizing hormone (the brain's signal to make testosterone) and testosterone production.",
    doseComparison: "Studied at about 3 g (3,000 mg) a day or more; this formula has 200 mg, far below that.",
    evidenceSummary:
      "One 12-day trial saw luteinizing hormone and testosterone rise; in trained men 3 g a day changed nothing and 6 g a day lowered testosterone.",
  },
  Magnesium: {
    id: "magnesium",
    shortName: "Magnesium",
    facts: "Magnesium",
    mechanism:
      "Proposed to loosen testosterone's binding to sex hormone-binding globulin, a blood protein, leaving more of it available; magnesium status tracks testosterone in observational data.",
    doseComparison:
      "Studied at 10 mg per kg of body weight a day (about 750 mg at 75 kg, above the 350 mg supplement upper limit); this formula has 50 mg.",
    evidenceSummary: "One small trial that was not blinded, at a dose above the supplement upper limit.",
  },
  "Panax ginseng root extract": {
    id: "panax-ginseng",
    shortName: "Ginseng",
    facts: "Panax ginseng (Asian/Korean red ginseng)",
    mechanism: "Its ginsenosides have not changed serum testosterone consistently in human trials.",
    doseComparison: "Studied at 1.5 g (1,500 mg) a day of Korean red ginseng; this formula has 100 mg.",
    evidenceSummary:
      "Studied mainly for erectile function and semen quality; the effect on testosterone is inconsistent.",
  },
  "Ginger root extract": {
    id: "ginger",
    shortName: "Ginger",
    facts: "Ginger (Zingiber officinale)",
    mechanism:
      "Gingerols and shogaols are proposed antioxidants in the testes; the androgen effects come mainly from rat studies.",
    doseComparison:
      "The testosterone study did not report its dose; a 3-month trial on sperm used 500 mg a day; this formula has 100 mg.",
    evidenceSummary:
      "One study in men with infertility, without a comparison group; no placebo-controlled trial with a testosterone result was found.",
  },
  "Tribulus terrestris fruit extract": {
    id: "tribulus",
    shortName: "Tribulus",
    facts: "Tribulus terrestris",
    mechanism:
      "Steroidal saponins (protodioscin) are proposed; no androgen-raising effect was found in young men. Nitric-oxide release is proposed for its reported sexual effects.",
    doseComparison:
      "The placebo-controlled trial used 10-20 mg per kg of body weight a day (about 750-1,500 mg at 75 kg) and found no effect; this formula has 100 mg.",
    evidenceSummary: "Taken alone, it has consistently not raised testosterone.",
  },
  "Mucuna pruriens seed extract": {
    id: "mucuna",
    shortName: "Mucuna",
    facts: "Mucuna pruriens (velvet bean)",
    mechanism:
      "Supplies L-dopa, which the body turns into dopamine; in men with infertility it went with lower prolactin and higher luteinizing hormone and testosterone.",
    doseComparison:
      "Studied at 5 g (5,000 mg) a day of seed powder; this formula has 50 mg of extract (7.5 mg L-dopa).",
    evidenceSummary: "Only studied in men with infertility, by one research group, without a placebo group.",
  },
  Zinc: {
    id: "zinc",
    shortName: "Zinc",
    facts: "Zinc",
    mechanism:
      "Zinc deficiency goes with low testosterone, and cutting dietary zinc lowered testosterone in young men.",
    doseComparison: "Studied at about 30 mg a day; this formula has 15 mg.",
    evidenceSummary:
      "Testosterone rose only when a deficiency was corrected (small, uncontrolled data); no change in men who already get enough.",
  },
  Boron: {
    id: "boron",
    shortName: "Boron",
    facts: "Boron",
    mechanism:
      "A 10 mg dose lowered sex hormone-binding globulin, the blood protein that binds testosterone, within hours; after a week, free testosterone was higher and estradiol lower, in eight men.",
    doseComparison:
      "Studied at 10 mg a day (uncontrolled, positive) and 2.5 mg a day (placebo-controlled, no effect); this formula has 6 mg.",
    evidenceSummary:
      "Eight men for one week without a placebo group; a placebo-controlled trial at 2.5 mg found nothing.",
  },
  "Vitamin D3": {
    id: "vitamin-d3",
    shortName: "Vitamin D3",
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
    shortName: "Selenium",
    facts: "Selenium",
    mechanism:
      "Needed for the selenoproteins of sperm structure and antioxidant defence; it did not change serum androgens in men with enough selenium.",
    doseComparison:
      "Studied at 200 µg a day in men with infertility and 300 µg a day in healthy men; this formula has 100 µg.",
    evidenceSummary:
      "Testosterone rose only in men with infertility given selenium, N-acetylcysteine or both; no effect in healthy men.",
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

/** A facts study as its card shows it: the citation and confirmed link, the rest in plain words. */
function toStudy(study: FactEntry["studies"][number]): Study {
  const plain = plainStudies[studyKey(study)];
  if (!plain) throw new Error(`No plain copy for the study ${studyKey(study)}`);
  return {
    citation: `${study.author} et al., ${study.year}, ${study.journal}`,
    population: plain.who,
    dose: plain.dose,
    duration: plain.duration,
    finding: plain.finding,
    link: studyLink(study.pmid_or_doi, study.confirmed),
  };
}

function toIngredient(entry: FormulaEntry): Ingredient {
  const words = copy[entry.name];
  if (!words) throw new Error(`No copy for formula ingredient ${entry.name}`);
  const fact = facts.find((f) => f.name === words.facts);
  if (!fact) throw new Error(`No checked facts for ${entry.name}`);
  const safety = plainSafety[fact.name];
  if (!safety) throw new Error(`No plain safety copy for ${fact.name}`);
  return {
    id: words.id,
    name: entry.name,
    shortName: words.shortName,
    dosage: entry.amount,
    form: entry.form,
    mechanism: words.mechanism,
    doseComparison: words.doseComparison,
    evidence: fact.evidence as Evidence,
    evidenceSummary: words.evidenceSummary,
    studies: fact.studies.map(toStudy),
    safety,
  };
}

/** In the formula's order. */
export const ingredients: readonly Ingredient[] = formula.ingredients.map(toIngredient);

/** The labels of an ingredient card's two disclosures (collapsed on phones, open from 768 px). */
export const ingredientCardLabels = {
  studies: (count: number) => `${count} ${count === 1 ? "study" : "studies"}`,
  safety: "Side effects and cautions",
  /** After either summary, for a screen reader: whose studies or safety it is. */
  of: (name: string) => ` for ${name}`,
} as const;
