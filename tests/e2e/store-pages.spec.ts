import type { Locator, Page } from "@playwright/test";
import { aboutPage } from "~/content/about";
import { faqEntries, faqGroups } from "~/content/faq-page";
import { disclaimer } from "~/content/legal/disclaimer";
import { termsOfSale as termsFor } from "~/content/legal/terms";
import { fdaStatement } from "~/content/product";
import { pages } from "~/content/routes";
import { company, paths, support } from "~/content/site";
import { jsonLdOfType } from "./marketing-helpers";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

const total = faqEntries.length;
const question = (id: string) => faqEntries.find((entry) => entry.id === id)?.question ?? id;

/** One FAQ item (its <details>), found by the question its summary shows. */
const faqItem = (page: Page, id: string) =>
  page.locator("main details").filter({ has: page.locator("summary", { hasText: question(id) }) });

/** The words of a text, lower case: compares an answer's HTML with its JSON-LD text. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}µ]+/gu, " ")
    .trim();

async function visibleQuestions(page: Page): Promise<string[]> {
  return page.locator("main details:visible summary").allInnerTexts();
}

async function expectLegalSections(page: Page, sections: readonly { id: string; title: string }[]) {
  const main = page.locator("main");
  for (const [index, section] of sections.entries()) {
    const heading = main.getByRole("heading", {
      level: 2,
      name: `${index + 1}. ${section.title}`,
      exact: true,
    });
    await expect(heading).toBeVisible();
    await expect(main.locator(`section[id="${section.id}"]`)).toContainText(section.title);
  }
}

test.describe("the store pages keep their spec headings", () => {
  for (const key of ["faq", "about", "terms", "disclaimer"] as const) {
    test(`${pages[key].path}: "${pages[key].heading}"`, async ({ page }) => {
      await page.goto(pages[key].path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages[key].heading);
    });
  }
});

test.describe("FAQ", () => {
  test("every question, grouped, closed at first; an answer opens and closes", async ({ page }) => {
    await page.goto(paths.faq);
    await waitForHydration(page);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(faqGroups.map((g) => g.title));
    for (const group of faqGroups) {
      const region = main.getByRole("region", { name: group.title, exact: true });
      await expect(region.locator("summary")).toHaveText(group.entries.map((e) => e.question));
    }
    await expect(main.locator("details[open]")).toHaveCount(0);
    const item = faqItem(page, "shipping");
    await item.locator("summary").click();
    await expect(item).toHaveAttribute("open", "");
    await expect(item.getByText(/Ships in 1-2 business days/)).toBeVisible();
    // The opened answer (routes.spec.ts sweeps the page as it loads).
    await expectNoAxeViolations(page, item);
    await item.locator("summary").press("Enter");
    await expect(item).not.toHaveAttribute("open", "");
  });

  test("the search filters as you type, announces the count, and says when nothing matches", async ({
    page,
  }) => {
    await page.goto(paths.faq);
    await waitForHydration(page);
    const search = page.getByRole("searchbox", { name: "Search the questions" });
    const status = page.getByRole("status").filter({ hasText: /question/ });
    await expect(status).toHaveText(`${total} questions`);
    await expect(page.locator("main details:visible")).toHaveCount(total);

    await search.fill("shipping");
    const shown = await visibleQuestions(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(total);
    await expect(status).toHaveText(`${shown.length} of ${total} questions match`);
    for (const text of shown) {
      const item = page.locator("main details").filter({ has: page.locator("summary", { hasText: text }) });
      expect((await item.textContent())?.toLowerCase()).toContain("shipping");
    }
    // A group with no match disappears with its heading; one with matches stays.
    await expect(page.getByRole("heading", { level: 2, name: "Orders & shipping" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Taking it" })).toBeHidden();

    // Every word counts, in any order.
    await search.fill("kit diagnosis");
    await expect(status).toHaveText(`1 of ${total} questions match`);
    await expect(page.locator("main details:visible summary")).toHaveText([question("kit-diagnosis")]);

    await search.fill("xylophone");
    await expect(status).toHaveText("No questions match");
    await expect(page.locator("main details:visible")).toHaveCount(0);
    await expect(page.getByText("No questions match “xylophone”.")).toBeVisible();
    await expect(page.locator("main").getByRole("link", { name: "Contact us" }).last()).toHaveAttribute(
      "href",
      paths.contact,
    );
    await expectNoAxeViolations(page, page.locator("main"));
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
    await expect(search).toBeFocused();
    await expect(status).toHaveText(`${total} questions`);
    await expect(page.locator("main details:visible")).toHaveCount(total);
  });

  test("/faq#<id> opens that answer and scrolls to its question; answers link where they promise", async ({
    page,
  }) => {
    await page.goto(`${paths.faq}#money-back-guarantee`);
    const item = faqItem(page, "money-back-guarantee");
    await expect(item).toHaveAttribute("open", "");
    await expect(item.locator("summary")).toBeInViewport();
    await expect(item.getByRole("link", { name: "guarantee page" })).toHaveAttribute("href", paths.guarantee);
    await expect(page.locator("main details[open]")).toHaveCount(1);
    await waitForHydration(page);

    // Another question's anchor, from inside the page.
    await faqItem(page, "contact").locator("summary").click();
    const contact = faqItem(page, "contact");
    await expect(contact.getByRole("link", { name: "contact form" })).toHaveAttribute("href", paths.contact);
    await expect(contact.getByRole("link", { name: support.email })).toHaveAttribute(
      "href",
      `mailto:${support.email}`,
    );
    await contact.getByRole("link", { name: /^Link to this answer/ }).click();
    await expect(page).toHaveURL(/\/faq#contact$/);

    await page.goto(`${paths.faq}#personal-data`);
    await expect(
      faqItem(page, "personal-data").getByRole("link", { name: "privacy policy" }),
    ).toHaveAttribute("href", paths.privacy);
  });

  test("FAQPage JSON-LD parses and matches the questions and answers the page shows", async ({ page }) => {
    await page.goto(paths.faq);
    const data = await jsonLdOfType(page, "FAQPage");
    const entities = data.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    const summaries = await page.locator("main details summary").allInnerTexts();
    expect(entities.map((e) => e.name)).toEqual(summaries);
    expect(entities).toHaveLength(total);
    // Each answer's words as the HTML holds them (open or not), without the "link to this answer".
    const answers = await page.locator("main details").evaluateAll((items) =>
      items.map((item) =>
        Array.from(item.querySelectorAll("summary ~ div :is(p, li)"))
          .map((block) => block.textContent ?? "")
          .join(" "),
      ),
    );
    expect(entities.map((e) => words(e.acceptedAnswer.text))).toEqual(answers.map(words));
  });
});

/** The terms as this suite's server renders them: its settings are the defaults (US, no Stripe Tax). */
const termsOfSale = termsFor({ shipsTo: ["United States"], automaticTax: false });

