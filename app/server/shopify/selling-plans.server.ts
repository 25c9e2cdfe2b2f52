import { z } from "zod";
import type { SubscriptionAvailability } from "./types";

/**
 * A variant's selling plans as the Storefront API shapes them (checked with zod) and the one
 * reshaping into the app's `SubscriptionAvailability` (decision 119): the first allocation whose plan
 * the site can keep becomes the offer, priced by the allocation (Shopify's arithmetic, not ours).
 */

const money = z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/), currencyCode: z.string().length(3) });

const recurringPolicy = z
  .object({
    __typename: z.string(),
    interval: z.enum(["DAY", "WEEK", "MONTH", "YEAR"]).optional(),
    intervalCount: z.number().int().optional(),
  })
  .nullable();

const allocation = z.object({
  checkoutChargeAmount: money,
  remainingBalanceChargeAmount: money,
  priceAdjustments: z.array(z.object({ compareAtPrice: money, perDeliveryPrice: money, price: money })),
  sellingPlan: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    recurringDeliveries: z.boolean(),
    billingPolicy: recurringPolicy,
    deliveryPolicy: recurringPolicy,
    priceAdjustments: z.array(
      z.object({
        orderCount: z.number().int().nullable(),
        adjustmentValue: z.object({ __typename: z.string(), adjustmentPercentage: z.number().optional() }),
      }),
    ),
  }),
});

const variant = z.object({
  __typename: z.literal("ProductVariant"),
  id: z.string(),
  price: money,
  product: z.object({
    sellingPlanGroups: z.object({
      nodes: z.array(
        z.object({
          name: z.string(),
          sellingPlans: z.object({ nodes: z.array(z.object({ id: z.string() })) }),
        }),
      ),
    }),
  }),
  sellingPlanAllocations: z.object({ nodes: z.array(allocation) }),
});

/** `node(id)` answers null for an unknown id, and another type for an id of something else. */
export const variantSellingPlansData = z.object({
  node: z.union([variant, z.object({ __typename: z.string() }), z.null()]),
});

type Allocation = z.infer<typeof allocation>;

const THIRTY_DAYS = (policy: z.infer<typeof recurringPolicy>) =>
  policy?.interval === "DAY" && policy.intervalCount === 30;

/** A plan the site keeps: every 30 days, paid per delivery in full, one price for every delivery. */
function keepable(entry: Allocation): boolean {
  const plan = entry.sellingPlan;
  const adjustment = entry.priceAdjustments[0];
  return (
    plan.recurringDeliveries &&
    THIRTY_DAYS(plan.billingPolicy) &&
    THIRTY_DAYS(plan.deliveryPolicy) &&
    plan.priceAdjustments.length <= 1 &&
    entry.priceAdjustments.length === 1 &&
    adjustment !== undefined &&
    Number(entry.remainingBalanceChargeAmount.amount) === 0 &&
    Number(entry.checkoutChargeAmount.amount) === Number(adjustment.perDeliveryPrice.amount) &&
    adjustment.perDeliveryPrice.currencyCode === adjustment.compareAtPrice.currencyCode
  );
}

export function reshapeSubscriptionAvailability(
  node: z.infer<typeof variantSellingPlansData>["node"],
): SubscriptionAvailability {
  if (node?.__typename !== "ProductVariant" || !("sellingPlanAllocations" in node))
    return { offered: false, reason: "unknown_variant" };
  const allocations = node.sellingPlanAllocations.nodes;
  if (allocations.length === 0) return { offered: false, reason: "no_selling_plan" };
  const chosen = allocations.find(keepable);
  const adjustment = chosen?.priceAdjustments[0];
  if (!chosen || !adjustment) return { offered: false, reason: "unsupported_plan" };
  const plan = chosen.sellingPlan;
  const group = node.product.sellingPlanGroups.nodes.find((entry) =>
    entry.sellingPlans.nodes.some((candidate) => candidate.id === plan.id),
  );
  const stated = plan.priceAdjustments[0]?.adjustmentValue;
  return {
    offered: true,
    offer: {
      variantId: node.id,
      sellingPlanId: plan.id,
      name: plan.name,
      groupName: group?.name ?? null,
      description: plan.description,
      pricePerDelivery: { ...adjustment.perDeliveryPrice },
      oneTimePrice: { ...adjustment.compareAtPrice },
      percentageOff:
        stated?.__typename === "SellingPlanPercentagePriceAdjustment"
          ? (stated.adjustmentPercentage ?? null)
          : null,
      deliveryEveryDays: 30,
    },
  };
}
