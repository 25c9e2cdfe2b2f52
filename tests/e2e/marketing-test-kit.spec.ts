import { kitFacts } from "~/content/product";
import { expectJsonLdUnderCsp, jsonLdOfType } from "./marketing-helpers";
import { expect, test } from "./support";

test.describe("test kit page", () => {
  test("price $49.00, the kit with the Enhancer at $128, 4 steps, contents, results report, privacy and two buy buttons", async ({
    page,
  }) => {
    await page.goto("/product/test-kit");
    const main = page.locator("main");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("At-home testosterone test kit");
    await expect(main.getByText("$49.00", { exact: true })).toBeVisible();

    // Costing more than the two apart, it says what it holds and is no "bundle" (decision 091).
    const bundle = main.getByRole("region", { name: "The kit and a bottle of the Enhancer" });
    await expect(bundle.getByText("$128", { exact: true })).toBeVisible();
    await expect(bundle).toContainText("one at-home test kit and one bottle of the Enhancer");
    await expect(bundle).not.toContainText(/bundle|save/i);

    const steps = main.getByRole("region", { name: "Four steps. No clinic." }).getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps.getByRole("heading", { level: 3 })).toHaveText(["Order", "Collect", "Mail", "Read"]);

    await expect(main.getByRole("region", { name: "What's in the box" }).getByRole("listitem")).toHaveCount(
      4,
    );
    const report = main.getByRole("region", { name: "Your results report" });
    // What it samples and measures, who analyses it, when, and what "12 months" means (issue 20).
    await expect(report).toContainText("Ready 3-5 days from when the lab receives your sample");
    await expect(report).toContainText("Available for 12 months");
    await expect(report).toContainText("kept online in your results account for 12 months");
    await expect(report).toContainText("finger-prick dried blood spot");
    await expect(report).toContainText(`${kitFacts.lab} measures your total testosterone`);
    await expect(report).toContainText("Each kit is single use");
    await expect(main).not.toContainText(/retest|same kit|in 3-5 days/i);
    await expect(
      main.getByRole("region", { name: "Your numbers stay yours" }).getByRole("listitem"),
    ).toHaveCount(4);

    const buyButtons = main.locator('form[action="/api/hybrid-checkout"]');
    await expect(buyButtons).toHaveCount(2);
    await expect(main.getByRole("button", { name: "Add Test Kit to Cart" })).toBeVisible();
    await expect(bundle.getByRole("button", { name: "Get Kit + Enhancer ($128)" })).toBeVisible();
    const items = await buyButtons
      .locator('input[name="item"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(items).toEqual(["test_kit", "enhancer_kit_bundle"]);
    await expect(buyButtons.first()).toHaveAttribute("data-flow", "kit");
  });

  test("Product JSON-LD with an Offer at 49.00 USD, in stock", async ({ page }) => {
    const response = await page.goto("/product/test-kit");
    const product = await jsonLdOfType(page, "Product");
    expect(product.name).toBe("At-Home Testosterone Test Kit");
    expect(product.offers).toMatchObject({
      "@type": "Offer",
      price: "49.00",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
    await expectJsonLdUnderCsp(page, response?.headers()["content-security-policy"] ?? "");
  });
});
