import { formula } from "~/content/facts/formula";
import { ingredientFacts as facts } from "~/content/facts/ingredients";
import { deepDiveFaqs } from "~/content/faqs";
import { ingredients } from "~/content/ingredients";
import { fdaStatement } from "~/content/product";
import { expectAccordionBehaviour, jsonLdOfType } from "./marketing-helpers";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

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
    await expect(main.getByText(fdaStatement)).toBeVisible();
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
