import { describe, expect, it } from "vitest";
import type { StoredProduct } from "../../sandbox/shopify/store";
import type { RunningServer } from "../../scripts/lib/server-process";
import { databaseTargets } from "../../scripts/lib/test-database";
import { type ShopOptions, useShop } from "../support/shop";
import {
  counts,
  createCheckout,
  type Emulators,
  ENHANCER,
  KIT_BUNDLE,
  payFields,
  postJson,
  submitPayPage,
  TEST_KIT,
  verify,
} from "./checkout-harness";

/**
 * Issue 15 item 5 (decision 062): checkout sells the catalog's configured variants and the products
 * this site's shopify-create-product made (recorded when made), nothing else. Any other variant the
 * store has, however it got there, is refused with a 400 before Shopify or Stripe is asked, and
 * nothing is recorded. The test page's path (create the 50-cent product here, then buy it) still
 * works end to end, on every instance and after a restart.
 */

const OTHER = "gid://shopify/ProductVariant/49300000000001";
const HAND_MADE = "gid://shopify/ProductVariant/49300000000002";
const NEW_ENHANCER = "gid://shopify/ProductVariant/49300000000003";

const notSold = (...ids: string[]) =>
  `This store does not sell ${ids.join(", ")}: only the store's own products can be bought here.`;

/** A product in the Shopify store, for sale, that this site did not create. */
function storeProduct(variantId: string, title: string, price: string): StoredProduct {
  const at = new Date().toISOString();
  const productId = variantId.replace("ProductVariant/4", "Product/");
  return {
    id: productId,
    handle: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    title,
    descriptionHtml: "<p>Not for sale.</p>",
    status: "ACTIVE",
    vendor: "Forge",
    productType: "",
    tags: [],
    createdAt: at,
    updatedAt: at,
    publicationIds: [],
    variants: [{ id: variantId, title: "Default Title", price, sku: null, availableForSale: true }],
  };
}

function addToStore(emulators: Emulators, product: StoredProduct) {
  emulators.shopify.store.products.set(product.id, product);
}

/**
 * These servers use emulators started apart from them (SHOPIFY_API_URL), so shopify-create-product
 * asks for the admin token as it would for a real store (decision 061).
 */
const ADMIN_API_TOKEN = "admin-token-for-sellable-variants-0123456789";

/** The test page's step 1: shopify-create-product, with the admin token. */
async function createTestProduct(server: RunningServer, handle: string) {
  const created = await postJson(
    `${server.url}/api/shopify-create-product`,
    {
      title: "Forge Test Product",
      handle,
      price: 0.5,
      currency: "USD",
      sku: "FORGE-TEST-050",
      descriptionHtml: "<p>A 50-cent item for testing the checkout end to end. Not for sale.</p>",
    },
    { authorization: `Bearer ${ADMIN_API_TOKEN}` },
  );
  expect(created.status).toBe(200);
  return created.json as { success: true; variantId: string; productId: string; handle: string };
}

const checkout = (server: RunningServer, ...variantIds: string[]) =>
  postJson(`${server.url}/api/hybrid-checkout`, {
    products: variantIds.map((shopifyVariantId) => ({ shopifyVariantId, quantity: 1 })),
  });

/** The store as these tests find it: besides the catalog, another item and a hand-made test product. */
const storeWithStrangers = (name: "pglite" | "postgres"): ShopOptions => ({
  store: name,
  env: { ADMIN_API_TOKEN },
  prepare(emulators) {
    addToStore(emulators, storeProduct(OTHER, "Another Store Item", "5.00"));
    // The 50-cent test product, made by hand in Shopify's admin (or by another site on the store).
    addToStore(emulators, storeProduct(HAND_MADE, "Forge Test Product", "0.50"));
  },
});

