import http from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";

/** A GET with exactly these headers (fetch would add its own Accept-Encoding), bounded by 30 s. */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; encoding?: string; body: Buffer; cache?: string }>(
    (resolve, reject) => {
      const request = http.get(url, { headers, timeout: 30_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers["content-encoding"],
            cache: response.headers["x-page-cache"] as string | undefined,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      });
      request.on("timeout", () => request.destroy(new Error(`no complete answer from ${url} in 30 s`)));
      request.on("error", reject);
    },
  );
}

const decode = (answer: { encoding?: string; body: Buffer }) =>
  answer.encoding === "gzip"
    ? gunzipSync(answer.body)
    : answer.encoding === "br"
      ? brotliDecompressSync(answer.body)
      : answer.encoding === "deflate"
        ? inflateSync(answer.body)
        : answer.body;

/** Server-rendered pages as the compression middleware sends them (docs/decisions/147-streamed-pages-compressed-as-one.md). */
describe("document compression", () => {
  let server: RunningServer;
  const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" };
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: "warn", PAGE_CACHE_FRESH_SECONDS: "30" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a streamed page in gzip is about as small as the same page compressed whole", async () => {
    for (const path of ["/reviews", "/legal/terms", "/contact"]) {
      const answer = await get(`${server.url}${path}`, { ...BROWSER, "accept-encoding": "gzip" });
      expect(answer.status, path).toBe(200);
      expect(answer.encoding, path).toBe("gzip");
      const html = decode(answer);
      expect(html.toString("utf8"), path).toContain("</html>");
      // A full flush after every chunk made /reviews 22.5 KB against 10.9 KB whole.
      expect(answer.body.length, path).toBeLessThan(gzipSync(html).length * 1.15);
    }
  });

  it("a client that takes only deflate gets the Enhancer page whole, streamed and then from the page cache", async () => {
    const url = `${server.url}/product/forge-enhancer`;
    const streamed = await get(url, { ...BROWSER, "accept-encoding": "deflate" });
    expect(streamed.cache).toBeUndefined();
    expect(decode(streamed).toString("utf8")).toContain("</html>");
    await expect
      .poll(async () => (await get(url, { ...BROWSER, "accept-encoding": "gzip" })).cache, {
        timeout: 20_000,
      })
      .toBe("hit");
    const cached = await get(url, { ...BROWSER, "accept-encoding": "deflate" });
    expect(cached.cache).toBe("hit");
    expect(cached.encoding).toBe("deflate");
    const html = decode(cached).toString("utf8");
    expect(html).toContain("Live Shopify pricing");
    expect(html).toContain("</html>");
  });

  it("a browser gets the Enhancer's cached page in Brotli, headers and all within one slow-start round trip (14.6 KB)", async () => {
    const url = `${server.url}/product/forge-enhancer`;
    const browser = { ...BROWSER, "accept-encoding": "gzip, deflate, br, zstd" };
    await get(url, browser);
    // Cached, and compressed in the background once rendered.
    await expect
      .poll(
        async () => {
          const answer = await get(url, browser);
          return `${answer.cache} ${answer.encoding}`;
        },
        { timeout: 20_000 },
      )
      .toBe("hit br");
    const answer = await new Promise<{ headerBytes: number; body: Buffer }>((resolve, reject) => {
      const request = http.get(url, { headers: browser, timeout: 30_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          // The status line and headers as sent: each "name: value" line and its CRLF.
          const lines = response.rawHeaders.length / 2;
          let headerBytes = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n\r\n`.length;
          for (let i = 0; i < lines; i++)
            headerBytes += `${response.rawHeaders[2 * i]}: ${response.rawHeaders[2 * i + 1]}\r\n`.length;
          resolve({ headerBytes, body: Buffer.concat(chunks) });
        });
        response.on("error", reject);
      });
      request.on("timeout", () => request.destroy(new Error("no answer in 30 s")));
      request.on("error", reject);
    });
    expect(brotliDecompressSync(answer.body).toString("utf8")).toContain("Live Shopify pricing");
    // A slow-start connection's first round carries 10 segments of 1,460 bytes: a page over that waits
    // a round trip more (150 ms on Lighthouse's mobile network) before the browser has all of it.
    expect(answer.headerBytes + answer.body.length).toBeLessThan(14_600);
  });
});
