/**
 * The look of every page before and after a change (issue 39 item 4, decision 110).
 *   node --import tsx scripts/look-shots.ts shoot http://127.0.0.1:4430 before
 *     every page of app/content/routes.ts at 390, 1024 and 1280 px (LOOK_WIDTHS), hydrated, scrolled
 *     through once: a full-page PNG into /tmp/look/before/ (LOOK_DIR) to compare, and the first screen
 *     as a small JPEG into LOOK_KEEP (when set) to keep in a decision's folder
 *   node --import tsx scripts/look-shots.ts compare before after
 *     counts the pixels that differ between the two sets' full pages (decoded in Chromium), prints
 *     each pair's count, the largest difference in a colour channel and the page heights, and writes an image of each difference beside them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { allPages } from "../app/content/routes";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium";

const [command, ...args] = process.argv.slice(2);
const lookDir = process.env.LOOK_DIR ?? "/tmp/look";
const widths = (process.env.LOOK_WIDTHS ?? "390,1024,1280").split(",").map(Number);
const routes = process.env.LOOK_ROUTES?.split(",") ?? allPages.map((p) => p.path);
const nameOf = (route: string) => (route === "/" ? "home" : route.replace(/^\//, "").replace(/\//g, "_"));

async function shoot(origin: string, label: string) {
  const outDir = path.join(lookDir, label);
  const keepDir = process.env.LOOK_KEEP;
  mkdirSync(outDir, { recursive: true });
  if (keepDir) mkdirSync(keepDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const width of widths) {
      const viewportHeight = width < 800 ? 844 : 800;
      const page = await browser.newPage({ viewport: { width, height: viewportHeight } });
      for (const route of routes) {
        await page.goto(origin + route, { waitUntil: "networkidle", timeout: 60_000 });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
          timeout: 30_000,
        });
        // Scroll through once so lazy images load, as they would for a visitor; each step waits for a frame.
        // (Functions given as text: the TypeScript loader would name inner functions with a helper the
        // page does not have.)
        await page.evaluate(`(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
          window.scrollTo(0, 0);
          await new Promise((resolve) => requestAnimationFrame(resolve));
        })()`);
        await page.waitForLoadState("networkidle");
        await page.evaluate(() => document.fonts.ready);
        const file = `${nameOf(route)}-${width}`;
        // The whole page in a viewport as tall as the page: content skipped until it nears the screen
        // (decision 149) is rendered then, under its containment, as a visitor scrolling to it sees it. A
        // full-page capture of a normal viewport would leave it blank. (Pages with a height in vh grow
        // with it, in both sets alike.)
        const pageHeight = Number(await page.evaluate("document.documentElement.scrollHeight"));
        await page.setViewportSize({ width, height: pageHeight });
        await page.evaluate(
          "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))",
        );
        await page.screenshot({ path: path.join(outDir, `${file}.png`), animations: "disabled" });
        await page.setViewportSize({ width, height: viewportHeight });
        await page.evaluate("window.scrollTo(0, 0)");
        if (keepDir)
          await page.screenshot({
            path: path.join(keepDir, `${file}-${label}.jpg`),
            type: "jpeg",
            quality: Number(process.env.LOOK_QUALITY ?? 45),
            animations: "disabled",
          });
        console.log(path.join(outDir, `${file}.png`));
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/** Runs in the page (as text): the count of differing pixels and an image with them in red. */
const pixelDiff = `async function (srcA, srcB) {
  const load = async (src) => createImageBitmap(await (await fetch(src)).blob());
  const imgA = await load(srcA);
  const imgB = await load(srcB);
  const w = Math.max(imgA.width, imgB.width);
  const h = Math.max(imgA.height, imgB.height);
  const pixels = (img) => {
    const ctx = new OffscreenCanvas(w, h).getContext("2d");
    ctx.drawImage(img, 0, 0);
    return ctx.getImageData(0, 0, w, h).data;
  };
  const pa = pixels(imgA);
  const pb = pixels(imgB);
  const out = new OffscreenCanvas(w, h);
  const octx = out.getContext("2d");
  const diff = octx.createImageData(w, h);
  let count = 0;
  let firstRow = -1;
  let maxDelta = 0;
  for (let i = 0; i < pa.length; i += 4) {
    const delta = Math.max(Math.abs(pa[i] - pb[i]), Math.abs(pa[i + 1] - pb[i + 1]), Math.abs(pa[i + 2] - pb[i + 2]));
    const differs = delta > 0;
    if (delta > maxDelta) maxDelta = delta;
    if (differs) {
      count++;
      if (firstRow < 0) firstRow = Math.floor(i / 4 / w);
    }
    diff.data[i] = differs ? 255 : pa[i] / 4;
    diff.data[i + 1] = differs ? 0 : pa[i + 1] / 4;
    diff.data[i + 2] = differs ? 0 : pa[i + 2] / 4;
    diff.data[i + 3] = 255;
  }
  octx.putImageData(diff, 0, 0);
  const blob = await out.convertToBlob({ type: "image/png" });
  const bytes = Array.from(new Uint8Array(await blob.arrayBuffer()));
  return { count, firstRow, maxDelta, heights: [imgA.height, imgB.height], bytes };
}`;

async function compare(before: string, after: string) {
  const a = path.join(lookDir, before);
  const b = path.join(lookDir, after);
  const diffDir = path.join(lookDir, `diff-${before}-${after}`);
  mkdirSync(diffDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage();
  let changed = 0;
  try {
    for (const file of readdirSync(a).filter((f) => f.endsWith(".png"))) {
      if (!existsSync(path.join(b, file))) {
        console.log(`${file}\tmissing in ${after}`);
        continue;
      }
      const [bufA, bufB] = [readFileSync(path.join(a, file)), readFileSync(path.join(b, file))];
      if (bufA.equals(bufB)) {
        console.log(`${file}\tidentical`);
        continue;
      }
      const result = (await page.evaluate(
        `(${pixelDiff})(${JSON.stringify(`data:image/png;base64,${bufA.toString("base64")}`)}, ${JSON.stringify(
          `data:image/png;base64,${bufB.toString("base64")}`,
        )})`,
      )) as { count: number; firstRow: number; maxDelta: number; heights: number[]; bytes: number[] };
      changed++;
      writeFileSync(path.join(diffDir, file), Buffer.from(result.bytes));
      console.log(
        `${file}\t${result.count} pixels differ (first at y=${result.firstRow}, by at most ${result.maxDelta} of 255 in a channel), heights ${result.heights.join(" / ")}`,
      );
    }
  } finally {
    await browser.close();
  }
  console.log(`${changed} differ; images of the differences in ${diffDir}`);
}

if (command === "shoot") await shoot(args[0] ?? "http://127.0.0.1:4430", args[1] ?? "before");
else if (command === "compare") await compare(args[0] ?? "before", args[1] ?? "after");
else throw new Error("usage: look-shots.ts shoot <origin> <label> | compare <label> <label>");
