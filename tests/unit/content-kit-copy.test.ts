import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as about from "~/content/about";
import * as broScience from "~/content/bro-science";
import * as comparison from "~/content/comparison";
import * as deepDive from "~/content/deep-dive";
import * as enhancerFaqCopy from "~/content/enhancer-faqs";
import * as faqPage from "~/content/faq-page";
import * as faqs from "~/content/faqs";
import * as home from "~/content/home";
import * as disclaimer from "~/content/legal/disclaimer";
import { termsOfSale } from "~/content/legal/terms";
import * as messages from "~/content/messages";
import * as product from "~/content/product";
import { kitFacts, kitSummary, labPhrase, testKitProduct } from "~/content/product";
import * as routes from "~/content/routes";
import { placeholdersLeft, testLab } from "~/content/site";
import * as support from "~/content/support";
import * as testKit from "~/content/test-kit";
import { kitPage, kitSteps, resultsReport } from "~/content/test-kit";
import * as whoShouldNotCopy from "~/content/who-should-not";
import { nextStepsFor } from "~/server/mail/templates/order-confirmation";
import { strings } from "./content-strings";

/** The terms of sale as the default settings render them (US only, no Stripe Tax). */
const terms = termsOfSale({ shipsTo: ["United States"], automaticTax: false });

/**
 * Issue 20 item 3, the test kit: every page and e-mail says the same thing about it. What it samples
 * and measures (a finger-prick dried blood spot, total testosterone), who analyses it (a certified lab
 * whose name is site configuration), when results come (one sentence, counted from the lab's receipt),
 * what "results available for 12 months" (spec §9) means, and that a kit is single use.
 */

const TIMING = "3-5 days from when the lab receives your sample";
const KEPT = "kept online in your results account for 12 months";

const email = [
  ...nextStepsFor({ enhancer: true, testKit: true }),
  ...nextStepsFor({ enhancer: false, testKit: true }),
];
/** Every shopper-facing module that mentions the kit, and the order e-mail's next steps. */
const copy = [
  about,
  broScience,
  comparison,
  deepDive,
  whoShouldNotCopy,
  enhancerFaqCopy,
  faqPage,
  faqs,
  home,
  messages,
  product,
  routes,
  support,
  testKit,
  terms,
  disclaimer,
].flatMap((module) => strings(module));
/** The sentences (kitFacts' bare figures, "3-5 days" and "12 months", are building blocks, not copy). */
const everywhere = [...copy, ...email].filter(
  (text) => text !== kitFacts.resultsIn && text !== kitFacts.availableFor,
);
/** The kit's own copy: no "retest" at all here (a later test is a second kit). */
const kitCopy = [
  ...strings(testKit),
  ...strings(product),
  ...strings(faqs),
  ...strings(faqPage),
  ...strings(home),
  ...strings(about),
  ...strings(terms),
  ...email,
];

describe("the kit's facts, in one place", () => {
  it("states spec §9's figures and the one timing sentence", () => {
    expect(kitFacts.resultsIn).toBe("3-5 days");
    expect(kitFacts.availableFor).toBe("12 months");
    expect(kitFacts.resultsTiming).toBe(TIMING);
    expect(kitFacts.keptOnline).toBe(KEPT);
  });

  it("says what it samples and measures, and who analyses it", () => {
    expect(kitSummary).toBe(
      "You collect a finger-prick dried blood spot at home and mail it in; Sandbox Lab (fictional), the sandbox's stand-in for a certified lab, measures your total testosterone.",
    );
    expect(testKitProduct.description).toContain("finger-prick dried blood spot");
    expect(testKitProduct.description).toContain("total testosterone");
    expect(testKitProduct.description).toContain("a certified lab, measures your total testosterone");
    expect(testKitProduct.description).toContain(TIMING);
  });
});

