import { processors } from "~/content/legal/data-inventory";
import { interactionNotes } from "./deep-dive";
import { type Evidence, evidenceLabels } from "./formula";
import { ingredients } from "./ingredients";
import { belowStudiedDose, dosing, guarantee, kitFacts, kitSummary, shipping, supply } from "./product";
import { link, list, mailto, p, plainText, type RichText } from "./rich-text";
import { paths, support } from "./site";
import { whoShouldNot } from "./who-should-not";

/** Who gets personal data to serve an order, and why: the privacy policy's processors, in its words. */
const sharedToServeTheOrder = [
  `${processors.stripe.name} ${processors.stripe.inShort}`,
  `${processors.shopify.name} ${processors.shopify.inShort}`,
  `our e-mail provider ${processors.mail.inShort}`,
].join("; ");

/**
 * The FAQ page (issue 17): questions shoppers ask, grouped, each with a stable anchor (`/faq#<id>`:
 * links from e-mails and support replies depend on it, so an id never changes once published).
 * Answers are written from shared/facts and read every figure from the site's own modules
 * (pricing.ts, product.ts, site.ts, the formula). Timing is the brand's usage guidance, never what
 * "men report" (issue 20). The route sends this through its loader: it is data in the HTML, not
 * JavaScript (decision 011), which also keeps the studies that ingredients.ts carries off the client.
 */
export type FaqEntry = { id: string; question: string; answer: RichText };
export type FaqGroup = { id: string; title: string; entries: readonly FaqEntry[] };

const ingredientCount = ingredients.length;

/** "Ashwagandha root extract, Tongkat ali root extract and Fenugreek seed extract". */
function names(items: readonly { name: string }[]): string {
  const all = items.map((item) => item.name);
  return all.length > 1 ? `${all.slice(0, -1).join(", ")} and ${all.at(-1)}` : (all[0] ?? "");
}

const byEvidence = (rating: Evidence) => ingredients.filter((item) => item.evidence === rating);

function evidenceSentence(rating: Evidence): string {
  const items = byEvidence(rating);
  const label = evidenceLabels[rating];
  return `${label.label} (${label.description.replace(/\.$/, "").toLowerCase()}): ${names(items)}.`;
}

const trialWeeks = "8-12 weeks";

