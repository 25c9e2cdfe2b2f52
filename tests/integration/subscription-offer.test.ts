import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/runtime/env.server";
import { type CatalogService, createShopifyCatalog } from "~/server/shopify/catalog.server";
import { type RunningShopifyEmulator, startShopifyEmulator } from "../../sandbox/shopify/emulator";
import { sandboxProducts } from "../../sandbox/shopify/seed";

/**
 * Issue 36 item 1, over HTTP: the Shopify emulator serves the Enhancer's selling plan through the
 * Storefront API's `sellingPlanGroups` and `sellingPlanAllocations` as Shopify's schema shapes them,
 * and the app's adapter reads the subscription price from the allocation.
 */

let emulator: RunningShopifyEmulator;
let catalog: CatalogService;
const [enhancer, testKit] = sandboxProducts;

async function storefront(query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${emulator.url}/api/2026-10/graphql.json`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "Shopify-Storefront-Private-Token": emulator.storefrontToken,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: unknown; errors?: unknown[] };
}

async function admin(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${emulator.url}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Shopify-Access-Token": emulator.adminToken },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: unknown; errors?: unknown[] };
}

beforeAll(async () => {
  emulator = await startShopifyEmulator();
  const env = parseEnv({
    SHOPIFY_API_URL: emulator.url,
    SHOPIFY_STOREFRONT_TOKEN: emulator.storefrontToken,
    SHOPIFY_TIMEOUT_MS: "5000",
  });
  catalog = createShopifyCatalog({ env, logger: pino({ level: "silent" }) });
});
afterAll(async () => {
  await emulator?.close();
});
beforeEach(() => emulator.reset());

describe("the Enhancer's selling plan", () => {
  it("is served as Shopify's schema shapes a product's groups and a variant's allocations", async () => {
    const result = await storefront(
      `query Plans($handle: String!) {
        product(handle: $handle) {
          requiresSellingPlan
          sellingPlanGroups(first: 5) {
            nodes {
              name
              appName
              options { name values }
              sellingPlans(first: 5) {
                nodes {
                  name
                  options { name value }
                  checkoutCharge { type value { __typename ... on SellingPlanCheckoutChargePercentageValue { percentage } } }
                  priceAdjustments { orderCount adjustmentValue { __typename ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage } } }
                  billingPolicy { ... on SellingPlanRecurringBillingPolicy { interval intervalCount } }
                }
              }
            }
          }
          variants(first: 1) {
            nodes {
              sellingPlanAllocations(first: 5) {
                nodes {
                  checkoutChargeAmount { amount currencyCode }
                  priceAdjustments { price { amount } perDeliveryPrice { amount } compareAtPrice { amount } unitPrice { amount } }
                  sellingPlan { name }
                }
              }
            }
          }
        }
      }`,
      { handle: enhancer.handle },
    );
    expect(result.errors).toBeUndefined();
    const product = (
      result.data as {
        product: {
          requiresSellingPlan: boolean;
          sellingPlanGroups: { nodes: unknown[] };
          variants: { nodes: { sellingPlanAllocations: { nodes: unknown[] } }[] };
        };
      }
    ).product;
    expect(product.requiresSellingPlan).toBe(false);
    expect(product.sellingPlanGroups.nodes).toEqual([
      {
        name: "Subscribe and save (sandbox sample data)",
        appName: "Sandbox sample data",
        options: [{ name: "Delivery every", values: ["30 days"] }],
        sellingPlans: {
          nodes: [
            {
              name: "Delivered every 30 days",
              options: [{ name: "Delivery every", value: "30 days" }],
              checkoutCharge: {
                type: "PERCENTAGE",
                value: { __typename: "SellingPlanCheckoutChargePercentageValue", percentage: 100 },
              },
              priceAdjustments: [
                {
                  orderCount: null,
                  adjustmentValue: {
                    __typename: "SellingPlanPercentagePriceAdjustment",
                    adjustmentPercentage: 15,
                  },
                },
              ],
              billingPolicy: { interval: "DAY", intervalCount: 30 },
            },
          ],
        },
      },
    ]);
    expect(product.variants.nodes[0]?.sellingPlanAllocations.nodes).toEqual([
      {
        checkoutChargeAmount: { amount: "33.15", currencyCode: "USD" },
        priceAdjustments: [
          {
            price: { amount: "33.15" },
            perDeliveryPrice: { amount: "33.15" },
            compareAtPrice: { amount: "39.0" },
            unitPrice: null,
          },
        ],
        sellingPlan: { name: "Delivered every 30 days" },
      },
    ]);
  });

  it("the adapter offers it at Shopify's price, follows a price change, and offers nothing without a plan", async () => {
    const offer = await catalog.getSubscriptionOffer(enhancer.variantId);
    expect(offer).toEqual({
      offered: true,
      offer: {
        variantId: enhancer.variantId,
        sellingPlanId: "gid://shopify/SellingPlan/9400000000001",
        name: "Delivered every 30 days",
        groupName: "Subscribe and save (sandbox sample data)",
        description: expect.stringContaining("Sandbox sample data"),
        pricePerDelivery: { amount: "33.15", currencyCode: "USD" },
        oneTimePrice: { amount: "39.0", currencyCode: "USD" },
        percentageOff: 15,
        deliveryEveryDays: 30,
      },
    });

    const updated = await admin(
      `mutation Price($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
        productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { message } }
      }`,
      { productId: enhancer.productId, variants: [{ id: enhancer.variantId, price: "45.00" }] },
    );
    expect(
      (updated.data as { productVariantsBulkUpdate: { userErrors: unknown[] } }).productVariantsBulkUpdate
        .userErrors,
    ).toEqual([]);
    const repriced = await catalog.getSubscriptionOffer(enhancer.variantId);
    expect(repriced.offered && repriced.offer.pricePerDelivery).toEqual({
      amount: "38.25",
      currencyCode: "USD",
    });
    expect(repriced.offered && repriced.offer.oneTimePrice).toEqual({ amount: "45.0", currencyCode: "USD" });

    expect(await catalog.getSubscriptionOffer(testKit.variantId)).toEqual({
      offered: false,
      reason: "no_selling_plan",
    });
    expect(await catalog.getSubscriptionOffer("gid://shopify/ProductVariant/1")).toEqual({
      offered: false,
      reason: "unknown_variant",
    });
    await expect(catalog.getSubscriptionOffer("not-an-id")).rejects.toThrow(RangeError);

    // The shop removes the plan in Shopify (the Admin API's own mutation): no offer any more.
    const removed = await admin(
      `mutation Remove($id: ID!) { sellingPlanGroupDelete(id: $id) { deletedSellingPlanGroupId userErrors { message } } }`,
      { id: "gid://shopify/SellingPlanGroup/9300000000001" },
    );
    expect(removed.data).toEqual({
      sellingPlanGroupDelete: {
        deletedSellingPlanGroupId: "gid://shopify/SellingPlanGroup/9300000000001",
        userErrors: [],
      },
    });
    expect(await catalog.getSubscriptionOffer(enhancer.variantId)).toEqual({
      offered: false,
      reason: "no_selling_plan",
    });
    const again = await admin(
      `mutation Remove($id: ID!) { sellingPlanGroupDelete(id: $id) { deletedSellingPlanGroupId userErrors { message } } }`,
      { id: "gid://shopify/SellingPlanGroup/9300000000001" },
    );
    expect(again.data).toEqual({
      sellingPlanGroupDelete: {
        deletedSellingPlanGroupId: null,
        userErrors: [{ message: "Selling plan group does not exist." }],
      },
    });
  });
});