describe("the same words everywhere", () => {
  it("reads the content (a guard against an empty sweep)", () => {
    expect(everywhere.length).toBeGreaterThan(300);
    expect(everywhere.filter((text) => text.includes(TIMING)).length).toBeGreaterThanOrEqual(10);
  });

  it("gives results timing only as the one sentence", () => {
    const other = everywhere.filter((text) => /3\s*[-–]\s*5/.test(text) && !text.includes(TIMING));
    expect(other).toEqual([]);
    // ...and never counts from the mailing, or as "in 3-5 days" on its own.
    for (const text of everywhere) expect(text).not.toMatch(/in 3-5 days|after the lab receives/);
  });

  it("carries the timing on the kit page, in the FAQ, the order e-mail, the order page and the home bundle", () => {
    expect(kitPage.highlights).toContain(`Results ${TIMING}`);
    expect(kitSteps.find((step) => step.title === "Read")?.text).toContain(TIMING);
    expect(resultsReport.items.map((item) => item.title)).toContain(`Ready ${TIMING}`);
    expect(strings(faqPage.faqGroups).some((text) => text.includes(TIMING))).toBe(true);
    expect(strings(enhancerFaqCopy.enhancerFaqs).some((text) => text.includes(TIMING))).toBe(true);
    expect(home.bundleSection.kit.detail).toBe(`Results ${TIMING}`);
    expect(nextStepsFor({ enhancer: false, testKit: true })).toContain(
      `Test kit results are ready ${TIMING}, and are ${KEPT}.`,
    );
    // The order page's next steps are a component: it reads the same constants and writes no figure.
    const page = readFileSync(
      new URL("../../app/components/commerce/order-confirmation.tsx", import.meta.url),
      "utf8",
    );
    expect(page).toContain("{kitFacts.resultsTiming}");
    expect(page).toContain("{kitFacts.keptOnline}");
    expect(page).not.toMatch(/3-5|12 months/);
  });

  it("prints no bare timing on the drawn kit either (the box says what it samples)", () => {
    const art = readFileSync(new URL("../../public/images/forge-test-kit.svg", import.meta.url), "utf8");
    expect(art).not.toMatch(/3-5|DAYS/);
    expect(art).toContain("DRIED BLOOD SPOT");
  });

  it("says what 'available for 12 months' means wherever it comes up", () => {
    const months = everywhere.filter((text) => text.includes("12 months"));
    expect(months.length).toBeGreaterThanOrEqual(5);
    for (const text of months) {
      if (text === `Available for ${kitFacts.availableFor}`) continue; // the report's heading: its text explains
      expect(text).toContain(KEPT);
    }
    const heading = resultsReport.items.find((item) => item.title === "Available for 12 months");
    expect(heading?.text).toContain(KEPT);
  });

  it("names the lab from the LAB_NAME setting; without it, the sandbox's lab, labelled fictional", () => {
    expect(labPhrase("Acme Clinical Labs")).toBe("Acme Clinical Labs, a certified lab,");
    expect(labPhrase("[Testing lab name]")).toBe("a certified lab");
    // The build under test has no LAB_NAME: the sandbox's lab, which never passes for a real one.
    expect(testLab).toEqual({ name: "Sandbox Lab (fictional)", fictional: true });
    expect(kitFacts.lab).toBe("Sandbox Lab (fictional), the sandbox's stand-in for a certified lab,");
    expect(testKitProduct.description).toContain(
      "Sandbox Lab (fictional), the sandbox's stand-in for a certified lab,",
    );
    expect(everywhere.filter((text) => text.includes(kitFacts.lab)).length).toBeGreaterThanOrEqual(2);
    expect(everywhere.filter((text) => /certified lab/i.test(text)).length).toBeGreaterThanOrEqual(4);
    expect(placeholdersLeft()).toEqual(["LAB_NAME"]);
  });

  it("describes the sample one way: a finger-prick dried blood spot, never saliva", () => {
    for (const text of everywhere) {
      expect(text).not.toMatch(/saliva (sample|kit|test kit)|spit|swab|urine/i);
      expect(text).not.toMatch(/finger prick\b/); // always "finger-prick" (or "prick a finger")
      expect(text).not.toMatch(/free testosterone/i);
    }
    expect(strings(faqPage.faqGroups).some((text) => text.includes(kitSummary))).toBe(true);
    expect(strings(terms).some((text) => text.includes(kitSummary))).toBe(true);
  });

  it("is single use: no retest with the same kit anywhere, and no 'retest' in the kit's copy", () => {
    for (const text of everywhere) expect(text).not.toMatch(/same kit|reus|again with (this|the) kit/i);
    expect(kitCopy.filter((text) => /re-?test/i.test(text))).toEqual([]);
    expect(kitCopy.filter((text) => text.includes(kitFacts.singleUse)).length).toBeGreaterThanOrEqual(3);
  });
});
