import type { Page } from "@playwright/test";
import { faqEntries } from "~/content/faq-page";
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
import { company, paths, support } from "~/content/site";
import { expect, test } from "./support";

/**
 * Issue 17 item 4: the privacy policy shows what the data inventory says — each table with the kinds of
 * personal data it holds and how long it is kept, the records outside the database, the processors, the
 * cookies and storage — with its effective date and the way to make a privacy request, readable at
 * 390 px without sideways scrolling, and without JavaScript (it is prerendered).
 */

const PATH = "/legal/privacy";

/** The collapsed full policy: its summary names what it holds (issue 32 item 13). */
const fullPolicy = (page: Page) =>
  page.locator("main details").filter({ hasText: privacyPolicy.summary.inventory.label });

/** Opens the full policy, as a reader does, by its label. */
async function openFullPolicy(page: Page) {
  await fullPolicy(page).locator("summary").click();
  await expect(fullPolicy(page)).toHaveAttribute("open", "");
}

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
    await openFullPolicy(page);
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
    await openFullPolicy(page);
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
    const who = page.getByRole("region", { name: privacyPolicy.summary.sections["who-we-are"] });
    await expect(who).toContainText(company.legalName);
    await expect(who).toContainText(company.postalAddress);
    await expect(who.getByRole("link", { name: support.email })).toHaveAttribute(
      "href",
      `mailto:${support.email}`,
    );
    await openFullPolicy(page);
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
    await openFullPolicy(page);
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
      // A native <details>: it opens without JavaScript.
      await openFullPolicy(page);
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

test.describe("privacy policy: a plain summary first, the full inventory collapsed below it (issue 32 items 8 and 13)", () => {
  test("leads with the summary; the inventory is closed, labelled, and holds the schema's words", async ({
    page,
  }) => {
    await page.goto(PATH);
    const main = page.locator("main");
    const summaryTitles = Object.values(privacyPolicy.summary.sections);
    // The first headings a reader meets are the summary's, in order.
    const headings = await main.getByRole("heading", { level: 2 }).allInnerTexts();
    expect(headings.slice(0, summaryTitles.length).map((text) => text.trim())).toEqual(summaryTitles);
    // Below them, one closed <details> whose summary says what it holds.
    const inventory = fullPolicy(page);
    await expect(inventory).toHaveCount(1);
    await expect(inventory).not.toHaveAttribute("open");
    await expect(inventory.locator("summary")).toContainText(privacyPolicy.summary.inventory.label);
    const lastSummaryPart = main.getByRole("region", { name: privacyPolicy.summary.sections["who-we-are"] });
    const summaryBottom = (await lastSummaryPart.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect((await inventory.boundingBox())?.y ?? 0).toBeGreaterThan(summaryBottom);
    await expect(main.getByRole("article", { name: tables.orders.title, exact: true })).toBeHidden();
    // What a shopper reads before opening it has no database words.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (a closed <details> hides its content)
    const shown = await main.innerText();
    for (const jargon of ["HMAC", "A queue", "Shopify's last error", "dedupe", "SMTP"])
      expect(shown, jargon).not.toContain(jargon);
    // Who gets what, and why; how long; what they can do.
    const sharing = main.getByRole("region", { name: privacyPolicy.summary.sections.sharing });
    for (const processor of Object.values(processors))
      await expect(sharing.getByRole("listitem").filter({ hasText: processor.name })).toContainText(
        processor.inShort,
      );
    await expect(sharing.getByRole("listitem").filter({ hasText: processors.mail.name })).toContainText(
      "review invitations",
    );
    await expect(sharing).toContainText("We never sell your personal data");
    const keeping = main.getByRole("region", { name: privacyPolicy.summary.sections.keeping });
    for (const rule of [retentionRules.order, retentionRules.contactMessage, retentionRules.review])
      await expect(keeping).toContainText(rule.summary);
    const rights = main.getByRole("region", { name: privacyPolicy.summary.sections["your-choices"] });
    await expect(rights.getByRole("link", { name: privacyPolicy.rights.formLabel })).toHaveAttribute(
      "href",
      privacyRequestHref,
    );
  });

  test("on a 390 px phone, the page with the inventory closed is a fraction of its old 37,000 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(PATH);
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const closed = await height();
    await openFullPolicy(page);
    const open = await height();
    test
      .info()
      .annotations.push({ type: "height at 390 px", description: `closed ${closed} px, open ${open} px` });
    expect(closed).toBeLessThan(8000);
    // The inventory is all still there, one click away.
    expect(open).toBeGreaterThan(closed * 3);
  });

  test("the e-mail provider's entry names review invitations; link codes are stored as hashes, as it says", async ({
    page,
  }) => {
    await page.goto(PATH);
    await openFullPolicy(page);
    const whoElse = page.getByRole("region", { name: privacyPolicy.sections["who-else"], exact: true });
    const mail = whoElse.getByRole("listitem").filter({ hasText: processors.mail.role });
    await expect(mail).toContainText(processors.mail.receives);
    await expect(mail).toContainText("review invitations");
    // True since the unsubscribe token is hashed too (tests/integration/newsletter-unsubscribe-hash.test.ts).
    await expect(page.getByRole("region", { name: privacyPolicy.sections.security })).toContainText(
      "the codes in sign-in and newsletter links are stored only as one-way hashes",
    );
  });

  test("the FAQ says what is shared with whom and why, not that nothing is shared", async ({ page }) => {
    const entry = faqEntries.find((item) => item.id === "personal-data");
    await page.goto(paths.faq);
    const item = page
      .locator("main details")
      .filter({ has: page.locator("summary", { hasText: entry?.question ?? "personal-data" }) });
    await item.locator("summary").click();
    await expect(item).not.toContainText("We do not sell or share your personal data");
    await expect(item).toContainText("We never sell your personal data");
    for (const processor of [processors.stripe, processors.shopify])
      await expect(item).toContainText(`${processor.name} ${processor.inShort}`);
    await expect(item).toContainText("review invitations");
  });
});
