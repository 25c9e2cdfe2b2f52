import { dosing } from "./product";

/** The Deep Dive's copy, written from shared/facts (README and ingredients.json). */
export const deepDiveIntro = {
  eyebrow: "The science, honestly",
  lead: "What each ingredient is thought to do, what the studies found (including the ones that found nothing), the doses they used beside ours, and who should not take it.",
} as const;

export const mechanisms = {
  title: "Four ways the formula is meant to work",
  lead: "Proposed mechanisms, not promises. Most evidence comes from small trials; the ingredient breakdown below rates each one.",
  items: [
    {
      title: "Stress and cortisol",
      text: "Cortisol rises with stress. Ashwagandha is an adaptogen proposed to act on the stress axis, and tongkat ali was studied in moderately stressed adults, where cortisol fell and testosterone rose.",
      ingredients: ["Ashwagandha", "Tongkat ali"],
    },
    {
      title: "The brain's signal (LH)",
      text: "The pituitary's luteinizing hormone tells the testes to make testosterone. D-aspartic acid raised LH in one short trial, and Mucuna's L-dopa went with higher LH in infertile men.",
      ingredients: ["D-aspartic acid", "Mucuna pruriens"],
    },
    {
      title: "Free versus bound",
      text: "Testosterone bound to SHBG is less available to the body. Magnesium is proposed to loosen that binding, and boron lowered SHBG within hours in a small study.",
      ingredients: ["Magnesium", "Boron"],
    },
    {
      title: "Closing gaps",
      text: "Zinc and vitamin D deficiency go with low testosterone. Correcting a deficiency helped in some studies; topping up men who already had enough did not.",
      ingredients: ["Zinc", "Vitamin D3", "Selenium"],
    },
  ],
} as const;

export const upperLimits = {
  title: "Count every source",
  lead: "Upper limits include food and any multivitamin you take. Per day:",
  items: [
    { nutrient: "Vitamin D", limit: "4,000 IU", serving: "2,000 IU" },
    { nutrient: "Zinc", limit: "40 mg", serving: "15 mg" },
    { nutrient: "Boron", limit: "20 mg", serving: "6 mg" },
    { nutrient: "Selenium", limit: "400 µg", serving: "100 µg" },
    { nutrient: "Magnesium (supplements only)", limit: "350 mg", serving: "50 mg" },
  ],
} as const;

export const timing = {
  title: "Timing",
  items: [
    { label: "Daily", value: dosing.label },
    { label: "Cycle", value: `${dosing.cycle.on}, ${dosing.cycle.off}` },
    { label: "Check in on energy", value: `After ${dosing.expectations.energy}` },
    { label: "Judge it after", value: `${dosing.expectations.full}` },
  ],
  note: "Results vary from man to man, and some men notice little.",
} as const;

export const monitoring = {
  title: "Monitoring",
  items: [
    "Before you start: two early-morning total testosterone tests on separate days (AUA 2018 guideline; low is below 300 ng/dL).",
    "After 8-12 weeks, the length of the trials: retest with the same lab, the same assay and the same morning timing.",
    "Saliva and blood (serum) results are not interchangeable: compare like with like.",
  ],
} as const;

export const stopSigns = {
  title: "Stop and see a doctor if",
  items: [
    "You get jaundice (yellowing skin or eyes) or itching: a sign to check your liver.",
    "You notice symptoms of a thyroid problem.",
    "You take diabetes medication and get low blood sugar.",
  ],
} as const;

export const interactionNotes = {
  title: "Interactions",
  items: [
    { drug: "Blood thinners (warfarin)", ingredients: "Fenugreek, ginseng, ginger" },
    { drug: "Diabetes medication", ingredients: "Fenugreek, ashwagandha, ginseng" },
    { drug: "Thyroid medication", ingredients: "Ashwagandha" },
    { drug: "Immunosuppressants", ingredients: "Ashwagandha" },
    { drug: "Sedatives, anticonvulsants, blood-pressure drugs", ingredients: "Ashwagandha" },
    { drug: "Propranolol", ingredients: "Tongkat ali (lowered its levels in a study)" },
    { drug: "Levodopa, MAO inhibitors, antipsychotics", ingredients: "Mucuna (L-dopa)" },
    { drug: "Quinolone and tetracycline antibiotics", ingredients: "Zinc, magnesium (take apart)" },
    { drug: "Bisphosphonates", ingredients: "Magnesium (take apart)" },
  ],
  note: "On any prescription medicine, ask your doctor or pharmacist first.",
} as const;

/**
 * Said once above the study cards: what the studies are, and what they are not. Here, not beside the
 * studies (./studies.ts): the page shows it, and the studies travel only with the cards (decision 146).
 */
export const studiesNote =
  "These are studies of the ingredients, mostly each on its own, not of the Enhancer, and often at other doses than ours. Some studied men with infertility or with low testosterone: that is who took part, not who the Enhancer is for. It is not intended to diagnose, treat, cure, or prevent any disease.";

export const deepDiveSections = {
  nav: [
    { label: "Mechanisms", href: "#mechanisms" },
    { label: "Ingredients", href: "#ingredients" },
    { label: "Safety", href: "#safety" },
    { label: "Timing", href: "#timing" },
    { label: "FAQ", href: "#faq" },
  ],
  ingredients: {
    eyebrow: "Ingredient by ingredient",
    title: "All 14, with the receipts",
    lead: "The dosage is what one 3-capsule serving contains. Studies with a confirmed PubMed or DOI record are linked; the rest are named without a link.",
  },
  /** The sticky menu over the ingredient cards. */
  jumpMenu: { label: "Jump to ingredient", shortLabel: "Jump to" },
  safety: { eyebrow: "Safety first", title: "Safety and cautions" },
  timing: { eyebrow: "Using it", title: "Timing, monitoring and interactions" },
  faq: { eyebrow: "FAQ", title: "Deep Dive questions" },
} as const;