export const faqGroups: readonly FaqGroup[] = [
  {
    id: "the-enhancer",
    title: "The Enhancer",
    entries: [
      {
        id: "whats-in-it",
        question: "What is in the Enhancer?",
        answer: [
          p(
            `${ingredientCount} ingredients in every ${dosing.capsules}-capsule serving, each amount on the label:`,
          ),
          list(...ingredients.map((item) => `${item.name}: ${item.dosage}`)),
          p(
            "The ",
            link("Deep Dive", paths.deepDive),
            " shows what each one is thought to do, what the studies found, and who should not take it.",
          ),
        ],
      },
      {
        id: "does-it-work",
        question: "Does it work?",
        answer: [
          p(
            `Honestly: the evidence is modest, and we show it as it is. Of the ${ingredientCount} ingredients, we rate the evidence for each one:`,
          ),
          list(evidenceSentence("moderate"), evidenceSentence("mixed"), evidenceSentence("weak")),
          p(
            `Most studies were small, and for ${belowStudiedDose.count} of the ${belowStudiedDose.of} ingredients they used more than one serving has. Results vary from man to man, and some men notice little. If it is not for you, the ${guarantee.label} covers you.`,
          ),
        ],
      },
      {
        id: "studied-doses",
        question: "Are the doses the ones used in the studies?",
        answer: [
          p(
            `Not all of them. ${ingredientCount} ingredients share ${dosing.capsules} capsules, so ${belowStudiedDose.count} of the ${belowStudiedDose.of} are below the dose the studies used. Each one, the studied dose beside ours:`,
          ),
          list(...ingredients.map((item) => `${item.name}: ${item.doseComparison}`)),
        ],
      },
      {
        id: "instead-of-trt",
        question: "Is it a replacement for TRT?",
        answer: [
          p(
            "No. The Enhancer is a dietary supplement, not a medicine: it does not diagnose, treat or cure low testosterone, and it is no substitute for a therapy a doctor prescribes. If a test shows low testosterone, talk to a doctor.",
          ),
        ],
      },
    ],
  },
  {
    id: "taking-it",
    title: "Taking it",
    entries: [
      {
        id: "how-to-take",
        question: "How do I take it?",
        answer: [
          p(`${dosing.label}. One bottle holds ${supply.capsules} capsules: a ${supply.days}-day supply.`),
          p(
            `Cycle it: ${dosing.cycle.on}, then ${dosing.cycle.off}. That cycle is our guidance: the trials behind the three ingredients with moderate evidence (ashwagandha, tongkat ali and fenugreek) lasted from 4 weeks to 90 days, and the long-term safety of ashwagandha is unknown.`,
          ),
        ],
      },
      {
        id: "when-to-expect",
        question: "When should I expect to notice anything?",
        answer: [
          p(
            `Give it ${dosing.expectations.energy} before you judge your energy, and ${dosing.expectations.full} before you judge the whole formula. That is our guidance for how long to take it, not a promise of results.`,
          ),
          p(
            `The studies measured their results after ${trialWeeks}. Results vary from man to man, and some men notice little. To see a change in numbers rather than feel, test before you start and again after ${trialWeeks}.`,
          ),
        ],
      },
      {
        id: "who-should-not",
        question: "Who should not take it?",
        answer: [
          p("Check this list before you start. Do not take it if any of these applies to you:"),
          list(...whoShouldNot.items),
          p(
            "The ",
            link("Deep Dive's safety section", `${paths.deepDive}#safety`),
            " explains why, ingredient by ingredient. If you are unsure, ask your doctor first.",
          ),
        ],
      },
      {
        id: "medication",
        question: "Can I take it with my medication?",
        answer: [
          p(
            "Ask your doctor or pharmacist first. Several ingredients interact with common medicines (the medicine, then the ingredients to watch):",
          ),
          list(...interactionNotes.items.map((item) => `${item.drug}: ${item.ingredients}`)),
        ],
      },
    ],
  },
  {
    id: "the-test-kit",
    title: "The test kit",
    entries: [
      {
        id: "how-the-kit-works",
        question: "How does the test kit work?",
        answer: [
          p(
            `${kitSummary} In the early morning, you prick a finger, let a few drops of blood dry on the collection card, and mail it in the prepaid return envelope.`,
          ),
          p(
            `${kitFacts.singleUse} The `,
            link("test kit page", paths.testKit),
            " shows what is in the box, step by step.",
          ),
        ],
      },
      {
        id: "kit-results",
        question: "When do I get my results, and for how long can I see them?",
        answer: [
          p(
            `Your results are ready ${kitFacts.resultsTiming}, so allow for the mail on top. Your report shows your total testosterone beside the lab's reference range, and it is ${kitFacts.keptOnline}: you can come back to it, and set it beside a later test, any time in that year.`,
          ),
        ],
      },
      {
        id: "kit-diagnosis",
        question: "Is the test a diagnosis?",
        answer: [
          p(
            "No. The kit measures one thing, your total testosterone, from one sample. It is not a diagnosis and not a medical service, and we do not give medical advice on your result.",
          ),
          p(
            "A low result, or any result that worries you, is something to discuss with a doctor. Doctors confirm low testosterone with two early-morning blood tests on separate days.",
          ),
        ],
      },
      {
        id: "test-first",
        question: "Should I test before I start?",
        answer: [
          p(
            "It helps: a baseline tells you where you start. The test kit page sells the kit on its own, or in one order with a bottle of the Enhancer, each at the price checkout charges.",
          ),
          p(
            `Because each kit is single use, order a second one to test again after ${trialWeeks}, in the early morning like the first time, so the two results compare like with like.`,
          ),
        ],
      },
    ],
  },
  {
    id: "orders-and-shipping",
    title: "Orders & shipping",
    entries: [
      {
        id: "shipping",
        question: "How much is shipping, and how fast is it?",
        answer: [
          // Where we ship follows SHIPPING_COUNTRIES: the terms, rendered per request, name the countries.
          p(
            `${shipping.label} on every order. ${shipping.dispatch}. The countries we ship to are listed in our `,
            link("terms of sale", `${paths.terms}#eligibility`),
            ".",
          ),
          p(
            "Your confirmation e-mail links to your order page, where you can follow your order, with the tracking link once it ships.",
          ),
        ],
      },
      {
        id: "payment",
        question: "How do I pay, and is my card safe?",
        answer: [
          p(
            "You pay on Stripe's secure checkout page, which opens in a new tab. You enter your card there, so your card number never reaches our servers. Prices are in US dollars, and any sales tax is shown before you pay.",
          ),
        ],
      },
      {
        id: "contact",
        question: "How do I reach you?",
        answer: [
          p(
            "Use the ",
            link("contact form", paths.contact),
            " or write to ",
            mailto(support.email),
            `. A person answers ${support.hours}, within ${support.replyWithin}. If it is about an order, include your order number.`,
          ),
        ],
      },
    ],
  },
  {
    id: "guarantee-and-returns",
    title: "Guarantee & returns",
    entries: [
      {
        id: "money-back-guarantee",
        question: `How does the ${guarantee.days}-day money-back guarantee work?`,
        answer: [
          p(
            `Every order comes with a ${guarantee.label}. If it is not for you, ask for your money back within ${guarantee.days} days with your order number and the e-mail you ordered with, on the `,
            link("guarantee page", paths.guarantee),
            `. ${guarantee.coverage} The page sets out the full terms. The refund goes back to the card you paid with.`,
          ),
        ],
      },
      {
        id: "cancel",
        question: "Is it a subscription? Can I cancel an order?",
        answer: [
          p(
            "It is not a subscription: every order is a one-time purchase, so nothing renews and there is nothing to cancel later.",
          ),
          p(
            "To cancel an order you have just placed, ",
            link("contact us", paths.contact),
            ` with your order number as soon as you can: an order ${shipping.dispatch.toLowerCase()}. If it has not shipped yet, we can cancel it; once it has, the ${guarantee.label} covers you.`,
          ),
        ],
      },
    ],
  },
  {
    id: "privacy-questions",
    title: "Privacy",
    entries: [
      {
        id: "personal-data",
        question: "What do you do with my personal data?",
        answer: [
          p(
            "We use your name, address and e-mail to deliver your order and answer you, and your e-mail for the newsletter only if you sign up and confirm. We never sell your personal data or use it for advertising.",
          ),
          p(
            `To serve your order we share what each needs with the companies that do part of the work: ${sharedToServeTheOrder}. They receive it only to provide their service to us, not for their own advertising.`,
          ),
          p(
            "The ",
            link("privacy policy", paths.privacy),
            " lists what we store, why and for how long, and how to ask for a copy or for deletion.",
          ),
        ],
      },
      {
        id: "result-privacy",
        question: "Who sees my test results?",
        answer: [
          p(
            "Your sample travels to the lab with a kit ID, not your name, and your results go to you alone. We do not sell or share them. The kit ships in discreet packaging, with no product names outside.",
          ),
          p("The ", link("privacy policy", paths.privacy), " has the details."),
        ],
      },
    ],
  },
];

export const faqEntries: readonly FaqEntry[] = faqGroups.flatMap((group) => group.entries);

/** The questions as the FAQPage JSON-LD and the page's search read them: plain text. */
export const faqPlain = faqEntries.map((entry) => ({
  id: entry.id,
  question: entry.question,
  answer: plainText(entry.answer),
}));

export const faqPageCopy = {
  eyebrow: "Straight answers",
  lead: "What is in the Enhancer, how to take it, the test kit, shipping, the guarantee and your privacy.",
  notHere: "Can't find your answer?",
  contactLink: { label: "Contact us", to: paths.contact },
  sectionsLabel: "Question groups",
  search: {
    label: "Search the questions",
    placeholder: "Try “shipping” or “zinc”",
    clear: "Clear search",
    noMatch: "No questions match",
    noMatchHint: "Try another word, or ask us directly:",
  },
  linkToAnswer: "Link to this answer",
  notFound: "Can't find your question?",
} as const;
