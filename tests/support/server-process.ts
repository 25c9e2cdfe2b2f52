import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export type RunningServer = {
  url: string;
  process: ChildProcess;
  /** Every line the server wrote to stdout and stderr, in order. */
  logs: string[];
  /** Sends a signal and resolves with the exit code once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts the production server (build/ must exist) as its own process on a free loopback port,
 * with the embedded database in memory unless the environment says otherwise.
 */
export async function startServer(env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      PGLITE_DIR: "memory://",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join("\n")}`)), 60_000);
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        logs.push(line);
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === "server listening" && entry.url) {
            clearTimeout(timer);
            resolve(entry.url);
          }
        } catch {
          // not a JSON log line
        }
      }
    };
    child.stdout?.on("data", onLine);
    child.stderr?.on("data", onLine);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join("\n")}`));
    });
  });

  return {
    url,
    process: child,
    logs,
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
