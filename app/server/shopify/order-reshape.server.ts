import { z } from "zod";
import { brand } from "~/content/site";
import { currencyExponent } from "~/shared/money";
import type {
  ShopifyOrderInput,
  ShopifyOrderProgress,
  ShopifyOrderRef,
  ShopifyOrderStatus,
  ShopifyShipment,
} from "./order-types";

/**
 * The Admin API's Order shapes the order calls rely on (checked with zod), the variables the app's
 * order becomes, and the `reshape*` functions back into the app's types (./order-types.ts).
 */

/** `sourceName` and the tag that mark an order as this site's in Shopify's admin and searches. */
export const ORDER_SOURCE_NAME = `${brand.slug}-storefront`;

const money = z.object({ amount: z.string().regex(/^-?\d+(\.\d+)?$/), currencyCode: z.string().length(3) });
const moneyBag = z.object({ shopMoney: money });

const userErrors = z.array(
  z.object({
    field: z.array(z.string()).nullable().optional(),
    message: z.string(),
    code: z.string().nullable().optional(),
  }),
);

const orderRef = z.object({ id: z.string(), name: z.string() });

export const ordersBySourceIdentifierData = z.object({
  orders: z.object({ nodes: z.array(orderRef.extend({ sourceIdentifier: z.string().nullable() })) }),
});

export const orderCreateData = z.object({
  orderCreate: z.object({ order: orderRef.nullable(), userErrors }),
});

const fulfillment = z.object({
  status: z.string(),
  displayStatus: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  trackingInfo: z.array(
    z.object({ company: z.string().nullable(), number: z.string().nullable(), url: z.string().nullable() }),
  ),
});
export type ShopifyFulfillment = z.infer<typeof fulfillment>;

export const shopifyOrderStatusSchema = orderRef.extend({
  displayFinancialStatus: z.string().nullable(),
  displayFulfillmentStatus: z.string(),
  cancelledAt: z.string().nullable(),
  fulfillments: z.array(fulfillment),
});
export type ShopifyOrderStatusWire = z.infer<typeof shopifyOrderStatusSchema>;

export const orderStatusData = z.object({ order: shopifyOrderStatusSchema.nullable() });

export const orderPaymentData = z.object({
  order: z
    .object({
      id: z.string(),
      currencyCode: z.string(),
      transactions: z.array(
        z.object({
          id: z.string(),
          kind: z.string(),
          status: z.string(),
          gateway: z.string().nullable(),
          amountSet: moneyBag,
        }),
      ),
    })
    .nullable(),
});

export const refundCreateData = z.object({
  refundCreate: z.object({ refund: z.object({ id: z.string() }).nullable(), userErrors }),
});

export const orderCancellationData = z.object({
  order: z.object({ id: z.string(), cancelledAt: z.string().nullable() }).nullable(),
});

export const orderCancelData = z.object({
  orderCancel: z.object({
    job: z.object({ id: z.string(), done: z.boolean() }).nullable(),
    orderCancelUserErrors: userErrors,
  }),
});

/** "Shopify said: Variant is invalid (lineItems.0.variantId)" */
export function describeOrderUserErrors(errors: z.infer<typeof userErrors>): string {
  return errors
    .map((error) => (error.field?.length ? `${error.message} (${error.field.join(".")})` : error.message))
    .join("; ");
}

