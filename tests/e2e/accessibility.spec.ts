import { test as withReviews } from "./reviews-server";
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

// routes.spec.ts sweeps /reviews with no review; here it has reviews (stars, bars, replies, votes, pages).
withReviews(
  "/reviews with reviews, filtered, and after a vote: zero violations",
  async ({ page, reviewsServer }) => {
    withReviews.setTimeout(90_000);
    await page.goto(`${reviewsServer.url}/reviews`);
    await waitForHydration(page);
    await expect(page.getByTestId("review").first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`${reviewsServer.url}/reviews?stars=1&sort=helpful`);
    await waitForHydration(page);
    const button = page
      .getByTestId("review")
      .first()
      .getByRole("button", { name: /Helpful/ });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page);
  },
);
