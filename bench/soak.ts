import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { sandboxProducts } from "../app/content/catalog";
import { root, startBenchServer } from "./support";

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const warmupSeconds = Math.min(60, Math.round(seconds / 6));

function sample(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fds = readdirSync(`/proc/${pid}/fd`).length;
  return { rssMiB: Math.round((rssKb / 1024) * 10) / 10, fds };
}

async function main() {
  const server = await startBenchServer();
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
