import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";

/** The Enhancer page's full-page cache (docs/decisions/014-page-cache.md). */
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
  const nonceOf = (response: Response) =>
    /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

  it("streams the first visit, then serves the complete page from memory with a fresh nonce each time", async () => {
    const first = await get();
    expect(first.headers.get("x-page-cache")).toBeNull();
    await first.text();
    await expect.poll(async () => (await get()).headers.get("x-page-cache"), { timeout: 10_000 }).toBe("hit");

    const [a, b] = await Promise.all([get(), get()]);
    const [htmlA, htmlB] = await Promise.all([a.text(), b.text()]);
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    for (const [response, html] of [
      [a, htmlA],
      [b, htmlB],
    ] as const) {
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(2);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(response)}"`);
      // The live product is in it, and no placeholder is left.
      expect(html).toContain("Live Shopify pricing");
      expect(html).not.toContain("forge-prerender-nonce");
      expect(html).not.toContain("__FORGE_");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
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
