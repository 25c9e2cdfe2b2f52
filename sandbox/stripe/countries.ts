import { invalid } from "./errors";

/**
 * The countries Checkout may ship to, as `shipping_address_collection[allowed_countries]` takes them:
 * ISO 3166-1 alpha-2 codes in upper case, less those Stripe's list leaves out.
 */

/**
 * Countries Checkout cannot ship to (absent from Stripe's `allowed_countries` enum): American Samoa,
 * Christmas Island, Cocos Islands, Cuba, Heard Island, Iran, North Korea, Marshall Islands,
 * Micronesia, Norfolk Island, Northern Mariana Islands, Palau, Sudan, Syria, US Minor Outlying
 * Islands, US Virgin Islands.
 */
const NOT_SHIPPABLE = new Set("AS CX CC CU HM IR KP MH FM NF MP PW SD SY UM VI".split(" "));
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** "US" → "United States"; undefined for a code that names no region. */
export function countryName(code: string): string | undefined {
  try {
    return regionNames.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

/** One entry of `allowed_countries`, refused (naming the list) as Stripe refuses a value outside its enum. */
export function shippableCountry(value: unknown, param: string): string {
  const code = typeof value === "string" ? value : "";
  if (!/^[A-Z]{2}$/.test(code) || NOT_SHIPPABLE.has(code) || !countryName(code))
    throw invalid(`Invalid country: ${String(value)}`, param);
  return code;
}
