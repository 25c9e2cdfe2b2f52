import type { Locator, Page } from "@playwright/test";
import { formula } from "~/content/facts/formula";
import { ingredientFacts as facts } from "~/content/facts/ingredients";
import { deepDiveFaqs } from "~/content/faqs";
import { ingredients } from "~/content/ingredients";
import { fdaStatement } from "~/content/product";
import { plainStudies, studyKey } from "~/content/studies";
import { expectAccordionBehaviour, jsonLdOfType } from "./marketing-helpers";
import { expect, expectNoAxeViolations, isMobile, test, waitForHydration } from "./support";

test.describe("Deep Dive", () => {
  test("the 14 ingredients of the formula, each with dosage, mechanism, research and safety", async ({
    page,
  }) => {
    await page.goto("/deep-dive");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(14);
    for (const [index, entry] of formula.ingredients.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole("heading", { level: 3 })).toHaveText(entry.name);
      await expect(card.locator("header")).toContainText(entry.amount);
      for (const section of ["Mechanism", "Studied dose vs ours", "Research", "Safety"]) {
        await expect(card.getByRole("heading", { level: 4, name: section })).toBeVisible();
      }
      await expect(card.getByText(/^(Moderate|Mixed|Weak) evidence$/)).toHaveCount(1);
    }
    // The studied dose beside the serving's, and weak or mixed evidence said so.
    const fenugreek = cards.filter({ hasText: "Fenugreek seed extract" });
    await expect(fenugreek).toContainText("Studied at 600 mg a day; this formula has 300 mg");
    await expect(cards.filter({ hasText: "Tribulus terrestris fruit extract" })).toContainText(
      "Weak evidence",
    );
    await expect(cards.filter({ hasText: "D-aspartic acid" }).first()).toContainText("Mixed evidence");
  });

  test("studies are linked only where the facts confirm the PMID or DOI", async ({ page }) => {
    await page.goto("/deep-dive");
    const studies = facts.flatMap((f) => f.studies);
    const confirmed = studies.filter((s) => s.confirmed);
    const links = page.locator(
      'main a[href^="https://pubmed.ncbi.nlm.nih.gov/"], main a[href^="https://doi.org/"]',
    );
    await expect(links).toHaveCount(confirmed.length);
    await expect(page.locator('main a[href="https://pubmed.ncbi.nlm.nih.gov/30460609/"]')).toContainText(
      "Lerchbaum E et al., 2019",
    );
    await expect(page.locator('main a[href="https://doi.org/10.1002/ptr.3360"]')).toContainText(
      "Steels E et al., 2011",
    );
    // An unconfirmed study is named without a link or an identifier.
    const pilz = page.locator("main li", { hasText: "Pilz S et al., 2011" }).last();
    await expect(pilz.locator("a")).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("21154195");
    expect(ingredients).toHaveLength(14);
  });

  test("safety and contraindications, timing, monitoring, interactions and the FDA statement", async ({
    page,
  }) => {
    await page.goto("/deep-dive");
    const main = page.locator("main");
    const safety = main.getByRole("region", { name: "Safety and cautions" });
    await expect(safety.getByRole("heading", { name: "Who should not take it" })).toBeVisible();
    await expect(safety).toContainText("Anyone under 18: the product is for adults 18-65.");
    await expect(safety.getByRole("row", { name: /Vitamin D/ })).toContainText("4,000 IU");
    const timing = main.getByRole("region", { name: "Timing, monitoring and interactions" });
    await expect(timing).toContainText("3 capsules daily with the first meal");
    await expect(timing).toContainText("8-12 weeks on, 2-4 weeks off");
    await expect(timing).toContainText("After 2-3 weeks");
    await expect(timing).toContainText("6-8 weeks");
    await expect(timing.getByRole("heading", { name: "Monitoring", exact: true })).toBeVisible();
    await expect(timing.getByRole("heading", { name: "Interactions", exact: true })).toBeVisible();
    await expect(timing.getByRole("row", { name: /Propranolol/ })).toContainText("Tongkat ali");
    // The full statement once, in the footer (issue 32 item 14), not in a card of the page's own.
    await expect(main.getByText(fdaStatement)).toHaveCount(0);
    await expect(page.locator("#fda-statement")).toContainText(fdaStatement);
    expect(fdaStatement).toBe(
      "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.",
    );
  });

  test("a 5-item accordion FAQ: one open at a time, collapsible, keyboard; FAQPage JSON-LD", async ({
    page,
  }) => {
    await page.goto("/deep-dive");
    await waitForHydration(page);
    const faq = page.getByRole("region", { name: "Deep Dive questions" });
    await expect(faq.getByRole("button")).toHaveCount(5);
    await expectAccordionBehaviour(
      page,
      faq,
      deepDiveFaqs.map((f) => f.question),
    );
    await faq.getByRole("button", { name: deepDiveFaqs[4]?.question ?? "" }).click();
    // The opened FAQ (routes.spec.ts sweeps the whole page as it loads).
    await expectNoAxeViolations(page, faq);
    const data = await jsonLdOfType(page, "FAQPage");
    expect((data.mainEntity as unknown[]).length).toBe(5);
  });
});

