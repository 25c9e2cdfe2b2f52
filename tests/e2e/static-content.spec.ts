import { expect, isMobile, test, waitForHydration } from "./support";

/** Whether React has a fiber on the element: it hydrated (or rendered) that node. */
const reactOwns = (selector: string) =>
  `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return !!el && Object.keys(el).some((key) => key.startsWith("__reactFiber")); })()`;

test.describe("large static content (issue 19)", () => {
  test("the Deep Dive's ingredient cards are kept as the server sent them, not hydrated", async ({
    page,
  }) => {
    await page.goto("/deep-dive");
    await waitForHydration(page);
    // The container is React's; what is inside it is the server's markup, untouched.
    expect(await page.evaluate(reactOwns("#ingredient-cards"))).toBe(true);
    expect(await page.evaluate(reactOwns("#ingredient-cards article"))).toBe(false);
    await expect(page.locator("#ingredient-cards article")).toHaveCount(14);
  });

  test("after a client-side navigation the cards are rendered by React as usual", async ({ page }) => {
    await page.goto("/bro-science");
    await waitForHydration(page);
    // A mark on the window survives a client-side navigation, not a document load.
    await page.evaluate(() => {
      (window as unknown as { staticContentMark: boolean }).staticContentMark = true;
    });
    // On a phone the header's links are in the side menu.
    if (isMobile(page)) await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.locator('a[href="/deep-dive"]:visible').first().click();
    await expect(page).toHaveURL(/\/deep-dive$/);
    expect(
      await page.evaluate(() => (window as unknown as { staticContentMark?: boolean }).staticContentMark),
    ).toBe(true);
    await expect(page.locator("#ingredient-cards article")).toHaveCount(14);
    expect(await page.evaluate(reactOwns("#ingredient-cards article"))).toBe(true);
  });
});
