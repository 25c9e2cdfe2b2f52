/**
 * The studied dose of each ingredient, as shared/facts/ingredients.json gives it (its `name` and `dose`):
 * a light copy for pages whose JavaScript must not carry the studies (./ingredients.ts has them all).
 * tests/unit/content-ingredients.test.ts keeps it equal to the shared file. Do not edit by hand.
 */
export const studiedDoseFacts = [
  {
    name: "Vitamin D3 (cholecalciferol)",
    dose: "≈2,857–3,332 IU/day in RCTs (20,000 IU/week; 3,332 IU/day)",
  },
  { name: "Zinc", dose: "≈30 mg elemental zinc/day (459 µmol/day as zinc gluconate)" },
  {
    name: "Magnesium",
    dose: "10 mg/kg body weight/day in the only T trial (≈750 mg/day at 75 kg — above the 350 mg supplemental UL)",
  },
  { name: "Boron", dose: "10 mg/day (positive uncontrolled study); 2.5 mg/day (null RCT)" },
  { name: "Ashwagandha root extract (KSM-66)", dose: "600–675 mg/day root extract" },
  {
    name: "Tongkat ali (Eurycoma longifolia)",
    dose: "100–200 mg/day standardized water extract (Physta); 200–300 mg/day in other trials (Tambi 2012; Ismail 2012)",
  },
  { name: "Fenugreek seed extract (Trigonella foenum-graecum)", dose: "600 mg/day standardized extract" },
  { name: "Shilajit, purified (PrimaVie)", dose: "500 mg/day (250 mg twice daily)" },
  {
    name: "D-aspartic acid",
    dose: "≈3 g/day sodium D-aspartate (per secondary summary of Topo 2009); 3–6 g/day in trained men",
  },
  {
    name: "Tribulus terrestris",
    dose: "10–20 mg/kg/day extract in the null RCT; e.g., 250 mg extract/capsule (Androsten, Salgado 2016)",
  },
  { name: "Mucuna pruriens (velvet bean)", dose: "5 g/day seed powder (Shukla 2010)" },
  {
    name: "Panax ginseng (Asian/Korean red ginseng)",
    dose: "1.5 g/day Korean red ginseng (infertility RCT)",
  },
  { name: "Selenium", dose: "200 µg/day (infertility RCT); 300 µg/day (null RCT)" },
  {
    name: "Ginger (Zingiber officinale)",
    dose: "Not reported in the T study abstract; 500 mg/day powder (250 mg twice daily) in a 3-month RCT on sperm DNA",
  },
] as const;
