import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./support";

/**
 * Decision 080: the marketing pages show Shopify's prices from the offers the server puts in each page's
 * runtime configuration (tests/integration/shown-prices.test.ts checks the server reads them from
 * Shopify). Here the configuration a page arrives with is changed to a store whose prices differ from
 * the spec's, and the page must show those, and a saving only where a compare-at price proves it.
 */
const otherStore = {
  enhancer: { price: "42.0", compareAt: null },
  test_kit: { price: "52.5", compareAt: null },
  bundle_3_month: { price: "210.0", compareAt: null },
  enhancer_kit_bundle: { price: "135.0", compareAt: "150.0" },
};

async function arriveWithOffers(page: Page, path: string, offers: unknown) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script[^>]*id="forge-runtime-config"[^>]*>)([^<]*)(<\/script>)/,
        (_all, open: string, json: string, close: string) =>
          `${open}${JSON.stringify({ ...JSON.parse(json), offers })}${close}`,
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto(path);
  await waitForHydration(page);
}

const plans = (page: Page) =>
  page
    .getByRole("region", { name: "Choose your weapon" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3 }) });

test.describe("prices from Shopify on the marketing pages", () => {
  test("Bro Science's cards show the store's prices; no 'Save' the data does not prove", async ({ page }) => {
    await arriveWithOffers(page, "/bro-science", otherStore);
    const [starter, beast, complete] = [plans(page).nth(0), plans(page).nth(1), plans(page).nth(2)];
    await expect(starter).toContainText("$42");
    await expect(beast).toContainText("$210");
    await expect(beast).not.toContainText("Save");
    await expect(complete).toContainText("$135");
    await expect(complete).toContainText("Save $15");
  });

  test("with the sandbox's own offers the spec's figures show, 'Save $40' proven by the compare-at", async ({
    page,
  }) => {
    await arriveWithOffers(page, "/bro-science", {
      enhancer: { price: "39.0", compareAt: null },
      bundle_3_month: { price: "197.0", compareAt: "237.0" },
      enhancer_kit_bundle: { price: "128.0", compareAt: null },
    });
    await expect(plans(page).nth(0)).toContainText("$39");
    await expect(plans(page).nth(1)).toContainText("$197");
    await expect(plans(page).nth(1)).toContainText("Save $40");
    await expect(plans(page).nth(2)).toContainText("$128");
    await expect(page.getByText(/^Save /)).toHaveCount(1);
  });

  test("home: the hero and bundle buttons name the price checkout charges", async ({ page }) => {
    await arriveWithOffers(page, "/", otherStore);
    await expect(page.getByRole("link", { name: "Shop Enhancer ($42)" })).toBeVisible();
    const bundle = page.getByRole("region", { name: "Measure it. Then build it." });
    await expect(bundle.getByRole("button", { name: "Shop Enhancer ($42)" })).toBeVisible();
    await expect(bundle.getByRole("button", { name: "Add Test Kit ($52.50)" })).toBeVisible();
  });

  test("the kit page: the kit's and the bundle's prices from the store", async ({ page }) => {
    await arriveWithOffers(page, "/product/test-kit", otherStore);
    await expect(page.getByText("$52.50", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Get the Bundle ($135)" })).toBeVisible();
  });

  test("an item the store does not sell now keeps the page's default price", async ({ page }) => {
    await arriveWithOffers(page, "/bro-science", { enhancer: { price: "42.0", compareAt: null } });
    await expect(plans(page).nth(0)).toContainText("$42");
    await expect(plans(page).nth(1)).toContainText("$197");
    await expect(plans(page).nth(1)).toContainText("Save $40");
  });
});
