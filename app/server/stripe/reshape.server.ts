import Stripe from "stripe";
import { z } from "zod";
import type { OrderLine, ShippingAddress } from "~/server/db/schema";
import {
  type ChargeRefunds,
  type CheckoutSessionDetails,
  type CreatedCheckoutSession,
  PaymentProviderError,
  type PaymentWebhookEvent,
} from "./types";

/**
 * Stripe's shapes in, the app's shapes out. Only the fields the app relies on are read, and they are
 * checked with zod, so a surprising answer fails here with a clear message instead of somewhere later.
 */

/** The metadata key that carries the Shopify variant id on each line's Stripe product. */
export const VARIANT_METADATA_KEY = "shopify_variant_id";

/** An expandable field: the object's id, or the object itself (with the fields read from it). */
function idOr<T extends z.ZodRawShape>(fields: T) {
  return z.union([z.string(), z.object({ id: z.string(), ...fields }).loose()]);
}

export const address = z
  .object({
    line1: z.string().nullish(),
    line2: z.string().nullish(),
    city: z.string().nullish(),
    state: z.string().nullish(),
    postal_code: z.string().nullish(),
    country: z.string().nullish(),
  })
  .nullish();

const product = z.union([
  z.string(),
  z.object({
    id: z.string(),
    name: z.string().nullish(),
    metadata: z.record(z.string(), z.string()).nullish(),
  }),
]);

const lineItem = z.object({
  id: z.string(),
  description: z.string().nullish(),
  quantity: z.number().int().nullish(),
  amount_total: z.number().int(),
  currency: z.string(),
  price: z
    .object({
      unit_amount: z.number().int().nullish(),
      product: product.nullish(),
    })
    .nullish(),
});

const lineItemList = z.object({ data: z.array(lineItem), has_more: z.boolean().optional() });

const session = z.object({
  id: z.string(),
  url: z.string().nullish(),
  status: z.enum(["open", "complete", "expired"]).nullish(),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  customer_email: z.string().nullish(),
  customer_details: z
    .object({ email: z.string().nullish(), name: z.string().nullish(), address: address })
    .nullish(),
  collected_information: z
    .object({
      shipping_details: z.object({ name: z.string().nullish(), address: address }).nullish(),
    })
    .nullish(),
  line_items: lineItemList.nullish(),
  amount_subtotal: z.number().int().nullish(),
  total_details: z
    .object({
      amount_discount: z.number().int().nullish(),
      amount_shipping: z.number().int().nullish(),
      amount_tax: z.number().int().nullish(),
      // Present when `total_details.breakdown` is expanded.
      breakdown: z
        .object({
          discounts: z.array(
            z.object({
              amount: z.number().int(),
              discount: z.object({ promotion_code: idOr({ code: z.string() }).nullish() }).loose(),
            }),
          ),
        })
        .loose()
        .nullish(),
    })
    .nullish(),
  shipping_cost: z
    .object({ shipping_rate: idOr({ display_name: z.string().nullish() }).nullish() })
    .loose()
    .nullish(),
  payment_intent: idOr({}).nullish(),
});

export function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new PaymentProviderError(
    "unavailable",
    `Stripe answered with an unexpected ${what} (${issue?.path.join(".") || "(root)"}: ${issue?.message})`,
  );
}

export function reshapeCreatedSession(raw: unknown): CreatedCheckoutSession {
  const value = parse(session, raw, "checkout session");
  if (!value.url)
    throw new PaymentProviderError("unavailable", "Stripe returned a checkout session without a URL");
  return {
    id: value.id,
    url: value.url,
    amountTotal: value.amount_total ?? 0,
    currency: value.currency ?? "usd",
    status: value.status ?? "open",
  };
}

export function reshapeLineItems(raw: unknown): { lines: OrderLine[]; hasMore: boolean } {
  const list = parse(lineItemList, raw, "line item list");
  return { lines: list.data.map(reshapeLineItem), hasMore: list.has_more ?? false };
}

function reshapeLineItem(item: z.infer<typeof lineItem>): OrderLine {
  const quantity = item.quantity ?? 1;
  const productValue = item.price?.product;
  const productObject = typeof productValue === "object" && productValue ? productValue : null;
  return {
    variantId: productObject?.metadata?.[VARIANT_METADATA_KEY] ?? "",
    productTitle: item.description ?? productObject?.name ?? "Item",
    variantTitle: null,
    quantity,
    unitAmount: item.price?.unit_amount ?? Math.round(item.amount_total / quantity),
    currency: item.currency.toLowerCase(),
  };
}

export function reshapeAddress(
  name: string | null | undefined,
  value: z.infer<typeof address>,
): ShippingAddress | null {
  if (!value) return null;
  return {
    name: name ?? null,
    line1: value.line1 ?? null,
    line2: value.line2 ?? null,
    city: value.city ?? null,
    state: value.state ?? null,
    postalCode: value.postal_code ?? null,
    country: value.country ?? null,
  };
}

/**
 * The promotion code the shopper entered, as found on a session read with `total_details.breakdown`
 * expanded: its code when the promotion code was expanded too, else its id (`promo_…`) to look up.
 */
export function sessionPromotionCode(raw: unknown): { code: string } | { id: string } | null {
  const value = parse(session, raw, "checkout session");
  for (const entry of value.total_details?.breakdown?.discounts ?? []) {
    const promotion = entry.discount.promotion_code;
    if (typeof promotion === "string") return { id: promotion };
    if (promotion) return { code: promotion.code };
  }
  return null;
}

