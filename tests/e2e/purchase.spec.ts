import { clickForNewTab, expectConfirmed, mailTo, newBuyer, payOnEmulator } from "./flows";
import { expect, isMobile, test, waitForHydration } from "./support";

test.describe("the whole purchase, in the sandbox", () => {
  test("home: Shop Enhancer ($39) → pay page in a new tab → payment success → ✓ Sent → one e-mail", async ({
    page,
    context,
    request,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const buyer = newBuyer("home");
    const tab = await clickForNewTab(context, () =>
      page.getByRole("button", { name: "Shop Enhancer ($39)" }).click(),
    );
    await payOnEmulator(tab, buyer);
    await expectConfirmed(request, tab, buyer, { item: /Forge Enhancer/, total: "$39.00" });
    // An order without the kit: the dosing plan, and no kit results promised (page and e-mail).
    const nextSteps = tab.getByRole("region", { name: "What happens next" });
    await expect(nextSteps).toContainText("3 capsules daily with the first meal");
    await expect(nextSteps).not.toContainText(/kit results/i);
    const [mail] = await mailTo(request, buyer.email);
    expect(mail?.text).toContain("capsules daily with your first meal");
    expect(mail?.text).not.toMatch(/test kit results/i);
  });

  test("Enhancer page: Add to Cart (or its sticky bar at 390 px) checks out the Enhancer", async ({
    page,
    context,
    request,
  }) => {
    await page.goto("/product/forge-enhancer");
    await waitForHydration(page);
    await expect(page.getByText("Live Shopify pricing").first()).toBeVisible();
    const buyer = newBuyer("enhancer");
    const button = isMobile(page)
      ? page.locator(".sticky-buy-bar").getByRole("button", { name: /Add to Cart/i })
      : page.getByRole("button", { name: /Add to Cart/i }).first();
    const tab = await clickForNewTab(context, () => button.click());
    await payOnEmulator(tab, buyer);
    await expectConfirmed(request, tab, buyer, { item: /Forge Enhancer/, total: "$39.00" });
  });

  test("test kit page: the kit + Enhancer bundle at $128", async ({ page, context, request }) => {
    test.skip(isMobile(page), "one width is enough for this path");
    await page.goto("/product/test-kit");
    await waitForHydration(page);
    const buyer = newBuyer("bundle");
    const tab = await clickForNewTab(context, () =>
      page.getByRole("button", { name: /\$128/ }).first().click(),
    );
    await payOnEmulator(tab, buyer);
    await expectConfirmed(request, tab, buyer, { item: /Enhancer \+ Test Kit/, total: "$128.00" });
    // The bundle holds both: its kit's results and the dosing plan are both next steps.
    const nextSteps = tab.getByRole("region", { name: "What happens next" });
    await expect(nextSteps).toContainText(
      "Ready 3-5 days from when the lab receives your sample, and kept online in your results account for 12 months.",
    );
    await expect(nextSteps).toContainText("3 capsules daily with the first meal");
    const [mail] = await mailTo(request, buyer.email);
    expect(mail?.text).toContain(
      "Test kit results are ready 3-5 days from when the lab receives your sample",
    );
  });
});
