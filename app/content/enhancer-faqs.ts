import type { Faq } from "./faqs";
import { audience, dosing, guarantee, kitFacts, shipping, supply } from "./product";

/** The Enhancer page's FAQ (its own module: the page loads none of the other pages' FAQs, faqs.ts). */
export const enhancerFaqs: readonly Faq[] = [
  {
    question: "How do I take it?",
    answer: `${dosing.label}. One bottle holds ${supply.capsules} capsules: a ${supply.days}-day supply.`,
  },
  {
    question: "Who is it for?",
    answer: `Men aged ${audience.minAge}-${audience.maxAge}. Do not take it with a hormone-sensitive condition, on testosterone therapy, or on blood thinners, diabetes or thyroid medication without your doctor: the Deep Dive lists every case.`,
  },
  {
    question: "When will it ship?",
    answer: `${shipping.dispatch}, with free shipping.`,
  },
  {
    question: "What if it doesn't work for me?",
    answer: `Every order comes with a ${guarantee.label}. ${guarantee.coverage}`,
  },
  {
    question: "Should I test first?",
    answer: `It helps: the at-home test kit measures your total testosterone as a baseline, with results ${kitFacts.resultsTiming}. ${kitFacts.singleUse} A second kit after 8-12 weeks shows what changed.`,
  },
];
