/**
 * Main-thread cost of a page load, from Chromium's own trace, at a CPU slowdown, for A/B comparisons of
 * two builds served side by side (issue 39 item 3, decision 110). Not a timed test, not in `npm test`.
 *   node --import tsx tests/perf/trace-ab.ts A=http://127.0.0.1:4430 B=http://127.0.0.1:4432
 *   TRACE_ROUTES=/,/contact TRACE_RUNS=5 TRACE_CPU=4 TRACE_BLOCK_JS=1 (scripts blocked)
 *   "A=http://127.0.0.1:4430|nolegibility": a variant can change what the browser gets, to screen a
 *   lever before building it (cssMods below; nofont blocks the web font, nojs every script)
 * Every run loads each route once per variant, the variants' order alternating, so a noisy machine
 * weighs on A and B alike. For each route and variant it prints the medians (and, in brackets, the
 * least) of: the main thread's
 * top-level tasks (total, longest, and the sum of each task's part over 50 ms, Lighthouse's TBT
 * without its FCP-TTI window), HTML parsing, style recalculation, layout (text shaping is part of it),
 * forced style and layout (inside a script), script, paint; and the load average at the start and end.
 * TRACE_CLOCK=thread sums the main thread's own CPU time instead of wall time (steadier on a busy
 * machine). TRACE_SIGN_IN=1 signs a subscriber in on each origin first (pages-after-action.ts) and sends
 * the session's cookie, for /account and /account/subscription.
 */
import { loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../support/chromium";
import { subscriberCookie } from "./pages-after-action";
import { pageMainThread } from "./trace-time";

type TraceEvent = {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/** `label=origin` or `label=origin|mod,mod`: a mod changes what the browser gets (screening a lever). */
const variants = process.argv
  .slice(2)
  .map((arg) => arg.split("="))
  .map(([label, rest]) => {
    const [origin = "", mods = ""] = (rest ?? "").split("|");
    return { label, origin, mods: mods.split(",").filter(Boolean) };
  });

/** Rewrites of the stylesheet, by mod name, for screening a style lever without a build. */
const cssMods: Record<string, (css: string) => string> = {
  nolegibility: (css) => css.replaceAll("text-rendering:optimizeLegibility", "text-rendering:auto"),
  noblur: (css) => css.replace(/(-webkit-)?backdrop-filter:[^;}]*;?/g, ""),
  same: (css) => css,
  noglow: (css) => css.replace(/\.blur-3xl\{[^}]*\}/, ".blur-3xl{}"),
  noproperties: (css) => css.replace(/@property [^{]*\{[^}]*\}/g, ""),
  // Decision 151's screening: /reviews' SVGs, rating column or list hidden, or every card skipped;
  // /subscribe's calendar hidden or skipped.
  nosvg: (css) => `${css}main svg{display:none}`,
  noaside: (css) => `${css}main aside{display:none}`,
  nolist: (css) => `${css}main aside+section{display:none}`,
  cvcards: (css) =>
    `${css}.render-near-only main article{content-visibility:auto;contain-intrinsic-size:auto 20rem}`,
  nocalendar: (css) => `${css}section[aria-labelledby=subscribe-calendar]{display:none}`,
  cvcalendar: (css) =>
    `${css}.render-near-only section[aria-labelledby=subscribe-calendar]{content-visibility:auto;contain-intrinsic-size:auto 50rem}`,
  // The preflight's reset also matches every element's ::before and ::after, so each element may have
  // their styles resolved too: the reset for elements only (screening; the few after: utilities lose it).
  nopseudo: (css) => css.replace("*,:after,:before,::backdrop{box-sizing", "*,::backdrop{box-sizing"),
  // The metric-matched fallback faces (local() lookups of Arial, else Liberation Sans) left out, or
  // asked for by the name this host has first.
  nofallback: (css) => css.replace(/@font-face\{font-family:Archivo Fallback;[^}]*\}/g, ""),
  liberationfirst: (css) =>
    css.replace(/local\(Arial( Bold)?\),local\(Liberation Sans( Bold)?\)/g, "local(Liberation Sans$2)"),
  cvsections: (css) =>
    `${css}main section~section,main article~article{content-visibility:auto;contain-intrinsic-size:auto 600px}`,
};
/**
 * `pruned`: the stylesheet cut to the rules whose class names all appear in the page's own markup (a
 * screening of per-page stylesheets: what the first style recalculation would save; rules a script
 * or a state would need are lost, so it is for timing only).
 */