describe.each(databaseTargets)("what checkout sells, on $name", ({ name }) => {
  const shop = useShop(storeWithStrangers(name));

  it.each([
    ["another product of the store", [OTHER], [OTHER]],
    ["a 50-cent test product this site did not create", [HAND_MADE], [HAND_MADE]],
    ["a configured item together with one it does not sell", [ENHANCER, OTHER], [OTHER]],
    ["two it does not sell", [OTHER, HAND_MADE], [OTHER, HAND_MADE]],
  ])(
    "refuses %s with 400, asking neither Shopify nor Stripe, recording nothing",
    async (_name, ids, refused) => {
      const shopifyBefore = shop.emulators.shopify.calls().total;
      const stripeBefore = shop.emulators.stripe.requests().length;
      const checkoutsBefore = shop.store.name === "postgres" ? (await counts(shop.store)).checkouts : 0;
      const result = await checkout(shop.server, ...ids);
      expect(result.status).toBe(400);
      expect(result.json).toEqual({ success: false, error: notSold(...refused) });
      expect(shop.emulators.shopify.calls().total).toBe(shopifyBefore);
      expect(shop.emulators.stripe.requests().length).toBe(stripeBefore);
      if (shop.store.name === "postgres") expect((await counts(shop.store)).checkouts).toBe(checkoutsBefore);
    },
  );

  it("sells the 50-cent product its shopify-create-product made: created, bought, confirmed", async () => {
    const created = await createTestProduct(shop.server, `forge-test-product-${name}`);
    const testProduct = created.variantId;
    const { sessionId, checkoutUrl } = await createCheckout(shop.server, [
      { shopifyVariantId: testProduct, quantity: 1 },
    ]);
    expect(shop.emulators.stripe.session(sessionId)?.amount_total).toBe(50);
    expect((await submitPayPage(checkoutUrl, payFields())).status).toBe(303);
    const confirmed = await verify(shop.server, sessionId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({
      success: true,
      order: { items: [{ name: "Forge Test Product", quantity: 1 }], total: { formatted: "$0.50" } },
    });
  });

  it("a product it made that Shopify no longer has: 404, as before", async () => {
    const created = await createTestProduct(shop.server, `forge-test-product-gone-${name}`);
    shop.emulators.shopify.store.products.delete(created.productId);
    const result = await checkout(shop.server, created.variantId);
    expect(result.status).toBe(404);
    expect(result.json).toEqual({
      success: false,
      error: `Product not found in the store: ${created.variantId}.`,
    });
  });
});

// A shop of its own: the test counts the rows it wrote.
describe.each(databaseTargets)("what checkout sells after a restart, on $name", ({ name }) => {
  const shop = useShop(storeWithStrangers(name));

  it("still sells what it made after a restart (recorded in the database), and still refuses the rest", async () => {
    const { variantId: testProduct } = await createTestProduct(
      shop.server,
      `forge-test-product-kept-${name}`,
    );
    expect((await checkout(shop.server, testProduct)).status).toBe(200);
    await shop.whileStopped(async (exitCode) => expect(exitCode).toBe(0));
    expect((await checkout(shop.server, testProduct)).status).toBe(200);
    expect((await checkout(shop.server, HAND_MADE)).json).toEqual({
      success: false,
      error: notSold(HAND_MADE),
    });
    if (shop.store.name === "pglite") expect(await shop.server.stop()).toBe(0);
    const rows = await shop.store.query<{ variant_id: string }>(
      "select variant_id from created_products order by created_at",
    );
    expect(rows.map((row) => row.variant_id)).toEqual([testProduct]);
    // The checkout before and the one after the restart; none of the refusals.
    expect((await counts(shop.store)).checkouts).toBe(2);
    // A stop and a start within: the server's start-up alone may take a minute on a busy machine.
  }, 150_000);
});

describe("configured variants are what the catalog configuration says, not whatever the store has", () => {
  const shop = useShop({
    env: {
      ADMIN_API_TOKEN,
      CATALOG_ENHANCER_VARIANT_ID: NEW_ENHANCER,
      // A kit left unconfigured, as on a real store before its ids are set.
      CATALOG_TEST_KIT_VARIANT_ID: "gid://shopify/ProductVariant/YOUR_TEST_KIT_VARIANT_ID",
    },
    prepare: (emulators) =>
      addToStore(emulators, storeProduct(NEW_ENHANCER, "Forge Enhancer (new pack)", "41.00")),
  });

  it("sells the configured Enhancer and the bundle left at its default", async () => {
    expect((await checkout(shop.server, NEW_ENHANCER)).status).toBe(200);
    expect((await checkout(shop.server, KIT_BUNDLE)).status).toBe(200);
  });

  it("refuses the store's kit while the kit is a placeholder, and the Enhancer variant no longer configured", async () => {
    const stripeBefore = shop.emulators.stripe.requests().length;
    expect((await checkout(shop.server, TEST_KIT)).json).toEqual({
      success: false,
      error: notSold(TEST_KIT),
    });
    expect((await checkout(shop.server, ENHANCER)).json).toEqual({
      success: false,
      error: notSold(ENHANCER),
    });
    expect(shop.emulators.stripe.requests().length).toBe(stripeBefore);
  });
});
