import { shippableCountry } from "./countries";
import { invalid } from "./errors";

/**
 * Stripe's form-encoded parameters, read and checked as Stripe checks them: bracketed keys arrive
 * (Express's extended parser) as nested objects and arrays of strings; every value is a string, so
 * numbers and arrays are read here. Each check throws Stripe's 400 answer naming the parameter, in
 * the order Stripe would meet them. Nothing here makes an id or touches a session (sessions.ts does).
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Form-encoded arrays arrive as arrays, or as objects keyed by index when sparse. */
export function asArray(value: unknown, param: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key)))
    return Object.keys(value)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => value[key]);
  throw invalid(`Invalid array`, param);
}

export function integer(value: unknown, param: string, min: number, max: number): number {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^-?\d+$/.test(text))
    throw invalid(`Invalid integer: ${String(value)}`, param);
  const number = Number(text);
  if (number < min) throw invalid(`This value must be greater than or equal to ${min}.`, param);
  if (number > max) throw invalid(`This value must be less than or equal to ${max}.`, param);
  return number;
}

export function string(
  value: unknown,
  param: string,
  options: { required?: boolean; max?: number } = {},
): string | null {
  if (value === undefined || value === "") {
    if (options.required) throw invalid(`Missing required param: ${param}.`, param, "parameter_missing");
    return null;
  }
  if (typeof value !== "string") throw invalid(`Invalid string: ${JSON.stringify(value)}`, param);
  if (options.max && value.length > options.max)
    throw invalid(`This value must be ${options.max} characters or fewer.`, param);
  return value;
}

function requiredString(value: unknown, param: string, max?: number): string {
  return string(value, param, { required: true, max }) as string;
}

function url(value: unknown, param: string, required: boolean): string | null {
  const text = string(value, param, { required, max: 5000 });
  if (text === null) return null;
  try {
    const parsed = new URL(text.replace("{CHECKOUT_SESSION_ID}", "placeholder"));
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
  } catch {
    throw invalid("Not a valid URL", param, "url_invalid");
  }
  return text;
}

function metadata(value: unknown, param: string): Record<string, string> {
  if (value === undefined || value === "") return {};
  if (!isRecord(value)) throw invalid("Invalid hash", param);
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") throw invalid("Invalid metadata value", `${param}[${key}]`);
    if (key.length > 40) throw invalid("Metadata keys can be at most 40 characters", `${param}[${key}]`);
    if (entry.length > 500)
      throw invalid("Metadata values can be at most 500 characters", `${param}[${key}]`);
    out[key] = entry;
  }
  return out;
}

function currency(value: unknown, param: string): string {
  const text = string(value, param, { required: true });
  if (!text || !/^[a-zA-Z]{3}$/.test(text)) throw invalid(`Invalid currency: ${String(value)}`, param);
  return text.toLowerCase();
}

/** `expand[]`: the paths to expand, whatever else came with them ignored (as Stripe does). */
export function expandList(value: unknown): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  return list.filter((entry): entry is string => typeof entry === "string");
}

/** `limit` of a list: 10 unless given, 1 to 100. */
export function listLimit(value: unknown): number {
  return value === undefined ? 10 : integer(value, "limit", 1, 100);
}

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
  recurring: { interval: "day" | "week" | "month" | "year"; intervalCount: number } | null;
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
  subscriptionData: {
    billingMode: "classic" | "flexible";
    metadata: Record<string, string>;
    description: string | null;
  } | null;
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

const INTERVALS = ["day", "week", "month", "year"] as const;

function recurringParams(value: unknown, param: string): LineParams["recurring"] {
  if (value === undefined || value === "") return null;
  if (!isRecord(value)) throw invalid("Invalid hash", param);
  const interval = string(value.interval, `${param}[interval]`, { required: true });
  if (!INTERVALS.includes(interval as (typeof INTERVALS)[number]))
    throw invalid(`Invalid interval: must be one of ${INTERVALS.join(", ")}`, `${param}[interval]`);
  const intervalCount =
    value.interval_count === undefined
      ? 1
      : integer(value.interval_count, `${param}[interval_count]`, 1, 365);
  // Stripe's limit: at most a year between billings.
  const days =
    { day: 1, week: 7, month: 31, year: 366 }[interval as (typeof INTERVALS)[number]] * intervalCount;
  if (days > 366)
    throw invalid("The maximum billing interval is one year (1 year, 12 months, or 52 weeks).", param);
  return { interval: interval as (typeof INTERVALS)[number], intervalCount };
}

function subscriptionData(value: unknown): CreateSessionParams["subscriptionData"] {
  const raw = value === undefined || value === "" ? {} : value;
  if (!isRecord(raw)) throw invalid("Invalid hash", "subscription_data");
  for (const key of Object.keys(raw)) {
    if (!["billing_mode", "metadata", "description"].includes(key))
      throw invalid(`Received unknown parameter: subscription_data[${key}]`, `subscription_data[${key}]`);
  }
  const billingMode = isRecord(raw.billing_mode) ? raw.billing_mode.type : undefined;
  if (billingMode !== undefined && billingMode !== "classic" && billingMode !== "flexible")
    throw invalid(
      "Invalid billing_mode[type]: must be one of classic or flexible",
      "subscription_data[billing_mode][type]",
    );
  return {
    billingMode: billingMode ?? "classic",
    metadata: metadata(raw.metadata, "subscription_data[metadata]"),
    description: string(raw.description, "subscription_data[description]", { max: 500 }),
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
