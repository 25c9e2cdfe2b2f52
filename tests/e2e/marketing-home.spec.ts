import { homeVideos } from "~/content/videos";
import { crossOrigin, expectJsonLdUnderCsp, jsonLdOfType, recordRequests } from "./marketing-helpers";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

test.describe("home page", () => {
  test("hero, benefits, 3 steps, comparison, ingredients, bundle, videos, quiz promo, trust badges, connection test", async ({
    page,
  }) => {
    await page.goto("/");
    const main = page.locator("main");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Support natural testosterone.* No needles. No Rx.",
    );

    await expect(
      main.getByRole("heading", { name: "Built for men who want to do it naturally" }),
    ).toBeVisible();

    const steps = main.getByRole("region", { name: "Test. Supplement. Track." }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.getByRole("heading", { level: 3 })).toHaveText(["Test", "Supplement", "Track"]);

    const comparison = main.getByRole("table", { name: "Natural support vs TRT" });
    await expect(comparison.getByRole("columnheader")).toHaveText(["Forge Enhancer", "TRT (prescription)"]);
    await expect(comparison.getByRole("row", { name: /Prescription/ })).toContainText("Not needed");
    // A check mark only on a plain fact (needles, prescription), each with its text alternative; the
    // evidence in words, with no check (issue 20).
    await expect(comparison.locator("svg")).toHaveCount(2);
    await expect(comparison.getByText("In the Enhancer's favour:")).toHaveCount(2);
    const evidence = comparison.getByRole("row", { name: /Strength of the evidence/ });
    await expect(evidence).toContainText("Mixed evidence");
    await expect(evidence).toContainText("Moderate for 3 of the 14 ingredients");
    await expect(evidence.locator("svg")).toHaveCount(0);
    await expect(comparison).not.toContainText(/alternative|substitute|replace/i);

    const ingredients = main.getByRole("region", { name: "14 ingredients. Every dose on the label." });
    await expect(ingredients.getByRole("heading", { level: 3 })).toHaveCount(14);
    await expect(ingredients.getByRole("link", { name: "Read the Deep Dive" })).toHaveAttribute(
      "href",
      "/deep-dive",
    );

    const bundle = main.getByRole("region", { name: "Measure it. Then build it." });
    await expect(bundle.getByRole("button", { name: "Shop Enhancer ($39)", exact: true })).toBeVisible();
    await expect(bundle.getByRole("button", { name: "Add Test Kit ($49)", exact: true })).toBeVisible();
    await expect(bundle).toContainText("Results 3-5 days from when the lab receives your sample");
    const items = await bundle
      .locator('input[name="item"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(items).toEqual(["enhancer", "test_kit"]);

    const videos = main.getByRole("region", { name: "Learn before you lift" });
    await expect(videos.getByRole("article")).toHaveCount(3);
    await expect(videos.getByRole("heading", { level: 3 })).toHaveText(homeVideos.map((v) => v.title));

    const quiz = main.getByRole("region", { name: "9 Questions, 2 Minutes" });
    await expect(quiz.getByRole("heading", { level: 2 })).toHaveText("9 Questions, 2 Minutes");
    await expect(quiz.getByRole("link", { name: "Take the Quiz" })).toHaveAttribute("href", "/quiz");

    const badges = main.getByRole("region", { name: "Why buy from Forge" }).getByRole("listitem");
    await expect(badges).toHaveText([
      "60-day money-back guarantee",
      "Free shipping",
      "4.8/5 from 2,847 reviews (sample data)",
      "Ships in 1-2 business days",
    ]);

    const connection = main.getByRole("button", { name: "Test Shopify Connection" });
    await expect(connection).toHaveAttribute("type", "button");
  });

  test("sample data is labelled where it is counted: the home page's two ratings, the comparison's live price, /reviews' totals", async ({
    page,
  }) => {
    // Issue 32 item 2: the sandbox's 2,847 sample reviews feed every figure below; each says so.
    await page.goto("/");
    const main = page.locator("main");
    await expect(main.getByText("4.8/5 from 2,847 reviews (sample data)", { exact: true })).toHaveCount(2);
    await expect(main.getByText(/^4\.8\/5 from 2,847 reviews$/)).toHaveCount(0);
    // Issue 32 item 1: the comparison's cost is the Enhancer's live price, not a written figure.
    const comparison = main.getByRole("table", { name: "Natural support vs TRT" });
    await expect(comparison.getByRole("row", { name: /Cost/ })).toContainText("$39 a month");

    await page.goto("/reviews");
    const rating = page.getByTestId("rating-summary");
    await expect(rating.getByTestId("rating-average")).toHaveText("4.8 out of 5 (sample data)");
    await expect(rating.getByTestId("rating-count")).toHaveText("Based on 2,847 reviews (sample data)");
    await expect(rating.getByRole("heading", { name: "Reviews by rating (sample data)" })).toBeVisible();
    await expect(page.getByTestId("reviews-showing")).toHaveText("Showing 1–10 of 2,847 (sample data)");
  });

  test("Organization JSON-LD, under the page's CSP", async ({ page }) => {
    const response = await page.goto("/");
    const organization = await jsonLdOfType(page, "Organization");
    expect(organization.name).toBe("Forge");
    expect(String(organization.url)).toMatch(/^https?:\/\/.+\/$/);
    await expectJsonLdUnderCsp(page, response?.headers()["content-security-policy"] ?? "");
  });

  test("no request to another origin before a click; a video facade loads its iframe only on click", async ({
    page,
    baseURL,
  }) => {
    const requests = recordRequests(page);
    await page.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState("networkidle");
    expect(crossOrigin(requests, baseURL ?? "")).toEqual([]);
    await expect(page.locator("iframe")).toHaveCount(0);

    const video = homeVideos.find((v) => v.youtubeId);
    if (!video?.youtubeId) throw new Error("the home page needs a playable video");
    await page.getByRole("button", { name: `Play video: ${video.title}` }).click();
    const frame = page.locator(`iframe[title="${video.title}"]`);
    await expect(frame).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=1&rel=0`,
    );
    await expect.poll(() => crossOrigin(requests, baseURL ?? "").length).toBeGreaterThan(0);
    expect(
      crossOrigin(requests, baseURL ?? "").every((url) =>
        url.startsWith("https://www.youtube-nocookie.com/"),
      ),
    ).toBe(true);
    await expectNoAxeViolations(page);
  });
});
