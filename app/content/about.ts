import { type Evidence, formulaIngredients, serving } from "./formula";
import { ingredients } from "./ingredients";
import { audience, dosing, kitFacts } from "./product";
import { brand, company, paths, support } from "./site";

/**
 * The About page (issue 17): the brand's story and principles, what goes into the product, and how to
 * reach the company. Only what the facts and the site's own data support: no people, factory,
 * certificate, award or figure that shared/facts does not give. The evidence counts are computed from
 * the ingredient data, so they follow it; the route sends all of this through its loader (decision 011).
 */
const count = (rating: Evidence) => ingredients.filter((item) => item.evidence === rating).length;

export const aboutPage = {
  eyebrow: `About ${brand.name}`,
  lead: `${brand.name} makes a daily testosterone-support supplement for men ${audience.minAge}-${audience.maxAge} who want the natural route, and an at-home test kit to measure it. We show our work.`,
  story: {
    eyebrow: "Why we built it",
    title: "For men who read the label",
    paragraphs: [
      "We wanted a supplement we could check for ourselves: every dose printed, every ingredient's research laid out, the studies that found nothing included.",
      {
        // A structure/function claim: the page marks its end with the asterisk to the FDA statement.
        claim: `So that is what ${brand.name} is. The Enhancer is ${formulaIngredients.length} ingredients in ${dosing.capsules} capsules a day, no needles and no prescription, for men who want to support their own testosterone the natural way.`,
        text: "And because a feeling is not a number, there is an at-home test kit to measure where you start.",
      },
      "We will not tell you it works for everyone: the evidence does not say that, and results vary. We will tell you what the studies found, what we put in, and how to measure the difference yourself.",
    ],
  },
  principles: {
    eyebrow: "What we stand by",
    title: "Three rules",
    items: [
      {
        icon: "flask",
        title: "Evidence shown as it is",
        text: `Every ingredient on the Deep Dive carries an honest rating: ${count("moderate")} with moderate evidence, ${count("mixed")} mixed, ${count("weak")} weak. The studies that found nothing sit beside the ones that found something.`,
        link: { label: "Read the Deep Dive", to: paths.deepDive },
      },
      {
        icon: "chart",
        title: "Doses printed",
        text: `Every amount in the ${dosing.capsules}-capsule serving is on the label and on this site. Where ours is below the dose a study used, we say so, ingredient by ingredient.`,
        link: { label: "See every dose", to: `${paths.deepDive}#ingredients` },
      },
      {
        icon: "check",
        title: "Test before and after",
        text: `Measure your total testosterone at home before you start, and again with a second kit after 8-12 weeks, with results ${kitFacts.resultsTiming}.`,
        link: { label: "See the test kit", to: paths.testKit },
      },
    ],
  },
  formula: {
    eyebrow: "How it is made",
    title: "What goes into every serving",
    lead: `We print what we can back up, and this is it: each ingredient, its amount and its form, exactly as on the label. The serving: ${serving.description}. ${serving.supply.charAt(0).toUpperCase()}${serving.supply.slice(1)}.`,
    note: "Several extracts are standardised to a stated share of their active compounds: the form column gives it.",
    headings: ["Ingredient", "Per serving", "Form"],
    rows: formulaIngredients.map((item) => [item.name, item.amount, item.form]),
  },
  contact: {
    eyebrow: "Talk to us",
    title: "How to reach us",
    lead: `Questions about an order, the formula or the kit: a person answers ${support.hours}, within ${support.replyWithin}.`,
    details: [
      { label: "Company", value: company.legalName },
      { label: "Address", value: company.postalAddress },
      { label: "E-mail", value: support.email, href: `mailto:${support.email}` },
      { label: "Hours", value: support.hours },
    ],
    actions: {
      contact: { label: "Contact us", to: paths.contact },
      faq: { label: "Read the FAQ", to: paths.faq },
    },
  },
} as const;
