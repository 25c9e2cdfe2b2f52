/**
 * Money in minor units (cents), as Stripe and the orders table keep it: read from a decimal amount,
 * written for a person. Pure, importing only from app/shared (decision 096), so orders, mail, admin,
 * support, Shopify, the contracts and the browser all read money through this one module.
 */
import { formatNumber } from "./number-format";

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

/** How many digits a currency's minor unit has: 2 for USD (cents), 0 for JPY. */
export function currencyExponent(currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
}

/** "39.00" USD → 3900. Exact (no floating point); null for anything that is not a plain decimal amount. */
export function toMinorUnits(amount: string, currency: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!match) return null;
  const exponent = currencyExponent(currency);
  const whole = match[1] as string;
  const fraction = (match[2] ?? "").padEnd(exponent, "0");
  // More precision than the currency has (e.g. 39.005 USD) is not a price Stripe can charge.
  if (fraction.length > exponent && /[1-9]/.test(fraction.slice(exponent))) return null;
  return Number(whole) * 10 ** exponent + Number(fraction.slice(0, exponent) || "0");
}

/**
 * How en-US writes each currency's amount (the symbol, or the code and a no-break space, before the
 * digits), for the currencies a store is likely to sell in. Written by hand rather than through Intl:
 * the first Intl formatter a page makes loads locale data, one task of about 80 ms on a mid-range phone
 * in the subscription pages' hydration (issue 39, decision 153). A unit test holds every entry equal to
 * Intl's own text.
 */
const WRITTEN: Record<string, string> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  CAD: "CA$",
  AUD: "A$",
  NZD: "NZ$",
  MXN: "MX$",
  HKD: "HK$",
  BRL: "R$",
  JPY: "¥",
  CNY: "CN¥",
  KRW: "₩",
  INR: "₹",
  CHF: "CHF\u00a0",
  SEK: "SEK\u00a0",
  NOK: "NOK\u00a0",
  DKK: "DKK\u00a0",
  PLN: "PLN\u00a0",
  SGD: "SGD\u00a0",
  ZAR: "ZAR\u00a0",
};

/** The currencies `formatMoney` writes by hand (the rest go through Intl). */
export const WRITTEN_CURRENCIES = Object.keys(WRITTEN);

/** One formatter per currency outside the table: making an Intl.NumberFormat costs far more than using one. */
const formatters = new Map<string, Intl.NumberFormat>();

/** 3900, "usd" → "$39.00"; 390000, "jpy" → "¥390,000"; -500, "chf" → "-CHF 5.00". */
export function formatMoney(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase();
  const written = WRITTEN[code];
  if (written !== undefined && Number.isSafeInteger(amountMinor)) {
    const exponent = currencyExponent(currency);
    const minor = Math.abs(amountMinor);
    const unit = 10 ** exponent;
    const whole = formatNumber(Math.floor(minor / unit), { maxFraction: 0 });
    const fraction = exponent ? `.${String(minor % unit).padStart(exponent, "0")}` : "";
    const sign = amountMinor < 0 || Object.is(amountMinor, -0) ? "-" : "";
    return `${sign}${written}${whole}${fraction}`;
  }
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    formatters.set(code, formatter);
  }
  return formatter.format(amountMinor / 10 ** currencyExponent(currency));
}
