import { belowStudiedDose, dosing, guarantee, usageGuidance } from "./product";

/**
 * Each page's FAQ. An accordion shows them; a FAQPage JSON-LD repeats them for search engines. The
 * Enhancer's is in enhancer-faqs.ts, so that its page loads none of the others.
 */
export type Faq = { question: string; answer: string };

export const deepDiveFaqs: readonly Faq[] = [
  {
    question: "How long before I notice anything?",
    answer: `${usageGuidance} That is our guidance, not a promise: results vary, and some men notice little.`,
  },
  {
    question: "Why cycle it?",
    answer: `Take it ${dosing.cycle.on}, then ${dosing.cycle.off}: that cycle is our guidance. The trials behind the three ingredients with moderate evidence (ashwagandha, tongkat ali and fenugreek) lasted from 4 weeks to 90 days, and the US National Center for Complementary and Integrative Health says ashwagandha may be safe for up to 3 months, with its long-term safety unknown. So we suggest a break rather than taking it without end.`,
  },
  {
    question: "Why are some doses lower than in the studies?",
    answer: `${belowStudiedDose.of} ingredients share ${dosing.capsules} capsules, so ${belowStudiedDose.count} of the ${belowStudiedDose.of} are below the studied dose: D-aspartic acid, ginseng, Mucuna and magnesium by far. Each card above shows the studied dose beside ours, so you can judge for yourself.`,
  },
  {
    question: "Can I take it with my medication?",
    answer:
      "Several ingredients interact with common medicines, including blood thinners, diabetes and thyroid medication, propranolol and levodopa. Check the interaction notes above and ask your doctor or pharmacist first.",
  },
  {
    question: "Is it a replacement for TRT?",
    answer:
      "No. TRT is a prescription medicine for diagnosed low testosterone. This is a dietary supplement, not a medicine: it does not diagnose, treat or cure low testosterone, and it is not for men on testosterone therapy. If your tests show low testosterone, talk to a doctor.",
  },
];

export const broScienceFaqs: readonly Faq[] = [
  {
    question: "Is this just another overhyped booster?",
    answer:
      "No. Every dose is on the label, and the key studies of each ingredient, the weak ones too, are on the Deep Dive. Read it, then decide.",
  },
  {
    question: "Will it turn me into a monster overnight?",
    answer: `No. ${usageGuidance} You still have to train, eat and sleep.`,
  },
  {
    question: "Why not just get on TRT?",
    answer:
      "TRT is a prescription medicine for diagnosed low testosterone, and that call is yours and your doctor's. This is a dietary supplement, not a medicine, and it is not for men on testosterone therapy. Think your levels are low? Get tested and talk to a doctor.",
  },
  {
    question: "What if it does nothing for me?",
    answer: `You get the ${guarantee.label}. No drama.`,
  },
];
