import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeholderVariantIds } from "~/content/catalog";
import { type RunningShopifyEmulator, startShopifyEmulator } from "../../sandbox/shopify/emulator";
import { type RunningServer, startServers } from "../../scripts/lib/server-process";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../../scripts/lib/test-database";
import { appRowCount, call, listeningEntry } from "./catalog-support";

/**
 * A real store's configuration (SHOPIFY_STORE_DOMAIN set), with the Shopify emulator started on its
 * own port standing in for Shopify: the admin token guards shopify-create-product, the catalog's
 * defaults are the YOUR_ placeholders, and the sandbox does not start an emulator of its own.
 */

const ADMIN_API_TOKEN = "admin-token-for-tests-0123456789abcdef";
const STOREFRONT_TOKEN = "storefront-token-for-tests-0123456789";
const SHOPIFY_ADMIN_TOKEN = "shopify-admin-token-for-tests-0123456789";

const product = (handle: string) => ({
  title: "Forge Test Product",
  handle,
  price: 0.5,
  currency: "USD",
  sku: "FORGE-TEST-050",
  descriptionHtml: "<p>x</p>",
});

describe.each(databaseTargets)("admin token and a configured store ($name)", ({ name }) => {
  let database: TestDatabase;
  let emulator: RunningShopifyEmulator;
  /** Both tokens configured. */
  let server: RunningServer;
  /** No ADMIN_API_TOKEN. */
  let noAdminToken: RunningServer;
  /** ADMIN_API_TOKEN but no Shopify Admin token, and a Storefront token Shopify refuses. */
  let noShopifyAdmin: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase(name);
    emulator = await startShopifyEmulator({
      storefrontToken: STOREFRONT_TOKEN,
      adminToken: SHOPIFY_ADMIN_TOKEN,
    });
    const store = {
      ...database.env,
      TRUST_PROXY_HOPS: "1",
      SHOPIFY_STORE_DOMAIN: "forge-test.myshopify.com",
      SHOPIFY_API_URL: emulator.url,
      SHOPIFY_STOREFRONT_TOKEN: STOREFRONT_TOKEN,
    };
    // Three embedded databases migrating at once: slow on a busy machine, each start has its own bound.
    [server, noAdminToken, noShopifyAdmin] = (await startServers([
      {
        ...store,
        SHOPIFY_ADMIN_TOKEN,
        ADMIN_API_TOKEN,
        CATALOG_ENHANCER_VARIANT_ID: "gid://shopify/ProductVariant/49100000000001",
      },
      { ...store, SHOPIFY_ADMIN_TOKEN },
      { ...store, ADMIN_API_TOKEN, SHOPIFY_STOREFRONT_TOKEN: "a-token-shopify-does-not-know" },
    ])) as [RunningServer, RunningServer, RunningServer];
  });
  afterAll(async () => {
    await Promise.all([server?.stop(), noAdminToken?.stop(), noShopifyAdmin?.stop()]);
    await emulator?.close();
    await database?.drop();
  });

  it("starts no emulator of its own and hands the browser the configured ids or placeholders", async () => {
    const listening = await listeningEntry(server);
    expect(listening.emulators).not.toContain("shopify");
    expect((await fetch(`${server.url}/__sandbox/shopify/`)).status).toBe(404);
    const html = await (await fetch(`${server.url}/`)).text();
    const config = JSON.parse(/id="forge-runtime-config"[^>]*>([^<]*)</.exec(html)?.[1] ?? "{}");
    expect(config.variantIds).toEqual({
      ...placeholderVariantIds,
      enhancer: "gid://shopify/ProductVariant/49100000000001",
    });
  });

  it("reads products from the store with the Storefront token", async () => {
    const before = emulator.calls().storefront;
    const response = await call(server.url, "shopify-get-product", { handle: "forge-enhancer" });
    expect(response.body).toMatchObject({ success: true, product: { title: "Forge Enhancer" } });
    expect(emulator.calls().storefront).toBe(before + 1);
  });

  const challenge = 'Bearer realm="forge-admin"';
  it.each([
    ["no Authorization header", undefined, "An admin token is required: send Authorization: Bearer <token>."],
    ["an empty Authorization header", "", "An admin token is required: send Authorization: Bearer <token>."],
    [
      "another scheme",
      `Basic ${ADMIN_API_TOKEN}`,
      "The Authorization header is malformed: use Authorization: Bearer <token>.",
    ],
    [
      "Bearer without a token",
      "Bearer",
      "The Authorization header is malformed: use Authorization: Bearer <token>.",
    ],
    [
      "a token with spaces",
      `Bearer ${ADMIN_API_TOKEN} x`,
      "The Authorization header is malformed: use Authorization: Bearer <token>.",
    ],
    ["a wrong token", "Bearer not-the-admin-token-0123456789abcdef", "The admin token is not valid."],
    ["the token plus one character", `Bearer ${ADMIN_API_TOKEN}x`, "The admin token is not valid."],
    ["a prefix of the token", `Bearer ${ADMIN_API_TOKEN.slice(0, -1)}`, "The admin token is not valid."],
  ])("refuses %s with 401, calling no outside system", async (_case, authorization, error) => {
    const before = emulator.calls().total;
    const products = emulator.store.products.size;
    const response = await call(server.url, "shopify-create-product", product(`refused-${name}`), {
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(challenge);
    expect(response.body).toEqual({ success: false, error });
    expect(emulator.calls().total).toBe(before);
    expect(emulator.store.products.size).toBe(products);
    const rows = await appRowCount(database.url);
    if (rows !== undefined) expect(rows).toBe(0);
  });

  it("checks the token before the body: bad input with a bad token is 401", async () => {
    const response = await call(server.url, "shopify-create-product", { title: "" });
    expect(response.status).toBe(401);
  });

  it("creates the product with the right token (scheme in any case), then finds it by handle", async () => {
    const handle = `authorised-${name}`;
    const response = await call(server.url, "shopify-create-product", product(handle), {
      headers: { authorization: `bearer ${ADMIN_API_TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      handle,
      variantId: expect.stringMatching(/ProductVariant\/\d+$/),
    });
    const found = await call(server.url, "shopify-get-product", { handle });
    expect(found.body).toMatchObject({ success: true, product: { title: "Forge Test Product" } });
  });

  it("refuses (403) when ADMIN_API_TOKEN is not configured, whatever token is sent", async () => {
    const before = emulator.calls().total;
    const response = await call(noAdminToken.url, "shopify-create-product", product(`no-token-${name}`), {
      headers: { authorization: `Bearer ${ADMIN_API_TOKEN}` },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      success: false,
      error: "Product creation is turned off: no admin token is configured on the server.",
    });
    expect(emulator.calls().total).toBe(before);
  });

  it("refuses (403) when the Shopify Admin token is not configured", async () => {
    const before = emulator.calls().total;
    const response = await call(noShopifyAdmin.url, "shopify-create-product", product(`no-admin-${name}`), {
      headers: { authorization: `Bearer ${ADMIN_API_TOKEN}` },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      success: false,
      error: "Product creation is turned off: no Shopify Admin API token is configured on the server.",
    });
    expect(emulator.calls().total).toBe(before);
  });

  it("answers 502 when Shopify refuses the Storefront token, without retrying", async () => {
    const before = emulator.calls().storefront;
    const response = await call(noShopifyAdmin.url, "shopify-get-product", { handle: "forge-enhancer" });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      success: false,
      error: "The store refused this site's credentials. Please try again later.",
    });
    expect(emulator.calls().storefront).toBe(before + 1);
  });
});
