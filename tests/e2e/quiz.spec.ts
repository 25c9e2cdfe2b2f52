import type { Page } from "@playwright/test";
import { clickForNewTab } from "./flows";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

/**
 * The T-Quiz in a browser (issue 34 item 7), at both widths (the two projects): by keyboard alone with
 * axe on every step, the browser's Back and a reload mid-quiz keeping the answers, and the result's buy
 * buttons opening checkout for the right item.
 */

/** The answer labels of a typical path: the Enhancer is offered. */
const planPath = [
  "30 to 44",
  "None of these",
  "None of these",
  "More energy through the day",
  "Up and down",
  "About the same, or higher",
  "6 to 7 hours",
  "Once or twice a week",
  "1 to 3 days",
];

const progress = (page: Page, n: number) => expect(page.getByText(`Question ${n} of 9`)).toBeVisible();

/** Moves focus with Tab (bounded) until the answer button `label` has it. */
async function tabTo(page: Page, label: string) {
  const target = page.getByRole("button", { name: label, exact: true });
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached "${label}"`);
}

test.describe("the T-Quiz", () => {
  test("by keyboard alone, with zero axe violations on every step, to a plan", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/quiz");
    await waitForHydration(page);
    let presses = 0;
    for (const [index, label] of planPath.entries()) {
      await progress(page, index + 1);
      await expectNoAxeViolations(page);
      const legend = page.locator("legend");
      await expect(legend).toHaveCount(1);
      // Each answer is in the question's group: the fieldset's accessible name is the question.
      await expect(page.getByRole("group", { name: (await legend.textContent()) ?? "" })).toBeVisible();
      const tabs = await tabTo(page, label);
      if (index > 0) presses += tabs + 1;
      await page.keyboard.press("Enter");
    }
    // After the first question, focus follows the quiz (the first answer of each question has it):
    // a typical path takes at most 12 key presses after the first answer (issue 34 item 1).
    expect(presses).toBeLessThanOrEqual(12);
    await expect(page).toHaveURL(/\/results\/quiz\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your plan: test, supplement, track");
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });

  test("the browser's Back and a reload keep the answers", async ({ page }) => {
    await page.goto("/quiz");
    await waitForHydration(page);
    for (const label of planPath.slice(0, 3))
      await page.getByRole("button", { name: label, exact: true }).click();
    await progress(page, 4);
    await page.goBack();
    await progress(page, 3);
    await expect(page.getByRole("button", { name: "None of these", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.reload();
    await waitForHydration(page);
    await progress(page, 3);
    await expect(page.getByRole("button", { name: "None of these", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // The quiz's own Back button too.
    await page.getByRole("button", { name: "Back" }).click();
    await progress(page, 2);
    await page.goBack();
    await progress(page, 1);
    await expect(page.getByRole("button", { name: "30 to 44", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  test("the result's buy buttons open checkout for the kit and for the Enhancer", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/quiz");
    await waitForHydration(page);
    for (const [index, label] of planPath.entries()) {
      await progress(page, index + 1);
      await page.getByRole("button", { name: label, exact: true }).click();
    }
    await expect(page).toHaveURL(/\/results\/quiz\//);
    await waitForHydration(page);
    for (const [button, item] of [
      [/^Buy the test kit: \$/, "Test Kit"],
      [/^Buy the Enhancer: \$/, "Enhancer"],
    ] as const) {
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith("/api/hybrid-checkout") && r.method() === "POST"),
        clickForNewTab(context, () => page.getByRole("button", { name: button }).click()).then(
          async (tab) => {
            await tab.waitForURL(/\/__sandbox\/stripe\//, { timeout: 30_000 });
            await expect(tab.locator("body")).toContainText(item, { timeout: 30_000 });
            await tab.close();
          },
        ),
      ]);
      const body = request.postDataJSON() as { products: { shopifyVariantId: string; quantity: number }[] };
      expect(body.products).toHaveLength(1);
      expect(body.products[0]?.shopifyVariantId).toMatch(/^gid:\/\/shopify\/ProductVariant\//);
    }
  });

  test("when the safety screen says no, no Enhancer anywhere, and why first", async ({ page }) => {
    await page.goto("/quiz");
    await waitForHydration(page);
    const path = [...planPath];
    path[1] = "Yes, one or more";
    for (const [index, label] of path.entries()) {
      await progress(page, index + 1);
      await page.getByRole("button", { name: label, exact: true }).click();
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Enhancer is not for you");
    await expect(page.getByRole("heading", { name: "First" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Enhancer/ })).toHaveCount(0);
    await expect(page.locator('input[name="item"][value="enhancer"]')).toHaveCount(0);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });

  test("under 18 the quiz ends kindly at once", async ({ page }) => {
    await page.goto("/quiz");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Under 18", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks for your interest");
    await expect(page.locator('form[action="/api/hybrid-checkout"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
