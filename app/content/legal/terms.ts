import { currency } from "~/content/pricing";
import { audience, fdaStatement, guarantee, kitFacts, kitSummary, shipping } from "~/content/product";
import { link, list, mailto, notice, p, strong } from "~/content/rich-text";
import { brand, company, paths, storeIdentity, support } from "~/content/site";
import { sandboxIdentityLabel } from "~/content/store-identity";
import { subscribePaths } from "~/content/subscribe-paths";
import type { LegalDocument } from "./document";

/**
 * What the terms say that checkout's settings decide (issue 32 item 9): the countries Stripe Checkout
 * ships to (SHIPPING_COUNTRIES, as names: "the United States") and whether Stripe Tax adds sales tax
 * (STRIPE_AUTOMATIC_TAX). The page renders per request from the server's own settings (decision 094).
 */
export type SaleSettings = { shipsTo: readonly string[]; automaticTax: boolean };

const listFormat = new Intl.ListFormat("en", { type: "conjunction" });

/** "the United States and Canada": names as English writes them in a sentence. */
export function countriesInProse(names: readonly string[]): string {
  const withArticle = (name: string) =>
    /^United |Islands$|Republic$|^(Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles)$/.test(
      name,
    )
      ? `the ${name}`
      : name;
  return listFormat.format(names.map(withArticle));
}

const salesTax = (automaticTax: boolean) =>
  automaticTax
    ? "Sales tax is added where it applies and is shown on the checkout page before payment."
    : "No sales tax is added at checkout: you pay the total the checkout page shows.";

/**
 * The terms of sale (issue 17), linked from checkout's terms consent. Who sells, the governing state
 * and the support address are the build's identity settings (site.ts; the sandbox's is fictional and
 * labelled here). Shipping, the guarantee and the kit's figures come from product.ts; where we ship and
 * the sales tax from checkout's settings.
 */
