import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killGroup, spawnTracked } from "../../scripts/lib/processes";
import { freePort } from "../../scripts/lib/server-process";
import { eventually } from "./checkout-harness";

/**
 * deploy/haproxy.cfg, as docs/deploy.md runs it, in front of three stand-in instances whose /readyz
 * and /healthz the test sets. The chaos run (bench/chaos/) found that when the shared database froze,
 * every instance's /readyz answered 503 at once and HAProxy answered 503 to everything, the
 * prerendered pages included: with no instance ready, every live one must still serve. Skipped where
 * HAProxy is not installed (`apt-get install -y haproxy`).
 */

const haproxyInstalled = (() => {
  try {
    execFileSync("haproxy", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

type StandIn = {
  server: http.Server;
  port: number;
  ready: boolean;
  served: number;
  checkDelayMs: number;
  /** How long a page takes to answer (the instance busy with other shoppers). */
  pageDelayMs: number;
  /** Drops every POST without an answer, as an instance killed mid-request does; counts them. */
  dropPosts: boolean;
  dropped: number;
};

async function standIn(): Promise<StandIn> {
  const instance = {
    ready: true,
    served: 0,
    checkDelayMs: 0,
    pageDelayMs: 0,
    dropPosts: false,
    dropped: 0,
  } as StandIn;
  instance.server = http.createServer((req, res) => {
    const check = (status: number) => setTimeout(() => res.writeHead(status).end(), instance.checkDelayMs);
    if (req.method === "POST" && instance.dropPosts) {
      instance.dropped += 1;
      req.socket.destroy();
    } else if (req.url === "/healthz") check(200);
    else if (req.url === "/readyz") check(instance.ready ? 200 : 503);
    else {
      instance.served += 1;
      setTimeout(
        () => res.writeHead(200, { "content-type": "text/plain" }).end(`page from ${instance.port}`),
        instance.pageDelayMs,
      );
    }
  });
  await new Promise<void>((resolve) => instance.server.listen(0, "127.0.0.1", resolve));
  instance.port = (instance.server.address() as AddressInfo).port;
  return instance;
}

async function statuses(url: string, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    out.push(response.status);
  }
  return out;
}

describe.skipIf(!haproxyInstalled)("deploy/haproxy.cfg", () => {
  let instances: StandIn[] = [];
  let haproxyPid: number | undefined;
  let url = "";

  beforeAll(async () => {
    instances = [await standIn(), await standIn(), await standIn()];
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const child = spawnTracked("haproxy", ["-f", path.resolve("deploy/haproxy.cfg")], {
      env: {
        ...process.env,
        FORGE_LISTEN: `127.0.0.1:${port}`,
        FORGE_APP_1: `127.0.0.1:${instances[0]?.port}`,
        FORGE_APP_2: `127.0.0.1:${instances[1]?.port}`,
        FORGE_APP_3: `127.0.0.1:${instances[2]?.port}`,
      },
      stdio: "ignore",
    });
    haproxyPid = child.pid;
    await eventually(async () => expect(await statuses(`${url}/`, 1)).toEqual([200]), 30_000);
  });

  afterAll(async () => {
    if (haproxyPid !== undefined) killGroup(haproxyPid);
    await Promise.all(instances.map((i) => new Promise((resolve) => i.server.close(resolve))));
  });

  it("keeps a busy instance, whose checks answer slowly, in the rotation: no cascade to 503", async () => {
    // Every instance's event loop busy: each check answered after 1.5 s (more than one check interval).
    for (const instance of instances) instance.checkDelayMs = 1_500;
    try {
      const servedBefore = instances.map((i) => i.served);
      const deadline = Date.now() + 6_000;
      while (Date.now() < deadline) expect(await statuses(`${url}/`, 1)).toEqual([200]);
      // Still shared among all three: none was taken out for being slow.
      expect(instances.every((instance, i) => instance.served > (servedBefore[i] ?? 0))).toBe(true);
    } finally {
      for (const instance of instances) instance.checkDelayMs = 0;
    }
  }, 60_000);

  it("repeats the payment's verification an instance dropped, and no other POST", async () => {
    const dropping = instances[0] as StandIn;
    dropping.dropPosts = true;
    try {
      // 0: no HTTP answer (HAProxy closed the shopper's connection, as the dropping instance did).
      const post = async (pathname: string) => {
        try {
          const response = await fetch(`${url}${pathname}`, {
            method: "POST",
            body: "{}",
            headers: { "content-type": "application/json" },
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          return response.status;
        } catch {
          return 0;
        }
      };
      const verified: number[] = [];
      for (let i = 0; i < 9; i++) verified.push(await post("/api/verify-and-send-confirmation"));
      // Dropped by the first instance (it was its turn for some) and answered by another: all 200.
      expect(dropping.dropped).toBeGreaterThan(0);
      expect(verified).toEqual(Array(9).fill(200));
      const before = dropping.dropped;
      const checkouts: number[] = [];
      for (let i = 0; i < 9; i++) checkouts.push(await post("/api/hybrid-checkout"));
      // A checkout that reached an instance is never replayed: each one dropped reaches the shopper.
      expect(dropping.dropped - before).toBeGreaterThan(0);
      expect(checkouts.filter((status) => status !== 200).length).toBe(dropping.dropped - before);
    } finally {
      dropping.dropPosts = false;
    }
  }, 60_000);

  it("serves from the live instances when none is ready (the database they share is down), and from none that is gone", async () => {
    for (const instance of instances) instance.ready = false;
    // Out of the rotation after 2 failed checks a second apart; the pages go on answering throughout.
    const deadline = Date.now() + 4_000;
    while (Date.now() < deadline) expect(await statuses(`${url}/`, 1)).toEqual([200]);
    // One instance gone as well (killed): the others serve every request.
    const gone = instances[0] as StandIn;
    gone.server.closeAllConnections();
    await new Promise((resolve) => gone.server.close(resolve));
    const servedBefore = gone.served;
    expect(await statuses(`${url}/`, 20)).toEqual(Array(20).fill(200));
    expect(gone.served).toBe(servedBefore);
  }, 60_000);

  it("takes an instance killed under load out at its first refused connection: no shopper sees a 503", async () => {
    for (const instance of instances) instance.ready = true;
    const live = instances.slice(1, 2);
    const doomed = instances[2] as StandIn;
    // Back in the rotation (2 good checks), then every live instance busy: each answer takes 300 ms.
    await eventually(async () => expect(await statuses(`${url}/`, 3)).toEqual([200, 200, 200]), 15_000);
    await eventually(async () => expect(doomed.served).toBeGreaterThan(0), 15_000);
    for (const instance of [...live, doomed]) instance.pageDelayMs = 300;
    // Killed: it holds no connection, so leastconn offers it every request until it is marked down.
    doomed.server.closeAllConnections();
    await new Promise((resolve) => doomed.server.close(resolve));
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        try {
          const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(20_000) });
          await response.arrayBuffer();
          return response.status;
        } catch {
          return 0;
        }
      }),
    );
    expect(answers).toEqual(Array(40).fill(200));
  }, 60_000);
});
