import { shippableCountry } from "./countries";
import { invalid } from "./errors";
import {
  asArray,
  currency,
  expandList,
  integer,
  isRecord,
  listLimit,
  metadata,
  requiredString,
  string,
  url,
} from "./param-values";
import {
  type Recurring,
  recurringParams,
  type SubscriptionData,
  subscriptionData,
} from "./subscription-params";

export { asArray, expandList, integer, isRecord, listLimit, string };

/**
 * A Checkout Session's parameters, read and checked as Stripe checks them (the values themselves by
 * param-values.ts, a subscription's by subscription-params.ts). Each check throws Stripe's 400 answer
 * naming the parameter, in the order Stripe would meet them. Nothing here makes an id or touches a
 * session (sessions.ts does).
 */

// --- POST /v1/checkout/sessions ---------------------------------------------------------------------

/** The parameters of a session the emulator models; any other is refused as Stripe refuses an unknown one. */
const CREATE_PARAMS = new Set([
  "mode",
  "line_items",
  "success_url",
  "cancel_url",
  "shipping_address_collection",
  "shipping_options",
  "customer_email",
  "client_reference_id",
  "metadata",
  "payment_method_types",
  "expand",
  "locale",
  "billing_address_collection",
  "expires_at",
  "allow_promotion_codes",
  "automatic_tax",
  "consent_collection",
  "custom_text",
  "phone_number_collection",
  "submit_type",
  "customer",
  "subscription_data",
]);

const LINE_PARAMS = ["quantity", "price_data", "price", "adjustable_quantity"];

export type LineParams = {
  quantity: number;
  /** A subscription's line: how often its price recurs (`price_data[recurring]`). */
  recurring: Recurring;
  /** Lower case, as Stripe answers it. */
  currency: string;
  /** In the currency's smallest unit. */
  unitAmount: number;
  product: { name: string; description: string | null; metadata: Record<string, string> };
};

export type ShippingRateParams = { displayName: string; amount: number };

/** A session's parameters, checked: what sessions.ts needs to make one. */
export type CreateSessionParams = {
  mode: "payment" | "subscription";
  /** An existing customer (`cus_…`), e.g. one on a test clock. */
  customer: string | null;
  /** `subscription_data`: what the subscription Checkout makes carries. */
  subscriptionData: SubscriptionData;
  successUrl: string;
  cancelUrl: string | null;
  lines: LineParams[];
  /** Every line's currency (they must agree). */
  currency: string;
  allowedCountries: string[] | null;
  shippingRates: ShippingRateParams[];
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  locale: string | null;
};

function lineParams(raw: unknown, index: number): LineParams {
  const param = `line_items[${index}]`;
  if (!isRecord(raw)) throw invalid("Invalid object", param);
  for (const key of Object.keys(raw)) {
    if (!LINE_PARAMS.includes(key))
      throw invalid(`Received unknown parameter: ${param}[${key}]`, `${param}[${key}]`);
  }
  if (raw.price !== undefined)
    throw invalid(`No such price: '${String(raw.price)}'`, `${param}[price]`, "resource_missing");
  const quantity = integer(raw.quantity, `${param}[quantity]`, 1, 999_999);
  const priceData = raw.price_data;
  if (!isRecord(priceData))
    throw invalid(
      `You must specify either \`price\` or \`price_data\` in ${param}.`,
      param,
      "parameter_missing",
    );
  const lineCurrency = currency(priceData.currency, `${param}[price_data][currency]`);
  const recurring = recurringParams(priceData.recurring, `${param}[price_data][recurring]`);
  const unitAmount = integer(priceData.unit_amount, `${param}[price_data][unit_amount]`, 0, 99_999_999);
  const productData = priceData.product_data;
  const productParam = `${param}[price_data][product_data]`;
  if (!isRecord(productData))
    throw invalid("Missing required param: product_data.", productParam, "parameter_missing");
  return {
    quantity,
    recurring,
    currency: lineCurrency,
    unitAmount,
    product: {
      name: requiredString(productData.name, `${productParam}[name]`, 250),
      description: string(productData.description, `${productParam}[description]`),
      metadata: metadata(productData.metadata, `${productParam}[metadata]`),
    },
  };
}

function lines(value: unknown, mode: "payment" | "subscription"): LineParams[] {
  const raw = value === undefined ? [] : asArray(value, "line_items");
  if (raw.length === 0)
    throw invalid(
      `You must provide at least one line item when mode=${mode}.`,
      "line_items",
      "parameter_missing",
    );
  if (raw.length > 100) throw invalid("You may only specify up to 100 line items.", "line_items");
  const parsed = raw.map(lineParams);
  parsed.forEach((line, index) => {
    if (mode === "subscription" && !line.recurring)
      throw invalid(
        "You must specify at least one recurring price in `subscription` mode when using prices.",
        `line_items[${index}][price_data][recurring]`,
      );
    if (mode === "payment" && line.recurring)
      throw invalid(
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
        `line_items[${index}][price_data][recurring]`,
      );
  });
  return parsed;
}

