/**
 * What the instances share, each as the chaos run can break it: a fresh database on the machine's
 * PostgreSQL reached through a freezable TCP proxy (pg-proxy.ts; decision 127), and a Redis of the
 * run's own on a free port, which the run stops and starts again (never the machine's on 6379).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { createInterface } from "node:readline";
import pg from "pg";
import { killGroup, spawnTracked } from "../../scripts/lib/processes";
import { createTestDatabase } from "../../scripts/lib/test-database";
import { root } from "../support";

/** Spawns a process that prints one JSON line when ready; resolves with it (bounded). */
export async function spawnAnnouncing(
  args: string[],
  env: Record<string, string>,
  what: string,
): Promise<{ child: ChildProcess; announced: Record<string, unknown> }> {
  const child = spawnTracked(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  try {
    const [line] = (await Promise.race([
      once(lines, "line"),
      once(child, "exit").then(([code]) => {
        throw new Error(`${what} exited with ${code}`);
      }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`${what} did not start within 60 s`)), 60_000).unref(),
      ),
    ])) as [string];
    return { child, announced: JSON.parse(line) as Record<string, unknown> };
  } catch (error) {
    if (child.pid !== undefined) killGroup(child.pid);
    throw error;
  } finally {
    lines.close();
  }
}

/** Sends SIGTERM, waits for the exit (killing the group after `ms`, at once when 0). */
export async function stopChild(child: ChildProcess | undefined, ms = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit").catch(() => undefined);
  if (ms <= 0 && child.pid !== undefined) killGroup(child.pid);
  else child.kill("SIGTERM");
  const killer = setTimeout(() => child.pid !== undefined && killGroup(child.pid), Math.max(ms, 0));
  await exited;
  clearTimeout(killer);
}

/** How long each process started gets to stop after SIGTERM before its group is killed (0: at once). */
export type CloseOptions = { graceMs?: number };

export type ChaosDatabase = {
  /** Through the proxy: what the instances use. */
  appUrl: string;
  /** Straight to PostgreSQL: what the monitor and the reconciliation read. */
  directUrl: string;
  freeze(): void;
  thaw(): void;
  close(options?: CloseOptions): Promise<void>;
};

export const LOCAL_POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres";

/** Why the PostgreSQL at `adminUrl` cannot be used (it did not answer within 5 s), or null. */
export async function postgresProblem(adminUrl: string): Promise<string | null> {
  const probe = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  probe.on("error", () => {});
  try {
    await probe.connect();
    await probe.query("select 1");
    return null;
  } catch (error) {
    return `no PostgreSQL answers at ${adminUrl} (${(error as Error).message})`;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/**
 * A fresh database on the PostgreSQL at `adminUrl`, behind the freezable proxy listening on
 * `proxyPort` (0: any).
 */
export async function startDatabase(adminUrl: string, proxyPort = 0): Promise<ChaosDatabase> {
  const problem = await postgresProblem(adminUrl);
  if (problem) {
    throw new Error(
      `\n\n*** ${problem.toUpperCase()} ***\nThe chaos run needs the machine's PostgreSQL (set CHAOS_POSTGRES_URL to another server's admin URL).\n`,
    );
  }
  const database = await createTestDatabase("postgres", { adminUrl, prefix: "forge_chaos" });
  const directUrl = database.url as string;
  // A process that exits before `close` has dropped the database (a test runner killing its worker
  // on Ctrl-C) leaves a process behind that drops it.
  const name = new URL(directUrl).pathname.slice(1);
  const dropAfterExit = () => dropDetached(adminUrl, name);
  process.once("exit", dropAfterExit);
  const target = new URL(directUrl);
  let proxy: ChildProcess | undefined;
  try {
    const started = await spawnAnnouncing(
      ["bench/chaos/pg-proxy.ts"],
      { PROXY_TARGET: `${target.hostname}:${target.port || 5432}`, PROXY_PORT: String(proxyPort) },
      "the PostgreSQL proxy",
    );
    proxy = started.child;
    const appUrl = new URL(directUrl);
    appUrl.hostname = "127.0.0.1";
    appUrl.port = String(started.announced.port);
    return {
      appUrl: appUrl.toString(),
      directUrl,
      freeze: () => proxy?.kill("SIGUSR1"),
      thaw: () => proxy?.kill("SIGUSR2"),
      async close(options = {}) {
        proxy?.kill("SIGUSR2");
        await stopChild(proxy, options.graceMs);
        await database.drop().then(
          () => process.off("exit", dropAfterExit),
          (error) => console.error(`could not drop the database: ${error}`),
        );
      },
    };
  } catch (error) {
    await stopChild(proxy);
    await database.drop().then(
      () => process.off("exit", dropAfterExit),
      () => undefined,
    );
    throw error;
  }
}

/** Drops database `name` from a process of its own, which outlives this one (for "exit" handlers). */
function dropDetached(adminUrl: string, name: string): void {
  if (!/^[a-z0-9_]+$/.test(name)) return;
  const script = `const pg = require("pg");
const client = new pg.Client({ connectionString: process.env.ADMIN_URL, connectionTimeoutMillis: 10000 });
client.on("error", () => {});
client.connect()
  .then(() => client.query("drop database if exists ${name} with (force)"))
  .catch(() => {})
  .finally(() => client.end().catch(() => {}));`;
  try {
    spawn(process.execPath, ["-e", script], {
      cwd: root,
      env: { ...process.env, ADMIN_URL: adminUrl },
      detached: true,
      stdio: "ignore",
    }).unref();
  } catch {
    // nothing more can be done while exiting
  }
}

export type ChaosRedis = {
  url: string;
  /** Stops Redis (SIGTERM), waits `downMs`, starts it again on the same port (not once closed). */
  restart(downMs: number): Promise<void>;
  close(options?: CloseOptions): Promise<void>;
};

export function redisInstalled(): boolean {
  try {
    execFileSync("redis-server", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
    socket.on("connect", () => socket.write("PING\r\n"));
  });
}

/** A Redis of the run's own on 127.0.0.1:`port`. */
export async function startRedis(port: number): Promise<ChaosRedis> {
  if (!redisInstalled()) throw new Error("redis-server is not installed (apt-get install -y redis-server)");
  let child: ChildProcess | undefined;
  let closed = false;
  const start = async () => {
    if (closed) return;
    // In memory only: nothing saved, nothing loaded, as a cache that restarts empty.
    child = spawnTracked(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 30_000;
    while (!(await ping(port))) {
      if (closed) return;
      if (Date.now() > deadline) throw new Error("redis-server did not answer within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    await start();
  } catch (error) {
    await stopChild(child, 0);
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart(downMs) {
      await stopChild(child);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    close(options = {}) {
      closed = true;
      return stopChild(child, options.graceMs);
    },
  };
}