async function prunedFor(pageUrl: string, css: string, cookie?: string): Promise<string> {
  const html = await (await fetch(pageUrl, { headers: cookie ? { cookie } : {} })).text();
  const used = new Set<string>();
  for (const [, list = ""] of html.matchAll(/class="([^"]*)"/g))
    for (const name of list.split(/\s+/)) used.add(name.replaceAll("&amp;", "&"));
  const postcss = (await import("postcss")).default;
  const root = postcss.parse(css);
  const classesOf = (selector: string) =>
    [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, c = ""]) => c.replace(/\\(.)/g, "$1"));
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes/.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter((sel) =>
      classesOf(sel.replace(/:not\([^)]*\)/g, "")).every((c) => used.has(c)),
    );
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  const pruned = root.toString();
  if (!prunedSizes.has(pageUrl)) {
    prunedSizes.add(pageUrl);
    console.error(`pruned ${pageUrl}: stylesheet ${css.length} -> ${pruned.length} bytes`);
  }
  return pruned;
}
const prunedSizes = new Set<string>();

const routes = (process.env.TRACE_ROUTES ?? "/,/contact,/deep-dive,/product/forge-enhancer").split(",");
const runs = Number(process.env.TRACE_RUNS ?? 5);
const cpu = Number(process.env.TRACE_CPU ?? 4);
const blockScripts = process.env.TRACE_BLOCK_JS === "1";
const width = Number(process.env.TRACE_WIDTH ?? 390);
const useThreadTime = process.env.TRACE_CLOCK === "thread";
const signIn = process.env.TRACE_SIGN_IN === "1";

const SCRIPT = new Set([
  "EvaluateScript",
  "FunctionCall",
  "TimerFire",
  "EventDispatch",
  "v8.compile",
  "v8.compileModule",
  "v8.evaluateModule",
  "V8.Execute",
  "RunMicrotasks",
  "FireAnimationFrame",
  "FireIdleCallback",
  "v8.run",
]);
const PAINT = new Set(["Paint", "PrePaint", "Layerize", "UpdateLayer", "Commit", "RasterTask"]);

type Interval = [number, number];
function union(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}
const inside = (outer: Interval[], [s, e]: Interval) => outer.some(([os, oe]) => s >= os && e <= oe);

export function mainThreadFigures(events: TraceEvent[]) {
  const best = pageMainThread(events);
  const ms = (us: number) => us / 1000;
  const span = (e: TraceEvent): Interval => [e.ts, e.ts + (e.dur ?? 0)];
  // Thread time (tdur) where the trace has it: the main thread's own CPU time, which time spent waiting
  // for a core on a busy machine does not inflate.
  const clock = (e: TraceEvent) => (useThreadTime ? (e.tdur ?? e.dur ?? 0) : (e.dur ?? 0));
  const outermost = (list: TraceEvent[]) => {
    const sorted = [...list].sort((x, y) => x.ts - y.ts || (y.dur ?? 0) - (x.dur ?? 0));
    const out: TraceEvent[] = [];
    for (const e of sorted) {
      const last = out.at(-1);
      if (!last || e.ts >= last.ts + (last.dur ?? 0)) out.push(e);
    }
    return out;
  };
  const sum = (list: TraceEvent[]) => ms(outermost(list).reduce((t, e) => t + clock(e), 0));
  const tasks = outermost(best.filter((e) => e.name === "RunTask"));
  const durations = tasks.map((e) => ms(clock(e)));
  const scriptEvents = best.filter((e) => SCRIPT.has(e.name));
  const scripts = union(scriptEvents.map(span));
  const styleLayout = best.filter((e) => e.name === "UpdateLayoutTree" || e.name === "Layout");
  const forced = styleLayout.filter((e) => inside(scripts, span(e)));
  return {
    tasks: durations.reduce((t, d) => t + d, 0),
    longest: Math.max(0, ...durations),
    over50: durations.reduce((t, d) => t + Math.max(0, d - 50), 0),
    parse: sum(best.filter((e) => e.name === "ParseHTML")),
    css: sum(best.filter((e) => e.name === "ParseAuthorStyleSheet")),
    style: sum(best.filter((e) => e.name === "UpdateLayoutTree")),
    layout: sum(best.filter((e) => e.name === "Layout")),
    forced: sum(forced),
    script: sum(scriptEvents) - sum(forced),
    paint: sum(best.filter((e) => PAINT.has(e.name))),
  };
}

