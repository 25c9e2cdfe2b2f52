import { kitFacts } from "./product";

/** The test kit page's copy. Prices from pricing.ts, result times from product.ts. */
export const kitPage = {
  eyebrow: "At-home test kit",
  buy: "Add Test Kit to Cart",
  bundle: {
    title: "Kit + Enhancer bundle",
    text: "Test your baseline, take the Enhancer, and retest after 8-12 weeks.",
    /** The price is Shopify's when the server has it, the spec's until then (decision 080). */
    button: (price: string) => `Get the Bundle (${price})`,
  },
  sections: {
    bundle: "Test, then take",
    steps: { eyebrow: "How it works", title: "Four steps. No clinic." },
    contents: "What's in the box",
    privacy: { eyebrow: "Privacy", title: "Your numbers stay yours" },
  },
  highlights: [`Results in ${kitFacts.resultsIn}`, `Available for ${kitFacts.availableFor}`, "Free shipping"],
} as const;

export const kitSteps = [
  { title: "Order", text: "The kit ships in discreet packaging, free." },
  {
    title: "Collect",
    text: "Take your sample in the early morning, when testosterone is measured. It takes a few minutes.",
  },
  { title: "Mail", text: "Seal it in the prepaid return envelope and drop it in any mailbox." },
  { title: "Read", text: `Your results are ready in ${kitFacts.resultsIn}.` },
] as const;

export const kitContents = [
  "Sample collection supplies and step-by-step instructions",
  "A kit ID card that links your sample to your results",
  "A protective specimen bag",
  "A prepaid return envelope",
] as const;

export const resultsReport = {
  title: "Your results report",
  items: [
    { title: `Ready in ${kitFacts.resultsIn}`, text: "Counted from the day the lab receives your sample." },
    { title: "Total testosterone", text: "Your level beside the lab's reference range." },
    {
      title: `Available for ${kitFacts.availableFor}`,
      text: "Your report stays in your online account for a year, so you can compare it with a later test (each kit is for one test).",
    },
  ],
  note: "Retest in the morning with the same kit: saliva and blood results are not interchangeable. A low result is something to discuss with a doctor.",
} as const;

export const privacyFacts = [
  { title: "Coded samples", text: "Your sample travels with a kit ID, not your name." },
  { title: "Private results", text: "Only you receive them." },
  { title: "Never sold", text: "We do not sell or share your results." },
  { title: "Discreet packaging", text: "Plain outside, no product names." },
] as const;