test.describe("terms of sale", () => {
  test("every section, who sells, the effective date, contact and the guarantee link", async ({ page }) => {
    await page.goto(paths.terms);
    await expectLegalSections(page, termsOfSale.sections);
    const main = page.locator("main");
    await expect(main.locator('time[datetime="2026-11-28"]').first()).toHaveText("November 28, 2026");
    await expect(main.getByText("Effective November 28, 2026").first()).toBeVisible();
    // A subscription's renewal, stated where checkout's consent links to.
    await expect(main.locator("#subscriptions")).toContainText("renews by itself until you cancel it");
    await expect(
      main.locator("#subscriptions").getByRole("link", { name: "your subscription page" }),
    ).toHaveAttribute("href", "/account/subscription");
    await expect(main.locator("#who-sells")).toContainText(`${company.legalName}, ${company.postalAddress}`);
    await expect(main.locator("#governing-law")).toContainText(`State of ${company.governingState}`);
    await expect(main.locator("#guarantee").getByRole("link", { name: "guarantee page" })).toHaveAttribute(
      "href",
      paths.guarantee,
    );
    await expect(main.locator("#contact").getByRole("link", { name: support.email })).toHaveAttribute(
      "href",
      `mailto:${support.email}`,
    );
    await expect(main.locator("#test-kit")).toContainText("not a diagnosis and not a medical service");
  });

  test("the contents list leads to each section", async ({ page }) => {
    await page.goto(paths.terms);
    const contents = page.getByRole("navigation", { name: "Contents" });
    await expect(contents).toHaveCount(1);
    // On small screens the list is folded away under "Contents".
    const toggle = contents.locator("summary");
    if (await toggle.isVisible()) {
      await toggle.click();
      await expectNoAxeViolations(page, contents);
    }
    await contents.getByRole("link", { name: /Governing law/ }).click();
    await expect(page).toHaveURL(/\/legal\/terms#governing-law$/);
    await expect(page.getByRole("heading", { name: /Governing law/ })).toBeInViewport();
  });
});

test.describe("disclaimer", () => {
  test("the DSHEA statement in full and in bold, then the key sections", async ({ page }) => {
    await page.goto(paths.disclaimer);
    const statement = page.locator("main strong", { hasText: fdaStatement });
    await expect(statement).toHaveText(fdaStatement);
    await expect(statement).toBeVisible();
    const weight = await statement.evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(weight).toBeGreaterThanOrEqual(700);
    await expectLegalSections(page, disclaimer.sections);
    await expect(page.locator("main #not-medical-advice")).toContainText("not medical advice");
    await expect(page.locator("main #test-kit")).toContainText("not a diagnosis");
  });
});

test.describe("about", () => {
  test("story, principles, the formula as on the label, and how to reach the company", async ({ page }) => {
    await page.goto(paths.about);
    const main = page.locator("main");
    for (const item of aboutPage.principles.items) {
      await expect(main.getByRole("heading", { level: 3, name: item.title })).toBeVisible();
    }
    const formula = main.getByRole("region", { name: aboutPage.formula.title });
    await expect(formula.locator("tbody tr")).toHaveCount(aboutPage.formula.rows.length);
    await expect(formula.getByRole("row", { name: /Ashwagandha root extract/ })).toContainText("600 mg");
    const contact = main.getByRole("region", { name: aboutPage.contact.title });
    await expect(contact).toContainText(company.legalName);
    await expect(contact).toContainText(company.postalAddress);
    await expect(contact).toContainText(support.hours);
    await expect(contact.getByRole("link", { name: support.email })).toHaveAttribute(
      "href",
      `mailto:${support.email}`,
    );
    await expect(contact.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", paths.contact);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the FAQ shows every question, hides the search, and its answers open", async ({ page }) => {
    await page.goto(paths.faq);
    await expect(page.getByRole("searchbox")).toBeHidden();
    await expect(page.locator("main details:visible")).toHaveCount(total);
    const item = faqItem(page, "how-to-take");
    await item.locator("summary").click();
    await expect(item).toHaveAttribute("open", "");
    await expect(item.getByText(/3 capsules daily with the first meal/)).toBeVisible();
  });

  test("an answer's anchor opens it", async ({ page }) => {
    await page.goto(`${paths.faq}#kit-results`);
    const item: Locator = faqItem(page, "kit-results");
    await expect(item).toHaveAttribute("open", "");
    await expect(item.locator("summary")).toBeInViewport();
  });

  test("the legal pages and About render in full", async ({ page }) => {
    await page.goto(paths.terms);
    await expectLegalSections(page, termsOfSale.sections);
    await page.goto(paths.disclaimer);
    await expect(page.locator("main strong", { hasText: fdaStatement })).toBeVisible();
    await page.goto(paths.about);
    await expect(page.getByRole("region", { name: aboutPage.contact.title })).toContainText(support.email);
  });
});
