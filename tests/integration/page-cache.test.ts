import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { textOf } from "./order-pages-support";

/** The full-page cache of the Enhancer page and the terms (docs/decisions/014-page-cache.md, 150). */
describe("page cache", () => {
  let server: RunningServer;
  const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36" };
  // A server per test: the cache lives in its memory, so no test sees what another left in it.
  beforeEach(async () => {
    server = await startServer({ LOG_LEVEL: "warn", PAGE_CACHE_FRESH_SECONDS: "1" });
  });
  afterEach(async () => {
    await server?.stop();
  });

  const get = () => fetch(`${server.url}/product/forge-enhancer`, { headers: BROWSER });
  it("streams the first visit, then serves the complete page from memory: the same bytes each time, its scripts allowed by hash", async () => {
    const first = await get();
    expect(first.headers.get("x-page-cache")).toBeNull();
    // The streamed page is rendered for its response: a nonce.
    expect(first.headers.get("content-security-policy")).toMatch(/'nonce-/);
    await first.text();
    await expect.poll(async () => (await get()).headers.get("x-page-cache"), { timeout: 10_000 }).toBe("hit");

    const [a, b] = await Promise.all([get(), get()]);
    const [htmlA, htmlB] = await Promise.all([a.text(), b.text()]);
    expect(htmlB).toBe(htmlA);
    const csp = a.headers.get("content-security-policy") ?? "";
    expect(b.headers.get("content-security-policy")).toBe(csp);
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toContain("nonce");
    // Each inline script that runs is allowed by its hash.
    for (const [, attributes, text] of htmlA.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\bsrc=|application\/(ld\+)?json/.test(attributes ?? "")) continue;
      expect(csp).toContain(
        `'sha256-${createHash("sha256")
          .update(text ?? "")
          .digest("base64")}'`,
      );
    }
    // The live product is in it, and no placeholder is left.
    expect(htmlA).toContain("Live Shopify pricing");
    expect(htmlA).not.toMatch(/\snonce=/);
    expect(htmlA).not.toContain("__FORGE_");
    expect(a.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves the terms from memory too: this server's checkout settings, the same bytes for everyone, no nonce", async () => {
    const terms = () => fetch(`${server.url}/legal/terms`, { headers: BROWSER });
    const first = await terms();
    expect(first.headers.get("x-page-cache")).toBeNull();
    const streamed = await first.text();
    await expect
      .poll(async () => (await terms()).headers.get("x-page-cache"), { timeout: 10_000 })
      .toBe("hit");
    const cached = await terms();
    const html = await cached.text();
    expect(html).toBe(await (await terms()).text());
    expect(cached.headers.get("content-security-policy")).not.toContain("nonce");
    expect(html).not.toMatch(/\snonce=/);
    // What the visitor reads is what the streamed page said: the settings' countries and tax.
    expect(textOf(html)).toBe(textOf(streamed));
    expect(textOf(html)).toContain("We ship to addresses in the United States only.");
  });

  it("serves a stale copy while it renders a fresh one", async () => {
    await (await get()).text();
    await expect.poll(async () => (await get()).headers.get("x-page-cache"), { timeout: 10_000 }).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const stale = await get();
    expect(stale.headers.get("x-page-cache")).toBe("stale");
    await expect.poll(async () => (await get()).headers.get("x-page-cache"), { timeout: 10_000 }).toBe("hit");
  });
});
