import type { Page } from "@playwright/test";
import { placeholderVariantIds } from "~/content/catalog";
import { clickForNewTab, expectConfirmed, expectToast, holdRequests, newBuyer, payOnEmulator } from "./flows";
import { withOwnServer } from "./own-server";
import { expect, test, waitForHydration } from "./support";

// These flows do not depend on the width (the phone-specific toast and sticky-bar checks are in
// toasts.spec.ts and purchase.spec.ts): the desktop project alone runs them (playwright.config.ts).

/** Counts calls to hybrid-checkout made by the page. */
function countCheckoutCalls(page: Page): () => number {
  let calls = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/hybrid-checkout")) calls++;
  });
  return () => calls;
}

/** Spec §8's toast for a home or kit item whose variant id is not configured. */
function expectConfigurationNeeded(page: Page) {
  return expectToast(page, "Configuration needed", "Please update Shopify product variant IDs in the code.", {
    destructive: true,
  });
}

async function setLocalStorage(page: Page, values: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, values);
}

test.describe("an unconfigured item is blocked before any call (spec §5)", () => {
  test("Enhancer page, Enhancer placeholder → Product not configured", async ({ page, context }) => {
    await setLocalStorage(page, { FORGE_ENHANCER_VARIANT_ID: placeholderVariantIds.enhancer });
    const calls = countCheckoutCalls(page);
    await page.goto("/product/forge-enhancer");
    await waitForHydration(page);
    await page
      .getByRole("button", { name: /Add to Cart/i })
      .first()
      .click();
    await expectToast(page, "Product not configured", "Create the Forge product in Shopify first.", {
      destructive: true,
    });
    expect(calls()).toBe(0);
    expect(context.pages()).toHaveLength(1);
  });

  test("Enhancer page, 3-month bundle placeholder → Product not configured", async ({ page }) => {
    await setLocalStorage(page, { FORGE_BUNDLE_VARIANT_ID: "gid://shopify/ProductVariant/YOUR_BUNDLE" });
    const calls = countCheckoutCalls(page);
    await page.goto("/product/forge-enhancer");
    await waitForHydration(page);
    await page.locator('section[aria-labelledby="bundle-card"]').getByRole("button").click();
    await expectToast(page, "Product not configured", "Create the Forge product in Shopify first.", {
      destructive: true,
    });
    expect(calls()).toBe(0);
  });

  test("home, Enhancer placeholder → Configuration needed", async ({ page }) => {
    await setLocalStorage(page, { FORGE_ENHANCER_VARIANT_ID: placeholderVariantIds.enhancer });
    const calls = countCheckoutCalls(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Shop Enhancer ($39)" }).click();
    await expectConfigurationNeeded(page);
    expect(calls()).toBe(0);
  });

  test("test page without a saved test product → Configuration needed", async ({ page }) => {
    const calls = countCheckoutCalls(page);
    await page.goto("/test-product");
    await waitForHydration(page);
    await page.getByRole("button", { name: /Buy test product/ }).click();
    await expectToast(page, "Configuration needed", "Create the Shopify test product first.", {
      destructive: true,
    });
    expect(calls()).toBe(0);
  });
});

const serverTest = withOwnServer({ CATALOG_TEST_KIT_VARIANT_ID: placeholderVariantIds.test_kit });

serverTest.describe("a kit whose id the server left as a placeholder", () => {
  serverTest(
    "kit page and home's Add Test Kit → Configuration needed, no call",
    async ({ page, ownServer: server }) => {
      const calls = countCheckoutCalls(page);
      await page.goto(`${server.url}/product/test-kit`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Add Test Kit to Cart" }).click();
      await expectConfigurationNeeded(page);
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Add Test Kit ($49)" }).click();
      await expectConfigurationNeeded(page);
      expect(calls()).toBe(0);
    },
  );
});

test.describe("a checkout that fails closes its tab and says so", () => {
  const unknownVariant = "gid://shopify/ProductVariant/99999999999";

  test("home: the store refuses → Error / Failed to create checkout session", async ({ page, context }) => {
    await setLocalStorage(page, { FORGE_ENHANCER_VARIANT_ID: unknownVariant });
    await page.goto("/");
    await waitForHydration(page);
    // The store refuses within milliseconds: hold the call back until the progress toast has been seen.
    const checkout = await holdRequests(page, "**/api/hybrid-checkout");
    await page.getByRole("button", { name: "Shop Enhancer ($39)" }).click();
    await expectToast(page, "Processing...", "Fetching product details and creating checkout...");
    checkout.release();
    await expectToast(page, "Error", "Failed to create checkout session. Please try again.", {
      destructive: true,
    });
    await expect.poll(() => context.pages().length).toBe(1);
  });

  test("home: no answer at all → Something went wrong", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.route("**/api/hybrid-checkout", (route) => route.abort("connectionreset"));
    await page.getByRole("button", { name: "Shop Enhancer ($39)" }).click();
    await expectToast(page, "Error", "Something went wrong. Please try again.", { destructive: true });
  });

  test("Enhancer page → Checkout Error", async ({ page, context }) => {
    await setLocalStorage(page, { FORGE_ENHANCER_VARIANT_ID: unknownVariant });
    await page.goto("/product/forge-enhancer");
    await waitForHydration(page);
    await page
      .getByRole("button", { name: /Add to Cart/i })
      .first()
      .click();
    await expectToast(page, "Checkout Error", "Unable to proceed to checkout. Please try again.", {
      destructive: true,
    });
    await expect.poll(() => context.pages().length).toBe(1);
  });

  test("kit page → Checkout Error", async ({ page }) => {
    await page.goto("/product/test-kit");
    await waitForHydration(page);
    await page.route("**/api/hybrid-checkout", (route) =>
      route.fulfill({
        status: 502,
        json: { success: false, error: "The payment provider could not be reached." },
      }),
    );
    await page.getByRole("button", { name: "Add Test Kit to Cart" }).click();
    await expectToast(page, "Checkout Error", "Unable to proceed to checkout. Please try again.", {
      destructive: true,
    });
  });
});

test("a double click starts one checkout in one tab", async ({ page, context }) => {
  const calls = countCheckoutCalls(page);
  await page.goto("/");
  await waitForHydration(page);
  const opened = context.waitForEvent("page");
  await page.getByRole("button", { name: "Shop Enhancer ($39)" }).dblclick();
  const tab = await opened;
  await tab.waitForURL(/\/__sandbox\/stripe\//);
  expect(calls()).toBe(1);
  expect(context.pages()).toHaveLength(2);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the buy button still reaches the pay page in a new tab", async ({ page, context }) => {
    await page.goto("/");
    const tab = await clickForNewTab(context, () =>
      page.getByRole("button", { name: "Shop Enhancer ($39)" }).click(),
    );
    await tab.waitForURL(/\/__sandbox\/stripe\//);
    await expect(tab.getByRole("heading", { level: 1 })).toContainText("Pay");
    await expect(tab.getByText("$39.00").first()).toBeVisible();
  });
});

test("the test product: created through shopify-create-product, saved, then bought for $0.50", async ({
  page,
  context,
  request,
}) => {
  await page.goto("/test-product");
  await waitForHydration(page);
  // Buying before creating says so once, however often it is clicked...
  const notifications = page.getByRole("region", { name: "Notifications" });
  await page.getByRole("button", { name: /Buy test product/ }).click();
  await page.getByRole("button", { name: /Buy test product/ }).click();
  await expectToast(page, "Configuration needed", "Create the Shopify test product first.", {
    destructive: true,
  });
  await expect(notifications.getByText("Create the Shopify test product first.")).toHaveCount(1);
  // ...and creating the product replaces that stale error with its success.
  await page.getByRole("button", { name: "Create test product" }).click();
  await expectToast(page, "Test product created");
  await expect(notifications.getByText("Configuration needed")).toHaveCount(0);
  const saved = await page.evaluate(() => window.localStorage.getItem("TEST_PRODUCT_VARIANT_ID"));
  expect(saved).toMatch(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
  await expect(page.getByTestId("saved-variant")).toContainText(saved as string);
  const buyer = newBuyer("test-item");
  const tab = await clickForNewTab(context, () =>
    page.getByRole("button", { name: /Buy test product/ }).click(),
  );
  await payOnEmulator(tab, buyer);
  await expectConfirmed(request, tab, buyer, { item: /Forge Test Product/, total: "$0.50" });
});
