import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEntryArgs } from "../../scripts/lib/server-entry";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { eventually, settle } from "../support/wait";

describe("server.ts", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers /healthz and /readyz (the database answers)", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: true });
  });

  it.each(["/", "/product/forge-enhancer", "/quiz", "/no-such-page", "/robots.txt"])(
    "sends the security headers on %s",
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      // A fresh nonce, or on a page of fixed bytes its scripts' hashes (decision 148).
      expect(csp).toMatch(/script-src 'self'(?: '(?:nonce|sha256)-[A-Za-z0-9+/=]{20,}')+(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("x-request-id")).toBeTruthy();
    },
  );

  it("sends a prerendered page as the same bytes every time, its inline scripts allowed by hash and nothing else", async () => {
    const first = await fetch(`${server.url}/`);
    const second = await fetch(`${server.url}/`);
    const html = await first.text();
    expect(await second.text()).toBe(html);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(second.headers.get("content-security-policy")).toBe(csp);
    expect(csp).not.toContain("nonce");
    expect(html).not.toMatch(/\snonce=/);
    expect(html).not.toContain("__FORGE_RUNTIME_CONFIG__");
    // Every inline script the browser runs, and only those, by the SHA-256 of its text.
    const running = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=|application\/(ld\+)?json/.test(attributes ?? ""),
    );
    expect(running.length).toBeGreaterThan(2);
    const hashes = running.map(([, , text]) =>
      createHash("sha256")
        .update(text ?? "")
        .digest("base64"),
    );
    const allowed = /script-src 'self' ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(new Set(allowed)).toEqual(new Set(hashes.map((hash) => `'sha256-${hash}'`)));
  });

  it("caches hashed assets for a year and revalidates HTML", async () => {
    const html = await fetch(`${server.url}/`);
    expect(html.headers.get("cache-control")).toBe("no-cache");
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(await html.text())?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${server.url}${asset}`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const ssr = await fetch(`${server.url}/product/forge-enhancer`);
    expect(ssr.headers.get("cache-control")).toBe("no-cache");
    const api = await fetch(`${server.url}/api/shopify-get-product`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ handle: "forge-enhancer" }),
    });
    expect(api.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    ["/og-image.png", "image/png"],
    ["/apple-touch-icon.png", "image/png"],
    ["/favicon.svg", "image/svg+xml"],
  ])("serves %s, which every page references", async (path, type) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(type);
  });

  /** The bytes as sent (fetch would decompress them). */
  function rawGet(path: string, headers: Record<string, string>, method = "GET") {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const req = http.request(`${server.url}${path}`, { method, headers, timeout: 20_000 }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on("timeout", () => req.destroy(new Error("no answer within 20 s")));
        req.on("error", reject);
        req.end();
      },
    );
  }
  it.each(["/", "/deep-dive", "/faq?newsletter=confirmed"])(
    "compresses the prerendered page %s once: Brotli for a browser, gzip for a client without it, the same page",
    async (path) => {
      const plain = await rawGet(path, {});
      const gzipped = await rawGet(path, { "accept-encoding": "gzip" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      // Brotli is compressed in the background the first time a page is asked for.
      let browser = await rawGet(path, { "accept-encoding": "gzip, deflate, br, zstd" });
      await eventually(async () => {
        browser = await rawGet(path, { "accept-encoding": "gzip, deflate, br, zstd" });
        expect(browser.headers["content-encoding"]).toBe("br");
      });
      for (const response of [gzipped, plain, browser]) {
        expect(response.headers.vary).toBe("Accept-Encoding");
        expect(response.headers.etag).toBeUndefined();
        expect(Number(response.headers["content-length"])).toBe(response.body.length);
      }
      const html = plain.body.toString("utf8");
      expect(gunzipSync(gzipped.body).toString("utf8")).toBe(html);
      expect(brotliDecompressSync(browser.body).toString("utf8")).toBe(html);
      expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
      // Brotli at its strongest: a fifth or more below gzip's best on these pages.
      expect(browser.body.length).toBeLessThan(gzipped.body.length * 0.85);
    },
  );

  it("answers HEAD for a prerendered page with the headers and no body", async () => {
    const head = await rawGet("/bro-science", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(1_000);
    expect(head.headers["content-security-policy"]).toMatch(/'sha256-/);
  });

  it("compresses the other responses when asked, and says they vary when not", async () => {
    const notFound = await rawGet("/no-such-page", { "accept-encoding": "gzip" });
    expect(notFound.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(notFound.body).toString()).toContain("Oops! Page not found");
    const plain = await rawGet("/no-such-page", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
  });

  it("answers an unknown path with 404 and the spec's title", async () => {
    const response = await fetch(`${server.url}/definitely/not/here`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });

  // Connection: close and a body the function refuses, sent over many turns so that the answer is ready
  // while the body is still on its way: the client must get the answer, not a reset.
  it.each([
    {
      refusal: "413: 4 MiB against the webhook's 512 KB",
      head: "POST /api/stripe-webhook HTTP/1.1\r\nContent-Type: application/json\r\nStripe-Signature: t=1,v1=00\r\n",
      size: 4 * 1024 * 1024,
      status: 413,
      says: "The request is too large for a Stripe event.",
    },
    {
      refusal: "415: 1 MiB of text/plain, refused before it is read",
      head: "POST /api/shopify-get-product HTTP/1.1\r\nContent-Type: text/plain\r\n",
      size: 1024 * 1024,
      status: 415,
      says: "Send the request as JSON",
    },
    {
      refusal: "403: 1 MiB from another site's Origin, refused before it is read",
      head: "POST /api/hybrid-checkout HTTP/1.1\r\nContent-Type: application/json\r\nOrigin: https://evil.example\r\n",
      size: 1024 * 1024,
      status: 403,
      says: "This request did not come from this site.",
    },
  ])(
    "refuses a body it will not read and a closing client still gets the answer ($refusal)",
    async ({ head, size, status, says }) => {
      const { port } = new URL(server.url);
      const socket = net.connect(Number(port), "127.0.0.1");
      expect(await settle(socket, "connect", 10_000)).toBe("connect");
      const received: Buffer[] = [];
      let failure: Error | null = null;
      socket.on("data", (chunk: Buffer) => received.push(chunk));
      socket.on("error", (error) => {
        failure = error;
      });
      const ended = settle(socket, "close", 20_000);
      socket.write(`${head}Host: 127.0.0.1\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, "a");
      for (let sent = 0; sent < size && !failure && !socket.destroyed; sent += chunk.length) {
        // The server may answer and close before reading it all: a close or error ends the wait too.
        if (!socket.write(chunk) && (await settle(socket, "drain", 10_000)) !== "drain") break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await ended;
      socket.destroy();
      expect(failure).toBeNull();
      const answer = Buffer.concat(received).toString();
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(answer).toContain(says);
    },
  );

  it("writes JSON logs with a request id, taking a well-formed incoming one", async () => {
    await fetch(`${server.url}/quiz`, { headers: { "x-request-id": "trace-abc-123" } });
    // Logs reach the pipe asynchronously: waited for, within a bound.
    const line = await eventually(() => {
      const found = server.logs.find((l) => l.includes("trace-abc-123"));
      if (!found) throw new Error("no log line with the request id");
      return found;
    }, 10_000);
    const entry = JSON.parse(line as string);
    expect(entry).toMatchObject({
      req: { id: "trace-abc-123", method: "GET", path: "/quiz" },
      res: { status: 200 },
    });
  });
});

describe("graceful shutdown", () => {
  it("on SIGTERM finishes the request in flight, refuses new ones and exits 0", async () => {
    const server = await startServer();
    const { port } = new URL(server.url);
    // A request whose body is still arriving when SIGTERM lands.
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/healthz",
          method: "GET",
          headers: { "content-length": "5" },
          timeout: 20_000,
        },
        (res) => {
          res.resume();
          res.on("error", reject);
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("timeout", () => req.destroy(new Error("no answer within 20 s")));
      req.on("error", reject);
      req.write("12");
      setTimeout(() => {
        void server.stop("SIGTERM");
        setTimeout(() => req.end("345"), 300);
      }, 100);
    });
    expect(await inFlight).toBe(200);
    expect(await server.stop()).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});

describe("environment", () => {
  it("refuses to start on an invalid value and names the variable", () => {
    const result = spawnSync(process.execPath, serverEntryArgs(), {
      env: { ...process.env, PORT: "not-a-port", PGLITE_DIR: "memory://" },
      encoding: "utf8",
      // A cold start on a busy machine; killed at the bound (status null fails the test).
      timeout: 90_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
  });
});
