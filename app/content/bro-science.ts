import type { ShownItem } from "./pricing";
import { paths } from "./site";

/** Bro Science: the loud page. Prices from pricing.ts. */
export const broHero = {
  eyebrow: "Warning: straight talk ahead",
  lead: "You train hard. You eat right. Then you let stress, bad sleep and a desk job drain your drive. Stop leaving gains on the table: support your testosterone the natural way and get back to work.",
} as const;

export const broTruths = {
  title: "The hard truths",
  items: [
    { stat: "0", label: "needles, prescriptions or clinic visits" },
    { stat: "14", label: "ingredients, every dose on the label" },
    { stat: "3", label: "capsules a day with your first meal. That's it." },
  ],
} as const;

/**
 * A plan's price is Shopify's for `item` when the server has it, else the spec's figure
 * (`defaultOffers` in pricing.ts); its "Save $X" shows only when the data proves it (decision 080).
 */
export type PricingPlan = {
  name: string;
  item: ShownItem;
  term: string;
  features: string[];
  button: string;
  featured?: boolean;
};

export const pricingPlans: readonly PricingPlan[] = [
  {
    name: "STARTER",
    item: "enhancer",
    term: "1 month",
    features: ["1 bottle, 90 capsules", "30-day supply", "Free shipping"],
    button: "Start Now",
  },
  {
    name: "BEAST MODE",
    item: "bundle_3_month",
    term: "3 months",
    features: ["3 bottles, 270 capsules", "A full 8-12 week cycle", "Free shipping"],
    button: "Go Beast Mode",
    featured: true,
  },
  {
    name: "COMPLETE",
    item: "enhancer_kit_bundle",
    term: "Enhancer plus Test Kit",
    features: ["1 bottle of Enhancer", "At-home testosterone test kit", "Know your numbers"],
    button: "Get Complete",
  },
];

export const broLinks = {
  product: { label: "See the Enhancer", to: paths.enhancer },
  quiz: { label: "Take the Quiz", to: paths.quiz },
} as const;

export const broSections = {
  plans: { eyebrow: "Pick your stack", title: "Choose your weapon" },
  faq: { eyebrow: "Straight answers", title: "Questions, answered" },
  cta: { title: "Stop reading. Start lifting." },
} as const;
