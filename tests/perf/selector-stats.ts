/**
 * How much of a page's style recalculation is selector matching, from Chromium's own selector
 * statistics (the trace category DevTools' "Enable CSS selector stats" turns on), with every script
 * blocked (issue 39 item 3, decision 110). Not a timed test, not in `npm test`.
 *   node --import tsx tests/perf/selector-stats.ts http://127.0.0.1:4480/contact [more addresses]
 *   SELECTOR_CPU=1 (the CPU slowdown), SELECTOR_TOP=15 (selectors listed)
 * For each address: the selectors tried, the time spent matching them against the time of every style
 * recalculation, and the selectors that took longest. A single load: the clock is the wall's, so read
 * several loads before trusting one selector's time.
 */
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../support/chromium";

type Timing = { selector: string; "elapsed (us)"?: number; match_attempts?: number; match_count?: number };
type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  args?: { selector_stats?: { selector_timings?: Timing[] } };
};

const cpu = Number(process.env.SELECTOR_CPU ?? 1);
const top = Number(process.env.SELECTOR_TOP ?? 15);

async function main() {
  const addresses = process.argv.slice(2);
  if (!addresses.length) throw new Error("usage: selector-stats.ts <address> [<address> ...]");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const address of addresses) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      await context.route(/\.js(\?|$)/, (r) => r.abort());
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
      await browser.startTracing(page, {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "disabled-by-default-blink.debug",
        ],
      });
      await page.goto(address, { waitUntil: "load", timeout: 60_000 });
      await page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })),
      );
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
        .traceEvents;
      await context.close();
      const bySelector = new Map<string, { us: number; attempts: number; matches: number }>();
      for (const event of events.filter((e) => e.name === "SelectorStats"))
        for (const t of event.args?.selector_stats?.selector_timings ?? []) {
          const entry = bySelector.get(t.selector) ?? { us: 0, attempts: 0, matches: 0 };
          entry.us += t["elapsed (us)"] ?? 0;
          entry.attempts += t.match_attempts ?? 0;
          entry.matches += t.match_count ?? 0;
          bySelector.set(t.selector, entry);
        }
      const matchingMs = [...bySelector.values()].reduce((sum, e) => sum + e.us, 0) / 1000;
      const styleMs =
        events
          .filter((e) => e.name === "UpdateLayoutTree" && e.ph === "X")
          .reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
      console.log(
        `${address}: ${bySelector.size} selectors tried, matching ${matchingMs.toFixed(1)} ms of ${styleMs.toFixed(1)} ms of style recalculation (${cpu}x)`,
      );
      for (const [selector, e] of [...bySelector].sort((a, b) => b[1].us - a[1].us).slice(0, top))
        console.log(
          `  ${(e.us / 1000).toFixed(2).padStart(6)} ms  ${String(e.attempts).padStart(6)} tried  ${String(e.matches).padStart(5)} matched  ${selector.slice(0, 90)}`,
        );
    }
  } finally {
    await browser.close();
  }
}

await main();
