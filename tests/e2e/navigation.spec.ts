import { headerActions, headerLinks } from "~/content/site";
import { expect, isMobile, test, waitForHydration } from "./support";

test.describe("header navigation", () => {
  for (const link of headerLinks) {
    test(`"${link.label}" reaches ${link.to} and is marked current there`, async ({ page }) => {
      await page.goto(link.to === "/" ? "/faq" : "/");
      await waitForHydration(page);
      if (isMobile(page)) {
        await page.getByRole("button", { name: "Menu", exact: true }).click();
        await page
          .getByRole("dialog", { name: "Menu" })
          .getByRole("link", { name: link.label, exact: true })
          .click();
      } else {
        await page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: link.label, exact: true })
          .click();
      }
      await expect(page).toHaveURL(link.to);
      // The current link is highlighted and marked, in whichever nav the visitor sees.
      const nav = isMobile(page)
        ? page.locator("#site-menu")
        : page.getByRole("navigation", { name: "Main" });
      const current = nav.locator('a[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(link.label);
      await expect(current).toHaveAttribute("href", link.to);
    });
  }

  test("the current link is highlighted on a full page load", async ({ page }) => {
    await page.goto("/deep-dive");
    const current = page.locator('header nav a[aria-current="page"]').first();
    await expect(current).toHaveText("Deep Dive");
    const color = await current.evaluate((el) => getComputedStyle(el).color);
    const other = await page
      .locator('header nav a[href="/videos"]')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(color).not.toBe(other);
  });

  test("Take Quiz goes to /quiz and Shop Now to the Enhancer", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: headerActions.shop.label }).first()).toHaveAttribute(
      "href",
      "/product/forge-enhancer",
    );
    // Below 640 px the quiz button lives in the side menu; above, in the header.
    if (isMobile(page)) await page.getByRole("button", { name: "Menu", exact: true }).click();
    const quiz = page.getByRole("link", { name: headerActions.quiz.label }).first();
    await expect(quiz).toHaveAttribute("href", "/quiz");
    await quiz.click();
    await expect(page).toHaveURL("/quiz");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The T-Quiz: 9 questions, 2 minutes");
    await page.getByRole("link", { name: headerActions.shop.label }).first().click();
    await expect(page).toHaveURL("/product/forge-enhancer");
  });

  test("at 1280 px the links are inline and there is no menu button", async ({ page }) => {
    test.skip(isMobile(page), "desktop only");
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
  });
});

test.describe("side menu", () => {
  test.beforeEach(async ({ page }) => {
    test.skip(!isMobile(page), "small screens only");
    await page.goto("/");
    await waitForHydration(page);
  });

  test("opens 300 px wide at 390 px, 400 px wide at 700 px, with the links inside", async ({ page }) => {
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(300);
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(90);
    for (const link of headerLinks)
      await expect(menu.getByRole("link", { name: link.label, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 700, height: 900 });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(400);
  });

  test("closes when a link is chosen", async ({ page }) => {
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("link", { name: "Videos" }).click();
    await expect(page).toHaveURL("/videos");
    await expect(menu).toBeHidden();
  });

  test("closes on Escape and returns focus to the menu button", async ({ page }) => {
    const button = page.getByRole("button", { name: "Menu", exact: true });
    await button.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("closes on its close button and on a click outside", async ({ page }) => {
    const menu = page.getByRole("dialog", { name: "Menu" });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(menu).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL("/");
  });

  test("locks the page behind it while open", async ({ page }) => {
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    const overflow = await page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(overflow).toBe("hidden");
    await page.mouse.wheel(0, 800);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("works with the keyboard alone", async ({ page }) => {
    const button = page.getByRole("button", { name: "Menu", exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    // Tab stays inside the open menu.
    const inside: boolean[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      inside.push(await page.evaluate(() => Boolean(document.activeElement?.closest("#site-menu"))));
    }
    expect(inside.every(Boolean)).toBe(true);
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#site-menu")))).toBe(true);
    // Tab to Deep Dive and follow it with Enter.
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Deep Dive" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/deep-dive");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's links are still reachable", async ({ page }) => {
    await page.goto("/");
    if (isMobile(page)) {
      // The menu is a native popover: its button opens it with no script at all.
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const menu = page.locator("#site-menu");
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: "Bro Science" }).click();
    } else {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Bro Science" }).click();
    }
    await expect(page).toHaveURL("/bro-science");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