/** The citation of an ingredient's first study, as its card prints it. */
function firstCitation(index: number): string {
  return ingredients[index]?.studies[0]?.citation ?? "no study";
}

/** A card's two disclosures: its studies and its safety. */
function disclosures(card: Locator) {
  const studiesText = /^\d+ stud(y|ies) for /;
  const safetyText = /^Side effects and cautions for /;
  // `has` takes a locator from the page, not from the card.
  const summary = (hasText: RegExp) => card.page().locator("summary", { hasText });
  return {
    studies: card.locator("summary", { hasText: studiesText }),
    safety: card.locator("summary", { hasText: safetyText }),
    studiesDetails: card.locator("details", { has: summary(studiesText) }),
    safetyDetails: card.locator("details", { has: summary(safetyText) }),
  };
}

async function expectStudiesShown(page: Page, shown: boolean) {
  const card = page.locator("main article").first();
  const citation = card.getByText(firstCitation(0));
  const { studies, safety } = disclosures(card);
  await expect(card.locator("summary")).toHaveCount(2);
  await expect(studies).toHaveCount(1);
  await expect(safety).toHaveCount(1);
  if (shown) {
    await expect(citation).toBeVisible();
    await expect(studies).toBeHidden();
    await expect(safety).toBeHidden();
  } else {
    await expect(citation).toBeHidden();
    await expect(studies).toBeVisible();
    await expect(safety).toBeVisible();
  }
}

