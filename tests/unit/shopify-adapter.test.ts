import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/runtime/env.server";
import {
  type CatalogService,
  createShopifyCatalog,
  ShopifyError,
  StoreRejectedError,
} from "~/server/shopify/catalog.server";
import { type RunningShopifyEmulator, startShopifyEmulator } from "../../sandbox/shopify/emulator";
import { sandboxProducts } from "../../sandbox/shopify/seed";

const logger = pino({ level: "silent" });
let emulator: RunningShopifyEmulator;
let catalog: CatalogService;

/**
 * The timeout the adapter under test gets: short where a test is about the timeout, and long enough
 * elsewhere that a call slowed by a busy machine (the emulator runs in this process) is not taken for
 * a silent Shopify.
 */
const SHORT_TIMEOUT_MS = "400";
const TIMEOUT_MS = "5000";

function catalogFor(overrides: Record<string, string> = {}) {
  const env = parseEnv({
    SHOPIFY_API_URL: emulator.url,
    SHOPIFY_STOREFRONT_TOKEN: emulator.storefrontToken,
    SHOPIFY_ADMIN_TOKEN: emulator.adminToken,
    SHOPIFY_TIMEOUT_MS: TIMEOUT_MS,
    ...overrides,
  });
  return createShopifyCatalog({ env, logger });
}

beforeAll(async () => {
  emulator = await startShopifyEmulator();
  catalog = catalogFor();
});
afterAll(async () => {
  await emulator?.close();
});
beforeEach(() => emulator.reset());

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

