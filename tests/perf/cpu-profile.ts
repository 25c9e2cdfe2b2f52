/**
 * Where a page's script time goes, from V8's sampling profiler at a CPU slowdown (issue 39 item 3,
 * decision 110). Not a timed test, not in `npm test`; a tool for finding what runs before first input.
 *   node --import tsx tests/perf/cpu-profile.ts http://127.0.0.1:3900/contact [http://127.0.0.1:3901/]
 *   PROFILE_RUNS=3 PROFILE_CPU=4 PROFILE_TOP=25
 * For each address it loads the page PROFILE_RUNS times at a phone's width, profiles from navigation to
 * two seconds after load, and prints the median self time by script file and the functions with the
 * most self and total time (a function's total counts each sample once, however deep the recursion).
 */
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../support/chromium";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const addresses = process.argv.slice(2);
const runs = Number(process.env.PROFILE_RUNS ?? 3);
const cpu = Number(process.env.PROFILE_CPU ?? 4);
const top = Number(process.env.PROFILE_TOP ?? 25);

const shortUrl = (url: string) => (url ? (url.split("/").pop() ?? url).replace(/\?.*$/, "") : "(native)");
const frameKey = (node: ProfileNode) =>
  `${node.callFrame.functionName || "(anonymous)"} ${shortUrl(node.callFrame.url)}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`;

/** Self time per file and per function, and total time per function, in milliseconds. */
function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfByFile = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const totalByFunction = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const file = node.callFrame.url ? shortUrl(node.callFrame.url) : node.callFrame.functionName;
    selfByFile.set(file, (selfByFile.get(file) ?? 0) + ms);
    selfByFunction.set(frameKey(node), (selfByFunction.get(frameKey(node)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = frameKey(byId.get(at) as ProfileNode);
      if (seen.has(key)) continue;
      seen.add(key);
      totalByFunction.set(key, (totalByFunction.get(key) ?? 0) + ms);
    }
  });
  return { selfByFile, selfByFunction, totalByFunction };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function printMedians(title: string, maps: Map<string, number>[], limit: number) {
  const keys = new Set(maps.flatMap((map) => [...map.keys()]));
  const rows = [...keys]
    .map((key) => [key, median(maps.map((map) => map.get(key) ?? 0))] as const)
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit);
  console.log(`  ${title}`);
  for (const [key, ms] of rows) console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const address of addresses) {
    const summaries = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
      await page.goto(address, { waitUntil: "load", timeout: 60_000 });
      await page.waitForTimeout(2000);
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
      summaries.push(summarise(profile));
      await context.close();
    }
    console.log(`${address} (median of ${runs}, ${cpu}x CPU)`);
    printMedians(
      "self time by file",
      summaries.map((s) => s.selfByFile),
      12,
    );
    printMedians(
      "self time by function",
      summaries.map((s) => s.selfByFunction),
      top,
    );
    printMedians(
      "total time by function",
      summaries.map((s) => s.totalByFunction),
      top,
    );
  }
} finally {
  await browser.close();
}
