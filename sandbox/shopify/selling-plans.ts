import type { StoredProduct, StoredSellingPlan, StoredSellingPlanGroup, StoredVariant } from "./store";

/**
 * The Storefront API's selling plans, shaped as Shopify's schema shapes them: a product's
 * `sellingPlanGroups` (each with its `options` and `sellingPlans`), and a variant's
 * `sellingPlanAllocations` (the plan with the prices it gives that variant: `priceAdjustments` with
 * `price`, `perDeliveryPrice` and `compareAtPrice`, `checkoutChargeAmount`,
 * `remainingBalanceChargeAmount`). A plan here is paid per delivery in full (a 100 % checkout charge),
 * as subscribe-and-save plans are; prepaid plans are not modelled.
 */

type Model = Record<string, unknown>;
type Args = Record<string, unknown>;
type Money = { amount: string; currencyCode: string };
type Connection = (items: Model[], args: Args, idOf: (item: Model) => string) => Model;

/** Cents of a decimal price string. */
const cents = (price: string) => Math.round(Number(price) * 100);

/** The price a plan's adjustment makes of `price` (cents, rounded as Shopify rounds: to the cent). */
function adjusted(price: number, adjustment: StoredSellingPlan["adjustments"][number] | undefined): number {
  if (!adjustment) return price;
  const value = adjustment.value;
  if ("percentage" in value) return Math.max(0, Math.round(price * (1 - value.percentage / 100)));
  if ("amountOff" in value) return Math.max(0, price - cents(value.amountOff));
  return cents(value.price);
}

export function sellingPlanModels(
  money: (amount: string, currencyCode: string) => Money,
  currency: string,
  connection: Connection,
) {
  const moneyOf = (cents: number) => money((cents / 100).toFixed(2), currency);

  const adjustmentValue = (value: StoredSellingPlan["adjustments"][number]["value"]): Model =>
    "percentage" in value
      ? { __typename: "SellingPlanPercentagePriceAdjustment", adjustmentPercentage: value.percentage }
      : "amountOff" in value
        ? {
            __typename: "SellingPlanFixedAmountPriceAdjustment",
            adjustmentAmount: money(value.amountOff, currency),
          }
        : { __typename: "SellingPlanFixedPriceAdjustment", price: money(value.price, currency) };

  const planModel = (plan: StoredSellingPlan): Model => {
    const recurring = (typename: string) => ({
      __typename: typename,
      interval: plan.interval,
      intervalCount: plan.intervalCount,
    });
    return {
      __typename: "SellingPlan",
      id: plan.id,
      name: plan.name,
      description: plan.description,
      options: [{ name: plan.option.name, value: plan.option.value }],
      recurringDeliveries: true,
      billingPolicy: recurring("SellingPlanRecurringBillingPolicy"),
      deliveryPolicy: recurring("SellingPlanRecurringDeliveryPolicy"),
      checkoutCharge: {
        type: "PERCENTAGE",
        value: { __typename: "SellingPlanCheckoutChargePercentageValue", percentage: 100 },
      },
      priceAdjustments: plan.adjustments.map((adjustment) => ({
        adjustmentValue: adjustmentValue(adjustment.value),
        orderCount: adjustment.orderCount,
      })),
    };
  };

  const groupModel = (group: StoredSellingPlanGroup): Model => ({
    __typename: "SellingPlanGroup",
    name: group.name,
    appName: group.appName,
    options: [
      {
        name: group.plans[0]?.option.name ?? "",
        values: [...new Set(group.plans.map((plan) => plan.option.value))],
      },
    ],
    sellingPlans: (args: Args) => connection(group.plans.map(planModel), args, (plan) => String(plan.id)),
  });

  /** One allocation per plan of the product's groups: the plan's prices for this variant. */
  const allocations = (product: StoredProduct, variant: StoredVariant): Model[] =>
    (product.sellingPlanGroups ?? []).flatMap((group) =>
      group.plans.map((plan) => {
        const price = cents(variant.price);
        const first = adjusted(price, plan.adjustments[0]);
        return {
          __typename: "SellingPlanAllocation",
          sellingPlan: planModel(plan),
          checkoutChargeAmount: moneyOf(first),
          remainingBalanceChargeAmount: moneyOf(0),
          // One entry per adjustment (at most two); none when the plan leaves the price alone.
          priceAdjustments: (plan.adjustments.length ? plan.adjustments : [undefined]).map((adjustment) => {
            const perDelivery = adjusted(price, adjustment);
            return {
              compareAtPrice: moneyOf(price),
              perDeliveryPrice: moneyOf(perDelivery),
              price: moneyOf(perDelivery),
              unitPrice: null,
            };
          }),
        };
      }),
    );

  return {
    productFields: (product: StoredProduct): Model => ({
      requiresSellingPlan: false,
      sellingPlanGroups: (args: Args) =>
        connection((product.sellingPlanGroups ?? []).map(groupModel), args, (group) => String(group.name)),
    }),
    variantFields: (product: StoredProduct, variant: StoredVariant): Model => ({
      sellingPlanAllocations: (args: Args) =>
        connection(allocations(product, variant), args, (allocation) =>
          String((allocation.sellingPlan as Model).id),
        ),
    }),
  };
}

/**
 * The Admin API's removal of a selling plan group, as Shopify's: `sellingPlanGroupDelete(id)` (from
 * every product) and `sellingPlanGroupRemoveProducts(id, productIds)`. A shop that stops selling on
 * subscription does this; existing subscriptions keep their terms (decision 119).
 */
export function sellingPlanAdminMutations(products: () => Iterable<StoredProduct>) {
  const notFound = (field: string) => ({
    field: [field],
    message: "Selling plan group does not exist.",
    code: "GROUP_DOES_NOT_EXIST",
  });
  const holding = (id: string) =>
    [...products()].filter((product) => product.sellingPlanGroups?.some((group) => group.id === id));
  const remove = (product: StoredProduct, id: string) => {
    product.sellingPlanGroups = (product.sellingPlanGroups ?? []).filter((group) => group.id !== id);
  };
  return {
    sellingPlanGroupDelete: (args: Args) => {
      const id = String(args.id);
      const found = holding(id);
      if (found.length === 0) return { deletedSellingPlanGroupId: null, userErrors: [notFound("id")] };
      for (const product of found) remove(product, id);
      return { deletedSellingPlanGroupId: id, userErrors: [] };
    },
    sellingPlanGroupRemoveProducts: (args: Args) => {
      const id = String(args.id);
      if (holding(id).length === 0) return { removedProductIds: null, userErrors: [notFound("id")] };
      const wanted = new Set(args.productIds as string[]);
      const removed = holding(id).filter((product) => wanted.has(product.id));
      for (const product of removed) remove(product, id);
      return { removedProductIds: removed.map((product) => product.id), userErrors: [] };
    },
  };
}
