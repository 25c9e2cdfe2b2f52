import { isPlaceholder, type StoreIdentity, sandboxIdentity } from "./store-identity";

/**
 * The site configuration: the one place that names the brand, its navigation and its footer.
 * Changing the brand is a change to `brand` here (docs/decisions/003-site-configuration.md).
 */
export const brand = {
  name: "Forge",
  slug: "forge",
} as const;

/** The Enhancer's Shopify handle and route segment: `{slug}-enhancer`. */
export const enhancerHandle = `${brand.slug}-enhancer` as const;

export const paths = {
  home: "/",
  testKit: "/product/test-kit",
  enhancer: `/product/${enhancerHandle}`,
  broScience: "/bro-science",
  deepDive: "/deep-dive",
  videos: "/videos",
  quiz: "/quiz",
  results: "/results",
  reviews: "/reviews",
  faq: "/faq",
  about: "/about",
  contact: "/contact",
  privacy: "/legal/privacy",
  terms: "/legal/terms",
  disclaimer: "/legal/disclaimer",
  guarantee: "/guarantee",
  paymentSuccess: "/payment-success",
  testProduct: "/test-product",
} as const;

export type NavLink = { label: string; to: string };

/** Header links, in the order spec §2 gives. */
export const headerLinks: readonly NavLink[] = [
  { label: "Home", to: paths.home },
  { label: "Test Kit", to: paths.testKit },
  { label: "Bro Science", to: paths.broScience },
  { label: "Deep Dive", to: paths.deepDive },
  { label: "Videos", to: paths.videos },
  { label: "Reviews", to: paths.reviews },
  { label: "FAQ", to: paths.faq },
];

export const headerActions = {
  quiz: { label: "Take Quiz", to: paths.quiz },
  shop: { label: "Shop Now", to: paths.enhancer },
} as const;

export const footer = {
  tagline: "Support natural testosterone—no needles, no labs, no Rx. Build strength the natural way.",
  disclaimer: "These statements have not been evaluated by the FDA.",
  copyrightYear: 2024,
  columns: [
    {
      title: "Products",
      links: [
        { label: "Enhancer", to: paths.enhancer },
        { label: "Test Kit", to: paths.testKit },
        { label: "T-Quiz", to: paths.quiz },
      ],
    },
    {
      title: "Support",
      links: [
        { label: "FAQ", to: paths.faq },
        { label: "Contact", to: paths.contact },
        { label: "Reviews", to: paths.reviews },
        { label: "About", to: paths.about },
      ],
    },
  ],
  legalLinks: [
    { label: "Privacy Policy", to: paths.privacy },
    { label: "Terms of Service", to: paths.terms },
    { label: "Disclaimer", to: paths.disclaimer },
  ],
} as const satisfies {
  columns: readonly { title: string; links: readonly NavLink[] }[];
  legalLinks: readonly NavLink[];
  [key: string]: unknown;
};

/**
 * Who sells, and how to reach them: shown on the contact, about and legal pages, and where contact
 * messages and guarantee requests are e-mailed. Settings read at build (COMPANY_LEGAL_NAME,
 * COMPANY_ADDRESS, COMPANY_GOVERNING_STATE, SUPPORT_EMAIL; vite.config.ts): unset, the sandbox's
 * fictional identity, labelled on the page, which the server refuses to take real payments with
 * (app/content/store-identity.ts, decision 094).
 */
export const storeIdentity: StoreIdentity =
  typeof __STORE_IDENTITY__ === "undefined" ? sandboxIdentity : __STORE_IDENTITY__;

export const company = {
  legalName: storeIdentity.legalName,
  postalAddress: storeIdentity.postalAddress,
  /** The US state whose law governs the terms of sale. */
  governingState: storeIdentity.governingState,
} as const;

export const support = {
  /** Receives contact messages and guarantee requests; shown on every page that says how to reach us. */
  email: storeIdentity.supportEmail,
  /** When a person answers, and how soon (shown beside the contact form and in its acknowledgement). */
  hours: "Monday to Friday, 9 am to 5 pm Eastern Time",
  replyWithin: "one business day",
} as const;

/** The lab's name while LAB_NAME is not set: made up, and saying so wherever it is shown. */
export const SANDBOX_LAB_NAME = "Sandbox Lab (fictional)";

/**
 * The laboratory that analyses the test kit's samples, named wherever the kit is described: LAB_NAME,
 * read at build (vite.config.ts), as the company's identity is. Unset, the sandbox's fictional lab,
 * labelled as such (and listed by `placeholdersLeft`, an error with a live Stripe key). The copy calls
 * the real one a certified lab, so it must hold the certification US law requires of a lab testing
 * human samples (CLIA).
 */
const configuredLab = typeof __LAB_NAME__ === "string" && __LAB_NAME__.trim() ? __LAB_NAME__.trim() : null;
export const testLab = {
  name: configuredLab ?? SANDBOX_LAB_NAME,
  fictional: configuredLab === null,
} as const;

export { isPlaceholder };

/** The site configuration values that are still placeholders (empty when ready for launch). */
export function placeholdersLeft(): string[] {
  return testLab.fictional || isPlaceholder(testLab.name) ? ["LAB_NAME"] : [];
}