/**
 * A retrieved session; `lines` are those embedded by `expand: ["line_items"]` unless given, and
 * `promotionCode` the code looked up when the session names its promotion code by id only.
 */
export function reshapeSession(
  raw: unknown,
  lines?: OrderLine[],
  promotionCode?: string | null,
): CheckoutSessionDetails {
  const value = parse(session, raw, "checkout session");
  const shipping = value.collected_information?.shipping_details;
  const found = promotionCode === undefined ? sessionPromotionCode(raw) : null;
  const rate = value.shipping_cost?.shipping_rate;
  return {
    id: value.id,
    status: value.status ?? "open",
    paymentStatus: value.payment_status,
    email: value.customer_details?.email ?? value.customer_email ?? null,
    customerName: value.customer_details?.name ?? shipping?.name ?? null,
    shippingAddress: reshapeAddress(shipping?.name, shipping?.address),
    lines: lines ?? (value.line_items ? reshapeLineItems(value.line_items).lines : []),
    amountTotal: value.amount_total ?? 0,
    currency: (value.currency ?? "usd").toLowerCase(),
    amountSubtotal: value.amount_subtotal ?? value.amount_total ?? 0,
    amountDiscount: value.total_details?.amount_discount ?? 0,
    amountShipping: value.total_details?.amount_shipping ?? 0,
    amountTax: value.total_details?.amount_tax ?? 0,
    promotionCode: promotionCode ?? (found && "code" in found ? found.code : null),
    shippingTitle: typeof rate === "object" && rate ? (rate.display_name ?? null) : null,
    paymentIntentId:
      typeof value.payment_intent === "string" ? value.payment_intent : (value.payment_intent?.id ?? null),
  };
}

const refund = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.string().nullish(),
  reason: z.string().nullish(),
});

const refundList = z.object({ data: z.array(refund), has_more: z.boolean().optional() });

const charge = z.object({
  id: z.string(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  refunded: z.boolean(),
  payment_intent: idOr({}).nullish(),
  // Present when `refunds` is expanded (Stripe no longer embeds them by default).
  refunds: refundList.nullish(),
});

/** Whether a charge read with `expand: ["refunds"]` holds only the first page of its refunds. */
export function chargeRefundsHaveMore(raw: unknown): boolean {
  return parse(charge, raw, "charge").refunds?.has_more ?? false;
}

/** A charge read with `expand: ["refunds"]`; `refunds` are all of them when the embedded page was not. */
export function reshapeChargeRefunds(raw: unknown, refunds?: unknown[]): ChargeRefunds {
  const value = parse(charge, raw, "charge");
  const list = refunds ? parse(z.array(refund), refunds, "refund list") : (value.refunds?.data ?? []);
  return {
    chargeId: value.id,
    paymentIntentId:
      typeof value.payment_intent === "string" ? value.payment_intent : (value.payment_intent?.id ?? null),
    currency: value.currency.toLowerCase(),
    amountRefunded: value.amount_refunded,
    fullyRefunded: value.refunded,
    refunds: list.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      status: entry.status ?? "succeeded",
      reason: entry.reason ?? null,
    })),
  };
}

const event = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z
      .object({
        id: z.string().optional(),
        object: z.string().optional(),
        // A subscription schedule names its subscription (or, released, the one it was on).
        subscription: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish(),
        released_subscription: z.string().nullish(),
        // An invoice names its subscription here (API 2025-03-31 and later).
        parent: z
          .object({
            subscription_details: z
              .object({ subscription: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish() })
              .nullish(),
          })
          .loose()
          .nullish(),
      })
      .loose(),
  }),
});

const idOfSubscription = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

export function reshapeEvent(raw: unknown): PaymentWebhookEvent {
  const value = parse(event, raw, "webhook event");
  const object = value.data.object;
  return {
    id: value.id,
    type: value.type,
    checkoutSessionId: object.object === "checkout.session" && object.id ? object.id : null,
    chargeId: object.object === "charge" && object.id ? object.id : null,
    invoiceId: object.object === "invoice" && object.id ? object.id : null,
    subscriptionId:
      object.object === "subscription" && object.id
        ? object.id
        : object.object === "invoice"
          ? (idOfSubscription(object.parent?.subscription_details?.subscription) ?? null)
          : object.object === "subscription_schedule"
            ? (idOfSubscription(object.subscription) ?? object.released_subscription ?? null)
            : null,
  };
}

/**
 * Any error from the SDK as the app's PaymentProviderError, told to a buyer as `publicMessage` when
 * given (which also relabels a PaymentProviderError of our own); other errors pass through unchanged.
 */
export function reshapeStripeError(error: unknown, publicMessage?: string): unknown {
  if (error instanceof PaymentProviderError) {
    if (publicMessage === undefined || publicMessage === error.publicMessage) return error;
    return new PaymentProviderError(
      error.kind,
      error.message,
      error.providerStatus,
      error.providerCode,
      publicMessage,
    );
  }
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const status = error.statusCode;
  const unavailable =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    status === undefined ||
    status >= 500 ||
    status === 429;
  return new PaymentProviderError(
    unavailable ? "unavailable" : "rejected",
    `Stripe ${status ?? "connection"} error: ${error.message}`,
    status,
    error.code,
    publicMessage,
  );
}
