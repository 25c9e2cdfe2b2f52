import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxProducts } from "../../sandbox/shopify/seed";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../../scripts/lib/test-database";
import {
  appRowCount,
  call,
  emulatorHooks,
  freshIp,
  listeningEntry,
  serverEmulatorBase,
} from "./catalog-support";

/**
 * shopify-get-product and shopify-create-product over HTTP against the running server and its Shopify
 * emulator (no store configured), on PGlite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */

const PRICE_MESSAGE = "must be a positive decimal amount with at most two decimals (like 0.50)";
const HANDLE_MESSAGE = "must be lowercase letters, digits and single hyphens (like forge-enhancer)";
const CURRENCY_MESSAGE = "must be an ISO 4217 currency code in capitals (like USD)";

const validProduct = {
  title: "Forge Test Product",
  handle: "forge-test-product",
  price: 0.5,
  currency: "USD",
  sku: "FORGE-TEST-050",
  descriptionHtml: "<p>A 50-cent item for testing the checkout end to end.</p>",
};

type BadInput = {
  name: string;
  fn: "shopify-get-product" | "shopify-create-product";
  body?: unknown;
  raw?: string;
  contentType?: string | null;
  headers?: Record<string, string>;
  status: number;
  error: string;
};

const bigBody = JSON.stringify({ handle: "forge-enhancer", padding: "x".repeat(16 * 1024) });

const badInputs: BadInput[] = [
  // Shared plumbing, on both functions.
  ...(["shopify-get-product", "shopify-create-product"] as const).flatMap((fn): BadInput[] => [
    {
      name: "malformed JSON",
      fn,
      raw: '{"handle": "forge-',
      status: 400,
      error: "The request body is not valid JSON.",
    },
    {
      name: "an empty body",
      fn,
      raw: "",
      status: 400,
      error: "The request body is empty: send a JSON object.",
    },
    {
      name: "text/plain",
      fn,
      raw: '{"handle":"forge-enhancer"}',
      contentType: "text/plain",
      status: 415,
      error: "Send the request as JSON (Content-Type: application/json).",
    },
    {
      name: "a form post",
      fn,
      raw: "handle=forge-enhancer",
      contentType: "application/x-www-form-urlencoded",
      status: 415,
      error: "Send the request as JSON (Content-Type: application/json).",
    },
    {
      name: "no content type",
      fn,
      raw: '{"handle":"forge-enhancer"}',
      contentType: null,
      status: 415,
      error: "Send the request as JSON (Content-Type: application/json).",
    },
    {
      name: "a body over 16 KB",
      fn,
      raw: bigBody,
      status: 413,
      error: "The request is too large: the limit is 16 KB.",
    },
    { name: "a JSON array", fn, body: [], status: 400, error: "The request body must be a JSON object." },
    {
      name: "a JSON string",
      fn,
      body: "forge-enhancer",
      status: 400,
      error: "The request body must be a JSON object.",
    },
  ]),
  // shopify-get-product
  { name: "no handle", fn: "shopify-get-product", body: {}, status: 400, error: '"handle" is required.' },
  {
    name: "a null handle",
    fn: "shopify-get-product",
    body: { handle: null },
    status: 400,
    error: '"handle" must be text.',
  },
  {
    name: "a numeric handle",
    fn: "shopify-get-product",
    body: { handle: 42 },
    status: 400,
    error: '"handle" must be text.',
  },
  {
    name: "an extra field",
    fn: "shopify-get-product",
    body: { handle: "forge-enhancer", first: 10 },
    status: 400,
    error: 'Unknown field "first".',
  },
  {
    name: "an empty handle",
    fn: "shopify-get-product",
    body: { handle: "" },
    status: 400,
    error: '"handle" must not be empty.',
  },
  {
    name: "a 256-character handle",
    fn: "shopify-get-product",
    body: { handle: "a".repeat(256) },
    status: 400,
    error: '"handle" must be at most 255 characters.',
  },
  ...[
    "Forge-Enhancer",
    "forge enhancer",
    "../admin",
    "forge--enhancer",
    "-forge",
    "forge_enhancer",
    "forgé",
  ].map(
    (handle): BadInput => ({
      name: `the malformed handle ${JSON.stringify(handle)}`,
      fn: "shopify-get-product",
      body: { handle },
      status: 400,
      error: `"handle" ${HANDLE_MESSAGE}.`,
    }),
  ),
  // shopify-create-product
  ...(["title", "handle", "price", "currency", "sku", "descriptionHtml"] as const).map(
    (field): BadInput => ({
      name: `no ${field}`,
      fn: "shopify-create-product",
      body: { ...validProduct, [field]: undefined },
      status: 400,
      error: `"${field}" is required.`,
    }),
  ),
  {
    name: "an extra field",
    fn: "shopify-create-product",
    body: { ...validProduct, vendor: "Forge", status: "DRAFT" },
    status: 400,
    error: 'Unknown fields "vendor", "status".',
  },
  {
    name: "an empty title",
    fn: "shopify-create-product",
    body: { ...validProduct, title: "" },
    status: 400,
    error: '"title" must not be empty.',
  },
  {
    name: "a blank title",
    fn: "shopify-create-product",
    body: { ...validProduct, title: "   " },
    status: 400,
    error: '"title" must not be empty.',
  },
  {
    name: "a numeric title",
    fn: "shopify-create-product",
    body: { ...validProduct, title: 7 },
    status: 400,
    error: '"title" must be text.',
  },
  {
    name: "an empty sku",
    fn: "shopify-create-product",
    body: { ...validProduct, sku: "" },
    status: 400,
    error: '"sku" must not be empty.',
  },
  {
    name: "a numeric descriptionHtml",
    fn: "shopify-create-product",
    body: { ...validProduct, descriptionHtml: 1 },
    status: 400,
    error: '"descriptionHtml" must be text.',
  },
  {
    name: "an overlong handle",
    fn: "shopify-create-product",
    body: { ...validProduct, handle: "b".repeat(256) },
    status: 400,
    error: '"handle" must be at most 255 characters.',
  },
  {
    name: "a malformed handle",
    fn: "shopify-create-product",
    body: { ...validProduct, handle: "Test Product" },
    status: 400,
    error: `"handle" ${HANDLE_MESSAGE}.`,
  },
  ...[0, -0.5, "0.00", "abc", "1e3", 0.505, "12,50", true, null, { amount: 1 }].map(
    (price): BadInput => ({
      name: `the price ${JSON.stringify(price)}`,
      fn: "shopify-create-product",
      body: { ...validProduct, price },
      status: 400,
      error: `"price" ${PRICE_MESSAGE}.`,
    }),
  ),
  ...["usd", "XYZ", "US", "DOLLAR", ""].map(
    (currency): BadInput => ({
      name: `the currency ${JSON.stringify(currency)}`,
      fn: "shopify-create-product",
      body: { ...validProduct, currency },
      status: 400,
      error: `"currency" ${CURRENCY_MESSAGE}.`,
    }),
  ),
  {
    name: "a numeric currency",
    fn: "shopify-create-product",
    body: { ...validProduct, currency: 840 },
    status: 400,
    error: '"currency" must be text.',
  },
  {
    name: "another site's Origin",
    fn: "shopify-create-product",
    body: validProduct,
    headers: { origin: "https://evil.example" },
    status: 403,
    error: "This request did not come from this site.",
  },
  {
    name: "a cross-site fetch",
    fn: "shopify-create-product",
    body: validProduct,
    headers: { "sec-fetch-site": "cross-site" },
    status: 403,
    error: "This request did not come from this site.",
  },
];

