import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { allPages } from "~/content/routes";

export { expect, test };

/** Every route of spec §2 with the heading it must show. */
export const routeHeadings = allPages.map((p) => ({ path: p.path, heading: p.heading }));

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/** Collects CSP violations reported by the browser, from the first script on. */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * Rules axe 4.13 marks deprecated and skips unless asked, which every scan runs: an `aside` inside
 * another landmark (`landmark-complementary-is-top-level`) is still announced as misplaced by screen
 * readers and still reported by other axe builds (issue 32 item 10).
 */
const AXE_RULES_TURNED_ON = { "landmark-complementary-is-top-level": { enabled: true } };

/**
 * Zero axe violations on the page, or only within `scope` (a state of one part, such as an opened
 * accordion, whose page routes.spec.ts sweeps whole: axe on a long page takes seconds).
 */
export async function expectNoAxeViolations(page: Page, scope?: Locator) {
  let builder = new AxeBuilder({ page })
    // Only violations are read: axe then skips the selectors and snippets of every passing node, a
    // fifth of a scan's time on a long page (decision 144).
    .options({ rules: AXE_RULES_TURNED_ON, resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]);
  if (scope) {
    // Axe takes CSS selectors: the scope is marked with an attribute of its own for the scan.
    await scope.evaluate((element) => element.setAttribute("data-axe-scope", ""));
    builder = builder.include("[data-axe-scope]");
  }
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** Waits until React has hydrated the page (the side menu's listeners exist then). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Waits two frames: what changed before has been laid out and painted (a resize, a scroll). */
export async function afterTwoFrames(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}
