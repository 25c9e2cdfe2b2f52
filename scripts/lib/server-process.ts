import type { ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { killGroup, spawnTracked } from "./processes";
import { serverEntryArgs } from "./server-entry";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type RunningServer = {
  url: string;
  process: ChildProcess;
  /** Every line the server wrote to stdout and stderr, in order. */
  logs: string[];
  /**
   * Sends a signal and resolves with the exit code once the process has exited. A process that has not
   * exited `killAfterMs` later (default 30 s) is killed with its group, and the promise resolves null.
   */
  stop(signal?: NodeJS.Signals, options?: { killAfterMs?: number }): Promise<number | null>;
};

/**
 * How long a server may take to answer /healthz: a cold start (loading the build, PGlite
 * migrating) takes about 3 s alone and well over 30 s on two cores that another build keeps busy.
 */
export const SERVER_START_MS = Number(process.env.TEST_SERVER_START_MS ?? 120_000);

/** A port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type ServerProcessOptions = {
  /** Modules node loads before the server (`--import`), such as a test's probe into the process. */
  preload?: string[];
  /** An IPC channel to the server (structured-clone messages): `RunningServer.process.send`. */
  ipc?: boolean;
};

/**
 * Starts the production server (the build named by BUILD_DIR must exist) as its own process on a
 * free loopback port, with the embedded database in memory unless the environment says otherwise.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  { preload = [], ipc = false }: ServerProcessOptions = {},
): Promise<RunningServer> {
  const port = env.PORT && env.PORT !== "0" ? Number(env.PORT) : await freePort();
  const imports = preload.flatMap((module) => ["--import", pathToFileURL(module).href]);
  const entry = serverEntryArgs(env.BUILD_DIR ?? process.env.BUILD_DIR);
  const child = spawnTracked(process.execPath, [...imports, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PGLITE_DIR: "memory://",
      LOG_LEVEL: "info",
      SANDBOX_TEST_HOOKS: "1",
      ...env,
      PORT: String(port),
    },
    stdio: ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
    ...(ipc ? { serialization: "advanced" as const } : {}),
  });
  const logs: string[] = [];
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) logs.push(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  // Ready when /healthz answers and the app is attached (the sandbox is up): poll, whatever the log level.
  // Loopback, over IPv6 when the server listens on ::1 only (a test of IPv6 clients).
  const url = `http://${env.HOST === "::1" ? "[::1]" : "127.0.0.1"}:${port}`;
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${logs.join("\n")}`);
    if (Date.now() > deadline) {
      if (child.pid !== undefined) killGroup(child.pid);
      throw new Error(`server did not start within ${SERVER_START_MS} ms:\n${logs.join("\n")}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    process: child,
    logs,
    async stop(signal: NodeJS.Signals = "SIGTERM", { killAfterMs = 30_000 } = {}) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const killer = setTimeout(() => child.pid !== undefined && killGroup(child.pid), killAfterMs);
      try {
        return await exited;
      } finally {
        clearTimeout(killer);
        // Anything the server started leaves with it.
        if (child.pid !== undefined) killGroup(child.pid);
      }
    },
  };
}

/**
 * Starts several servers at once; if any fails to start, the ones that did are stopped before the
 * error is thrown, so a failed start-up leaves nothing running.
 */
export async function startServers(envs: Record<string, string | undefined>[]): Promise<RunningServer[]> {
  const results = await Promise.allSettled(envs.map((env) => startServer(env)));
  const failed = results.find((result) => result.status === "rejected");
  if (!failed) return results.map((result) => (result as PromiseFulfilledResult<RunningServer>).value);
  await Promise.all(
    results.map((result) => (result.status === "fulfilled" ? result.value.stop() : undefined)),
  );
  throw failed.reason;
}
