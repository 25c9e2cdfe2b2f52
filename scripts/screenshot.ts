/**
 * Screenshots of pages at phone and desktop widths, for looking at what we build.
 *   node --import tsx scripts/screenshot.ts http://127.0.0.1:3000 / /deep-dive ...
 * Writes /tmp/shots/<path>-<width>.png (full page). SHOT_WIDTHS=390,1280 by default.
 * SHOT_SEGMENT=<px> also cuts the full page into segments that tall: <path>-<width>-<n>.png.
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const widths = (process.env.SHOT_WIDTHS ?? "390,1280").split(",").map(Number);
const outDir = process.env.SHOT_DIR ?? "/tmp/shots";
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of widths) {
  const page = await browser.newPage({
    viewport: { width, height: width < 800 ? 844 : 800 },
    deviceScaleFactor: 1,
  });
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    // Scroll through once so lazy images load, as they would for a visitor.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const name = path === "/" ? "home" : path.replace(/^\//, "").replace(/[/?=&]/g, "_");
    await page.screenshot({
      path: `${outDir}/${name}-${width}.png`,
      fullPage: process.env.SHOT_FULL !== "0",
    });
    console.log(`${outDir}/${name}-${width}.png`);
    const segment = Number(process.env.SHOT_SEGMENT ?? 0);
    if (segment > 0) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, n = 0; y < height; y += segment, n++) {
        const clip = { x: 0, y, width, height: Math.min(segment, height - y) };
        await page.screenshot({ path: `${outDir}/${name}-${width}-${n}.png`, fullPage: true, clip });
      }
    }
  }
  await page.close();
}
await browser.close();
