import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productPagePricing } from "~/content/pricing";
import { enhancerHandle, paths } from "~/content/site";
import type { RunningServer } from "../../scripts/lib/server-process";
import { type Emulators, eventually, postJson, sleep, startEmulators, startShop } from "./checkout-harness";
import { BOT_UA, BROWSER_UA, startSwitchableProxy, timedGet } from "./resilience-support";

/**
 * Issue 8 item 3, the catalog half: Shopify slow and Shopify down, seen from the Enhancer page (which
 * streams the live product behind a Suspense boundary, the defaults first) and from shopify-get-product.
 *
 * Shopify is the standalone emulator behind a TCP proxy, so "down" can be the real thing (connections
 * refused by the operating system) as well as 5xx answers and calls that never answer. The product
 * cache is short here (fresh 0.2 s, stale-while-revalidate 0.2 s), so during the outage every request
 * goes to Shopify and only stale-if-error can answer it. The database plays no part: PGlite only.
 */

const DEFAULTS = productPagePricing.defaultPriceLabel; // "Test pricing"
const LIVE = productPagePricing.livePriceLabel;
const LIVE_PRICE = "41.37";
const RECOVERED_PRICE = "42.50";
const SHOPIFY_DELAY_MS = 3_000;
const OUTAGE_PHASE_MS = 10_000;