export const termsOfSale = (sale: SaleSettings): LegalDocument => ({
  eyebrow: "Terms of sale",
  lead: `The terms that apply when you use this site and buy from ${brand.name}. Please read them before you order: by placing an order, you accept them.`,
  effectiveDate: "2026-11-28",
  sections: [
    {
      id: "who-sells",
      title: "Who sells",
      body: [
        p(
          `This site and the ${brand.name} products are sold by ${company.legalName}, ${company.postalAddress} ("${brand.name}", "we", "us"). "You" is the person who uses the site or places an order.`,
        ),
        ...(storeIdentity.fictional
          ? [
              notice(
                strong(`${sandboxIdentityLabel}.`),
                " This is the sandbox: the company, its address and its state are made up, and no one is selling. A live store names its real company here.",
              ),
            ]
          : []),
      ],
    },
    {
      id: "eligibility",
      title: "Who can buy",
      body: [
        p(
          `You must be at least ${audience.minAge} years old to place an order. The ${brand.name} Enhancer is made for adults ${audience.minAge}-${audience.maxAge}.`,
        ),
        p(`We ship to addresses in ${countriesInProse(sale.shipsTo)} only.`),
      ],
    },
    {
      id: "prices-and-taxes",
      title: "Prices and taxes",
      body: [
        p(
          `Prices are in US dollars (${currency}). The price you pay is the one the checkout page shows before you pay. ${salesTax(sale.automaticTax)}`,
        ),
        p(
          "Prices on this site can change. A change never affects an order you have already paid for. If a price was plainly wrong because of an error, we tell you before your order ships, and you can cancel it for a full refund.",
        ),
      ],
    },
    {
      id: "payment",
      title: "Payment",
      body: [
        p(
          "Payment is taken by Stripe on its secure hosted checkout page, which opens in a new tab. You enter your card details there: they never reach our servers. Your order is accepted when the payment succeeds, and we confirm it by e-mail.",
        ),
      ],
    },
    {
      id: "shipping",
      title: "Shipping",
      body: [
        p(
          `${shipping.label} on every order. ${shipping.dispatch} once your payment succeeds; delivery after that depends on the carrier. Your confirmation e-mail links to your order page, where you can follow your order.`,
        ),
        p(
          "If an order arrives damaged or incomplete, ",
          link("contact us", paths.contact),
          " with your order number and we will put it right.",
        ),
      ],
    },
    {
      id: "guarantee",
      title: `The ${guarantee.days}-day money-back guarantee`,
      body: [
        p(
          `Every order comes with a ${guarantee.label}: if a product is not for you, you can ask for your money back within ${guarantee.days} days. ${guarantee.coverage} The full terms of the guarantee, and the form to use it, are on the `,
          link("guarantee page", paths.guarantee),
          ". Refunds go back to the card you paid with.",
        ),
        p(
          "An order is a one-time purchase and nothing renews, unless you subscribe (below). To cancel an order that has not shipped yet, ",
          link("contact us", paths.contact),
          " as soon as you can.",
        ),
      ],
    },
    {
      id: "subscriptions",
      title: "Subscriptions",
      body: [
        p(
          `You can subscribe to the ${brand.name} Enhancer on the `,
          link("subscription page", subscribePaths.page),
          ". A subscription renews by itself until you cancel it: you agree to this at checkout, where the amount, how often and your weeks off are stated again.",
        ),
        list(
          "You choose your cycle: 8, 10 or 12 weeks on, then 2, 3 or 4 weeks off. The first delivery is charged when you subscribe; after that, each delivery is charged and shipped every 30 days during your weeks on, the day your last bottle runs out. Nothing is charged or shipped during your weeks off, and the next weeks on start by themselves.",
          "The price of each delivery is the one shown when you subscribe. It stays the same until you agree to new terms; a change of our prices does not change it by itself.",
          "We e-mail you before each charge and before your weeks off start and end, with links to skip, pause or cancel.",
        ),
        p(
          "On ",
          link("your subscription page", subscribePaths.account),
          ", at any time, you can skip the next delivery, pause for 2 to 8 weeks, change your cycle or the number of bottles, update your card, or cancel. Cancelling takes one page and one confirmation: nothing more is charged from that moment, and a delivery you already paid for still ships. Cancelling refunds nothing by itself; the money-back guarantee above covers each delivery as an order.",
        ),
        p(
          "If a payment fails, we e-mail you a link to update your card, and Stripe tries the payment again over the following days. If every attempt fails, the subscription ends and we tell you by e-mail; nothing more is charged.",
        ),
      ],
    },
    {
      id: "test-kit",
      title: "The test kit and its limits",
      body: [
        list(
          `${kitSummary} ${kitFacts.singleUse}`,
          `Results are ready ${kitFacts.resultsTiming}, not from the day you mail it, and are ${kitFacts.keptOnline}.`,
          "The kit is not a diagnosis and not a medical service. Neither we nor the lab give medical advice on your result, and using the kit does not make us your healthcare provider.",
          "Discuss any result with a doctor before you act on it.",
        ),
      ],
    },
    {
      id: "supplements",
      title: "Supplements are not medicines",
      body: [
        p(
          `The ${brand.name} Enhancer is a dietary supplement. It is not a medicine and is not meant to replace one.`,
        ),
        notice(strong(fdaStatement)),
        p(
          "Read the label and the ",
          link("medical disclaimer", paths.disclaimer),
          " before you start, and talk to your doctor first if you have a medical condition or take any medication.",
        ),
      ],
    },
    {
      id: "using-this-site",
      title: "Using this site",
      body: [
        p(
          "The content of this site is general information, not medical advice. You may use the site to learn about and buy our products; please do not use it in a way that breaks the law or disrupts it for others.",
        ),
      ],
    },
    {
      id: "liability",
      title: "Limitation of liability",
      body: [
        p("To the fullest extent the law allows:"),
        list(
          "apart from what these terms and the guarantee promise, we give no other warranties about the products or the site, express or implied;",
          "our total liability for any claim about a product or an order is limited to the amount you paid for that order;",
          "we are not liable for indirect or consequential loss, such as lost profits.",
        ),
        p(
          "Nothing in these terms limits a right you have under the law that cannot be limited, or excludes a liability that the law does not allow us to exclude.",
        ),
      ],
    },
    {
      id: "governing-law",
      title: "Governing law",
      body: [
        p(
          `These terms are governed by the laws of the State of ${company.governingState}, United States, without regard to its conflict-of-law rules. This does not take away the protection that the consumer laws of the state where you live give you.`,
        ),
        p("If something goes wrong, please contact us first: most problems are solved quickly that way."),
      ],
    },
    {
      id: "changes",
      title: "Changes to these terms",
      body: [
        p(
          "We may change these terms, for example when the law or our products change. The effective date at the top of this page shows when they last changed. The terms in force when you place an order apply to that order.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact",
      body: [
        p(
          "Questions about these terms or an order: use the ",
          link("contact form", paths.contact),
          " or write to ",
          mailto(support.email),
          `. We answer ${support.hours}, within ${support.replyWithin}.`,
        ),
        p(`By post: ${company.legalName}, ${company.postalAddress}.`),
      ],
    },
  ],
});
