import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support";

/**
 * Decision 080: the marketing pages' prices are Shopify's, written into the prerendered HTML by the
 * server from the offers it holds (tests/integration/shown-prices.test.ts changes a price in Shopify
 * and reads it back from the HTML). Here: what a visitor sees in the sandbox store, with and without
 * JavaScript, and that hydration finds in the HTML exactly what React renders (no mismatch).
 */
const expectations = [
  {
    path: "/bro-science",
    check: async (page: Page) => {
      const plans = page
        .getByRole("region", { name: "Choose your weapon" })
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 3 }) });
      await expect(plans.nth(0)).toContainText("$39");
      await expect(plans.nth(1)).toContainText("$197");
      await expect(plans.nth(1)).toContainText("$65.67 a month");
      await expect(plans.nth(2)).toContainText("$128");
      // No saving the data does not prove ($197 against three bottles at $39, $117), and no empty
      // badge drawn (decision 091).
      await expect(page.getByText(/^Save \$/)).toHaveCount(0);
    },
  },
  {
    path: "/",
    check: async (page: Page) => {
      await expect(page.getByRole("link", { name: "Shop Enhancer ($39)" })).toBeVisible();
      const bundle = page.getByRole("region", { name: "Measure it. Then build it." });
      await expect(bundle.getByRole("button", { name: "Shop Enhancer ($39)" })).toBeVisible();
      await expect(bundle.getByRole("button", { name: "Add Test Kit ($49)" })).toBeVisible();
    },
  },
  {
    path: "/product/test-kit",
    check: async (page: Page) => {
      await expect(page.getByText("$49.00", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Get Kit + Enhancer ($128)" })).toBeVisible();
    },
  },
];

test.describe("prices from Shopify on the marketing pages, with JavaScript", () => {
  for (const { path, check } of expectations) {
    test(`${path}: the store's prices, and hydration agrees with the HTML`, async ({ page }) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      await page.goto(path);
      await waitForHydration(page);
      await check(page);
      // A hydration mismatch is reported as an error (in production React, "Minified React error #418").
      expect(problems).toEqual([]);
    });
  }
});

test.describe("prices from Shopify on the marketing pages, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const { path, check } of expectations) {
    test(`${path}: the same prices in the HTML`, async ({ page }) => {
      await page.goto(path);
      await check(page);
      expect(await page.content()).not.toContain("__FORGE_TEXT");
    });
  }
});
