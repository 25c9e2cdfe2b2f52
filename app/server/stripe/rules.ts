/**
 * Stripe's own rules that more than the adapter needs, written once. Pure and browser-safe (no
 * `.server` suffix, no imports): the contracts re-export what the browser needs
 * (app/contracts/order-confirmation.ts), the server imports it from here (decision 072).
 */

/** A Stripe Checkout Session id as Stripe issues them: `cs_test_…` or `cs_live_…`, at most 255 characters. */
export const CHECKOUT_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,247}$/;

/** Currencies without a minor unit (Stripe's zero-decimal list): amounts are sent to Stripe as whole units. */
const ZERO_DECIMAL = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);

export function currencyExponent(currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
}
