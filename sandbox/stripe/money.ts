/**
 * Amounts as the pay page shows them. Stripe counts in the currency's smallest unit, and a few
 * currencies have none: Stripe's own list of zero-decimal currencies, written out here from Stripe's
 * documentation rather than taken from the app, so that the emulator shows what Stripe would charge
 * even where the app gets a currency wrong (decision 064).
 */
const STRIPE_ZERO_DECIMAL = new Set(
  "BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF".split(" "),
);

const formats = new Map<string, Intl.NumberFormat>();

/** 12700, "usd" → "$127.00"; 1500, "jpy" → "¥1,500". */
export function formatAmount(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (format === undefined) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    formats.set(code, format);
  }
  return format.format(STRIPE_ZERO_DECIMAL.has(code) ? minorUnits : minorUnits / 100);
}

/** Digits after the decimal point of `currency`'s amounts as people write them (0 or 2). */
export function decimalDigits(currency: string): number {
  return STRIPE_ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/** "12.5", "usd" → 1250; null for anything that is not a plain positive amount in that currency. */
export function parseAmount(text: string, currency: string): number | null {
  const digits = decimalDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(
    text
      .trim()
      .replace(/^[$€£¥]/, "")
      .replaceAll(",", ""),
  );
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** 1250, "usd" → "12.50": an amount as a form field holds it. */
export function amountField(minorUnits: number, currency: string): string {
  const digits = decimalDigits(currency);
  return digits === 0 ? String(minorUnits) : (minorUnits / 10 ** digits).toFixed(digits);
}
