import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";

const assets = path.resolve(import.meta.dirname, "../../build/client/assets");

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
});
