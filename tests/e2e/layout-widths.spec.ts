import { layoutProblems } from "./layout-probe";
import { afterTwoFrames, expect, routeHeadings, test, waitForHydration } from "./support";

/**
 * Every route at every width a shopper brings, from a small phone to a wide desktop (issue 20 item 5):
 * no sideways scrolling, no clipped text or table, no word broken mid-word, no header link wrapping,
 * visible spaces in display headings, and the sandbox ribbon over nothing at any scroll position. One load
 * per route; the window is resized through the widths, as the layout must hold at each of them.
 */
const WIDTHS = [320, 390, 768, 1024, 1080, 1280, 1440, 1920];

// Run by the desktop project only (playwright.config.ts): the test sets its own widths.
test.describe("layouts hold at every width", () => {
  for (const { path } of routeHeadings) {
    test(`${path}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(path);
      await waitForHydration(page);
      const found: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        // Two frames: the resize has been laid out and painted before anything is measured.
        await afterTwoFrames(page);
        for (const problem of await page.evaluate(layoutProblems)) found.push(`${width}px: ${problem}`);
      }
      expect(found, found.join("\n")).toEqual([]);
    });
  }
});
