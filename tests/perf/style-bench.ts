/**
 * Style and text-shaping costs measured inside one page, alternating two variants many times (issue 39
 * item 3, decision 110). A whole page load on a busy 2-core machine varies by more than a lever moves
 * it; here the variants take turns in the same process, and the least of many turns is compared.
 *   node --import tsx tests/perf/style-bench.ts stylesheet <page URL> <stylesheet URL A> <stylesheet URL B>
 *     the page (scripts blocked), its stylesheet swapped for a fresh copy of A or B each turn (a comment
 *     makes each copy new, so the browser parses and indexes it again): the time until style and layout
 *     are done (offsetHeight)
 *   node --import tsx tests/perf/style-bench.ts shaping <page URL> <font URL>
 *     the page laid out in a fresh copy of the web font each turn (a new family name, so no shaped word
 *     is cached), with text-rendering auto or optimizeLegibility
 * BENCH_TURNS (15 by default) turns per variant, BENCH_CPU (4) the CPU slowdown, BENCH_WIDTH (390).
 */
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../support/chromium";

const [mode, pageUrl = "", ...rest] = process.argv.slice(2);
const turns = Number(process.env.BENCH_TURNS ?? 15);
const cpu = Number(process.env.BENCH_CPU ?? 4);
const width = Number(process.env.BENCH_WIDTH ?? 390);

/** In the page (as text: the TypeScript loader's helpers are not there). */
const stylesheetTurns = `async (sheets, turns) => {
  for (const link of document.querySelectorAll('link[rel="stylesheet"]')) link.remove();
  const times = sheets.map(() => []);
  let style;
  for (let turn = 0; turn < turns; turn++) {
    for (let k = 0; k < sheets.length; k++) {
      const v = turn % 2 ? sheets.length - 1 - k : k;
      if (style) style.remove();
      document.body.offsetHeight;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      style = document.createElement("style");
      style.textContent = sheets[v] + "/*" + turn + "-" + v + "*/";
      const start = performance.now();
      document.head.append(style);
      document.body.offsetHeight;
      times[v].push(performance.now() - start);
    }
  }
  return times;
}`;

const shapingTurns = `async (fontUrl, turns) => {
  const buffer = await (await fetch(fontUrl)).arrayBuffer();
  const variants = ["auto", "optimizeLegibility"];
  const times = variants.map(() => []);
  for (let turn = 0; turn < turns; turn++) {
    for (let k = 0; k < variants.length; k++) {
      const v = turn % 2 ? variants.length - 1 - k : k;
      const family = "Bench" + turn + "x" + v;
      const face = new FontFace(family, buffer, { weight: "100 900" });
      await face.load();
      document.fonts.add(face);
      document.documentElement.style.textRendering = variants[v];
      document.body.offsetHeight;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const start = performance.now();
      document.body.style.fontFamily = family;
      document.body.offsetHeight;
      times[v].push(performance.now() - start);
      document.fonts.delete(face);
    }
  }
  return times;
}`;

const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${label}\tleast ${(sorted[0] ?? 0).toFixed(1)} ms\tmedian ${median.toFixed(1)} ms\t(${sorted.length} turns)`;
};

async function main() {
  if (mode !== "stylesheet" && mode !== "shaping")
    throw new Error("usage: style-bench.ts stylesheet <page> <css A> <css B> | shaping <page> <font>");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const [loadStart = 0] = loadavg();
  try {
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 800 } });
    await context.route(/\.js(\?|$)/, (r) => r.abort());
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await page.goto(pageUrl, { waitUntil: "load", timeout: 60_000 });
    await page.evaluate(() => document.fonts.ready);
    let labels: string[];
    let times: number[][];
    if (mode === "stylesheet") {
      labels = rest.map((url) => url.replace(/^https?:\/\/[^/]+/, ""));
      const sheets = await Promise.all(rest.map(async (url) => (await fetch(url)).text()));
      times = (await page.evaluate(
        `(${stylesheetTurns})(${JSON.stringify(sheets)}, ${turns})`,
      )) as number[][];
    } else {
      labels = ["text-rendering: auto", "text-rendering: optimizeLegibility"];
      times = (await page.evaluate(`(${shapingTurns})(${JSON.stringify(rest[0])}, ${turns})`)) as number[][];
    }
    const [loadEnd = 0] = loadavg();
    console.log(
      `${mode} on ${pageUrl}, cpu ${cpu}x, width ${width}, load average ${loadStart.toFixed(2)} -> ${loadEnd.toFixed(2)}`,
    );
    times.forEach((t, i) => {
      console.log(summary(labels[i] ?? String(i), t));
    });
  } finally {
    await browser.close();
  }
}

await main();