type Figures = ReturnType<typeof mainThreadFigures>;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function main() {
  if (variants.length === 0) throw new Error("usage: trace-ab.ts A=<origin> [B=<origin> ...]");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results = new Map<string, Figures[]>();
  const cookies = new Map<string, string>();
  if (signIn) for (const { origin } of variants) cookies.set(origin, await subscriberCookie(origin));
  const [loadStart = 0] = loadavg();
  try {
    for (let run = 0; run < runs; run++) {
      for (const route of routes) {
        const order = run % 2 ? [...variants].reverse() : variants;
        for (const { label, origin, mods } of order) {
          const context = await browser.newContext({
            viewport: { width, height: width < 800 ? 844 : 800 },
            deviceScaleFactor: width < 800 ? 3 : 1,
            isMobile: width < 800,
            hasTouch: width < 800,
          });
          const cookie = cookies.get(origin);
          if (cookie) {
            const [name = "", value = ""] = cookie.split(/=(.*)/);
            await context.addCookies([{ name, value, url: origin }]);
          }
          if (blockScripts || mods.includes("nojs")) await context.route(/\.js(\?|$)/, (r) => r.abort());
          if (mods.includes("nofont")) await context.route(/\.woff2(\?|$)/, (r) => r.abort());
          const css = mods.filter((m) => m in cssMods);
          const prune = mods.includes("pruned");
          if (css.length || prune)
            await context.route(/\.css(\?|$)/, async (r) => {
              const response = await r.fetch();
              let body = await response.text();
              for (const m of css) body = cssMods[m]?.(body) ?? body;
              if (prune) body = await prunedFor(origin + route, body, cookies.get(origin));
              await r.fulfill({ response, body });
            });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
          await browser.startTracing(page, {
            categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "v8"],
          });
          await page.goto(origin + route, { waitUntil: "load", timeout: 60_000 });
          // Let hydration and whatever runs after load finish: hydrated (bounded), then two idle periods.
          if (!blockScripts && !mods.includes("nojs"))
            await page
              .waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
                timeout: 20_000,
              })
              .catch(() => console.error(`${label} ${route}: not hydrated within 20 s`));
          for (let i = 0; i < 2; i++) {
            await page.evaluate(
              () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 3000 })),
            );
          }
          const buffer = await browser.stopTracing();
          await context.close();
          const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
          const key = `${route}\t${label}`;
          results.set(key, [...(results.get(key) ?? []), mainThreadFigures(events)]);
        }
      }
    }
  } finally {
    await browser.close();
  }
  const [loadEnd = 0] = loadavg();
  const columns = [
    "tasks",
    "longest",
    "over50",
    "parse",
    "css",
    "style",
    "layout",
    "forced",
    "script",
    "paint",
  ] as const;
  console.log(
    `${useThreadTime ? "thread time" : "wall time"}, cpu ${cpu}x, width ${width}, runs ${runs}${blockScripts ? ", scripts blocked" : ""}, load average ${loadStart.toFixed(2)} -> ${loadEnd.toFixed(2)}`,
  );
  console.log(["route", "variant", ...columns].join("\t"));
  for (const [key, figures] of results) {
    // The median, and the least of the runs: on a busy machine the noise only adds, so the least is the
    // steadier estimate of what the page itself costs.
    const cells = columns.map((c) => {
      const values = figures.map((f) => f[c]);
      return `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)})`;
    });
    console.log([key, ...cells].join("\t"));
  }
}

await main();
