/**
 * Each ingredient's safety on the Deep Dive in plain words, written from the safety fields of the
 * checked facts (shared/facts/ingredients.json): one sentence for each of the facts' side effects,
 * contraindications and interactions, in their order, and the upper limit. The facts' shorthand
 * (UL, IOM, NCCIH, arrows, "retrieved sources") is spelled out or said plainly; no figure is added.
 *
 * Keyed by the facts' ingredient name; tests/unit/content-studies.test.ts fails when an ingredient
 * has no entry, an entry matches none, or a list is not one sentence per fact.
 */
export type PlainSafety = {
  sideEffects: readonly string[];
  upperLimit: string;
  avoidIf: readonly string[];
  interactions: readonly string[];
};

const iom = "the US Institute of Medicine";
const nccih = "the US National Center for Complementary and Integrative Health";
const noneReviewed = "None documented in the sources reviewed.";

export const plainSafety: Record<string, PlainSafety> = {
  "Vitamin D3 (cholecalciferol)": {
    sideEffects: [
      "Too much raises blood calcium, which can lead to bone loss, kidney stones and calcium deposits in soft tissue.",
    ],
    upperLimit: `4,000 IU (100 µg) a day for adults, counting food and other supplements (${iom}, 2011).`,
    avoidIf: [
      "Conditions that raise the risk of too much calcium in the blood: overactive parathyroid glands, sarcoidosis, tuberculosis or lymphoma.",
    ],
    interactions: [
      "Orlistat, cholestyramine, colestipol and mineral oil lower how much vitamin D you absorb.",
      "Some medicines make the body use up vitamin D faster, lowering its level in the blood.",
      "Thiazide diuretics (water pills): a risk of too much calcium in the blood.",
    ],
  },
  Zinc: {
    sideEffects: [
      "Nausea, vomiting, stomach cramps, diarrhea, a metallic taste.",
      "High doses over a long time: copper deficiency and anemia, lower 'good' cholesterol, weaker immunity.",
    ],
    upperLimit: `40 mg a day for adults over 18, counting food and other supplements (${iom}).`,
    avoidIf: [
      "Taking more than 40 mg a day for a long time without a doctor's supervision.",
      "Zinc nasal sprays or gels: reports of lost sense of smell (an FDA warning, 2009).",
    ],
    interactions: [
      "Quinolone and tetracycline antibiotics: each lowers how much of the other you absorb.",
      "Penicillamine.",
      "High doses of zinc lower how much copper you absorb.",
    ],
  },
  Magnesium: {
    sideEffects: [
      "Diarrhea, nausea, stomach cramps, especially with the carbonate, chloride, gluconate and oxide forms.",
      "A higher risk of too much magnesium when the kidneys do not work well.",
    ],
    upperLimit: `350 mg a day from supplements and medicines; magnesium in food does not count toward it (${iom}).`,
    avoidIf: ["Kidney disease or kidney failure."],
    interactions: [
      "Bone medicines taken by mouth (bisphosphonates): take them at a different time.",
      "Tetracycline and quinolone antibiotics: magnesium binds them in the gut.",
    ],
  },
  Boron: {
    sideEffects: [
      "Skin inflammation, hair loss, loss of appetite and indigestion, reported at 1-25 g a day (not at 1 g a day or less).",
    ],
    upperLimit: `20 mg a day for adults 19 and over (${iom}, 2001); the European Food Safety Authority sets 10 mg a day.`,
    avoidIf: ["Kidney problems: the body clears boron more slowly."],
    interactions: ["None well documented at supplement doses."],
  },
  "Ashwagandha root extract (KSM-66)": {
    sideEffects: [
      "Drowsiness, stomach upset, diarrhea, vomiting.",
      "Rarely, liver injury, 2-12 weeks after starting.",
      "Case reports of an overactive thyroid and of painless thyroid inflammation.",
    ],
    upperLimit: `None set. According to ${nccih}, it may be safe for up to 3 months; its long-term safety is unknown.`,
    avoidIf: [
      "Hormone-sensitive prostate cancer.",
      "Autoimmune disease.",
      "Thyroid disorders.",
      "Surgery coming up.",
      "Liver disease (take care: liver injury is rare but reported).",
      "Pregnancy or breastfeeding.",
    ],
    interactions: [
      "Thyroid hormone medicine.",
      "Immunosuppressants.",
      "Sedatives, including benzodiazepines.",
      "Anticonvulsants (seizure medicines).",
      "Diabetes medicines.",
      "Blood-pressure medicines.",
    ],
  },
  "Tongkat ali (Eurycoma longifolia)": {
    sideEffects: [
      "In a 12-week trial of 300 mg a day in 109 men, every safety measure was similar to placebo (Ismail 2012).",
    ],
    upperLimit: "None set.",
    avoidIf: ["No safety data were found for men with prostate cancer or another hormone-sensitive cancer."],
    interactions: [
      "Propranolol (a blood-pressure and heart medicine): 200 mg of extract cut the amount of propranolol in the blood by 29% and its peak level by 42% (Salman 2010).",
    ],
  },
  "Fenugreek seed extract (Trigonella foenum-graecum)": {
    sideEffects: [
      "Diarrhea, nausea and other stomach upset; rarely dizziness or headache.",
      "Urine and sweat that smell of maple syrup.",
      "Allergic reactions.",
      "Cases of liver damage have been reported.",
      "Large doses may lower blood sugar.",
    ],
    upperLimit: `None set; the safety of large doses is uncertain (${nccih}).`,
    avoidIf: [
      "A legume allergy, such as to peanuts or chickpeas: the allergy can carry over.",
      "Pregnancy.",
      "Children (as a supplement).",
    ],
    interactions: [
      "Warfarin and other blood thinners: in a case report, blood took longer to clot with boldo and fenugreek.",
      "Diabetes medicines: a risk of low blood sugar.",
    ],
  },
  "Shilajit, purified (PrimaVie)": {
    sideEffects: ["Studies report it as generally free of side effects (a 2014 review)."],
    upperLimit: "None set.",
    avoidIf: [
      "Use only processed, verified and standardized shilajit: adulterated and counterfeit products are common (a 2014 review).",
    ],
    interactions: [noneReviewed],
  },
  "D-aspartic acid": {
    sideEffects: [
      "The trials reviewed have no long-term safety data.",
      "6 g a day lowered testosterone in men used to strength training.",
    ],
    upperLimit: "None set.",
    avoidIf: ["None specifically documented."],
    interactions: [noneReviewed],
  },
  "Tribulus terrestris": {
    sideEffects: [
      "Not convincingly linked to noticeable liver injury at usual doses (LiverTox, a liver-safety database).",
      "Single case reports of liver or kidney injury, and of priapism (a painful erection that will not go down).",
    ],
    upperLimit: "None set.",
    avoidIf: [
      "Existing liver disease: LiverTox warns that high doses could harm the liver.",
      "Tested athletes: an anti-doping study found a Tribulus supplement contaminated with a banned steroid.",
    ],
    interactions: ["None well documented."],
  },
  "Mucuna pruriens (velvet bean)": {
    sideEffects: [
      "The effects of its L-dopa: nausea, vomiting, involuntary movements, agitation, psychosis (a 2024 case report of dopamine imbalance).",
    ],
    upperLimit:
      "None set. How much L-dopa a serving of a Mucuna supplement holds is unpredictable (Cohen 2022, JAMA Neurology).",
    avoidIf: [
      "Parkinson's disease treated with levodopa.",
      "A history of psychosis.",
      "A history of melanoma, or suspicious skin spots (a warning on levodopa's label).",
      "Narrow-angle glaucoma (a warning on levodopa's label).",
    ],
    interactions: [
      "Non-selective MAO inhibitors: not to be taken with L-dopa; stop them at least 2 weeks before.",
      "Levodopa or carbidopa-levodopa: the effects add up.",
      "Antipsychotics and other dopamine blockers: they weaken its effect.",
    ],
  },
  "Panax ginseng (Asian/Korean red ginseng)": {
    sideEffects: [
      "Headache, sleep problems, digestive problems.",
      "May affect blood sugar and blood pressure.",
    ],
    upperLimit: `None set. Taken by mouth for up to 6 months, it appears safe (${nccih}).`,
    avoidIf: [
      "Diabetes treated with glucose-lowering medicines: keep an eye on your blood sugar.",
      "High blood pressure: keep an eye on it.",
    ],
    interactions: [
      "Warfarin (the studies disagree).",
      "Possibly calcium-channel blockers and other blood-pressure medicines, statins, some antidepressants (uncertain).",
      "Diabetes medicines.",
    ],
  },
  Selenium: {
    sideEffects: [
      "Too much (selenosis): brittle or lost hair and nails, stomach upset, skin rash, garlic breath, tiredness, irritability, nerve problems.",
    ],
    upperLimit: `400 µg a day for adults (${iom}, 2000); the European Food Safety Authority set 255 µg a day in 2023.`,
    avoidIf: ["Count every selenium source, food and multivitamins included, toward the upper limit."],
    interactions: ["No major ones documented in the sources reviewed."],
  },
  "Ginger (Zingiber officinale)": {
    sideEffects: ["Stomach discomfort, heartburn, diarrhea, gas."],
    upperLimit: "None set.",
    avoidIf: ["Gallstones (take care)."],
    interactions: ["Blood thinners: a concern has been raised, but not clearly shown."],
  },
};
