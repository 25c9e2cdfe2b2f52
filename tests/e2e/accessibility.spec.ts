import { expect, expectNoAxeViolations, isMobile, test, waitForHydration } from "./support";

// Every route's axe sweep is in routes.spec.ts; here, the states a plain page load does not show.
test.describe("accessibility beyond the first paint", () => {
  test("the open side menu: zero violations", async ({ page }) => {
    test.skip(!isMobile(page), "small screens only");
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a skip link leads past the header", async ({ page }) => {
    await page.goto("/deep-dive");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });

  test("a review link that does not work (the form itself: review-write.spec.ts): zero violations", async ({
    page,
  }) => {
    const response = await page.goto("/reviews/write/not-a-real-link");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This review link doesn't work");
    await waitForHydration(page);
    await expectNoAxeViolations(page);
  });
});
