import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { type RunningServer, startServer } from "../tests/support/server-process";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The benchmarks' own build, beside the others. */
export const buildDir = "build-bench";

export type BenchServer = RunningServer & {
  /** The emulators' process (Shopify, Stripe, mail), the server's outside systems. */
  emulators: ChildProcess;
  /** Which database the server writes to. */
  database: string;
};

/** `npm run emulators` as a child process; resolves with the environment it printed. */
async function startEmulators(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/standalone.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await Promise.race([
    once(lines, "line"),
    once(child, "exit").then(([code]) => {
      throw new Error(`the emulators exited with ${code}`);
    }),
  ])) as [string];
  lines.close();
  return { child, env: JSON.parse(line) as Record<string, string> };
}

/**
 * Builds (unless BENCH_SKIP_BUILD=1) and starts the production server, its outside systems the
 * emulators in a process of their own on loopback (as Shopify and Stripe are not on the server's
 * machine), its per-IP rate limits lifted: a load generator is one address sending what thousands of
 * visitors would. The database is DATABASE_URL's PostgreSQL when set, else PGlite (in memory unless
 * `env` names a PGLITE_DIR).
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    execFileSync("npx", ["react-router", "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: "inherit",
    });
  }
  const emulators = await startEmulators();
  let server: RunningServer;
  try {
    server = await startServer({
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "10000",
      ...emulators.env,
      ...env,
    });
  } catch (error) {
    emulators.child.kill("SIGTERM");
    throw error;
  }
  const databaseUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  return {
    ...server,
    emulators: emulators.child,
    database: databaseUrl
      ? `PostgreSQL (${new URL(databaseUrl).host})`
      : env.PGLITE_DIR && env.PGLITE_DIR !== "memory://"
        ? "PGlite on disk"
        : "PGlite in memory",
    async stop(signal) {
      const code = await server.stop(signal);
      emulators.child.kill("SIGTERM");
      await once(emulators.child, "exit").catch(() => undefined);
      return code;
    },
  };
}