describe("Storefront through the emulator", () => {
  it("reads a seeded product by handle, reshaped", async () => {
    expect(await catalog.getProductByHandle("forge-enhancer")).toEqual({
      title: "Forge Enhancer",
      description: expect.stringContaining("daily capsule"),
      priceRange: { minVariantPrice: { amount: "39.0", currencyCode: "USD" } },
    });
    expect(emulator.calls().storefront).toBe(1);
  });

  it("answers null for a handle the store does not know", async () => {
    expect(await catalog.getProductByHandle("no-such-product")).toBeNull();
  });

  it("reads variants by id, in the order asked, leaving unknown ids out", async () => {
    const [enhancer, kit] = sandboxProducts;
    const variants = await catalog.getVariants([
      kit.variantId,
      "gid://shopify/ProductVariant/1",
      enhancer.variantId,
    ]);
    expect(variants).toEqual([
      {
        id: kit.variantId,
        productTitle: kit.title,
        variantTitle: "Default Title",
        price: { amount: "49.0", currencyCode: "USD" },
        compareAtPrice: null,
        availableForSale: true,
      },
      {
        id: enhancer.variantId,
        productTitle: enhancer.title,
        variantTitle: "Default Title",
        price: { amount: "39.0", currencyCode: "USD" },
        compareAtPrice: null,
        availableForSale: true,
      },
    ]);
  });

  it("reads a variant's compare-at price where the store sets one, null where there is none", async () => {
    const pack = sandboxProducts.find((p) => p.item === "bundle_3_month");
    const kit = sandboxProducts.find((p) => p.item === "test_kit");
    // The sandbox seeds no compare-at price (decision 091): set one as a merchant would, in the Admin API.
    const admin = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${emulator.url}/admin/api/2026-10/graphql.json`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": emulator.adminToken },
        body: JSON.stringify({ query, variables }),
      });
      return ((await response.json()) as { data: Record<string, unknown> }).data;
    };
    const found = (await admin("query V($id: ID!) { productVariant(id: $id) { product { id } } }", {
      id: pack?.variantId,
    })) as { productVariant: { product: { id: string } } };
    await admin(
      "mutation U($productId: ID!, $variants: [ProductVariantsBulkInput!]!) { productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { message } } }",
      {
        productId: found.productVariant.product.id,
        variants: [{ id: pack?.variantId, compareAtPrice: "237.00" }],
      },
    );
    const [packVariant, kitVariant] = await catalog.getVariants([
      pack?.variantId ?? "",
      kit?.variantId ?? "",
    ]);
    expect(packVariant?.price.amount).toBe("197.0");
    expect(packVariant?.compareAtPrice).toEqual({ amount: "237.0", currencyCode: "USD" });
    expect(kitVariant?.compareAtPrice).toBeNull();
  });

  it("refuses ids that are not variant ids without calling Shopify", async () => {
    await expect(catalog.getVariants(["gid://shopify/ProductVariant/YOUR_ID"])).rejects.toThrow(RangeError);
    expect(await catalog.getVariants([])).toEqual([]);
    expect(emulator.calls().total).toBe(0);
  });
});

describe("Admin through the emulator", () => {
  const input = {
    title: "Forge Test Product",
    handle: "forge-test-product-a1",
    price: "0.50",
    currency: "USD",
    sku: "FORGE-TEST-050",
    descriptionHtml: "<p>A 50-cent item.</p>",
  };

  it("creates an ACTIVE product with price and SKU that the Storefront then serves", async () => {
    const created = await catalog.createProduct(input);
    expect(created.variantId).toMatch(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
    expect(created.handle).toBe("forge-test-product-a1");
    const product = [...emulator.store.products.values()].find((p) => p.id === created.productId);
    expect(product).toMatchObject({ status: "ACTIVE", variants: [{ price: "0.50", sku: "FORGE-TEST-050" }] });
    expect(await catalog.getProductByHandle("forge-test-product-a1")).toEqual({
      title: "Forge Test Product",
      description: "A 50-cent item.",
      priceRange: { minVariantPrice: { amount: "0.5", currencyCode: "USD" } },
    });
    const [variant] = await catalog.getVariants([created.variantId]);
    expect(variant).toMatchObject({ productTitle: "Forge Test Product", price: { amount: "0.5" } });
    expect(emulator.calls().log.map((c) => c.operationName)).toEqual([
      "ShopCurrency",
      "ProductCreate",
      "ProductVariantsBulkUpdate",
      "ProductByHandle",
      "VariantsByIds",
    ]);
  });

  it("publishes to SHOPIFY_PUBLICATION_ID when set", async () => {
    const withPublication = catalogFor({ SHOPIFY_PUBLICATION_ID: "gid://shopify/Publication/77" });
    const created = await withPublication.createProduct({ ...input, handle: "published-one" });
    expect(emulator.store.products.get(created.productId)?.publicationIds).toEqual([
      "gid://shopify/Publication/77",
    ]);
    expect(emulator.calls().log.at(-1)?.operationName).toBe("PublishablePublish");
  });

  it("gets a suffixed handle when the handle is taken, as Shopify does", async () => {
    const created = await catalog.createProduct({ ...input, handle: "forge-enhancer" });
    expect(created.handle).toBe("forge-enhancer-1");
  });

  it("refuses a currency the store does not sell in, before creating anything", async () => {
    const error = await failure(catalogFor().createProduct({ ...input, currency: "EUR" }));
    expect(error).toBeInstanceOf(StoreRejectedError);
    expect(error.message).toBe("The store sells in USD: a product priced in EUR cannot be created.");
    expect(emulator.calls().log.map((c) => c.operationName)).toEqual(["ShopCurrency"]);
  });

  it("says so when no Admin token is configured", async () => {
    const readOnly = createShopifyCatalog({
      env: parseEnv({ SHOPIFY_API_URL: emulator.url, SHOPIFY_STOREFRONT_TOKEN: emulator.storefrontToken }),
      logger,
    });
    expect(readOnly.adminConfigured).toBe(false);
    expect(await failure(readOnly.createProduct(input))).toMatchObject({ failure: "unauthorized" });
  });
});

describe("faults", () => {
  it("retries 503 and 429 with backoff, then answers", async () => {
    emulator.addFault({ kind: "status", status: 503, api: "storefront" });
    emulator.addFault({ kind: "status", status: 429, retryAfter: 0.05, api: "storefront" });
    expect(await catalog.getProductByHandle("test-kit")).toMatchObject({ title: sandboxProducts[1].title });
    expect(emulator.calls().log.map((c) => c.fault)).toEqual(["status", "status", null]);
  });

  it("retries THROTTLED, then answers", async () => {
    emulator.addFault({ kind: "throttled", times: 2 });
    expect(await catalog.getProductByHandle("forge-enhancer")).not.toBeNull();
    expect(emulator.calls().storefront).toBe(3);
  });

  it("gives up after two retries", async () => {
    emulator.addFault({ kind: "status", status: 500, times: -1 });
    const error = await failure(catalog.getProductByHandle("forge-enhancer"));
    expect(error).toBeInstanceOf(ShopifyError);
    expect(error).toMatchObject({ failure: "unavailable", details: { status: 500, attempts: 3 } });
    expect(emulator.calls().storefront).toBe(3);
  });

  it("times out a call that does not answer, without retrying it", async () => {
    emulator.addFault({ kind: "timeout", times: -1 });
    const started = Date.now();
    const error = await failure(
      catalogFor({ SHOPIFY_TIMEOUT_MS: SHORT_TIMEOUT_MS }).getProductByHandle("forge-enhancer"),
    );
    expect(error).toMatchObject({ failure: "unavailable", message: "Shopify did not answer within 400 ms." });
    // One call (no retry of a timeout); given up at the timeout, with room for a busy machine.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(emulator.calls().storefront).toBe(1);
  }, 10_000);

  it("answers after injected latency below the timeout", async () => {
    emulator.addFault({ kind: "latency", ms: 150 });
    expect(await catalog.getProductByHandle("forge-enhancer")).not.toBeNull();
  });

  it("reports malformed JSON as a bad answer, not retried", async () => {
    emulator.addFault({ kind: "malformed" });
    expect(await failure(catalog.getProductByHandle("forge-enhancer"))).toMatchObject({
      failure: "bad_response",
    });
    expect(emulator.calls().storefront).toBe(1);
  });

  it("reports a refused token as unauthorized, not retried", async () => {
    const wrong = catalogFor({ SHOPIFY_STOREFRONT_TOKEN: "wrong-token-123456" });
    expect(await failure(wrong.getProductByHandle("forge-enhancer"))).toMatchObject({
      failure: "unauthorized",
      details: { status: 401 },
    });
    expect(emulator.calls().storefront).toBe(1);
  });
});

describe("the emulator's GraphQL", () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${emulator.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("rejects a query Shopify's schema rejects, in Shopify's error shape", async () => {
    const response = await post(
      "/api/2026-10/graphql.json",
      { query: '{ product(handle: "forge-enhancer") { title priceInCents } }' },
      { "Shopify-Storefront-Private-Token": emulator.storefrontToken },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      errors: { message: string; locations: unknown[] }[];
      data?: unknown;
    };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]?.message).toBe('Cannot query field "priceInCents" on type "Product".');
    expect(body.errors[0]?.locations).toHaveLength(1);
  });

  it("answers a valid field it does not model with an error, not a silent null", async () => {
    const response = await post(
      "/api/2026-10/graphql.json",
      { query: '{ product(handle: "forge-enhancer") { title seo { title } } }' },
      { "Shopify-Storefront-Private-Token": emulator.storefrontToken },
    );
    const body = (await response.json()) as { errors: { message: string; path: string[] }[] };
    expect(body.errors[0]).toMatchObject({ path: ["product", "seo"], extensions: { code: "NOT_EMULATED" } });
  });

  it("checks the access tokens", async () => {
    const storefront = await post("/api/2026-10/graphql.json", { query: "{ shop { name } }" });
    expect(storefront.status).toBe(401);
    const admin = await post(
      "/admin/api/2026-10/graphql.json",
      { query: "{ shop { currencyCode } }" },
      { "X-Shopify-Access-Token": emulator.storefrontToken },
    );
    expect(admin.status).toBe(401);
    expect(await admin.json()).toEqual({
      errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
    });
  });

  it("requires first or last on connections, as Shopify does", async () => {
    const response = await post(
      "/api/2026-10/graphql.json",
      { query: '{ product(handle: "forge-enhancer") { variants { nodes { id } } } }' },
      { "Shopify-Storefront-Private-Token": emulator.storefrontToken },
    );
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toBe("you must provide one of first or last");
  });
});
