/**
 * `npm run soak`: steady, bounded load on loopback over a mix of pages and checkouts for
 * SOAK_SECONDS (default 600), sampling the server's resident memory, open file descriptors and TCP
 * connections. Passes when memory grows less than 10% after warm-up, no response is an error, and
 * descriptors and connections return to their baseline once the load stops.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { sandboxProducts } from "../app/content/catalog";
import { startServer } from "../tests/support/server-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const warmupSeconds = Math.min(60, Math.round(seconds / 6));
const buildDir = "build-bench";

function sample(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fds = readdirSync(`/proc/${pid}/fd`).length;
  return { rssMiB: Math.round((rssKb / 1024) * 10) / 10, fds };
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    execFileSync("npx", ["react-router", "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: "inherit",
    });
  }
  const server = await startServer({
    BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_MULTIPLIER: "10000",
  });
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
  await new Promise((r) => setTimeout(r, 3_000));
  const after = sample(pid);
  await server.stop();

  const warm = samples.find((s) => s.t >= warmupSeconds) ?? samples[0];
  const peakAfterWarm = Math.max(...samples.filter((s) => s.t >= warmupSeconds).map((s) => s.rssMiB));
  const growth = warm ? (peakAfterWarm - warm.rssMiB) / warm.rssMiB : 0;
  const errors = result.errors + result.timeouts + result.non2xx;
  const report = {
    seconds,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    errors,
    memory: {
      baselineMiB: baseline.rssMiB,
      afterWarmupMiB: warm?.rssMiB,
      peakAfterWarmupMiB: peakAfterWarm,
      growth: Number(growth.toFixed(3)),
    },
    fileDescriptors: { baseline: baseline.fds, afterLoad: after.fds },
    passed: growth < 0.1 && errors === 0 && after.fds <= baseline.fds + 5,
    samples,
  };
  writeFileSync(path.join(root, "bench/soak-results.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify({ ...report, samples: undefined }, null, 2));
  if (!report.passed) process.exitCode = 1;
}

await main();
