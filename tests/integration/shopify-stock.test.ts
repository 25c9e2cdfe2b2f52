import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/runtime/env.server";
import { type CatalogService, createShopifyCatalog } from "~/server/shopify/catalog.server";
import { createShopifyOrders } from "~/server/shopify/orders.server";
import { type RunningShopifyEmulator, startShopifyEmulator } from "../../sandbox/shopify/emulator";
import { sandboxProducts } from "../../sandbox/shopify/seed";
import { austinAddress } from "../support/addresses";
import { useShop } from "../support/shop";
import { ENHANCER, postJson, TEST_KIT } from "./checkout-harness";

/**
 * The Shopify emulator's stock, as Shopify answers it (issue 37 item 5): a variant whose stock is
 * tracked, gone and whose policy is DENY is not for sale (`availableForSale: false`); with policy
 * CONTINUE it is, and `currentlyNotInStock` says it is a backorder. The chaos run found the emulator
 * saying "for sale" past zero, so in the sandbox checkout kept selling what Shopify would not. Read
 * through the app's own Storefront client, as checkout reads it, and through a running server's
 * checkout. Also the test hook that sets the stock (`PUT /__control/stock`).
 */

const logger = pino({ level: "silent" });
const [enhancer, testKit] = sandboxProducts;

let emulator: RunningShopifyEmulator;
let catalog: CatalogService;

const setStock = (body: unknown) =>
  fetch(`${emulator.url}/__control/stock`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const forSale = async () =>
  Object.fromEntries(
    (await catalog.getVariants([enhancer.variantId, testKit.variantId])).map((v) => [
      v.id,
      v.availableForSale,
    ]),
  );

/** The Storefront's product and variant fields a shop's theme reads for "sold out" and "backorder". */
async function storefrontProduct(handle: string) {
  const response = await fetch(`${emulator.url}/api/2026-10/graphql.json`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "Shopify-Storefront-Private-Token": emulator.storefrontToken,
    },
    body: JSON.stringify({
      query: `query($handle: String!) { product(handle: $handle) { availableForSale
        variants(first: 1) { nodes { availableForSale currentlyNotInStock } } } }`,
      variables: { handle },
    }),
  });
  const { data } = (await response.json()) as {
    data: {
      product: {
        availableForSale: boolean;
        variants: { nodes: { availableForSale: boolean; currentlyNotInStock: boolean }[] };
      };
    };
  };
  return { product: data.product.availableForSale, variant: data.product.variants.nodes[0] };
}

describe("the Shopify emulator's stock", () => {
  beforeAll(async () => {
    emulator = await startShopifyEmulator({ controlHooks: true });
    const env = parseEnv({
      SHOPIFY_API_URL: emulator.url,
      SHOPIFY_STOREFRONT_TOKEN: emulator.storefrontToken,
      SHOPIFY_ADMIN_TOKEN: emulator.adminToken,
      SHOPIFY_TIMEOUT_MS: "5000",
    });
    catalog = createShopifyCatalog({ env, logger });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(() => emulator.reset());

  it("a DENY variant with no stock left is not for sale, and for sale again once restocked", async () => {
    expect(await forSale()).toEqual({ [enhancer.variantId]: true, [testKit.variantId]: true });

    const emptied = await setStock({ quantity: 0, variantId: enhancer.variantId });
    expect(emptied.status).toBe(200);
    expect(await emptied.json()).toEqual({ quantity: 0, variants: [enhancer.variantId] });
    expect(await forSale()).toEqual({ [enhancer.variantId]: false, [testKit.variantId]: true });
    expect(await storefrontProduct(enhancer.handle)).toEqual({
      product: false,
      variant: { availableForSale: false, currentlyNotInStock: false },
    });

    expect((await setStock({ quantity: 3, variantId: enhancer.variantId })).status).toBe(200);
    expect(await forSale()).toEqual({ [enhancer.variantId]: true, [testKit.variantId]: true });
  });

  it("orders that take the last units (and more: decision 129) leave it not for sale", async () => {
    await setStock({ quantity: 1, variantId: enhancer.variantId });
    const orders = createShopifyOrders({
      env: parseEnv({
        SHOPIFY_API_URL: emulator.url,
        SHOPIFY_ADMIN_TOKEN: emulator.adminToken,
        SHOPIFY_TIMEOUT_MS: "5000",
      }),
      logger,
    });
    await orders.create({
      idempotencyKey: "cs_test_stock_1",
      sourceIdentifier: "cs_test_stock_1",
      email: "ada@example.com",
      customerName: "Ada Lovelace",
      shippingAddress: austinAddress("Ada Lovelace"),
      lines: [{ variantId: enhancer.variantId, title: "Forge Enhancer", quantity: 2, unitAmount: 3900 }],
      currency: "USD",
      amountSubtotal: 7800,
      amountDiscount: 0,
      discountCode: null,
      amountShipping: 0,
      shippingTitle: "Free shipping",
      amountTax: 0,
      amountTotal: 7800,
      paymentIntentId: "pi_stock_1",
      processedAt: "2026-11-28T10:00:00.000Z",
      siteOrderNumber: 501,
    });
    expect(emulator.store.findVariant(enhancer.variantId)?.variant.inventoryQuantity).toBe(-1);
    expect((await forSale())[enhancer.variantId]).toBe(false);
  });

  it("a CONTINUE variant out of stock is still for sale, as a backorder", async () => {
    const found = emulator.store.findVariant(enhancer.variantId);
    if (!found) throw new Error("the seeded Enhancer is missing");
    found.variant.inventoryPolicy = "CONTINUE";
    await setStock({ quantity: 0, variantId: enhancer.variantId });
    expect(await storefrontProduct(enhancer.handle)).toEqual({
      product: true,
      variant: { availableForSale: true, currentlyNotInStock: true },
    });
    expect((await forSale())[enhancer.variantId]).toBe(true);
  });

  it("the stock hook sets every tracked variant at once, and refuses what it cannot set", async () => {
    const all = await setStock({ quantity: 0 });
    expect(all.status).toBe(200);
    expect(((await all.json()) as { variants: string[] }).variants).toEqual(
      sandboxProducts.map((p) => p.variantId),
    );
    expect(await forSale()).toEqual({ [enhancer.variantId]: false, [testKit.variantId]: false });
    expect((await setStock({ quantity: 2.5 })).status).toBe(400);
    expect((await setStock({ quantity: "10" })).status).toBe(400);
    expect((await setStock({ quantity: 1, variantId: "gid://shopify/ProductVariant/1" })).status).toBe(404);
  });
});

describe("checkout, when the store has sold out of the Enhancer", () => {
  const shop = useShop({
    // Sold out before the server first asks Shopify (checkout keeps a variant's answer a while: 033).
    prepare: (emulators) => {
      const found = emulators.shopify.store.findVariant(ENHANCER);
      if (found) found.variant.inventoryQuantity = 0;
    },
  });

  it("refuses the Enhancer in words and still sells the test kit", async () => {
    const refused = await postJson(`${shop.server.url}/api/hybrid-checkout`, {
      products: [{ shopifyVariantId: ENHANCER, quantity: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(`${enhancer.title} is not available for sale right now.`);
    const kit = await postJson(`${shop.server.url}/api/hybrid-checkout`, {
      products: [{ shopifyVariantId: TEST_KIT, quantity: 1 }],
    });
    expect(kit.status).toBe(200);
  });
});
