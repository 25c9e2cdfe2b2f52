import { describe, expect, it } from "vitest";
import { aboutPage } from "~/content/about";
import { faqEntries, faqGroups, faqPlain } from "~/content/faq-page";
import { ingredients } from "~/content/ingredients";
import { disclaimer } from "~/content/legal/disclaimer";
import type { LegalDocument } from "~/content/legal/document";
import { countriesInProse, termsOfSale as termsFor } from "~/content/legal/terms";
import { audience, dosing, fdaStatement, guarantee, kitFacts, shipping, supply } from "~/content/product";
import { type Block, linkTargets, plainText, type RichText } from "~/content/rich-text";
import { pageByPath } from "~/content/routes";
import { company, paths, support } from "~/content/site";
import { subscribePaths } from "~/content/subscribe-paths";
import { formatDayLong } from "~/shared/dates";

const answer = (id: string): string => {
  const entry = faqPlain.find((e) => e.id === id);
  if (!entry) throw new Error(`no FAQ entry ${id}`);
  return entry.answer;
};
const answerLinks = (id: string): string[] => linkTargets(faqEntries.find((e) => e.id === id)?.answer ?? []);
const documentText = (doc: LegalDocument) =>
  doc.sections.map((s) => `${s.title} ${plainText(s.body)}`).join(" ");
