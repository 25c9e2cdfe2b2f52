/**
 * The chaos run's shop, as docs/deploy.md describes it on one machine: the emulators as their own
 * process (`npm run emulators`, with its test hooks on a loopback port), three instances of the same
 * build with equal settings, and HAProxy with deploy/haproxy.cfg in front. Instances are started,
 * killed and restarted here; everything started is stopped by `close`, however the run ends.
 */
import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, closeSync, openSync } from "node:fs";
import path from "node:path";
import { killGroup, spawnTracked } from "../../scripts/lib/processes";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { buildDir as benchBuildDir, root } from "../support";
import { type CloseOptions, spawnAnnouncing, stopChild } from "./backing";

export type Instance = {
  index: number;
  port: number;
  server: RunningServer | undefined;
  /** A fault is working on it: a kill picks another. */
  busy: boolean;
};

export type Stack = {
  /** HAProxy's address: the shop's public origin. */
  url: string;
  /** The emulators' test hooks (sandbox/standalone-control.ts). */
  controlUrl: string;
  /** The Shopify emulator's own hooks (`/__control`). */
  shopifyUrl: string;
  /** The Stripe emulator's API origin (its pay pages too). */
  stripeUrl: string;
  /** A secret key the Stripe emulator accepts (for the refunds a merchant makes). */
  stripeSecretKey: string;
  instances: Instance[];
  haproxyLog: string;
  /** Where each instance's log lines go (instance-N.log, every process it ran, in order). */
  logDir: string;
  /** Starts instance `index` again on its port; resolves once its /readyz answers 200. */
  start(instance: Instance): Promise<void>;
  /** Stops everything it started; an instance being started meanwhile is stopped as it comes up. */
  close(options?: CloseOptions): Promise<void>;
};

export type StackOptions = {
  databaseUrl: string;
  /** The run's own Redis (none: each instance counts its rate limits in its own memory). */
  redisUrl: string | undefined;
  /** Checkouts, and their e-mails, the emulators must keep to be counted (every one of the run). */
  keep: number;
  logDir: string;
  /** The build the instances serve (BUILD_DIR): the benchmarks' own, or `build` in `npm test`. */
  buildDir: string;
  /** Hands out the ports the stack listens on (ports.ts). */
  port: () => Promise<number>;
  /** Units on hand of each seeded variant in the Shopify emulator (its seed holds SEEDED_STOCK). */
  stock: number;
  /** Given `close` before anything starts, so a run stopped while the stack starts can stop it too. */
  onClose?: (close: (options?: CloseOptions) => Promise<void>) => void;
};

/** Polls `url` until it answers 200 (bounded). */
export async function waitForOk(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function buildOnce(): void {
  if (process.env.CHAOS_SKIP_BUILD === "1") return;
  execFileSync("npm", ["run", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: benchBuildDir },
    stdio: "inherit",
  });
}

