import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/runtime/env.server";
import { createLogger } from "~/server/runtime/logger.server";
import { type Sandbox, startSandbox } from "../../sandbox/index";
import { createShopifyEmulator, type ShopifyEmulator } from "../../sandbox/shopify/emulator";
import { sandboxProducts } from "../../sandbox/shopify/seed";
import { isLoopbackAddress } from "../../sandbox/test-hooks";

/**
 * The Shopify emulator's test hooks (`/__control`) exist only where asked for (tests, `npm run
 * emulators`), and where they exist they judge the connection by its socket, never by a header
 * (issue 15 item 12, decision 064). And the sandbox, not the app, makes the seeded products the
 * catalog's (issue 21 item 4).
 */

type Served = { url: string; close(): Promise<void> };
const running: Served[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((served) => served.close()));
});

/**
 * Serves a router on a loopback port. With `peer`, every connection reports that address as its
 * remote end, as a connection from another machine would (the test cannot open one: it stays on
 * loopback).
 */
async function serve(router: express.Router, peer?: string): Promise<string> {
  const app = express();
  app.use(router);
  const server = http.createServer(app);
  if (peer)
    server.on("connection", (socket: Socket) => {
      Object.defineProperty(socket, "remoteAddress", { value: peer });
    });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  running.push({
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return url;
}

const fault = JSON.stringify({ kind: "status", status: 503, times: 1 });
const postFault = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/__control/faults`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: fault,
  });

/** Every header a proxy or a client might use to claim an address. */
const claimsLoopback = {
  "x-forwarded-for": "127.0.0.1",
  forwarded: "for=127.0.0.1",
  "x-real-ip": "127.0.0.1",
  "x-client-ip": "127.0.0.1",
};

describe("the Shopify emulator's test hooks", () => {
  let emulator: ShopifyEmulator;
  afterEach(async () => {
    await emulator?.close();
  });

  it("are not mounted unless asked for", async () => {
    emulator = createShopifyEmulator();
    const base = await serve(emulator.router);
    expect((await postFault(base)).status).toBe(404);
    expect((await fetch(`${base}/__control/calls`)).status).toBe(404);
    expect((await fetch(`${base}/__control/reset`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/__control/faults`, { method: "DELETE" })).status).toBe(404);
    // The emulator itself still serves, and no fault was queued.
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect(emulator.calls().total).toBe(0);
  });

  it("answer a connection from this machine when asked for", async () => {
    emulator = createShopifyEmulator({ controlHooks: true });
    const base = await serve(emulator.router);
    const queued = await postFault(base);
    expect(queued.status).toBe(201);
    expect(await queued.json()).toEqual({ queued: 1 });
    expect(await (await fetch(`${base}/__control/calls`)).json()).toEqual({
      storefront: 0,
      admin: 0,
      total: 0,
      log: [],
    });
    expect((await fetch(`${base}/__control/faults`, { method: "DELETE" })).status).toBe(200);
  });

  it("refuse a connection from another machine, whatever address its headers claim", async () => {
    emulator = createShopifyEmulator({ controlHooks: true });
    const base = await serve(emulator.router, "203.0.113.7");
    const refused = await postFault(base, claimsLoopback);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: "the emulator's test hooks answer connections from this machine only",
    });
    expect((await fetch(`${base}/__control/calls`, { headers: claimsLoopback })).status).toBe(403);
    expect((await fetch(`${base}/__control/reset`, { method: "POST", headers: claimsLoopback })).status).toBe(
      403,
    );
    // Nothing was queued: a storefront call is answered normally.
    expect(emulator.calls().total).toBe(0);
    const response = await fetch(`${base}/api/2026-10/graphql.json`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "shopify-storefront-private-token": emulator.storefrontToken,
      },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
    expect(response.status).toBe(200);
  });

  it("read no header to refuse either: the socket decides, not mounting them is the guard", async () => {
    emulator = createShopifyEmulator({ controlHooks: true });
    const base = await serve(emulator.router);
    const response = await postFault(base, {
      "x-forwarded-for": "203.0.113.9",
      forwarded: "for=203.0.113.9",
    });
    expect(response.status).toBe(201);
  });

  it("count the whole loopback range as this machine, and nothing else", () => {
    for (const address of ["127.0.0.1", "127.0.0.2", "127.1.2.3", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      undefined,
      "",
      "10.0.0.1",
      "203.0.113.7",
      "::ffff:10.0.0.1",
      "::2",
      "fe80::1",
      "1127.0.0.1",
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});

describe("the in-process sandbox", () => {
  let sandbox: Sandbox | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  /** Only the Shopify emulator (Stripe and mail configured, so they are not started). */
  const start = (env: Record<string, string> = {}) =>
    startSandbox({
      env: parseEnv({
        STRIPE_SECRET_KEY: "sk_test_configured",
        STRIPE_WEBHOOK_SECRET: "whsec_configured",
        SMTP_URL: "smtp://127.0.0.1:2525",
        LAB_INTEGRATIONS: `acme:${"l".repeat(40)}`,
        ...env,
      }),
      logger: createLogger("silent"),
      selfOrigin: "http://127.0.0.1:1",
    });

  it("mounts no test hooks for a plain start", async () => {
    sandbox = await start();
    expect(sandbox.active).toEqual(["shopify"]);
    const base = await serve(sandbox.router);
    expect((await fetch(`${base}/shopify/__control/calls`)).status).toBe(404);
    expect((await postFault(`${base}/shopify`)).status).toBe(404);
    expect((await fetch(`${base}/shopify/`)).status).toBe(200);
  });

  it("mounts no test hooks for SANDBOX_TEST_HOOKS=0, and mounts them for SANDBOX_TEST_HOOKS=1", async () => {
    sandbox = await start({ SANDBOX_TEST_HOOKS: "0" });
    expect((await fetch(`${await serve(sandbox.router)}/shopify/__control/calls`)).status).toBe(404);
    await sandbox.close();
    sandbox = await start({ SANDBOX_TEST_HOOKS: "1" });
    expect((await fetch(`${await serve(sandbox.router)}/shopify/__control/calls`)).status).toBe(200);
  });

  it("refuses to start on any other SANDBOX_TEST_HOOKS value, naming the variable", () => {
    expect(() => parseEnv({ SANDBOX_TEST_HOOKS: "yes" })).toThrow("SANDBOX_TEST_HOOKS");
    expect(parseEnv({ SANDBOX_TEST_HOOKS: "" }).SANDBOX_TEST_HOOKS).toBeUndefined();
  });

  it("hands the server the seeded products' variant ids as its catalog, unless it has its own", async () => {
    sandbox = await start();
    expect(sandbox.envOverrides).toMatchObject(
      Object.fromEntries(sandboxProducts.map((product) => [product.catalogVariable, product.variantId])),
    );
    await sandbox.close();
    sandbox = await start({ CATALOG_ENHANCER_VARIANT_ID: "gid://shopify/ProductVariant/77" });
    expect(sandbox.envOverrides.CATALOG_ENHANCER_VARIANT_ID).toBeUndefined();
    expect(sandbox.envOverrides.CATALOG_TEST_KIT_VARIANT_ID).toBe(
      "gid://shopify/ProductVariant/49100000000002",
    );
  });

  it("hands over no catalog ids when it does not run the Shopify emulator", async () => {
    sandbox = await start({ SHOPIFY_API_URL: "http://127.0.0.1:9" });
    expect(sandbox.active).toEqual([]);
    expect(Object.keys(sandbox.envOverrides).filter((key) => key.startsWith("CATALOG_"))).toEqual([]);
  });
});
