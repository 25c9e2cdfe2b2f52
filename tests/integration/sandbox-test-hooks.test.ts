import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxProducts } from "../../sandbox/shopify/seed";
import { killGroup, spawnTracked } from "../../scripts/lib/processes";
import { type RunningServer, startServers } from "../../scripts/lib/server-process";
import { listeningEntry } from "./catalog-support";

/**
 * Issue 15 item 12: the emulators' test hooks exist only in a process started for tests
 * (SANDBOX_TEST_HOOKS=1, which the test harness sets) or as `npm run emulators`. A site started
 * plainly, as behind a proxy on the same machine (every connection from loopback, X-Forwarded-For
 * saying anything), has none to reach. And, with the seed data moved to sandbox/ (issue 21 item 4),
 * the browser still receives the seeded products' ids.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FAULT = JSON.stringify({ kind: "status", status: 503, times: 1 });

/** Each hook's request, under `prefix` (the hooks', or a path that never existed, to compare with). */
const hookRequests = (
  base: string,
  headers: Record<string, string>,
  prefix = "/__sandbox/shopify/__control",
) => [
  fetch(`${base}${prefix}/faults`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: FAULT,
  }),
  fetch(`${base}${prefix}/calls`, { headers }),
  fetch(`${base}${prefix}/reset`, { method: "POST", headers }),
  fetch(`${base}${prefix}/faults`, { method: "DELETE", headers }),
];
const statuses = async (requests: Promise<Response>[]) =>
  (await Promise.all(requests)).map((response) => response.status);

const runtimeVariantIds = async (server: RunningServer) => {
  const html = await (await fetch(`${server.url}/`)).text();
  return JSON.parse(/id="forge-runtime-config"[^>]*>([^<]*)</.exec(html)?.[1] ?? "{}").variantIds;
};

