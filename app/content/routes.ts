import { kitFacts } from "./product";
import { brand, paths } from "./site";
import { subscribePaths } from "./subscribe-paths";

/**
 * Every page of spec §2 with its SEO copy and how it is served. The route table (app/routes.ts),
 * the prerender list (react-router.config.ts), the sitemap and each page's meta all read from here.
 */
export type PageEntry = {
  path: string;
  /** Visible H1 for the placeholder pages; a short name for the others. */
  heading: string;
  title: string;
  description: string;
  /** Rendered to HTML at build time (true) or on the server per request (false). */
  prerender: boolean;
  /**
   * Rendered on the server, but the same for every visitor: kept in the page cache and served as fixed
   * bytes, as a prerendered page is (server/page-cache.ts, decisions 014 and 150).
   */
  cached: boolean;
  /** Listed in the sitemap and open to search engines. */
  indexable: boolean;
};

const page = (
  path: string,
  heading: string,
  title: string,
  description: string,
  options: { prerender?: boolean; cached?: boolean; indexable?: boolean } = {},
): PageEntry => ({
  path,
  heading,
  title: `${title} | ${brand.name}`,
  description,
  prerender: options.prerender ?? true,
  cached: options.cached ?? false,
  indexable: options.indexable ?? true,
});

export const pages = {
  home: page(
    paths.home,
    "Support natural testosterone.",
    "Natural Testosterone Support, No Rx",
    `${brand.name} Enhancer is a daily 3-capsule formula of 14 researched ingredients for men 18-65, with an at-home testosterone test kit to measure where you start.`,
  ),
  testKit: page(
    paths.testKit,
    "At-home testosterone test kit",
    "At-Home Testosterone Test Kit",
    `Measure your total testosterone at home from a finger-prick blood spot, with results ${kitFacts.resultsTiming}. Free shipping.`,
  ),
  enhancer: page(
    paths.enhancer,
    `${brand.name} Enhancer`,
    `${brand.name} Enhancer: Daily Testosterone Support`,
    "A 30-day supply of 14 researched ingredients, 3 capsules daily with your first meal. Free shipping and a 60-day money-back guarantee.",
    // Its live product is shared: nothing on the page is personal.
    { prerender: false, cached: true },
  ),
  broScience: page(
    paths.broScience,
    "Bro Science: No needles. No excuses.",
    "Bro Science: No Needles, No Excuses",
    "The straight talk on building testosterone naturally: no needles, no prescription. Pick your stack and get to work.",
  ),
  deepDive: page(
    paths.deepDive,
    "Deep Dive: the science behind the formula",
    "Deep Dive: The Science Behind the Formula",
    "Every one of the 14 ingredients: its dose, how it is thought to work, what the studies found (mixed results included), and who should not take it.",
  ),
  videos: page(
    paths.videos,
    "Videos",
    "Videos: Training, Nutrition and Testosterone",
    "Watch short guides on testosterone, training, sleep and nutrition, from beginner basics to advanced series.",
  ),
  quiz: page(
    paths.quiz,
    "The T-Quiz: 9 questions, 2 minutes",
    "T-Quiz: 9 Questions, 2 Minutes",
    "The T-Quiz: 9 questions, 2 minutes. Check whether natural testosterone support is safe for you and get an honest plan: what to test, when, and what to expect.",
    // Server-rendered: each step is a form post without JavaScript (issue 34).
    { prerender: false },
  ),
  results: page(
    paths.results,
    "Your Results",
    "Your Results",
    "Your test kit results: each with the lab's range and what it means, and all of them over time.",
    // Server-rendered for the signed-in person, and private: never cached or indexed (issue 35).
    { prerender: false, indexable: false },
  ),
  reviews: page(
    paths.reviews,
    "Reviews",
    "Customer Reviews",
    `What men who take ${brand.name} Enhancer say about it.`,
    // Server-rendered: the list changes with every review and vote (decision 084).
    { prerender: false },
  ),
  faq: page(
    paths.faq,
    "FAQ",
    "Frequently Asked Questions",
    `Answers to common questions about ${brand.name} Enhancer, the test kit, shipping and returns.`,
  ),
  guarantee: page(
    paths.guarantee,
    "60-day money-back guarantee",
    "60-Day Money-Back Guarantee",
    `Not for you? Ask for your money back within 60 days: the terms of the ${brand.name} guarantee, and the form to use it.`,
    // Server-rendered: the form is prefilled from the link that brought the visitor (an order page).
    { prerender: false },
  ),
  about: page(
    paths.about,
    "About",
    `About ${brand.name}`,
    `Who we are and why we built ${brand.name} for men who want a natural route.`,
  ),
  contact: page(
    paths.contact,
    "Contact",
    "Contact Us",
    `Questions about an order or the formula? Contact the ${brand.name} team.`,
    // Server-rendered: the form is prefilled from the link that brought the visitor (topic, order).
    { prerender: false },
  ),
  privacy: page(
    paths.privacy,
    "Privacy Policy",
    "Privacy Policy",
    `How ${brand.name} collects, uses and protects your personal data.`,
  ),
  terms: page(
    paths.terms,
    "Terms of Service",
    "Terms of Service",
    `The terms that apply when you use this site and buy from ${brand.name}.`,
    // Server-rendered: where we ship and the sales tax follow checkout's settings (decision 094), which
    // are the same for every visitor.
    { prerender: false, cached: true },
  ),
  disclaimer: page(
    paths.disclaimer,
    "Disclaimer",
    "Medical Disclaimer",
    `${brand.name} products are dietary supplements, not medicines. Read the full medical disclaimer.`,
  ),
  paymentSuccess: page(
    paths.paymentSuccess,
    "Order confirmation",
    "Order Confirmation",
    "Your order confirmation and next steps.",
    { prerender: false, indexable: false },
  ),
  subscribe: page(
    subscribePaths.page,
    "Subscribe to the Enhancer",
    "Subscribe and Save: the Enhancer on Your Cycle",
    `${brand.name} Enhancer on subscription: a bottle every 30 days during your weeks on, nothing in your weeks off, every date shown before you pay, and cancel online at any time.`,
    // Server-rendered: the price is Shopify's selling plan, live; the calendar is drawn for each choice.
    { prerender: false },
  ),
  testProduct: page(
    paths.testProduct,
    "Test product",
    "Developer Test Product",
    "Developer page for a 50-cent test item.",
    { prerender: false, indexable: false },
  ),
} as const satisfies Record<string, PageEntry>;

export type PageKey = keyof typeof pages;

export const allPages: readonly PageEntry[] = Object.values(pages);
export const prerenderedPaths = allPages.filter((p) => p.prerender).map((p) => p.path);
export const cachedPaths = allPages.filter((p) => p.cached).map((p) => p.path);
export const indexablePaths = allPages.filter((p) => p.indexable).map((p) => p.path);

export function pageByPath(pathname: string): PageEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return allPages.find((p) => p.path === normalized);
}
