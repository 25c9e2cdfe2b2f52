/**
 * `npm run soak`: ten minutes of steady, bounded load (200 requests/s over 20 connections) on the
 * production server over a mix of pages, product lookups and checkouts, with the emulators in their
 * own process (bench/support.ts). Passes when resident memory grows less than 10 % after warm-up, no
 * response is an error, and the file descriptors return to their idle count once the server's
 * keep-alive connections have timed out. Writes bench/soak-results.json.
 *
 * Options (environment): SOAK_SECONDS (default 600), BENCH_SKIP_BUILD=1, DATABASE_URL (PostgreSQL
 * instead of PGlite in a temporary directory).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sandboxProducts } from "../sandbox/shopify/seed";
import { root, startBenchServer } from "./support";

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const warmupSeconds = Math.min(60, Math.round(seconds / 6));
/** Descriptors the server may hold beyond its idle count (a connection or two still closing). */
const FD_ALLOWANCE = 5;
/** Longer than any keep-alive timeout of the server's HTTP clients. */
const FD_SETTLE_MS = 90_000;

function sample(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fds = readdirSync(`/proc/${pid}/fd`).length;
  return { rssMiB: Math.round((rssKb / 1024) * 10) / 10, fds };
}

async function main() {
  // The data lives where a deployment keeps it: PostgreSQL (DATABASE_URL), or PGlite on disk as
  // `npm start` has it by default, not in this process's memory (which would grow with every order).
  const pgliteDir = process.env.DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), "forge-soak-"));
  const server = await startBenchServer(pgliteDir ? { PGLITE_DIR: pgliteDir } : {});
  const pid = server.process.pid as number;
  const origin = server.url;
  const baseline = sample(pid);
  const json = { "content-type": "application/json", origin };
  const checkoutBody = JSON.stringify({
    products: [{ shopifyVariantId: sandboxProducts[0].variantId, quantity: 1 }],
  });

  const samples: { t: number; rssMiB: number; fds: number }[] = [];
  const started = Date.now();
  const timer = setInterval(
    () => samples.push({ t: Math.round((Date.now() - started) / 1000), ...sample(pid) }),
    5_000,
  );

  // Bounded: 20 connections, at most 200 requests/s overall, over a realistic mix.
  const result = await autocannon({
    url: origin,
    connections: 20,
    overallRate: 200,
    duration: seconds,
    requests: [
      { method: "GET", path: "/" },
      { method: "GET", path: "/product/forge-enhancer" },
      { method: "GET", path: "/deep-dive" },
      { method: "GET", path: "/videos" },
      {
        method: "POST",
        path: "/api/shopify-get-product",
        headers: json,
        body: JSON.stringify({ handle: "forge-enhancer" }),
      },
      { method: "POST", path: "/api/hybrid-checkout", headers: json, body: checkoutBody },
    ],
  });
  clearInterval(timer);
  const afterLoad = sample(pid);
  // Connections the server keeps open to its outside systems (keep-alive pools) close once idle for
  // their timeout; what is still open after that is a leak.
  const settleStarted = Date.now();
  let settled = afterLoad;
  while (settled.fds > baseline.fds + FD_ALLOWANCE && Date.now() - settleStarted < FD_SETTLE_MS) {
    await new Promise((r) => setTimeout(r, 1_000));
    settled = sample(pid);
  }
  const settleSeconds = Math.round((Date.now() - settleStarted) / 1000);
  await server.stop();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });

  // Resident memory right after warm-up and at the end, each as the mean of a minute of samples (one
  // sample lands anywhere in a garbage collector's cycle), and the peak.
  const window = Math.max(1, Math.round(Math.min(60, seconds / 6) / 5));
  const afterWarm = samples.filter((s) => s.t >= warmupSeconds);
  const mean = (list: typeof samples) => list.reduce((sum, s) => sum + s.rssMiB, 0) / list.length;
  const warm = mean(afterWarm.slice(0, window));
  const end = mean(afterWarm.slice(-window));
  const peak = Math.max(...afterWarm.map((s) => s.rssMiB));
  const growth = (end - warm) / warm;
  const errors = result.errors + result.timeouts + result.non2xx;
  const report = {
    seconds,
    database: server.database,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    errors,
    memory: {
      baselineMiB: baseline.rssMiB,
      afterWarmupMiB: Math.round(warm),
      endMiB: Math.round(end),
      peakAfterWarmupMiB: peak,
      growth: Number(growth.toFixed(3)),
    },
    fileDescriptors: {
      baseline: baseline.fds,
      endOfLoad: afterLoad.fds,
      settled: settled.fds,
      settledAfterSeconds: settleSeconds,
    },
    passed: growth < 0.1 && errors === 0 && settled.fds <= baseline.fds + FD_ALLOWANCE,
    samples,
  };
  writeFileSync(path.join(root, "bench/soak-results.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify({ ...report, samples: undefined }, null, 2));
  if (!report.passed) process.exitCode = 1;
}

await main();
