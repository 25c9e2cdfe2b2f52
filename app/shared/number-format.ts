/**
 * Numbers as en-US text, written out by hand rather than through `Intl`: the first Intl
 * formatter a page makes loads locale data, and on the Deep Dive that cost a throttled phone about
 * 30 ms of main thread during hydration for one price (issue 19). The text is the same on the server
 * and in the browser (fixed locale), so hydration finds what the server rendered; a unit
 * test holds it equal to Intl's.
 */

/** `2,847`, `0.25`, `1,234.5`: digits grouped by three, at most `maxFraction` decimals (en-US defaults: 0 and 3). */
export function formatNumber(
  value: number,
  options: { minFraction?: number; maxFraction?: number } = {},
): string {
  const { minFraction = 0, maxFraction = Math.max(minFraction, 3) } = options;
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(maxFraction);
  const [whole = "0", rawFraction = ""] = fixed.split(".");
  let fraction = rawFraction;
  while (fraction.length > minFraction && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = value < 0 && Number(fixed) !== 0 ? "-" : "";
  return `${sign}${grouped}${fraction ? `.${fraction}` : ""}`;
}
