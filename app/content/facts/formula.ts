/**
 * A copy of shared/facts/formula.json, the checked facts this site may state (see shared/facts/README.md).
 * tests/unit/content-ingredients.test.ts keeps it equal to the shared file. Do not edit by hand.
 */
export const formula = {
  serving: "3 capsules daily with the first meal (about 2.4 g of powder in total)",
  supply: "90 capsules per bottle: a 30-day supply",
  ingredients: [
    {
      name: "Ashwagandha root extract",
      amount: "600 mg",
      form: "full-spectrum root extract, 5% withanolides",
    },
    {
      name: "Fenugreek seed extract",
      amount: "300 mg",
      form: "standardised to 50% furostanolic saponins",
    },
    {
      name: "Tongkat ali root extract",
      amount: "200 mg",
      form: "hot-water root extract (Eurycoma longifolia)",
    },
    {
      name: "Shilajit, purified",
      amount: "200 mg",
      form: "purified, at least 50% fulvic acid",
    },
    {
      name: "D-aspartic acid",
      amount: "200 mg",
      form: "D-aspartic acid",
    },
    {
      name: "Magnesium",
      amount: "50 mg",
      form: "elemental, as magnesium bisglycinate",
    },
    {
      name: "Panax ginseng root extract",
      amount: "100 mg",
      form: "Korean red ginseng",
    },
    {
      name: "Ginger root extract",
      amount: "100 mg",
      form: "5% gingerols",
    },
    {
      name: "Tribulus terrestris fruit extract",
      amount: "100 mg",
      form: "40% saponins",
    },
    {
      name: "Mucuna pruriens seed extract",
      amount: "50 mg",
      form: "standardised to 15% L-dopa (7.5 mg L-dopa)",
    },
    {
      name: "Zinc",
      amount: "15 mg",
      form: "as zinc bisglycinate",
    },
    {
      name: "Boron",
      amount: "6 mg",
      form: "as boron citrate",
    },
    {
      name: "Vitamin D3",
      amount: "2,000 IU (50 µg)",
      form: "cholecalciferol",
    },
    {
      name: "Selenium",
      amount: "100 µg",
      form: "as L-selenomethionine",
    },
  ],
};
