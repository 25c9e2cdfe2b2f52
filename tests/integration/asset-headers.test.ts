import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { eventually } from "../support/wait";

const assets = path.resolve(import.meta.dirname, "../../build/client/assets");

/** A GET with the given Accept-Encoding, the body as sent (not decoded). */
function get(url: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("the build's assets", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends a script only the headers that act on a script (issue 19: less per file)", async () => {
    const script = readdirSync(assets).find((name) => /^root-.*\.js$/.test(name));
    const response = await fetch(`${server.url}/assets/${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("permissions-policy")).toBeNull();
  });

  it("still sends every security header with a page", async () => {
    const response = await fetch(`${server.url}/quiz`);
    expect(response.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends scripts compressed once at their strongest, as Brotli or gzip, the same bytes", async () => {
    const script = readdirSync(assets).find((name) => /^entry\.client-.*\.js$/.test(name)) as string;
    const raw = readFileSync(path.join(assets, script));
    const url = `${server.url}/assets/${script}`;
    // Compressed in the background when first asked for: until then the compression middleware answers.
    const gzipped = await eventually(async () => {
      const response = await get(url, "gzip");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      return response;
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).equals(raw)).toBe(true);
    const brotli = await get(url, "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).equals(raw)).toBe(true);
    expect(brotli.body.length).toBeLessThan(gzipped.body.length);
    const plain = await get(url, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(raw)).toBe(true);
  });
});