export function haproxyInstalled(): boolean {
  try {
    execFileSync("haproxy", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function control(url: string, method: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const haproxyPort = await options.port();
  const url = `http://127.0.0.1:${haproxyPort}`;
  const controlPort = await options.port();
  const ports = [await options.port(), await options.port(), await options.port()];
  let closed = false;
  let emulators: ChildProcess | undefined;
  let haproxy: ChildProcess | undefined;
  const instances: Instance[] = ports.map((port, i) => ({
    index: i + 1,
    port,
    server: undefined,
    busy: false,
  }));
  const haproxyLog = path.join(options.logDir, "haproxy.log");

  /** Appends what an instance's process wrote, once that process is over. */
  const keepLogs = (instance: Instance) => {
    const lines = instance.server?.logs.splice(0) ?? [];
    if (lines.length)
      appendFileSync(path.join(options.logDir, `instance-${instance.index}.log`), `${lines.join("\n")}\n`);
  };
  const close = async ({ graceMs = 15_000 }: CloseOptions = {}) => {
    closed = true;
    if (haproxy?.pid !== undefined) killGroup(haproxy.pid, graceMs > 0 ? "SIGTERM" : "SIGKILL");
    await stopChild(haproxy, Math.min(graceMs, 10_000));
    await Promise.all(
      instances.map(async (instance) => {
        await instance.server?.stop(graceMs > 0 ? "SIGTERM" : "SIGKILL", { killAfterMs: graceMs });
        keepLogs(instance);
      }),
    );
    await stopChild(emulators, Math.min(graceMs, 10_000));
  };

  options.onClose?.(close);
  const stillOpen = () => {
    if (closed) throw new Error("the stack was closed while it started");
  };
  try {
    const started = await spawnAnnouncing(
      ["sandbox/standalone.ts"],
      {
        EMULATOR_WEBHOOK_URLS: `${url}/api/stripe-webhook`,
        EMULATOR_CONTROL_PORT: String(controlPort),
        EMULATOR_MAIL_KEEP: String(options.keep),
        EMULATOR_KEEP_ORDERS: String(options.keep),
        LOG_LEVEL: "error",
      },
      "the emulators",
    );
    emulators = started.child;
    stillOpen();
    const emulatorEnv = started.announced as Record<string, string>;
    // Enough of each seeded product for every checkout of the run (sandbox/shopify/control.ts).
    await control(`${emulatorEnv.SHOPIFY_API_URL}/__control/stock`, "PUT", { quantity: options.stock });
    // Equal on every instance (docs/deploy.md "What must be equal on every instance").
    const shared = {
      ...emulatorEnv,
      BUILD_DIR: options.buildDir,
      LOG_LEVEL: "warn",
      TRUST_PROXY_HOPS: "1",
      PUBLIC_SITE_URL: url,
      DATABASE_URL: options.databaseUrl,
      ...(options.redisUrl ? { RATE_LIMIT_REDIS_URL: options.redisUrl } : {}),
      SITE_SECRET: randomBytes(32).toString("hex"),
      HEALTH_DATA_KEYS: `chaos:${randomBytes(32).toString("base64")}`,
      // One load generator is one address sending what thousands of shoppers would.
      RATE_LIMIT_MULTIPLIER: "10000",
    };
    // As a supervisor (systemd's Restart=always, a container platform) does: an instance that exits
    // while starting (the database did not answer within its connection timeout) is started again.
    const start = async (instance: Instance) => {
      const deadline = Date.now() + 180_000;
      for (;;) {
        keepLogs(instance);
        if (closed) throw new Error("the stack is closed: no instance is started");
        try {
          instance.server = await startServer({ ...shared, PORT: String(instance.port) });
          // Closed while it was starting: it is stopped here, as close() could not see it.
          if (closed) {
            await instance.server.stop("SIGKILL");
            throw new Error("the stack is closed: no instance is started");
          }
          await waitForOk(`http://127.0.0.1:${instance.port}/readyz`, 120_000);
          return;
        } catch (error) {
          if (closed || Date.now() > deadline) throw error;
          await instance.server?.stop("SIGKILL");
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
    };
    // Started together: their migrations meet at the advisory lock (app/server/db/client.server.ts).
    const results = await Promise.allSettled(instances.map((instance) => start(instance)));
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    stillOpen();

    const logFd = openSync(haproxyLog, "w");
    haproxy = spawnTracked("haproxy", ["-f", path.join(root, "deploy/haproxy.cfg")], {
      cwd: root,
      env: {
        ...process.env,
        FORGE_LISTEN: `127.0.0.1:${haproxyPort}`,
        FORGE_APP_1: `127.0.0.1:${ports[0]}`,
        FORGE_APP_2: `127.0.0.1:${ports[1]}`,
        FORGE_APP_3: `127.0.0.1:${ports[2]}`,
      },
      stdio: ["ignore", logFd, logFd],
    });
    closeSync(logFd);
    stillOpen();
    await waitForOk(`${url}/readyz`, 30_000);
    return {
      url,
      controlUrl: `http://127.0.0.1:${controlPort}`,
      shopifyUrl: emulatorEnv.SHOPIFY_API_URL as string,
      stripeUrl: emulatorEnv.STRIPE_API_URL as string,
      stripeSecretKey: emulatorEnv.STRIPE_SECRET_KEY as string,
      instances,
      haproxyLog,
      logDir: options.logDir,
      start,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
