import { kitFacts, kitSummary } from "./product";

/**
 * The test kit page's copy. Prices are Shopify's (decision 080); what the kit samples and measures, the lab, the
 * result timing and what "available for 12 months" means from product.ts (kitFacts), the same words
 * every other page and e-mail uses.
 */
export const kitPage = {
  eyebrow: "At-home test kit",
  /** Registering the kit (issue 35 item 3): what it does today, and the link to do it. */
  register: {
    text: "Got your kit? Register it before you mail the sample: the kit ID printed on its card ties the sample to your account, and a kit can be registered once, by one account.",
    link: "Register your kit",
    path: "/results/register",
  },
  buy: "Add Test Kit to Cart",
  /**
   * The kit with a bottle of the Enhancer, in one order. It costs no less than the two bought apart, so
   * its words say what it holds and never call it a deal (decision 091).
   */
  bundle: {
    title: "The kit and a bottle of the Enhancer",
    text: "In one order: one at-home test kit and one bottle of the Enhancer, a 30-day supply. Test your baseline, then start the Enhancer.",
    /** The price is Shopify's when the server has it, the spec's until then (decision 080). */
    button: (price: string) => `Get Kit + Enhancer (${price})`,
  },
  sections: {
    bundle: "Test, then take",
    steps: { eyebrow: "How it works", title: "Four steps. No clinic." },
    contents: "What's in the box",
    privacy: { eyebrow: "Privacy", title: "Your numbers stay yours" },
  },
  highlights: [
    "Total testosterone from a finger-prick blood spot",
    `Results ${kitFacts.resultsTiming}`,
    "Free shipping",
  ],
} as const;

export const kitSteps = [
  { title: "Order", text: "The kit ships in discreet packaging, free." },
  {
    title: "Collect",
    text: "In the early morning, prick a finger and let a few drops of blood dry on the collection card. It takes a few minutes.",
  },
  { title: "Mail", text: "Seal the dry card in the prepaid return envelope and drop it in any mailbox." },
  {
    title: "Read",
    text: `Your results are ready ${kitFacts.resultsTiming}, ${kitFacts.keptOnline}. We e-mail you when they are; you sign in to read them.`,
  },
] as const;

export const kitContents = [
  "Finger-prick collection supplies, a blood-spot collection card and step-by-step instructions",
  "A kit ID card that links your sample to your results",
  "A protective specimen bag",
  "A prepaid return envelope",
] as const;

export const resultsReport = {
  title: "Your results report",
  items: [
    {
      title: "Total testosterone",
      text: `${kitSummary} Your report shows your level beside the lab's reference range.`,
    },
    {
      title: `Ready ${kitFacts.resultsTiming}`,
      text: "Counted from the lab's receipt, not from the day you mail it, so allow for the post on top.",
    },
    {
      title: `Available for ${kitFacts.availableFor}`,
      text: `Your report is ${kitFacts.keptOnline}, so you can look at it again and set it beside a later test. Then it is deleted: we e-mail you 30 days before, and you can delete it sooner. ${kitFacts.singleUse}`,
    },
  ],
  note: "To compare two results, test in the early morning both times, with the same kind of kit: saliva and blood results are not interchangeable. A low result is something to discuss with a doctor.",
} as const;

export const privacyFacts = [
  { title: "Coded samples", text: "Your sample travels with a kit ID, not your name." },
  {
    title: "Private results",
    text: "Only the account that registered the kit sees its result, signed in. Our e-mails say only that it is ready, never the result, and it is stored encrypted.",
  },
  { title: "Never sold", text: "We do not sell or share your results." },
  { title: "Discreet packaging", text: "Plain outside, no product names." },
] as const;
