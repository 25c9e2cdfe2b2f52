import { describe, expect, it } from "vitest";
import {
  reshapeSubscriptionAvailability,
  variantSellingPlansData,
} from "~/server/shopify/selling-plans.server";

/** Issue 36 item 1: the subscription price is Shopify's selling plan's; no plan the site keeps, no offer. */

const usd = (amount: string) => ({ amount, currencyCode: "USD" });
const every30Days = (typename: string) => ({ __typename: typename, interval: "DAY", intervalCount: 30 });

function plan(overrides: Record<string, unknown> = {}) {
  return {
    id: "gid://shopify/SellingPlan/1",
    name: "Delivered every 30 days",
    description: null,
    recurringDeliveries: true,
    billingPolicy: every30Days("SellingPlanRecurringBillingPolicy"),
    deliveryPolicy: every30Days("SellingPlanRecurringDeliveryPolicy"),
    priceAdjustments: [
      {
        orderCount: null,
        adjustmentValue: { __typename: "SellingPlanPercentagePriceAdjustment", adjustmentPercentage: 15 },
      },
    ],
    ...overrides,
  };
}

function allocation(overrides: Record<string, unknown> = {}, planOverrides: Record<string, unknown> = {}) {
  return {
    checkoutChargeAmount: usd("33.15"),
    remainingBalanceChargeAmount: usd("0.0"),
    priceAdjustments: [{ compareAtPrice: usd("39.0"), perDeliveryPrice: usd("33.15"), price: usd("33.15") }],
    sellingPlan: plan(planOverrides),
    ...overrides,
  };
}

function read(
  allocations: unknown[],
  groups = [{ name: "Subscribe and save", ids: ["gid://shopify/SellingPlan/1"] }],
) {
  const data = variantSellingPlansData.parse({
    node: {
      __typename: "ProductVariant",
      id: "gid://shopify/ProductVariant/7",
      price: usd("39.0"),
      product: {
        sellingPlanGroups: {
          nodes: groups.map((group) => ({
            name: group.name,
            sellingPlans: { nodes: group.ids.map((id) => ({ id })) },
          })),
        },
      },
      sellingPlanAllocations: { nodes: allocations },
    },
  });
  return reshapeSubscriptionAvailability(data.node);
}

describe("a variant's subscription offer", () => {
  it("is the allocation's per-delivery price against its compare-at price", () => {
    expect(read([allocation()])).toEqual({
      offered: true,
      offer: {
        variantId: "gid://shopify/ProductVariant/7",
        sellingPlanId: "gid://shopify/SellingPlan/1",
        name: "Delivered every 30 days",
        groupName: "Subscribe and save",
        description: null,
        pricePerDelivery: usd("33.15"),
        oneTimePrice: usd("39.0"),
        percentageOff: 15,
        deliveryEveryDays: 30,
      },
    });
  });

  it("takes Shopify's prices, not a percentage of its own, and states a fixed amount off as no percentage", () => {
    const fixed = allocation(
      {
        checkoutChargeAmount: usd("34.0"),
        priceAdjustments: [
          { compareAtPrice: usd("39.0"), perDeliveryPrice: usd("34.0"), price: usd("34.0") },
        ],
      },
      {
        priceAdjustments: [
          {
            orderCount: null,
            adjustmentValue: { __typename: "SellingPlanFixedAmountPriceAdjustment" },
          },
        ],
      },
    );
    const result = read([fixed]);
    expect(result.offered && result.offer.pricePerDelivery).toEqual(usd("34.0"));
    expect(result.offered && result.offer.percentageOff).toBeNull();
  });

  it("is none without a selling plan, or for an unknown variant", () => {
    expect(read([])).toEqual({ offered: false, reason: "no_selling_plan" });
    expect(reshapeSubscriptionAvailability(null)).toEqual({ offered: false, reason: "unknown_variant" });
    expect(reshapeSubscriptionAvailability({ __typename: "Product" })).toEqual({
      offered: false,
      reason: "unknown_variant",
    });
  });

  it("is none for a plan the site cannot keep: monthly, a second price later, prepaid, or partly paid", () => {
    const monthly = allocation(
      {},
      {
        billingPolicy: {
          __typename: "SellingPlanRecurringBillingPolicy",
          interval: "MONTH",
          intervalCount: 1,
        },
      },
    );
    const twoPrices = allocation(
      {
        priceAdjustments: [
          { compareAtPrice: usd("39.0"), perDeliveryPrice: usd("33.15"), price: usd("33.15") },
          { compareAtPrice: usd("39.0"), perDeliveryPrice: usd("37.05"), price: usd("37.05") },
        ],
      },
      {
        priceAdjustments: [
          {
            orderCount: 3,
            adjustmentValue: { __typename: "SellingPlanPercentagePriceAdjustment", adjustmentPercentage: 15 },
          },
          {
            orderCount: null,
            adjustmentValue: { __typename: "SellingPlanPercentagePriceAdjustment", adjustmentPercentage: 5 },
          },
        ],
      },
    );
    const deposit = allocation({
      checkoutChargeAmount: usd("10.0"),
      remainingBalanceChargeAmount: usd("23.15"),
    });
    const oneDelivery = allocation({}, { recurringDeliveries: false });
    for (const unsupported of [monthly, twoPrices, deposit, oneDelivery])
      expect(read([unsupported])).toEqual({ offered: false, reason: "unsupported_plan" });
    // Among several plans, the first the site can keep is offered.
    const result = read([monthly, allocation()]);
    expect(result.offered && result.offer.sellingPlanId).toBe("gid://shopify/SellingPlan/1");
  });
});
