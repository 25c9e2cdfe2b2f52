import type { Page } from "@playwright/test";
import {
  browserStorage,
  dataKinds,
  otherRecords,
  processors,
  retentionRules,
  type TableEntry,
  tables,
} from "~/content/legal/data-inventory";
import { privacyPolicy, privacyRequestHref } from "~/content/legal/privacy";
import { company, support } from "~/content/site";
import { expect, test } from "./support";

/**
 * Issue 17 item 4: the privacy policy shows what the data inventory says — each table with the kinds of
 * personal data it holds and how long it is kept, the records outside the database, the processors, the
 * cookies and storage — with its effective date and the way to make a privacy request, readable at
 * 390 px without sideways scrolling, and without JavaScript (it is prerendered).
 */

const PATH = "/legal/privacy";

/** The kinds of personal data a table holds, from the inventory itself (not the page's view of it). */
function kindLabels(entry: TableEntry): string[] {
  const kinds = Object.values(entry.columns).flatMap((column) => (column.personal ? column.kinds : []));
  return [...new Set(kinds)].map((kind) => dataKinds[kind].label);
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    return {
      page: document.documentElement.scrollWidth,
      viewport,
      // What sticks out of the viewport, to name in a failure (decorations are clipped by their band).
      wide: [...document.querySelectorAll("main *:not([aria-hidden='true'])")]
        .filter((element) => element.getBoundingClientRect().right > viewport + 1)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}: ${(element.textContent ?? "").slice(0, 60)}`),
    };
  });
  expect(widths.wide).toEqual([]);
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

test.describe("privacy policy", () => {
  test("names each table's kinds of personal data and how long it is kept", async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    const main = page.locator("main");
    for (const [name, entry] of Object.entries(tables) as [string, TableEntry][]) {
      const card = main.getByRole("article", { name: entry.title, exact: true });
      await expect(card, name).toBeVisible();
      const kinds = kindLabels(entry);
      if (kinds.length === 0) await expect(card, name).toContainText("No personal data.");
      for (const kind of kinds)
        await expect(card.getByRole("listitem").filter({ hasText: kind }), `${name}: ${kind}`).toHaveCount(1);
      for (const scope of entry.retention) {
        await expect(card, `${name}: ${scope.rule}`).toContainText(retentionRules[scope.rule].summary);
      }
    }
    for (const record of Object.values(otherRecords)) {
      await expect(main.getByRole("article", { name: record.title, exact: true })).toContainText(record.what);
    }
    // The columns themselves, by what a reader calls them.
    const orders = main.getByRole("article", { name: tables.orders.title, exact: true });
    await expect(orders.getByRole("rowheader", { name: /Shipping address/ })).toBeVisible();
    await expect(orders).toContainText("To ship the order and calculate sales tax.");
  });

  test("how long, who else, cookies: each from the inventory", async ({ page }) => {
    await page.goto(PATH);
    const section = (title: string) => page.getByRole("region", { name: title, exact: true });
    const howLong = section(privacyPolicy.sections["how-long"]);
    for (const rule of Object.values(retentionRules)) await expect(howLong).toContainText(rule.summary);
    const whoElse = section(privacyPolicy.sections["who-else"]);
    for (const processor of Object.values(processors)) await expect(whoElse).toContainText(processor.name);
    const cookies = section(privacyPolicy.sections.cookies);
    for (const entry of browserStorage)
      await expect(cookies.getByRole("rowheader", { name: entry.name })).toBeVisible();
    await expect(section(privacyPolicy.sections["no-sale"])).toContainText("We do not sell personal data");
  });

  test("who we are, the effective date, and where to make a privacy request", async ({ page }) => {
    await page.goto(PATH);
    await expect(page.locator("main time")).toHaveAttribute("datetime", "2026-11-23");
    await expect(page.locator("main")).toContainText("Effective November 23, 2026");
    const who = page.getByRole("region", { name: privacyPolicy.sections["who-we-are"] });
    await expect(who).toContainText(company.legalName);
    await expect(who).toContainText(company.postalAddress);
    await expect(who.getByRole("link", { name: support.email })).toHaveAttribute(
      "href",
      `mailto:${support.email}`,
    );
    const rights = page.getByRole("region", { name: privacyPolicy.sections["your-rights"] });
    for (const right of [
      "Know and access",
      "Delete",
      "Correct",
      "Portability",
      "Opt out",
      "Non-discrimination",
    ]) {
      await expect(rights).toContainText(right);
    }
    const request = rights.getByRole("link", { name: privacyPolicy.rights.formLabel });
    await expect(request).toHaveAttribute("href", privacyRequestHref);
    expect(privacyRequestHref).toBe("/contact?topic=privacy");
    // CalOPPA: how the site answers Do Not Track; and who the site is not for.
    await expect(page.getByRole("region", { name: privacyPolicy.sections["do-not-track"] })).toContainText(
      "works the same whether or not your browser sends these signals",
    );
    await expect(page.getByRole("region", { name: privacyPolicy.sections.children })).toContainText(
      "anyone under 18",
    );
  });

  test("no sideways scrolling at 390 px, the tables stacked into cards", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(PATH);
    await expectNoSidewaysScroll(page);
    // Each cell says which column it is in, on a narrow screen.
    const firstRow = page
      .getByRole("article", { name: tables.orders.title, exact: true })
      .locator("tbody tr")
      .first();
    await expect(firstRow.getByText("Why we keep it", { exact: true })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the whole policy is in the page", async ({ page }) => {
      await page.goto(PATH);
      await expect(
        page.getByRole("article", { name: tables.contact_messages.title, exact: true }),
      ).toContainText(dataKinds.messageText.label);
      await expect(page.getByRole("link", { name: privacyPolicy.rights.formLabel }).first()).toHaveAttribute(
        "href",
        privacyRequestHref,
      );
    });
  });
});
