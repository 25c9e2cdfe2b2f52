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
import { freePort, type RunningServer, startServer } from "../../scripts/lib/server-process";
import { buildDir, root } from "../support";
import { spawnAnnouncing, stopChild } from "./backing";

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
  /** The Stripe emulator's origin (its pay pages). */
  stripeUrl: string;
  instances: Instance[];
  haproxyLog: string;
  /** Where each instance's log lines go (instance-N.log, every process it ran, in order). */
  logDir: string;
  /** Starts instance `index` again on its port; resolves once its /readyz answers 200. */
  start(instance: Instance): Promise<void>;
  close(): Promise<void>;
};

export type StackOptions = {
  databaseUrl: string;
  redisUrl: string;
  /** Messages the mail emulator must keep (every confirmation of the run). */
  mailKeep: number;
  logDir: string;
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
  execFileSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: "inherit",
  });
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const haproxyPort = await freePort();
  const url = `http://127.0.0.1:${haproxyPort}`;
  const controlPort = await freePort();
  const ports = [await freePort(), await freePort(), await freePort()];
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
  const close = async () => {
    if (haproxy?.pid !== undefined) killGroup(haproxy.pid, "SIGTERM");
    await stopChild(haproxy);
    await Promise.all(
      instances.map(async (instance) => {
        await instance.server?.stop("SIGTERM", { killAfterMs: 15_000 });
        keepLogs(instance);
      }),
    );
    await stopChild(emulators);
  };

  try {
    const started = await spawnAnnouncing(
      ["sandbox/standalone.ts"],
      {
        EMULATOR_WEBHOOK_URLS: `${url}/api/stripe-webhook`,
        EMULATOR_CONTROL_PORT: String(controlPort),
        EMULATOR_MAIL_KEEP: String(options.mailKeep),
        LOG_LEVEL: "error",
      },
      "the emulators",
    );
    emulators = started.child;
    const emulatorEnv = started.announced as Record<string, string>;
    // Equal on every instance (docs/deploy.md "What must be equal on every instance").
    const shared = {
      ...emulatorEnv,
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
      TRUST_PROXY_HOPS: "1",
      PUBLIC_SITE_URL: url,
      DATABASE_URL: options.databaseUrl,
      RATE_LIMIT_REDIS_URL: options.redisUrl,
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
        try {
          instance.server = await startServer({ ...shared, PORT: String(instance.port) });
          await waitForOk(`http://127.0.0.1:${instance.port}/readyz`, 120_000);
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await instance.server?.stop("SIGKILL");
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
    };
    // Started together: their migrations meet at the advisory lock (app/server/db/client.server.ts).
    const results = await Promise.allSettled(instances.map((instance) => start(instance)));
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;

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
    await waitForOk(`${url}/readyz`, 30_000);
    return {
      url,
      controlUrl: `http://127.0.0.1:${controlPort}`,
      shopifyUrl: emulatorEnv.SHOPIFY_API_URL as string,
      stripeUrl: emulatorEnv.STRIPE_API_URL as string,
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