/** 3900 USD → "39.00": Shopify's Decimal for an amount in minor units (exact, no floating point). */
export function toDecimal(amountMinor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(amountMinor);
  const digits = String(Math.abs(amountMinor)).padStart(exponent + 1, "0");
  const sign = amountMinor < 0 ? "-" : "";
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const bag = (amountMinor: number, currency: string) => ({
  shopMoney: { amount: toDecimal(amountMinor, currency), currencyCode: currency },
});

/** "Ada King Lovelace" → first "Ada King", last "Lovelace" (Shopify's address has the two fields). */
export function splitName(name: string | null | undefined): { firstName?: string; lastName?: string } {
  const trimmed = name?.trim().replace(/\s+/g, " ");
  if (!trimmed) return {};
  const at = trimmed.lastIndexOf(" ");
  return at === -1
    ? { lastName: trimmed }
    : { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}

/** Our address (Stripe's fields) as Shopify's MailingAddressInput; null without a street address. */
function mailingAddress(input: ShopifyOrderInput) {
  const address = input.shippingAddress;
  if (!address?.line1) return null;
  const country = address.country?.trim().toUpperCase();
  return {
    ...splitName(address.name ?? input.customerName),
    address1: address.line1,
    ...(address.line2 ? { address2: address.line2 } : {}),
    ...(address.city ? { city: address.city } : {}),
    ...(address.state ? { provinceCode: address.state } : {}),
    ...(address.postalCode ? { zip: address.postalCode } : {}),
    ...(country && /^[A-Z]{2}$/.test(country) ? { countryCode: country } : {}),
  };
}

/** The tax rate Shopify's tax line requires: tax over what it was charged on, 4 decimals. */
function taxRate(input: ShopifyOrderInput): string {
  const base = input.amountSubtotal - input.amountDiscount + input.amountShipping;
  return base > 0 ? (input.amountTax / base).toFixed(4) : "0";
}

/**
 * The variables of `orderCreate` for a paid order of this site: marked paid by one successful SALE
 * transaction for the Stripe payment; Shopify's own receipt off (the site sent its confirmation), its
 * shipping confirmation on; stock taken as the store's inventory policy says.
 */
export function orderCreateVariables(input: ShopifyOrderInput) {
  const currency = input.currency.toUpperCase();
  const address = mailingAddress(input);
  const order = {
    // Shopify names the order as the site numbers it, so the shopper's "#13" is the brand's "#13" in
    // Shopify's list too (decision 095); the search that finds it again is by sourceIdentifier.
    name: `#${input.siteOrderNumber}`,
    currency,
    email: input.email,
    lineItems: input.lines.map((line) => ({
      variantId: line.variantId,
      quantity: line.quantity,
      priceSet: bag(line.unitAmount, currency),
    })),
    ...(address ? { shippingAddress: address } : {}),
    financialStatus: "PAID",
    transactions:
      input.amountTotal > 0
        ? [
            {
              kind: "SALE",
              status: "SUCCESS",
              gateway: "stripe",
              amountSet: bag(input.amountTotal, currency),
              ...(input.paymentIntentId ? { authorizationCode: input.paymentIntentId } : {}),
              processedAt: input.processedAt,
            },
          ]
        : [],
    shippingLines: [{ title: input.shippingTitle, priceSet: bag(input.amountShipping, currency) }],
    ...(input.amountTax > 0
      ? { taxLines: [{ title: "Sales tax", rate: taxRate(input), priceSet: bag(input.amountTax, currency) }] }
      : {}),
    ...(input.amountDiscount > 0
      ? {
          discountCode: {
            itemFixedDiscountCode: {
              code: input.discountCode ?? "STRIPE-PROMOTION",
              amountSet: bag(input.amountDiscount, currency),
            },
          },
        }
      : {}),
    sourceName: ORDER_SOURCE_NAME,
    sourceIdentifier: input.sourceIdentifier,
    tags: [ORDER_SOURCE_NAME],
    note: [
      `${brand.name} order #${input.siteOrderNumber}`,
      input.customerName && !address ? `Customer: ${input.customerName}` : null,
      input.paymentIntentId ? `Stripe payment ${input.paymentIntentId}` : null,
    ]
      .filter(Boolean)
      .join(" · "),
    processedAt: input.processedAt,
  };
  return {
    key: input.idempotencyKey,
    order,
    options: {
      // Paid already: the order is recorded whatever the stock, which may go below zero (two shoppers
      // paying for the last one; a checkout started before the stock ran out). Obeying the policy made
      // Shopify refuse it and a paid order wait for a person outside Shopify (decision 129).
      inventoryBehaviour: "DECREMENT_IGNORING_POLICY",
      sendReceipt: false,
      sendFulfillmentReceipt: true,
    },
  };
}

/** The search that finds the order a lost answer created: the value quoted, as Shopify's syntax wants. */
export function sourceIdentifierQuery(sourceIdentifier: string): string {
  return `source_identifier:"${sourceIdentifier.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/** The first node whose sourceIdentifier is exactly this (a search may match more loosely). */
export function reshapeFoundOrder(
  nodes: z.infer<typeof ordersBySourceIdentifierData>["orders"]["nodes"],
  sourceIdentifier: string,
): ShopifyOrderRef | null {
  const found = nodes.find((node) => node.sourceIdentifier === sourceIdentifier);
  return found ? { id: found.id, name: found.name } : null;
}

const PREPARING = new Set([
  "IN_PROGRESS",
  "PARTIALLY_FULFILLED",
  "PENDING_FULFILLMENT",
  "ON_HOLD",
  "SCHEDULED",
]);

const isDelivered = (fulfillment: ShopifyFulfillment) =>
  fulfillment.displayStatus === "DELIVERED" || fulfillment.deliveredAt !== null;

/**
 * Where the order stands for the shopper. Cancelled and refunded end the story; otherwise where the
 * parcel is says most (a partial refund on a shipped order still shows the parcel: the page shows
 * Shopify's financial status beside it).
 */
export function orderProgress(order: ShopifyOrderStatusWire): ShopifyOrderProgress {
  if (order.cancelledAt) return "cancelled";
  if (order.displayFinancialStatus === "REFUNDED") return "refunded";
  const shipped = order.fulfillments.filter((f) => f.status === "SUCCESS");
  if (order.displayFulfillmentStatus === "FULFILLED" && shipped.length > 0) {
    return shipped.every(isDelivered) ? "delivered" : "shipped";
  }
  if (order.displayFinancialStatus === "PARTIALLY_REFUNDED") return "partially_refunded";
  if (PREPARING.has(order.displayFulfillmentStatus) || shipped.length > 0) return "preparing";
  return "paid";
}

export function reshapeOrderStatus(order: ShopifyOrderStatusWire): ShopifyOrderStatus {
  const shipments: ShopifyShipment[] = order.fulfillments
    .filter((f) => f.status === "SUCCESS")
    .map((f) => {
      const tracking = f.trackingInfo[0];
      return {
        carrier: tracking?.company ?? null,
        trackingNumber: tracking?.number ?? null,
        trackingUrl: tracking?.url ?? null,
        shippedAt: f.createdAt,
        deliveredAt: f.deliveredAt,
      };
    });
  return {
    id: order.id,
    name: order.name,
    progress: orderProgress(order),
    financialStatus: order.displayFinancialStatus ?? "PENDING",
    fulfillmentStatus: order.displayFulfillmentStatus,
    cancelledAt: order.cancelledAt,
    shipments,
  };
}
