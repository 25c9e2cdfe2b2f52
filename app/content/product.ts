import { productPagePricing } from "./pricing";
import { brand, isPlaceholder, testLab } from "./site";

/**
 * How many of the formula's ingredients are below their studied dose ("11 of the 14"), as the facts give
 * it: ./studied-doses computes it from them, and tests/unit/studied-doses.test.ts holds this figure equal
 * to that computation, so a change of the facts or the formula fails the suite until it is stated here.
 * A literal, so that the document shell (every page) carries the figure and not the facts and the parser
 * behind it (about 1.4 KB of Brotli on every page, which held the Enhancer page at its budget's edge).
 */
export const belowStudiedDose = { count: 11, of: 14 } as const;

/**
 * The constants of spec §9 that are not prices, one source for every page that states them.
 */
export const guarantee = {
  days: 60,
  label: "60-day money-back guarantee",
  /**
   * What it covers: the one rule, said in these words wherever the guarantee is described (the
   * guarantee page, the FAQ, the terms, the Enhancer's FAQ). The refund is what was paid for the whole
   * order, and no reason is asked for, so the test kit is covered as a product, used or not, and its
   * result is neither a reason needed nor a reason refused (issue 32 item 7).
   */
  coverage:
    "It covers the whole order, the test kit included, whether or not you have used it and whatever your result.",
} as const;
export const shipping = { label: "Free shipping", dispatch: "Ships in 1-2 business days" } as const;
export const supply = { days: 30, capsules: 90, label: "30-day supply" } as const;
export const dosing = {
  capsules: 3,
  label: "3 capsules daily with the first meal",
  cycle: { on: "8-12 weeks on", off: "2-4 weeks off" },
  expectations: { energy: "2-3 weeks", full: "6-8 weeks" },
} as const;
/**
 * Spec §9's timing (2-3 weeks for energy, 6-8 weeks for the full effect) as what it is: the brand's
 * guidance on how long to take it before judging it, never a report of what men experience (issue 20).
 */
export const usageGuidance = `Give it ${dosing.expectations.full} of daily use before you judge it; check in on your energy after ${dosing.expectations.energy}.`;
export const audience = { label: "For adults 18-65", minAge: 18, maxAge: 65 } as const;
/**
 * The test kit, one source for every page and e-mail that describes it (issue 20): what it samples and
 * measures, who analyses it (site configuration), when results come (counted from the lab's receipt, in
 * one wording everywhere), what spec §9's "results available for 12 months" means, and that a kit is
 * single use (a later test takes a new kit).
 */
const resultsIn = "3-5 days";
const availableFor = "12 months";

/**
 * The lab as a sentence names it before its verb: "Acme Labs, a certified lab," once LAB_NAME names it;
 * the sandbox's made-up lab says it only stands in for one, so no one takes it for a real lab's name.
 */
export function labPhrase(name: string, fictional = false): string {
  if (isPlaceholder(name)) return "a certified lab";
  return fictional ? `${name}, the sandbox's stand-in for a certified lab,` : `${name}, a certified lab,`;
}
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const kitFacts = {
  resultsIn,
  availableFor,
  /** Every mention of when results come says exactly this. */
  resultsTiming: `${resultsIn} from when the lab receives your sample`,
  /** What "results available for 12 months" means. */
  keptOnline: `kept online in your results account for ${availableFor}`,
  sample: "a finger-prick dried blood spot",
  measures: "total testosterone",
  lab: labPhrase(testLab.name, testLab.fictional),
  singleUse: "Each kit is single use: one sample, one result.",
} as const;

/** What the kit does, in one sentence (kit page, FAQ, terms). */
export const kitSummary = `You collect ${kitFacts.sample} at home and mail it in; ${kitFacts.lab} measures your ${kitFacts.measures}.`;
export const quiz = { questions: 9, minutes: 2, label: "9 Questions, 2 Minutes" } as const;

/**
 * The full FDA statement (facts README), once per page: in the footer, under the spec's short line, at
 * this anchor, which every claim's asterisk links to (issue 32 items 5 and 14).
 */
export const fdaStatementId = "fda-statement";
export const fdaStatement =
  "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.";

/** The Enhancer as the product page shows it before (or without) the live Shopify product. */
export type ProductSummary = {
  title: string;
  description: string;
  /** Shopify's amount string, e.g. "0.25" or "39.0". */
  price: string;
  priceLabel: string;
};

export const defaultEnhancer: ProductSummary = {
  title: `${brand.name} Enhancer`,
  description:
    "A daily testosterone-support capsule: 14 researched ingredients, every dose on the label, 3 capsules with your first meal. No needles, no prescription.",
  price: productPagePricing.defaultPrice,
  priceLabel: productPagePricing.defaultPriceLabel,
};

export const testKitProduct = {
  title: "At-Home Testosterone Test Kit",
  description: `Collect a finger-prick dried blood spot at home and mail it in the prepaid return envelope. ${capitalized(kitFacts.lab)} measures your total testosterone, and your results are ready ${kitFacts.resultsTiming}.`,
} as const;

/** The drawn product images (local SVG, fixed intrinsic size so nothing shifts). */
export const images = {
  bottle: { src: "/images/forge-enhancer-bottle.svg", width: 480, height: 600 },
  kit: { src: "/images/forge-test-kit.svg", width: 560, height: 440 },
} as const;

/** The Enhancer page's copy beyond the product itself. */
export const enhancerPage = {
  addToCart: "Add to Cart",
  facts: [supply.label, dosing.label, audience.label],
  assurances: [guarantee.label, shipping.label, shipping.dispatch],
  tabsLabel: "Product details",
  tabs: { inside: "What's Inside", natural: "Natural vs TRT", reviews: "Reviews", faq: "FAQ" },
  inside: {
    title: "Per 3-capsule serving",
    link: "See the research behind every dose",
    more: "The research",
  },
  reviews: {
    text: "Every published review, good or bad, is on the Reviews page.",
    link: "Go to the Reviews page",
    latest: "Latest reviews",
  },
  bundle: {
    // No "save" here: the card shows a saving only when the live offers prove one (decision 091).
    eyebrow: "A full cycle",
    title: "3-month bundle",
    text: "Three bottles: one full 8-12 week cycle.",
    button: "Add Bundle to Cart",
  },
  upsell: {
    eyebrow: "Know your number",
    title: "Add the at-home test kit",
    text: "Test before you start and again after 8-12 weeks to see what changed.",
    link: "See the Test Kit",
  },
} as const;
