import { invalid } from "./errors";
import { isRecord, string } from "./parameters";

/**
 * The Checkout options beside the lines (POST /v1/checkout/sessions), read and checked as Stripe
 * checks them: `allow_promotion_codes`, `automatic_tax`, `consent_collection`, `custom_text`.
 */

export type CustomTextKey = "after_submit" | "shipping_address" | "submit" | "terms_of_service_acceptance";
const CUSTOM_TEXT_KEYS: CustomTextKey[] = [
  "after_submit",
  "shipping_address",
  "submit",
  "terms_of_service_acceptance",
];

export type CheckoutOptions = {
  allowPromotionCodes: boolean;
  automaticTax: boolean;
  consent: { termsOfService: "required" | "none" | null; promotions: "auto" | "none" | null } | null;
  customText: Record<CustomTextKey, { message: string } | null>;
};

function boolean(value: unknown, param: string): boolean | null {
  if (value === undefined || value === "") return null;
  if (value === "true" || value === true) return true;
  if (value === "false" || value === false) return false;
  throw invalid(`Invalid boolean: ${String(value)}`, param);
}

function oneOf<T extends string>(value: unknown, param: string, allowed: readonly T[]): T | null {
  if (value === undefined || value === "") return null;
  if (typeof value !== "string" || !allowed.includes(value as T))
    throw invalid(`Invalid ${param}: must be one of ${allowed.join(" or ")}`, param);
  return value as T;
}

function hash(value: unknown, param: string, keys: readonly string[]): Record<string, unknown> | null {
  if (value === undefined || value === "") return null;
  if (!isRecord(value)) throw invalid("Invalid hash", param);
  for (const key of Object.keys(value)) {
    if (!keys.includes(key))
      throw invalid(`Received unknown parameter: ${param}[${key}]`, `${param}[${key}]`);
  }
  return value;
}

function automaticTax(value: unknown): boolean {
  const raw = hash(value, "automatic_tax", ["enabled", "liability"]);
  if (!raw) return false;
  const enabled = boolean(raw.enabled, "automatic_tax[enabled]");
  if (enabled === null)
    throw invalid(
      "Missing required param: automatic_tax[enabled].",
      "automatic_tax[enabled]",
      "parameter_missing",
    );
  return enabled;
}

function consent(value: unknown): CheckoutOptions["consent"] {
  const raw = hash(value, "consent_collection", [
    "terms_of_service",
    "promotions",
    "payment_method_reuse_agreement",
  ]);
  if (!raw) return null;
  return {
    termsOfService: oneOf(raw.terms_of_service, "consent_collection[terms_of_service]", ["required", "none"]),
    promotions: oneOf(raw.promotions, "consent_collection[promotions]", ["auto", "none"]),
  };
}

function customText(value: unknown): CheckoutOptions["customText"] {
  const raw = hash(value, "custom_text", CUSTOM_TEXT_KEYS) ?? {};
  const out = {} as CheckoutOptions["customText"];
  for (const key of CUSTOM_TEXT_KEYS) {
    // An empty string unsets the text, as Stripe reads it.
    const entry = hash(raw[key], `custom_text[${key}]`, ["message"]);
    const message = entry
      ? string(entry.message, `custom_text[${key}][message]`, { required: true, max: 1200 })
      : null;
    out[key] = message ? { message } : null;
  }
  return out;
}

/** Checks the options of a create request (its other parameters are parameters.ts's). */
export function checkoutOptions(body: Record<string, unknown>): CheckoutOptions {
  const options: CheckoutOptions = {
    allowPromotionCodes: boolean(body.allow_promotion_codes, "allow_promotion_codes") ?? false,
    automaticTax: automaticTax(body.automatic_tax),
    consent: consent(body.consent_collection),
    customText: customText(body.custom_text),
  };
  if (options.customText.terms_of_service_acceptance && options.consent?.termsOfService !== "required")
    throw invalid(
      "You may only set `custom_text[terms_of_service_acceptance]` when `consent_collection[terms_of_service]` is `required`.",
      "custom_text[terms_of_service_acceptance]",
    );
  return options;
}