const sectionText = (doc: LegalDocument, id: string) => {
  const section = doc.sections.find((s) => s.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return plainText(section.body);
};

/** Every link in the copy leads to a page of the site (its anchor aside) or to the support address. */
function expectLinksResolve(copy: readonly RichText[]) {
  for (const target of copy.flatMap(linkTargets)) {
    if (target.startsWith("mailto:")) expect(target).toBe(`mailto:${support.email}`);
    // The subscriber's own page is a signed-in page, outside the page table (it is never prerendered or listed).
    else if (target !== subscribePaths.account)
      expect(pageByPath(target.split("#")[0] ?? ""), target).toBeDefined();
  }
}

// A disease claim is never made (DSHEA); the copy may say what the product does NOT do.
const DISEASE_CLAIM = /\b(treats|cures|prevents|heals)\b/i;

describe("FAQ page content", () => {
  it("has 12-20 questions in groups, none empty, each with a stable, unique anchor", () => {
    expect(faqEntries.length).toBeGreaterThanOrEqual(12);
    expect(faqEntries.length).toBeLessThanOrEqual(20);
    expect(faqGroups.length).toBeGreaterThanOrEqual(4);
    for (const group of faqGroups) expect(group.entries.length, group.title).toBeGreaterThan(0);
    // Question and group ids share the page: all unique, and usable as a URL fragment as they are.
    const ids = [...faqGroups.map((g) => g.id), ...faqEntries.map((e) => e.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
    const questions = faqEntries.map((e) => e.question);
    expect(new Set(questions).size).toBe(questions.length);
    for (const question of questions) expect(question).toMatch(/\?$/);
  });

  it("covers what shoppers ask: contents, dosing, timing, safety, the kit, shipping, guarantee, cancelling, privacy", () => {
    for (const id of [
      "whats-in-it",
      "how-to-take",
      "when-to-expect",
      "who-should-not",
      "how-the-kit-works",
      "kit-results",
      "shipping",
      "money-back-guarantee",
      "cancel",
      "personal-data",
    ]) {
      expect(faqPlain.map((e) => e.id)).toContain(id);
    }
  });

  it("states the site's own figures, read from the same modules as the other pages", () => {
    expect(answer("whats-in-it")).toContain(`${ingredients.length} ingredients`);
    for (const item of ingredients) expect(answer("whats-in-it")).toContain(`${item.name}: ${item.dosage}`);
    expect(answer("how-to-take")).toContain(dosing.label);
    expect(answer("how-to-take")).toContain(`${supply.capsules} capsules`);
    expect(answer("how-to-take")).toContain(dosing.cycle.on);
    expect(answer("how-to-take")).toContain(dosing.cycle.off);
    expect(answer("kit-results")).toContain("3-5 days from when the lab receives your sample");
    expect(answer("kit-results")).toContain("kept online in your results account for 12 months");
    expect(answer("kit-results")).toContain(kitFacts.availableFor);
    // No price in prose: only the buy buttons' live prices (issue 32 item 1, decision 091).
    expect(answer("test-first")).not.toMatch(/\$\d/);
    expect(answer("test-first")).toMatch(/on its own, or in one order with a bottle of the Enhancer/);
    expect(answer("shipping")).toContain(shipping.label);
    expect(answer("shipping")).toContain(shipping.dispatch);
    expect(answer("money-back-guarantee")).toContain(`within ${guarantee.days} days`);
    expect(answer("contact")).toContain(support.email);
    expect(answer("contact")).toContain(support.hours);
    expect(answer("contact")).toContain(support.replyWithin);
  });

  it("links the guarantee, contact and privacy answers to their pages", () => {
    expect(answerLinks("money-back-guarantee")).toContain(paths.guarantee);
    expect(answerLinks("contact")).toEqual(
      expect.arrayContaining([paths.contact, `mailto:${support.email}`]),
    );
    expect(answerLinks("cancel")).toContain(paths.contact);
    expect(answerLinks("personal-data")).toContain(paths.privacy);
    expect(answerLinks("result-privacy")).toContain(paths.privacy);
    expectLinksResolve(faqEntries.map((e) => e.answer));
  });

  it("gives the timing as the brand's usage guidance, never as what men report (issue 20)", () => {
    const when = answer("when-to-expect");
    expect(when).toContain(`Give it ${dosing.expectations.energy}`);
    expect(when).toContain(dosing.expectations.full);
    expect(when).toMatch(/our guidance/);
    for (const entry of faqPlain) {
      expect(entry.answer, entry.id).not.toMatch(
        /\b(men|users|customers)\b[^.]*\b(usually |typically )?report/i,
      );
      expect(entry.answer, entry.id).not.toMatch(DISEASE_CLAIM);
    }
  });

  it("describes the kit as single use and not a diagnosis, and never as a kit to reuse", () => {
    expect(answer("how-the-kit-works")).toMatch(/finger-prick dried blood spot/);
    expect(answer("how-the-kit-works")).toContain("total testosterone");
    expect(answer("how-the-kit-works")).toContain(`${kitFacts.lab} measures`);
    expect(answer("how-the-kit-works")).toMatch(/single use/);
    expect(answer("kit-diagnosis")).toMatch(/^No\. .*not a diagnosis/);
    for (const entry of faqPlain) expect(entry.answer, entry.id).not.toMatch(/same kit|\bretest/i);
  });

  it("the JSON-LD text of each answer is the words the page shows", () => {
    expect(faqPlain.map((e) => e.question)).toEqual(faqEntries.map((e) => e.question));
    for (const [index, entry] of faqEntries.entries()) {
      expect(faqPlain[index]?.answer).toBe(plainText(entry.answer));
    }
    // A list's items and a paragraph's links all count as words of the answer.
    const sample: Block[] = [
      { p: ["See the ", { text: "page", to: "/faq" }, "."] },
      { list: [["a"], ["b"]] },
    ];
    expect(plainText(sample)).toBe("See the page. a b");
  });
});

describe("terms of sale", () => {
  // The default settings: Checkout ships to the US and adds no tax (SHIPPING_COUNTRIES, STRIPE_AUTOMATIC_TAX).
  const termsOfSale = termsFor({ shipsTo: ["United States"], automaticTax: false });
  const text = documentText(termsOfSale);

  it("has the sections the issue names, each with a unique anchor, and an effective date", () => {
    expect(termsOfSale.sections.map((s) => s.id)).toEqual([
      "who-sells",
      "eligibility",
      "prices-and-taxes",
      "payment",
      "shipping",
      "guarantee",
      "subscriptions",
      "test-kit",
      "supplements",
      "using-this-site",
      "liability",
      "governing-law",
      "changes",
      "contact",
    ]);
    expect(termsOfSale.effectiveDate).toBe("2026-11-28");
    expect(formatDayLong(termsOfSale.effectiveDate)).toBe("November 28, 2026");
  });

  it("states that a subscription renews until cancelled, its cycle, its price, its notices and how to cancel online", () => {
    const subscriptions = sectionText(termsOfSale, "subscriptions");
    expect(subscriptions).toContain("renews by itself until you cancel it");
    expect(subscriptions).toContain("8, 10 or 12 weeks on, then 2, 3 or 4 weeks off");
    expect(subscriptions).toContain("Nothing is charged or shipped during your weeks off");
    expect(subscriptions).toContain("before each charge");
    expect(subscriptions).toContain("one page and one confirmation");
    expect(linkTargets(termsOfSale.sections.find((s) => s.id === "subscriptions")?.body ?? [])).toEqual([
      subscribePaths.page,
      subscribePaths.account,
    ]);
    // Orders that are not a subscription are said to be one-time, not every order.
    expect(text).not.toContain("Every order is a one-time purchase");
    expect(sectionText(termsOfSale, "guarantee")).toContain("unless you subscribe");
  });

  it("names who sells, the governing state and the support address from the site configuration", () => {
    expect(sectionText(termsOfSale, "who-sells")).toContain(`${company.legalName}, ${company.postalAddress}`);
    expect(sectionText(termsOfSale, "governing-law")).toContain(`State of ${company.governingState}`);
    expect(sectionText(termsOfSale, "contact")).toContain(support.email);
  });

  it("states eligibility, prices, payment, shipping, the guarantee and the kit's limits", () => {
    expect(sectionText(termsOfSale, "eligibility")).toContain(`at least ${audience.minAge} years old`);
    expect(sectionText(termsOfSale, "eligibility")).toContain("United States only");
    expect(sectionText(termsOfSale, "prices-and-taxes")).toMatch(/US dollars \(USD\)/);
    expect(sectionText(termsOfSale, "prices-and-taxes")).toContain("No sales tax is added at checkout");
    expect(sectionText(termsOfSale, "payment")).toMatch(/Stripe/);
    expect(sectionText(termsOfSale, "shipping")).toContain(shipping.label);
    expect(sectionText(termsOfSale, "shipping")).toContain(shipping.dispatch);
    expect(sectionText(termsOfSale, "guarantee")).toContain(guarantee.label);
    expect(linkTargets(termsOfSale.sections.find((s) => s.id === "guarantee")?.body ?? [])).toContain(
      paths.guarantee,
    );
    expect(sectionText(termsOfSale, "test-kit")).toMatch(/not a diagnosis and not a medical service/);
    expect(sectionText(termsOfSale, "test-kit")).toContain("3-5 days from when the lab receives your sample");
    expect(sectionText(termsOfSale, "test-kit")).toContain(
      `${kitFacts.lab} measures your total testosterone`,
    );
    expect(sectionText(termsOfSale, "supplements")).toContain(fdaStatement);
    expect(text).not.toMatch(DISEASE_CLAIM);
    expectLinksResolve(termsOfSale.sections.map((s) => s.body));
  });

  it("says where Checkout ships and whether it adds sales tax as the settings do (issue 32 item 9)", () => {
    const wider = termsFor({ shipsTo: ["United States", "Canada"], automaticTax: true });
    expect(sectionText(wider, "eligibility")).toContain("in the United States and Canada only");
    expect(sectionText(wider, "prices-and-taxes")).toMatch(
      /Sales tax is added where it applies .* before payment/,
    );
    expect(sectionText(wider, "prices-and-taxes")).not.toContain("No sales tax");
    expect(countriesInProse(["Canada", "United Kingdom", "Netherlands"])).toBe(
      "Canada, the United Kingdom, and the Netherlands",
    );
  });

  it("labels the sandbox's fictional seller (issue 32 item 11)", () => {
    expect(sectionText(termsOfSale, "who-sells")).toContain("Sandbox identity: fictional.");
  });
});

describe("disclaimer", () => {
  it("opens with the full DSHEA statement, in bold", () => {
    const [first] = disclaimer.sections;
    expect(first?.body[0]).toEqual({ notice: [{ text: fdaStatement, strong: true }] });
    expect(fdaStatement).toBe(
      "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.",
    );
  });

  it("says: not medical advice, talk to your doctor, the kit is not a diagnosis, results vary", () => {
    expect(sectionText(disclaimer, "not-medical-advice")).toMatch(/not medical advice/);
    expect(sectionText(disclaimer, "talk-to-your-doctor")).toMatch(/medical condition/);
    expect(sectionText(disclaimer, "talk-to-your-doctor")).toMatch(/medication/);
    expect(sectionText(disclaimer, "test-kit")).toMatch(/not a diagnosis/);
    expect(sectionText(disclaimer, "results-vary")).toMatch(/not a promise/);
    expect(disclaimer.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectLinksResolve(disclaimer.sections.map((s) => s.body));
  });
});

describe("about page", () => {
  const text = JSON.stringify(aboutPage);

  it("shows how to reach the company from the site configuration", () => {
    const values = aboutPage.contact.details.map((d) => d.value);
    expect(values).toEqual([company.legalName, company.postalAddress, support.email, support.hours]);
    expect(aboutPage.contact.lead).toContain(support.replyWithin);
  });

  it("counts the evidence ratings from the ingredient data, and lists the formula as the label does", () => {
    const principle = aboutPage.principles.items[0]?.text ?? "";
    const counts = (["moderate", "mixed", "weak"] as const).map(
      (rating) => ingredients.filter((i) => i.evidence === rating).length,
    );
    expect(counts.reduce((a, b) => a + b)).toBe(ingredients.length);
    expect(principle).toContain(`${counts[0]} with moderate evidence, ${counts[1]} mixed, ${counts[2]} weak`);
    expect(aboutPage.formula.rows).toHaveLength(ingredients.length);
    expect(aboutPage.principles.items[2]?.text).not.toMatch(/\$\d/);
  });

  it("claims no factory, certificate, third-party testing, award or person the facts do not give", () => {
    expect(text).not.toMatch(
      /\b(GMP|certif\w*|third[- ]party|award\w*|facility|factory|founded|founder|Dr\.|FDA[- ](approved|registered))/i,
    );
    expect(text).not.toMatch(DISEASE_CLAIM);
  });
});