describe("Shopify slow or down", () => {
  let emulators: Emulators;
  let proxy: Awaited<ReturnType<typeof startSwitchableProxy>>;
  let slowServer: RunningServer;
  let server: RunningServer;

  const enhancerVariant = () => {
    const variant = emulators.shopify.store.productByHandle(enhancerHandle)?.variants[0];
    if (!variant) throw new Error("the emulator has no Enhancer");
    return variant;
  };
  const page = (on = server) => `${on.url}${paths.enhancer}`;
  const getProduct = () => postJson(`${server.url}/api/shopify-get-product`, { handle: enhancerHandle });
  const storefrontCalls = (fault?: string) =>
    emulators.shopify
      .calls()
      .log.filter((call) => call.api === "storefront" && (fault ? call.fault === fault : true)).length;

  beforeAll(async () => {
    emulators = await startEmulators();
    // A price no default shows, so the live product is told apart from the defaults at a glance.
    enhancerVariant().price = LIVE_PRICE;
    proxy = await startSwitchableProxy(new URL(emulators.shopify.url));
    const shop = {
      ...emulators.env,
      SHOPIFY_API_URL: proxy.url,
      PRODUCT_CACHE_TTL_SECONDS: "0.2",
      PRODUCT_CACHE_SWR_SECONDS: "0.2",
      RATE_LIMIT_MULTIPLIER: "1000",
      // The streaming path itself is under test: no cached copy of the page may answer for it
      // (the page cache is tested in page-cache.test.ts).
      PAGE_CACHE_FRESH_SECONDS: "0",
    };
    // The default Shopify timeout (5 s) for the slow store; 1 s for the outage, so a call that never
    // answers gives up quickly and many requests fit in each phase.
    [slowServer, server] = await Promise.all([
      startShop(shop),
      startShop({ ...shop, SHOPIFY_TIMEOUT_MS: "1000" }),
    ]);
    // Warm the code paths (not the cache: it is stale again long before the tests run).
    for (const on of [slowServer, server])
      for (const ua of [BROWSER_UA, BOT_UA]) await timedGet(page(on), { "user-agent": ua }, []);
    await sleep(500);
  });
  afterAll(async () => {
    await Promise.all([slowServer?.stop(), server?.stop()]);
    await proxy?.close();
    await emulators?.close();
  });

  const withoutRuntimeConfig = (html: string) =>
    html.replace(/<script id="forge-runtime-config"[^>]*>[^<]*<\/script>/, "");

  it(`Shopify answering after ${SHOPIFY_DELAY_MS / 1000} s: the Enhancer page's first byte, with the defaults, in under 300 ms (on top of what the machine's load costs any answer)`, async () => {
    // The price this test looks for, whatever another test left in the emulator.
    enhancerVariant().price = LIVE_PRICE;
    emulators.shopify.addFault({ kind: "latency", ms: SHOPIFY_DELAY_MS, api: "storefront", times: -1 });
    const before = storefrontCalls("latency");
    try {
      // Several visitors at once, with and without compression (a buffering compressor would hold the shell back).
      const encodings = ["identity", "gzip, deflate, br, zstd", "gzip", "br", "identity"];
      // Beside them, the server's cheapest answer (/healthz, no Shopify, no rendering), sent at the same
      // moment: on a machine whose cores are taken by other work it measures what waiting for the CPU
      // costs any answer then, which the 300 ms budget is measured on top of. On a quiet machine it is
      // a few milliseconds; a page that waited for Shopify would still miss the budget by 2.7 s.
      const [results, controls] = await Promise.all([
        Promise.all(
          encodings.map((encoding) =>
            timedGet(page(slowServer), { "user-agent": BROWSER_UA, "accept-encoding": encoding }, [
              DEFAULTS,
              LIVE,
            ]),
          ),
        ),
        Promise.all(encodings.map(() => timedGet(`${slowServer.url}/healthz`, {}, []))),
      ]);
      const budgetMs = 300 + Math.max(...controls.map((control) => control.endMs));
      expect(budgetMs).toBeLessThan(SHOPIFY_DELAY_MS / 2);
      expect(storefrontCalls("latency")).toBeGreaterThan(before);
      for (const [index, result] of results.entries()) {
        const label = `request ${index} (${encodings[index]})`;
        expect(result.status, label).toBe(200);
        expect(result.firstByteMs, label).toBeGreaterThanOrEqual(0);
        expect(result.firstByteMs, label).toBeLessThan(budgetMs);
        // The defaults are on screen within the same 300 ms, before anything from Shopify…
        expect(result.markerMs[DEFAULTS], label).toBeGreaterThanOrEqual(0);
        expect(result.markerMs[DEFAULTS], label).toBeLessThan(budgetMs);
        // (The runtime configuration may already hold Shopify's offers for the marketing pages' prices,
        // decision 080: the page's own text is what must not show the live price yet.)
        expect(withoutRuntimeConfig(result.bodyAtMarker[DEFAULTS] ?? ""), label).not.toContain(LIVE_PRICE);
        // …and the live product streams into the same response once Shopify answers. (Further down,
        // the comparison's cost row may show the live price sooner, from the cached offers of decision
        // 080: the product's own pricing, labelled live, is what waits for this Shopify answer.)
        expect(result.markerMs[LIVE], label).toBeGreaterThanOrEqual(SHOPIFY_DELAY_MS - 100);
        expect(result.text, label).toContain(`$${LIVE_PRICE}`);
      }
    } finally {
      emulators.shopify.clearFaults();
    }
  });

  it("Shopify down for 30 s (refused, then 503s, then no answer): the cached product is served throughout", async () => {
    enhancerVariant().price = LIVE_PRICE;
    // A good product in the cache, then let it go stale: from here on every request asks Shopify.
    expect((await getProduct()).json).toMatchObject({
      success: true,
      product: { priceRange: { minVariantPrice: { amount: LIVE_PRICE } } },
    });
    await sleep(500);
    const logsBefore = server.logs.length;
    const servedFromCacheLogs = () =>
      server.logs
        .slice(logsBefore)
        .filter((line) => line.includes("shopify failed: serving the last good product")).length;

    const phases = [
      { name: "connections refused", start: () => proxy.down(), stop: () => proxy.up() },
      {
        name: "every call answered 503",
        start: async () =>
          emulators.shopify.addFault({ kind: "status", status: 503, times: -1, api: "storefront" }),
        stop: async () => emulators.shopify.clearFaults(),
      },
      {
        name: "calls never answered",
        start: async () => emulators.shopify.addFault({ kind: "timeout", times: -1, api: "storefront" }),
        stop: async () => emulators.shopify.clearFaults(),
      },
    ];
    const outageStarted = Date.now();
    for (const phase of phases) {
      await phase.start();
      const phaseStarted = Date.now();
      const servedBefore = servedFromCacheLogs();
      const storefrontBefore = storefrontCalls();
      let rounds = 0;
      let lastRoundStartedAt = 0;
      while (Date.now() - phaseStarted < OUTAGE_PHASE_MS) {
        lastRoundStartedAt = Date.now() - phaseStarted;
        const [api, html] = await Promise.all([getProduct(), timedGet(page(), { "user-agent": BOT_UA }, [])]);
        const at = `${phase.name}, ${lastRoundStartedAt} ms in`;
        expect(api.status, at).toBe(200);
        expect(api.json, at).toMatchObject({
          success: true,
          product: { title: "Forge Enhancer", priceRange: { minVariantPrice: { amount: LIVE_PRICE } } },
        });
        expect(html.status, at).toBe(200);
        expect(html.text, at).toContain(`$${LIVE_PRICE}`);
        expect(html.text, at).toContain(LIVE);
        expect(html.text, at).toContain(`"price":"${LIVE_PRICE}"`);
        rounds += 1;
        await sleep(150);
      }
      await phase.stop();
      // Served from the cache because Shopify failed, not because the cache was still fresh.
      expect(rounds, phase.name).toBeGreaterThanOrEqual(4);
      expect(lastRoundStartedAt, phase.name).toBeGreaterThan(OUTAGE_PHASE_MS - 2_000);
      expect(servedFromCacheLogs() - servedBefore, phase.name).toBeGreaterThanOrEqual(rounds);
      if (phase.name === "connections refused") expect(storefrontCalls(), phase.name).toBe(storefrontBefore);
      else expect(storefrontCalls() - storefrontBefore, phase.name).toBeGreaterThanOrEqual(rounds);
    }
    expect(Date.now() - outageStarted).toBeGreaterThanOrEqual(3 * OUTAGE_PHASE_MS);

    // Shopify back with a new price: the stale copy was a stand-in, not pinned.
    enhancerVariant().price = RECOVERED_PRICE;
    await eventually(async () => {
      expect((await getProduct()).json).toMatchObject({
        product: { priceRange: { minVariantPrice: { amount: "42.5" } } },
      });
      expect((await timedGet(page(), { "user-agent": BOT_UA }, [])).text).toContain(`$${RECOVERED_PRICE}`);
    }, 10_000);
  }, 60_000);
});
