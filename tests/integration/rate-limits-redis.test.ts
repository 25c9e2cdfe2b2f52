import { randomInt } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createRateLimiter, type RateLimiter } from "~/server/http/rate-limits.server";
import { rateLimitKey } from "~/server/network-address.server";
import { startServer } from "../../scripts/lib/server-process";
import { call } from "./catalog-support";

/**
 * The rate-limit counters in Redis (RATE_LIMIT_REDIS_URL; docs/decisions/022-api-plumbing-and-rate-limits.md):
 * shared by every instance, and a Redis that is down or hangs never holds a request up: the
 * in-memory stand-in limits meanwhile. The shared counts run when TEST_REDIS_URL names a Redis (as
 * .ci/run sets it); the outages need none.
 */
const limits = { "hybrid-checkout": { points: 3, durationSeconds: 60 } };
/**
 * A client of its own for each use, so that runs against one long-lived Redis do not meet: an address
 * in IPv6's documentation range with 32 random bits in its /64, the unit an IPv6 client is counted in.
 */
const randomGroups = (count: number) => Array.from({ length: count }, () => randomInt(0x10000).toString(16));
const freshClientIp = () => `2001:db8:${randomGroups(2).join(":")}:${randomGroups(2).join(":")}::1`;

function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("rate-limit counters in Redis", () => {
  const limiters: RateLimiter[] = [];
  const servers: net.Server[] = [];
  const sockets = new Set<net.Socket>();

  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((limiter) => limiter.close()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  describe.runIf(Boolean(process.env.TEST_REDIS_URL))("on a Redis", () => {
    const redisUrl = process.env.TEST_REDIS_URL as string;

    it("shares one count between instances, under the site's own key, expiring with the window", async () => {
      const { logger } = recordingLogger();
      const [first, second] = await Promise.all([
        createRateLimiter({ redisUrl, logger, limits }),
        createRateLimiter({ redisUrl, logger, limits }),
      ]);
      limiters.push(first, second);
      expect(first.store).toBe("redis");
      const ip = freshClientIp();
      expect(await first.consume("hybrid-checkout", ip)).toEqual({ allowed: true, remaining: 2 });
      expect(await second.consume("hybrid-checkout", ip)).toEqual({ allowed: true, remaining: 1 });
      expect(await first.consume("hybrid-checkout", ip)).toEqual({ allowed: true, remaining: 0 });
      const refused = await second.consume("hybrid-checkout", ip);
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) {
        expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
      // Another client address has its own count.
      expect((await second.consume("hybrid-checkout", freshClientIp())).allowed).toBe(true);

      const inspect = new Redis(redisUrl);
      try {
        // Counted under the client's /64.
        const key = `forge:rate-limit:hybrid-checkout:${rateLimitKey(ip)}`;
        expect(key).toMatch(/^forge:rate-limit:hybrid-checkout:2001:db8:[0-9a-f]{1,4}:[0-9a-f]{1,4}::\/64$/);
        expect(Number(await inspect.get(key))).toBe(4);
        const ttl = await inspect.pttl(key);
        expect(ttl).toBeGreaterThan(50_000);
        expect(ttl).toBeLessThanOrEqual(60_000);
        await inspect.del(key);
      } finally {
        inspect.disconnect();
      }
    });

    it("is where a server given RATE_LIMIT_REDIS_URL counts its API calls", async () => {
      const server = await startServer({
        RATE_LIMIT_REDIS_URL: redisUrl,
        TRUST_PROXY_HOPS: "1",
        // get-product: 120 × 0.05 = 6 a minute.
        RATE_LIMIT_MULTIPLIER: "0.05",
      });
      const inspect = new Redis(redisUrl);
      const ip = freshClientIp();
      const key = `forge:rate-limit:shopify-get-product:${rateLimitKey(ip)}`;
      try {
        const statuses = [];
        for (let i = 0; i < 7; i++) {
          statuses.push(
            (await call(server.url, "shopify-get-product", { handle: "forge-enhancer" }, { ip })).status,
          );
        }
        expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
        expect(server.logs.some((line) => line.includes('"store":"redis"'))).toBe(true);
        expect(Number(await inspect.get(key))).toBe(7);
      } finally {
        await inspect.del(key);
        inspect.disconnect();
        expect(await server.stop()).toBe(0);
      }
    });
  });

  it("starts without a reachable Redis and limits in memory meanwhile, saying so once", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const { logger, lines } = recordingLogger();
    const started = Date.now();
    const limiter = await createRateLimiter({ redisUrl: `redis://127.0.0.1:${closed}`, logger, limits });
    limiters.push(limiter);
    expect(Date.now() - started).toBeLessThan(3_000);
    const ip = freshClientIp();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await limiter.consume("hybrid-checkout", ip)).allowed);
    expect(answers).toEqual([true, true, true, false]);
    const warnings = lines.filter((line) => line.msg.includes("Redis unreachable"));
    expect(warnings).toHaveLength(1);
  });

  it("answers from memory within a second while a connected Redis stops replying", async () => {
    // Connects and passes the client's ready check (INFO), then answers nothing more: a Redis stuck in
    // a long command, or a network path that went half-open.
    const hung = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("data", (chunk) => {
        for (const command of chunk.toString().split(/(?=\*\d+\r\n)/)) {
          if (/SETINFO/i.test(command)) socket.write("+OK\r\n");
          else if (/\binfo\b/i.test(command)) socket.write("$11\r\nloading:0\r\n\r\n");
        }
      });
    });
    servers.push(hung);
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    const { port } = hung.address() as net.AddressInfo;
    const { logger } = recordingLogger();
    const limiter = await createRateLimiter({ redisUrl: `redis://127.0.0.1:${port}`, logger, limits });
    limiters.push(limiter);
    const ip = freshClientIp();
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      expect((await limiter.consume("hybrid-checkout", ip)).allowed).toBe(true);
      expect(Date.now() - started).toBeLessThan(1_600);
    }
  });
});