describe("the emulators' test hooks", () => {
  /** As an operator starts it behind a proxy: no test flag, one trusted proxy hop. */
  let plain: RunningServer;
  /** As the test harness starts it. */
  let forTests: RunningServer;

  beforeAll(async () => {
    [plain, forTests] = (await startServers([
      { SANDBOX_TEST_HOOKS: undefined, TRUST_PROXY_HOPS: "1", LOG_LEVEL: "info" },
      { LOG_LEVEL: "info" },
    ])) as [RunningServer, RunningServer];
  });
  afterAll(async () => {
    await Promise.all([plain?.stop(), forTests?.stop()]);
  });

  it("are not mounted by a plain start, whatever the request claims to come from", async () => {
    // Answered as any path the site does not have (the page router: 404, or 405 to a POST or DELETE).
    const unknownPath = await statuses(hookRequests(plain.url, {}, "/__sandbox/shopify/__no-such-hooks"));
    expect(unknownPath).toEqual([405, 404, 405, 405]);
    const claims: Record<string, string>[] = [
      {},
      { "x-forwarded-for": "127.0.0.1" },
      { "x-forwarded-for": "203.0.113.9" },
    ];
    for (const headers of claims)
      expect(await statuses(hookRequests(plain.url, headers)), JSON.stringify(headers)).toEqual(unknownPath);
    // The emulator itself is there, and nothing was queued: the product still loads.
    expect((await listeningEntry(plain)).emulators).toContain("shopify");
    const product = await fetch(`${plain.url}/api/shopify-get-product`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.1" },
      body: JSON.stringify({ handle: "forge-enhancer" }),
    });
    expect(await product.json()).toMatchObject({ success: true, product: { title: "Forge Enhancer" } });
    expect(plain.logs.join("\n")).not.toContain("test hooks are mounted");
  });

  it("are mounted for tests, judged by the connection, not by X-Forwarded-For", async () => {
    const queued = await fetch(`${forTests.url}/__sandbox/shopify/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
      body: FAULT,
    });
    expect(queued.status).toBe(201);
    expect(
      (await fetch(`${forTests.url}/__sandbox/shopify/__control/faults`, { method: "DELETE" })).status,
    ).toBe(200);
    expect(forTests.logs.join("\n")).toContain(
      "the Shopify emulator's test hooks are mounted: for tests only",
    );
  });

  it("leave the start as it was: the shown prices are read from the emulator before the first answer", async () => {
    // The warm-up asks the in-process emulator through this same server, which answers it before it
    // answers anyone else (it once waited for itself until the 2 s limit, and pages showed defaults).
    await listeningEntry(plain);
    const entries = plain.logs.flatMap((line) => {
      try {
        return [JSON.parse(line) as { msg?: string; req?: { path?: string } }];
      } catch {
        return [];
      }
    });
    const listening = entries.findIndex((entry) => entry.msg === "server listening");
    const storefrontRead = entries.findIndex(
      (entry) => entry.msg === "request completed" && entry.req?.path?.startsWith("/__sandbox/shopify/"),
    );
    expect(storefrontRead).toBeGreaterThanOrEqual(0);
    expect(storefrontRead).toBeLessThan(listening);
    expect(plain.logs.join("\n")).not.toContain("shown offers not read at start");
    const html = await (await fetch(`${plain.url}/`)).text();
    const config = JSON.parse(/id="forge-runtime-config"[^>]*>([^<]*)</.exec(html)?.[1] ?? "{}");
    expect(config.offers?.enhancer?.price).toBe("39.0");
  });

  it("leave what the browser receives as it was: the seeded products' variant ids", async () => {
    const seeded = Object.fromEntries(sandboxProducts.map((product) => [product.item, product.variantId]));
    for (const server of [plain, forTests]) {
      const variantIds = await runtimeVariantIds(server);
      expect(variantIds).toMatchObject(seeded);
      expect(variantIds.test_item).toContain("YOUR_");
    }
  });
});

describe("npm run emulators", () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      // SIGKILL to the group cannot be ignored: "exit" follows, and the error event covers a failed kill.
      const exited = new Promise((resolve) => {
        child?.once("exit", resolve);
        child?.once("error", resolve);
      });
      killGroup(child.pid);
      await exited;
    }
  });

  /** The JSON line the process prints once its emulators listen; fails early if it exits or errs. */
  function printedEnvironment(emulators: ChildProcess, timeoutMs: number): Promise<Record<string, string>> {
    return new Promise((resolve, reject) => {
      let output = "";
      let errors = "";
      const finish = (error: Error | null, env?: Record<string, string>) => {
        clearTimeout(timer);
        emulators.stdout?.off("data", onData);
        emulators.off("exit", onExit);
        emulators.off("error", onError);
        if (error) reject(error);
        else resolve(env as Record<string, string>);
      };
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split("\n").find((candidate) => candidate.startsWith("{"));
        if (line && output.includes("\n", output.indexOf(line))) finish(null, JSON.parse(line));
      };
      const onExit = (code: number | null) => finish(new Error(`emulators exited with ${code}: ${errors}`));
      const onError = (error: Error) => finish(error);
      const timer = setTimeout(
        () => finish(new Error(`no environment printed: ${output} ${errors}`)),
        timeoutMs,
      );
      emulators.stdout?.on("data", onData);
      emulators.stderr?.on("data", (chunk: Buffer) => {
        errors += chunk.toString();
      });
      emulators.once("exit", onExit);
      emulators.once("error", onError);
    });
  }

  it("mounts the hooks on its own loopback port and prints the seeded catalog with the rest", async () => {
    child = spawnTracked(process.execPath, ["--import", "tsx", "sandbox/standalone.ts"], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "silent", SANDBOX_TEST_HOOKS: undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const env = await printedEnvironment(child, 60_000);
    expect(env).toMatchObject(
      Object.fromEntries(sandboxProducts.map((product) => [product.catalogVariable, product.variantId])),
    );
    expect(new URL(env.SHOPIFY_API_URL ?? "").hostname).toBe("127.0.0.1");
    const calls = await fetch(`${env.SHOPIFY_API_URL}/__control/calls`);
    expect(calls.status).toBe(200);
    expect(await calls.json()).toMatchObject({ total: 0 });

    const exited = new Promise<number | null>((resolve) => child?.once("exit", resolve));
    child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise((resolve) => {
        timer = setTimeout(() => resolve("timeout"), 15_000);
      }),
    ]);
    clearTimeout(timer);
    expect(code).toBe(0);
  });
});
