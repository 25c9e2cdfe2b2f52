import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type RunningServer, startServer } from "../tests/support/server-process";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The benchmarks' own build, beside the others. */
export const buildDir = "build-bench";

/**
 * Builds (unless BENCH_SKIP_BUILD=1) and starts the production server with the emulators on loopback,
 * its per-IP rate limits lifted: a load generator is one address sending what thousands of visitors would.
 */
export async function startBenchServer(): Promise<RunningServer> {
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    execFileSync("npx", ["react-router", "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: "inherit",
    });
  }
  return startServer({ BUILD_DIR: buildDir, LOG_LEVEL: "warn", RATE_LIMIT_MULTIPLIER: "10000" });
}
