import { audience, dosing, guarantee, kitFacts, quiz, shipping, usageGuidance } from "./product";
import { paths } from "./site";

/** "Shop Enhancer ($39)": the price is Shopify's when the server has it, the spec's until then (decision 080). */
const shopEnhancerLabel = (price: string) => `Shop Enhancer (${price})`;

/** The home page's copy. Prices and constants come from pricing.ts and product.ts. */
export const hero = {
  eyebrow: "Natural testosterone support",
  /**
   * Said after the H1's claim. No "No labs": the store sells a test kit that a lab reads (issue 32).
   */
  promise: "No needles. No Rx.",
  lead: "14 researched ingredients, every dose on the label, and the dose each was studied at on the Deep Dive. No needles, no prescription. Test where you start, take 3 capsules a day, and track what changes.",
  primary: { label: shopEnhancerLabel, to: paths.enhancer },
  secondary: { label: "See the science", to: paths.deepDive },
  highlights: [guarantee.label, shipping.label, audience.label],
} as const;

export const benefits = {
  eyebrow: "Why Forge",
  title: "Built for men who want to do it naturally",
  items: [
    {
      icon: "flame",
      title: "Support natural testosterone",
      /** A structure/function claim: its title carries the asterisk to the FDA statement. */
      claim: true,
      text: "Ingredients such as ashwagandha, tongkat ali and fenugreek have been studied for their effect on testosterone in men.",
    },
    {
      icon: "bolt",
      title: "Give it time",
      text: `${usageGuidance} Results vary, and some men notice little.`,
    },
    {
      icon: "shield",
      title: "Stress resilience",
      claim: true,
      text: "Ashwagandha is an adaptogen thought to act on the stress response, and tongkat ali was studied in moderately stressed adults.",
    },
    {
      icon: "flask",
      title: "Nothing hidden",
      text: "Every dose is on the label, and the key studies of each ingredient are on the Deep Dive, including the ones that found nothing.",
    },
  ],
} as const;

export const howItWorks = {
  eyebrow: "How it works",
  title: "Test. Supplement. Track.",
  steps: [
    {
      title: "Test",
      text: "Start with a baseline. The at-home kit measures your total testosterone from a finger-prick blood spot, without a clinic visit.",
    },
    {
      title: "Supplement",
      text: `${dosing.label}, every day. Cycle ${dosing.cycle.on}, then ${dosing.cycle.off}.`,
    },
    {
      title: "Track",
      text: "After 8-12 weeks, test again with a second kit, in the early morning like the first time, to see what changed.",
    },
  ],
} as const;

export const ingredientsTeaser = {
  eyebrow: "The formula",
  title: "14 ingredients. Every dose on the label.",
  lead: "Per 3-capsule serving. The Deep Dive shows what each one does, what the studies found, and who should not take it.",
  link: { label: "Read the Deep Dive", to: paths.deepDive },
  // The Deep Dive shows each ingredient's key studies, not every study there is.
  more: "The studies behind each ingredient",
} as const;

export const bundleSection = {
  eyebrow: "Start here",
  title: "Measure it. Then build it.",
  lead: "Take the Enhancer on its own, or add the at-home test kit to know your starting point.",
  enhancer: {
    name: "Forge Enhancer",
    detail: "30-day supply · 90 capsules",
    item: "enhancer",
    button: shopEnhancerLabel,
  },
  kit: {
    name: "At-Home Test Kit",
    detail: `Results ${kitFacts.resultsTiming}`,
    item: "test_kit",
    button: (price: string) => `Add Test Kit (${price})`,
  },
} as const;

export const videosTeaser = {
  eyebrow: "Watch",
  title: "Learn before you lift",
  link: { label: "All videos", to: paths.videos },
} as const;

export const quizPromo = {
  eyebrow: "T-Quiz",
  title: quiz.label,
  lead: "Answer a few questions about your goals, sleep, training and health, and get an honest plan: what to test, whether the Enhancer is safe for you, and when.",
  link: { label: "Take the Quiz", to: paths.quiz },
} as const;

/**
 * The four trust badges. The rating's words are the store's rating computed from published reviews
 * (decision 085), filled in per page by its text slot, never a figure written here.
 */
export const trustBadges = [
  { icon: "shield", label: guarantee.label },
  { icon: "truck", label: shipping.label },
  { icon: "star", label: { rating: "all" } },
  { icon: "clock", label: shipping.dispatch },
] as const;

export const connectionTest = {
  title: "Store status",
  text: "Check that this site can reach the Shopify store and find the Enhancer.",
  button: "Test Shopify Connection",
} as const;
