/**
 * Who should not take the Enhancer, written from shared/facts (README and ingredients.json): the Deep
 * Dive's full list, and the summary shown beside every button that sells it. A module of its own so
 * that the product pages load these lines without the rest of the Deep Dive's copy.
 */
export const whoShouldNot = {
  title: "Who should not take it",
  /** The same list in one breath, for beside a buy button; the full list links from it. */
  summary:
    "Not for anyone under 18, or with prostate or breast cancer or a hormone-sensitive condition, on testosterone therapy, with liver, kidney or thyroid disease, on blood thinners, diabetes or thyroid medication, immunosuppressants, propranolol, levodopa or an MAO inhibitor, or with a history of psychosis or melanoma. On any medication, ask your doctor first.",
  fullListLink: { label: "The full list, with the reasons", to: "/deep-dive#safety" },
  items: [
    "Anyone under 18: the product is for adults 18-65.",
    "Men with prostate or breast cancer or another hormone-sensitive condition, or on testosterone therapy or anabolic agents.",
    "Anyone on blood thinners (fenugreek, ginseng, ginger), diabetes medication (fenugreek, ashwagandha, ginseng), thyroid medication or with thyroid disease (ashwagandha; high selenium), or on immunosuppressants or with an autoimmune disease (ashwagandha).",
    "Anyone taking propranolol (tongkat ali).",
    "Anyone with liver disease (ashwagandha, fenugreek, Tribulus) or kidney disease (magnesium, boron).",
    "Anyone with Parkinson's disease or taking levodopa or an MAO inhibitor, or with a history of psychosis or melanoma (Mucuna's L-dopa).",
    "Anyone with a legume allergy such as peanut or chickpea (fenugreek).",
    "Anyone with surgery planned (ashwagandha).",
    "Tested athletes: supplements carry a contamination risk.",
  ],
} as const;