test.describe("Deep Dive on a phone and a wide screen (issue 20 item 6)", () => {
  test("on a phone: under 24,000 px tall, each card's studies and safety collapsed behind a summary", async ({
    page,
  }) => {
    test.skip(!isMobile(page), "small screens only");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/deep-dive");
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => document.body.scrollHeight)).toBeLessThan(24_000);
    await expectStudiesShown(page, false);
    const cards = page.locator("main article");
    for (const [index, ingredient] of ingredients.entries()) {
      const card = cards.nth(index);
      const count = ingredient.studies.length;
      const { studies, safety } = disclosures(card);
      await expect(studies).toHaveAccessibleName(
        `${count} ${count === 1 ? "study" : "studies"} for ${ingredient.name}`,
      );
      await expect(safety).toHaveAccessibleName(`Side effects and cautions for ${ingredient.name}`);
      await expect(card.locator("details[open]")).toHaveCount(0);
    }
  });

  test("on a wide screen: every card's studies and safety shown, no summary to open", async ({ page }) => {
    test.skip(isMobile(page), "wide screens only");
    await page.goto("/deep-dive");
    await expectStudiesShown(page, true);
    const card = page.locator("main article").first();
    await expect(card.getByRole("heading", { level: 5, name: "Side effects" })).toBeVisible();
  });

  test("a study summary opens with the keyboard (Enter) and shows the study, in plain words", async ({
    page,
  }) => {
    test.skip(!isMobile(page), "small screens only: wide screens show the studies open");
    await page.goto("/deep-dive");
    await waitForHydration(page);
    const card = page.locator("main article").first();
    const { studies: summary, studiesDetails } = disclosures(card);
    await summary.focus();
    await expect(summary).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(studiesDetails).toHaveAttribute("open", "");
    const study = facts.find((f) => f.name.startsWith("Ashwagandha"))?.studies[0];
    const plain = plainStudies[study ? studyKey(study) : ""];
    await expect(card.getByText(firstCitation(0))).toBeVisible();
    await expect(card.getByText(plain?.who ?? "no copy", { exact: true })).toBeVisible();
    await expect(card.getByText(plain?.finding ?? "no copy", { exact: true })).toBeVisible();
    // The raw research note of the facts is not what the card says.
    await expect(card).not.toContainText("per trade press");
    await page.keyboard.press("Enter");
    await expect(studiesDetails).not.toHaveAttribute("open", "");
    await expect(card.getByText(firstCitation(0))).toBeHidden();
    await page.keyboard.press("Enter");
    await expectNoAxeViolations(page, card);
  });

  test("the jump menu moves to an ingredient and stays in reach, below the header, while scrolling", async ({
    page,
  }) => {
    await page.goto("/deep-dive");
    await waitForHydration(page);
    const menu = page.getByRole("navigation", { name: "Jump to ingredient" });
    await expect(menu.getByRole("link")).toHaveCount(ingredients.length);
    // Where the sticky header ends now (the sandbox notice sits above it in the page's flow until scrolled past).
    const headerBottom = () =>
      page.locator("body > header").evaluate((header) => header.getBoundingClientRect().bottom);
    await menu.getByRole("link", { name: "Zinc", exact: true }).click();
    await expect(page).toHaveURL(/#zinc$/);
    const zinc = page.locator("article#zinc");
    await expect(zinc).toBeInViewport();
    const menuBox = await menu.boundingBox();
    const zincBox = await zinc.boundingBox();
    expect(Math.round(menuBox?.y ?? -1)).toBe(Math.round(await headerBottom()));
    // The card starts just below the menu, not under it.
    expect(zincBox?.y ?? -1).toBeGreaterThanOrEqual((menuBox?.y ?? 0) + (menuBox?.height ?? 0));
    expect(zincBox?.y ?? 1_000).toBeLessThan((menuBox?.y ?? 0) + (menuBox?.height ?? 0) + 60);
    // Scroll on through the cards: the menu stays where it is.
    for (const distance of [1_500, -4_000]) {
      await page.evaluate((by) => window.scrollBy(0, by), distance);
      await expect(menu).toBeInViewport();
      expect(Math.round((await menu.boundingBox())?.y ?? -1)).toBe(Math.round(await headerBottom()));
    }
    await menu.getByRole("link", { name: "Ashwagandha", exact: true }).click();
    await expect(page).toHaveURL(/#ashwagandha$/);
    await expect(page.locator("article#ashwagandha").getByRole("heading", { level: 3 })).toBeInViewport();
  });
});

test.describe("Deep Dive without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the studies still open on a phone, and show on a wide screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/deep-dive");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await expectStudiesShown(page, false);
    const card = page.locator("main article").first();
    const { studies, safety, studiesDetails, safetyDetails } = disclosures(card);
    await studies.click();
    await expect(studiesDetails).toHaveAttribute("open", "");
    await expect(card.getByText(firstCitation(0))).toBeVisible();
    await safety.click();
    await expect(safetyDetails).toHaveAttribute("open", "");
    await expect(card.getByRole("heading", { level: 5, name: "Upper limit" })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator("main article").nth(1).getByText(firstCitation(1))).toBeVisible();
  });
});
