import type { Page } from "@playwright/test";
import { comparison } from "~/content/comparison";
import { fdaStatement, guarantee } from "~/content/product";
import { moderationPolicy, reviewsPage } from "~/content/reviews";
import { footer } from "~/content/site";
import { belowStudiedDose } from "~/content/studied-doses";
import { supplementFactsNote } from "~/content/supplement-facts";
import { homeVideos, notAffiliated } from "~/content/videos";
import { expect, test } from "./support";

/**
 * Issue 32 items 4-7 and 14: what the pages claim, and the words that hold each claim to what is true.
 */

/** The pages that make structure/function claims or carry the FDA statement, and some that do not. */
const pages = [
  "/",
  "/product/forge-enhancer",
  "/product/test-kit",
  "/bro-science",
  "/deep-dive",
  "/videos",
  "/faq",
  "/about",
  "/reviews",
  "/guarantee",
  "/contact",
];

/** How often a text occurs in what the page renders (scripts, JSON-LD and templates aside). */
async function occurrences(page: Page, text: string): Promise<number> {
  return page.evaluate((needle) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let all = "";
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest("script, style, template, noscript")) continue;
      all += `${node.textContent ?? ""}\u0000`;
    }
    return all.split(needle).length - 1;
  }, text);
}

/**
 * Every text that claims to support testosterone, with whether the asterisk link to the FDA statement
 * follows it in the same block (heading, paragraph, list item).
 */
async function claims(page: Page): Promise<{ text: string; marked: boolean }[]> {
  return page.evaluate(() => {
    const claim = /\bsupports? (?:(?:natural|your|your own|their own|healthy) )?testosterone\b/i;
    const found: { text: string; marked: boolean }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (!claim.test(text) || node.parentElement?.closest("script, style, template, noscript")) continue;
      const block = node.parentElement?.closest("p, h1, h2, h3, h4, li, dd, td, th");
      const marks = [...(block?.querySelectorAll('a[href="#fda-statement"]') ?? [])];
      const marked = marks.some(
        (mark) => node.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
      found.push({ text: text.trim(), marked });
    }
    return found;
  });
}

test.describe("the FDA statement and the claims it qualifies", () => {
  for (const path of pages) {
    test(`${path}: the spec's footer line and one full statement, which every claim's asterisk reaches`, async ({
      page,
    }) => {
      await page.goto(path);
      expect(await occurrences(page, footer.disclaimer)).toBe(1);
      expect(await occurrences(page, fdaStatement)).toBe(1);
      const statement = page.locator("#fda-statement");
      await expect(statement).toHaveCount(1);
      await expect(statement).toContainText(fdaStatement);

      const found = await claims(page);
      expect(found.filter((claim) => !claim.marked)).toEqual([]);
      if (path === "/" || path === "/bro-science") expect(found.length).toBeGreaterThan(1);
      for (const mark of await page.locator('a[href="#fda-statement"]').all()) {
        await expect(mark).toHaveAccessibleName("See the FDA statement");
        await expect(mark).toHaveText("*");
      }
    });
  }

  test("the home page's claim links to the statement, and following it brings the statement into view", async ({
    page,
  }) => {
    await page.goto("/");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Support natural testosterone.* No needles. No Rx.");
    await heading.getByRole("link", { name: "See the FDA statement" }).click();
    await expect(page).toHaveURL(/#fda-statement$/);
    await expect(page.locator("#fda-statement")).toBeInViewport();
  });
});

test.describe("words that say no more than is true", () => {
  test("the hero: no 'No labs' beside a lab-read kit, and no studied doses claimed for the label", async ({
    page,
  }) => {
    await page.goto("/");
    const main = page.locator("main");
    await expect(main).not.toContainText("No needles. No labs.");
    await expect(main).not.toContainText("beside the dose it was studied at");
  });

  test("the number of ingredients below their studied dose is the computed one, wherever it is said", async ({
    page,
  }) => {
    const count = `${belowStudiedDose.count} of the ${belowStudiedDose.of}`;
    await page.goto("/");
    const evidence = page
      .getByRole("table", { name: comparison.title })
      .getByRole("row", { name: /Strength of the evidence/ });
    await expect(evidence).toContainText(`${count} are below the dose studied`);
    await expect(evidence).not.toContainText("several");
    await page.goto("/deep-dive");
    await expect(page.getByRole("region", { name: "Deep Dive questions" })).toContainText(
      `${count} are below the studied dose`,
    );
    await page.goto("/faq#studied-doses");
    await expect(page.locator("main")).toContainText(`${count} are below the dose the studies used`);
  });

  test("no video is called most popular; outside videos say they are not affiliated, on home too", async ({
    page,
  }) => {
    await page.goto("/videos");
    await expect(page.locator("main")).not.toContainText(/most popular/i);
    await page.goto("/");
    const outside = homeVideos.filter((video) => video.source);
    expect(outside.length).toBeGreaterThan(0);
    for (const video of outside) {
      const card = page.locator("main article").filter({ hasText: video.title });
      await expect(card).toContainText(notAffiliated(video.source ?? ""));
    }
  });

  test("the reviews page says all published reviews, and when and why a review can be rejected", async ({
    page,
  }) => {
    await page.goto("/reviews");
    const main = page.locator("main");
    await expect(main).toContainText("all published reviews, as written");
    await expect(main).not.toContainText("every review published as written");
    await expect(main.getByRole("region", { name: reviewsPage.policyHeading })).toContainText(
      moderationPolicy,
    );
    expect(moderationPolicy).toMatch(/rejects it only if it does break one of those rules/);
  });
});

test("the Supplement Facts note does not call the panel the bottle's label, which lists other ingredients", async ({
  page,
}) => {
  await page.goto("/product/forge-enhancer");
  await expect(page.locator("main")).not.toContainText("as on the bottle");
  await expect(page.getByRole("heading", { name: supplementFactsNote.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: supplementFactsNote.title })).toHaveText(
    "The dietary ingredients, per serving",
  );
});

test.describe("the guarantee: one rule for the test kit, in the same words everywhere", () => {
  for (const path of ["/guarantee", "/faq", "/legal/terms", "/product/forge-enhancer"]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      expect(await occurrences(page, guarantee.coverage)).toBe(1);
      await expect(page.locator("main")).not.toContainText("not a reason for a refund");
      await expect(page.locator("main")).not.toContainText("covered like the rest of the order");
    });
  }
});
