import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENER_POLICY, securityHeaderSet } from "../../server/security-headers";
import { serveFloor } from "../perf/floor";

/**
 * The floor painted first is the framework sent as the storefront sends its documents (decision 156):
 * with the storefront's opener policy, so Chromium starts it in a new renderer process as it does each
 * route; the floor itself stays the bare app.
 */
describe("the floor's server", () => {
  let dir: string;
  let floor: Awaited<ReturnType<typeof serveFloor>>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "forge-floor-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(
      path.join(dir, "index.html"),
      '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><p>floor</p></body></html>',
    );
    writeFileSync(path.join(dir, "assets", "a.js"), "export {};");
    floor = await serveFloor(dir, 0);
  });

  afterAll(async () => {
    await floor?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the painted-first document with the storefront's opener policy, and nothing else with it", async () => {
    const storefront = securityHeaderSet({ formActionOrigins: [], development: false, https: false });
    expect(new Map(storefront.fixed).get("Cross-Origin-Opener-Policy")).toBe(OPENER_POLICY);

    const paintedFirst = await fetch(`${floor.origin}/?painted-first`);
    expect(paintedFirst.status).toBe(200);
    expect(paintedFirst.headers.get("cross-origin-opener-policy")).toBe(OPENER_POLICY);
    expect(await paintedFirst.text()).not.toContain("modulepreload");

    const bare = await fetch(`${floor.origin}/`);
    expect(bare.headers.get("cross-origin-opener-policy")).toBeNull();
    expect(await bare.text()).toContain("modulepreload");

    const script = await fetch(`${floor.origin}/assets/a.js?painted-first`);
    expect(script.headers.get("cross-origin-opener-policy")).toBeNull();
  });
});
