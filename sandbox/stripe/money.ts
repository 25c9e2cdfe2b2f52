/** Currencies Stripe charges in whole units (no minor unit). */
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

export function formatAmount(amount: number, currency: string): string {
  const exponent = ZERO_DECIMAL.has(currency.toLowerCase()) ? 0 : 2;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amount / 10 ** exponent,
  );
}