describe.each(databaseTargets)("catalog functions ($name)", ({ name }) => {
  let database: TestDatabase;
  let server: RunningServer;
  let hooks: ReturnType<typeof emulatorHooks>;

  beforeAll(async () => {
    database = await createTestDatabase(name);
    server = await startServer({
      ...database.env,
      TRUST_PROXY_HOPS: "1",
      // get-product: 120 × 0.05 = 6 a minute; create-product: 10 × 0.05 → 1 per 10 minutes.
      RATE_LIMIT_MULTIPLIER: "0.05",
      PUBLIC_SITE_URL: "https://forge.example",
    });
    hooks = emulatorHooks(serverEmulatorBase(server));
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("uses the Shopify emulator and hands the browser its seeded variant ids", async () => {
    const listening = await listeningEntry(server);
    expect(listening.emulators).toContain("shopify");
    const html = await (await fetch(`${server.url}/`)).text();
    const config = JSON.parse(/id="forge-runtime-config"[^>]*>([^<]*)</.exec(html)?.[1] ?? "{}");
    expect(config.variantIds).toMatchObject(
      Object.fromEntries(sandboxProducts.map((p) => [p.item, p.variantId])),
    );
    expect(config.variantIds.test_item).toContain("YOUR_");
  });

  it("shopify-get-product answers the product in the exact shape", async () => {
    const response = await call(server.url, "shopify-get-product", { handle: "forge-enhancer" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    // Sent whole, with its length: not chunked.
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(response.text)));
    expect(response.headers.get("transfer-encoding")).toBeNull();
    expect(response.body).toEqual({
      success: true,
      product: {
        title: "Forge Enhancer",
        description: expect.stringMatching(/^A daily capsule/),
        priceRange: { minVariantPrice: { amount: "39.0", currencyCode: "USD" } },
      },
    });
  });

  it.each(sandboxProducts.map((p) => [p.handle, p.price] as const))(
    "serves the seeded %s at %s",
    async (handle, price) => {
      const response = await call(server.url, "shopify-get-product", { handle });
      expect(response.body).toMatchObject({
        success: true,
        product: { priceRange: { minVariantPrice: { amount: `${Number(price)}.0`, currencyCode: "USD" } } },
      });
    },
  );

  it("answers a handle the store does not know with success and a null product", async () => {
    const response = await call(server.url, "shopify-get-product", { handle: "no-such-product" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, product: null });
  });

  it("serves a product it has just read from its cache, without calling Shopify again", async () => {
    await call(server.url, "shopify-get-product", { handle: "test-kit" });
    const before = await hooks.calls();
    const again = await call(server.url, "shopify-get-product", { handle: "test-kit" });
    expect(again.status).toBe(200);
    expect((await hooks.calls()).total).toBe(before.total);
  });

  it("creates a product through the Admin function that is then found by handle", async () => {
    const handle = `forge-test-product-${name}`;
    // Looked up first: "not found" is cached, and creating the product must clear that.
    expect((await call(server.url, "shopify-get-product", { handle })).body).toEqual({
      success: true,
      product: null,
    });
    const created = await call(server.url, "shopify-create-product", { ...validProduct, handle });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      success: true,
      variantId: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\/\d+$/),
      productId: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
      handle,
    });
    const found = await call(server.url, "shopify-get-product", { handle });
    expect(found.body).toEqual({
      success: true,
      product: {
        title: "Forge Test Product",
        description: "A 50-cent item for testing the checkout end to end.",
        priceRange: { minVariantPrice: { amount: "0.5", currencyCode: "USD" } },
      },
    });
  });

  it("accepts a same-site Origin on create-product", async () => {
    const response = await call(
      server.url,
      "shopify-create-product",
      { ...validProduct, handle: `same-origin-${name}`, price: "1.25" },
      { headers: { origin: "https://forge.example" } },
    );
    expect(response.status).toBe(200);
  });

  it("refuses a currency the store does not sell in, with Shopify's reason", async () => {
    const response = await call(server.url, "shopify-create-product", {
      ...validProduct,
      handle: "eur-item",
      currency: "EUR",
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      error: "The store sells in USD: a product priced in EUR cannot be created.",
    });
  });

  it.each(badInputs.map((row) => [row.fn, row.name, row] as const))(
    "%s refuses %s: status, message, no Shopify call, nothing written",
    async (_fn, _name, row) => {
      const before = await hooks.calls();
      const productsBefore = await hooks.productCount();
      const response = await call(server.url, row.fn, row.body, {
        raw: row.raw,
        contentType: row.contentType,
        headers: row.headers,
      });
      expect(response.status).toBe(row.status);
      expect(response.body).toEqual({ success: false, error: row.error });
      expect(response.text).not.toMatch(/at .+\.(ts|js):\d+/);
      expect((await hooks.calls()).total).toBe(before.total);
      expect(await hooks.productCount()).toBe(productsBefore);
      const rows = await appRowCount(database.url);
      if (rows !== undefined) expect(rows).toBe(0);
    },
  );

  it("answers GET with 405", async () => {
    const response = await fetch(`${server.url}/api/shopify-get-product`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({
      success: false,
      error: "This address only accepts POST requests.",
    });
  });

  it("limits get-product per client address: 429 with Retry-After, and a spoofed X-Forwarded-For does not help", async () => {
    const proxyIp = freshIp();
    // One trusted hop: the address the proxy appended (the last) is the client's; earlier ones are ignored.
    const via = (spoofed: string) => ({ ip: `${spoofed}, ${proxyIp}` });
    for (let i = 0; i < 6; i++) {
      const ok = await call(
        server.url,
        "shopify-get-product",
        { handle: "forge-enhancer" },
        via(`1.2.3.${i}`),
      );
      expect(ok.status).toBe(200);
    }
    const limited = await call(
      server.url,
      "shopify-get-product",
      { handle: "forge-enhancer" },
      via("9.9.9.9"),
    );
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({
      success: false,
      error: "Too many requests. Please wait a moment and try again.",
    });
    // Another client is not affected.
    expect((await call(server.url, "shopify-get-product", { handle: "forge-enhancer" })).status).toBe(200);
  });

  it("limits create-product more tightly, before calling Shopify", async () => {
    const ip = freshIp();
    const first = await call(
      server.url,
      "shopify-create-product",
      { ...validProduct, handle: `limited-${name}` },
      { ip },
    );
    expect(first.status).toBe(200);
    const before = await hooks.calls();
    const second = await call(
      server.url,
      "shopify-create-product",
      { ...validProduct, handle: `limited-2-${name}` },
      { ip },
    );
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await hooks.calls()).total).toBe(before.total);
  });

  it.runIf(name === "postgres")(
    "keeps the rate-limit counters in PostgreSQL, in an unlogged table",
    async () => {
      // Its own call, so the counter is there whichever tests ran before.
      const own = await call(
        server.url,
        "shopify-get-product",
        { handle: "forge-enhancer" },
        { ip: freshIp() },
      );
      expect(own.status).toBe(200);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>(
          "select count(*) as n from rate_limits where key like 'shopify-get-product:%'",
        );
        expect(Number(rows[0]?.n)).toBeGreaterThan(0);
        // Counters are not worth a WAL write each (docs/decisions/022-api-plumbing-and-rate-limits.md).
        const table = await client.query<{ relpersistence: string }>(
          "select relpersistence from pg_class where oid = 'rate_limits'::regclass",
        );
        expect(table.rows[0]?.relpersistence).toBe("u");
      } finally {
        await client.end();
      }
    },
  );
});