function allowedCountries(value: unknown): string[] | null {
  if (value === undefined) return null;
  if (!isRecord(value)) throw invalid("Invalid hash", "shipping_address_collection");
  const param = "shipping_address_collection[allowed_countries]";
  const countries = asArray(value.allowed_countries, param).map((country) =>
    shippableCountry(country, param),
  );
  if (countries.length === 0) throw invalid("Missing required param: allowed_countries.", param);
  return countries;
}

function shippingRate(raw: unknown, index: number, sessionCurrency: string): ShippingRateParams {
  const param = `shipping_options[${index}]`;
  if (!isRecord(raw) || !isRecord(raw.shipping_rate_data))
    throw invalid("Missing required param: shipping_rate_data.", param, "parameter_missing");
  const data = raw.shipping_rate_data;
  const dataParam = `${param}[shipping_rate_data]`;
  if (data.type !== undefined && data.type !== "fixed_amount")
    throw invalid(`Invalid type: ${String(data.type)}`, `${dataParam}[type]`);
  const displayName = requiredString(data.display_name, `${dataParam}[display_name]`, 100);
  if (!isRecord(data.fixed_amount))
    throw invalid("Missing required param: fixed_amount.", `${dataParam}[fixed_amount]`);
  const amount = integer(data.fixed_amount.amount, `${dataParam}[fixed_amount][amount]`, 0, 99_999_999);
  const rateCurrency = currency(data.fixed_amount.currency, `${dataParam}[fixed_amount][currency]`);
  if (rateCurrency !== sessionCurrency)
    throw invalid("Shipping rates must use the session's currency.", `${dataParam}[fixed_amount][currency]`);
  return { displayName, amount };
}

function shippingRates(value: unknown, sessionCurrency: string): ShippingRateParams[] {
  const raw = value === undefined ? [] : asArray(value, "shipping_options");
  const rates = raw.map((option, index) => shippingRate(option, index, sessionCurrency));
  if (rates.length > 5) throw invalid("You may only specify up to 5 shipping options.", "shipping_options");
  return rates;
}

/** Checks a create request's body, in the order Stripe meets the parameters. */
export function createSessionParams(body: Record<string, unknown>): CreateSessionParams {
  for (const key of Object.keys(body)) {
    if (!CREATE_PARAMS.has(key)) throw invalid(`Received unknown parameter: ${key}`, key);
  }
  const mode = string(body.mode, "mode", { required: true });
  if (mode !== "payment" && mode !== "subscription")
    throw invalid(`This emulator supports mode=payment and mode=subscription only (got ${mode}).`, "mode");
  if (mode === "payment" && body.subscription_data !== undefined)
    throw invalid("You can only pass `subscription_data` in `subscription` mode.", "subscription_data");
  if (mode === "subscription" && body.shipping_options !== undefined)
    throw invalid(
      "The Stripe emulator does not model shipping rates in `subscription` mode.",
      "shipping_options",
    );
  if (mode === "subscription" && body.allow_promotion_codes === "true")
    throw invalid(
      "The Stripe emulator does not model promotion codes in `subscription` mode.",
      "allow_promotion_codes",
    );
  const successUrl = url(body.success_url, "success_url", true) as string;
  const cancelUrl = url(body.cancel_url, "cancel_url", false);
  const lineParams = lines(body.line_items, mode);
  const sessionCurrency = lineParams[0]?.currency ?? "usd";
  if (lineParams.some((line) => line.currency !== sessionCurrency))
    throw invalid("All line items must have the same currency.", "line_items");
  const customer = string(body.customer, "customer");
  if (customer && body.customer_email !== undefined)
    throw invalid(
      "You may only specify one of these parameters: customer, customer_email.",
      "customer_email",
    );
  return {
    mode,
    customer,
    subscriptionData: mode === "subscription" ? subscriptionData(body.subscription_data) : null,
    successUrl,
    cancelUrl,
    lines: lineParams,
    currency: sessionCurrency,
    allowedCountries: allowedCountries(body.shipping_address_collection),
    shippingRates: shippingRates(body.shipping_options, sessionCurrency),
    customerEmail: string(body.customer_email, "customer_email", { max: 800 }),
    clientReferenceId: string(body.client_reference_id, "client_reference_id", { max: 200 }),
    metadata: metadata(body.metadata, "metadata"),
    locale: string(body.locale, "locale"),
  };
}
