import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../../scripts/lib/test-database";
import { call, emulatorHooks, serverEmulatorBase } from "./catalog-support";

/**
 * shopify-get-product while Shopify misbehaves (the emulator's fault hooks): the cache serves the last
 * good product, a cold cache answers 502 with a clear error, THROTTLED and 429 are retried.
 * Product cache: fresh 0.3 s, then stale-while-revalidate for 0.6 s, then stale-if-error.
 */

const TTL_MS = 300;
const SWR_MS = 600;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const product = (title: string, amount: string) => ({
  success: true,
  product: {
    title,
    description: expect.any(String),
    priceRange: { minVariantPrice: { amount, currencyCode: "USD" } },
  },
});

describe.each(databaseTargets)("catalog faults ($name)", ({ name }) => {
  let database: TestDatabase;
  let server: RunningServer;
  let hooks: ReturnType<typeof emulatorHooks>;
  const get = (handle: string) => call(server.url, "shopify-get-product", { handle });

  beforeAll(async () => {
    database = await createTestDatabase(name);
    server = await startServer({
      ...database.env,
      TRUST_PROXY_HOPS: "1",
      SHOPIFY_TIMEOUT_MS: "700",
      PRODUCT_CACHE_TTL_SECONDS: String(TTL_MS / 1000),
      PRODUCT_CACHE_SWR_SECONDS: String(SWR_MS / 1000),
    });
    hooks = emulatorHooks(serverEmulatorBase(server));
    // Products of their own, so no test warms another's cache.
    // Set-up, not the test: on a busy machine a create can outlast the 0.7 s Shopify timeout these
    // tests need, and the server answers 502 although the emulator made the product. A few more tries
    // make it certain (the emulator gives a repeated handle a suffix, so the first product keeps it).
    for (const handle of ["down-cached", "timeout-cached", "swr", "cold", "cold-timeout", "cold-malformed"]) {
      let created = { status: 0 };
      for (let attempt = 0; attempt < 5 && created.status !== 200; attempt++) {
        created = await call(server.url, "shopify-create-product", {
          title: `Fault ${handle}`,
          handle,
          price: "12.50",
          currency: "USD",
          sku: `FAULT-${handle}`,
          descriptionHtml: "",
        });
        if (created.status !== 200 && created.status !== 502) break;
      }
      expect(created.status).toBe(200);
    }
  }, 120_000);
  beforeEach(async () => {
    await hooks?.clearFaults();
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("Shopify down (5xx): after retrying, the last good product is served", async () => {
    expect((await get("down-cached")).body).toEqual(product("Fault down-cached", "12.5"));
    await wait(TTL_MS + SWR_MS + 100);
    await hooks.fault({ kind: "status", status: 500, times: -1, api: "storefront" });
    const before = await hooks.calls();
    const response = await get("down-cached");
    expect(response.status).toBe(200);
    expect(response.body).toEqual(product("Fault down-cached", "12.5"));
    // One call and two retries.
    expect((await hooks.calls()).storefront - before.storefront).toBe(3);
  });

  it("Shopify timing out: the last good product is served once the timeout passes", async () => {
    expect((await get("timeout-cached")).status).toBe(200);
    await wait(TTL_MS + SWR_MS + 100);
    await hooks.fault({ kind: "timeout", times: -1, api: "storefront" });
    const started = Date.now();
    const response = await get("timeout-cached");
    const took = Date.now() - started;
    expect(response.body).toEqual(product("Fault timeout-cached", "12.5"));
    expect(took).toBeGreaterThanOrEqual(650);
    expect(took).toBeLessThan(3_000);
  });

  it("stale-while-revalidate: a stale product is answered at once and refreshed in the background", async () => {
    expect((await get("swr")).status).toBe(200);
    await wait(TTL_MS + 50);
    // The background refresh is slow (it times out after 0.7 s): the answer must not wait for it.
    await hooks.fault({ kind: "latency", ms: 1_500, api: "storefront" });
    const before = await hooks.calls();
    const started = Date.now();
    const response = await get("swr");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(response.body).toEqual(product("Fault swr", "12.5"));
    await wait(1_700);
    expect((await hooks.calls()).storefront - before.storefront).toBe(1);
  });

  it("no cached product and Shopify down: 502 with a clear error", async () => {
    await hooks.fault({ kind: "status", status: 503, times: -1, api: "storefront" });
    const response = await get("cold");
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      success: false,
      error: "The store could not be reached. Please try again in a moment.",
    });
  });

  it("no cached product and Shopify timing out: 502", async () => {
    await hooks.fault({ kind: "timeout", times: -1, api: "storefront" });
    const response = await get("cold-timeout");
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      success: false,
      error: "The store could not be reached. Please try again in a moment.",
    });
  });

  it("malformed JSON from Shopify: 502, not retried", async () => {
    await hooks.fault({ kind: "malformed", times: -1, api: "storefront" });
    const before = await hooks.calls();
    const response = await get("cold-malformed");
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      success: false,
      error: "The store answered in a way this site did not understand. Please try again later.",
    });
    expect((await hooks.calls()).storefront - before.storefront).toBe(1);
  });

  it("THROTTLED: retried, then answered", async () => {
    await hooks.fault({ kind: "throttled", times: 2, api: "storefront" });
    const before = await hooks.calls();
    const response = await get("forge-enhancer-test-kit-bundle");
    expect(response.body).toEqual(product("Forge Enhancer + Test Kit", "128.0"));
    expect((await hooks.calls()).storefront - before.storefront).toBe(3);
  });

  it("429 with Retry-After: retried after the wait, then answered", async () => {
    await hooks.fault({ kind: "status", status: 429, retryAfter: 0.2, api: "storefront" });
    const started = Date.now();
    const response = await get("forge-enhancer-3-month");
    expect(response.body).toEqual(product("Forge Enhancer 3-Month Pack", "197.0"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it("Shopify failing on create-product: 502 after the retries", async () => {
    await hooks.fault({ kind: "status", status: 502, times: -1, api: "admin" });
    const response = await call(server.url, "shopify-create-product", {
      title: "Never",
      handle: "never-created",
      price: "1.00",
      currency: "USD",
      sku: "NEVER",
      descriptionHtml: "",
    });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      success: false,
      error: "The store could not be reached. Please try again in a moment.",
    });
  });
});
