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
