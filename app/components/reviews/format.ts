import { formatNumber } from "~/content/number-format";

/**
 * Numbers and dates of the reviews pages, the same on the server and in the browser (fixed locale and
 * time zone), so hydration finds the text it rendered. The date formatter is made on first use, so
 * only a page that shows a review's date pays for Intl's locale data (decision 086).
 */
export const formatCount = (value: number) => formatNumber(value);

let dateFormat: Intl.DateTimeFormat | undefined;

export function formatDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
  return dateFormat.format(new Date(iso));
}

/** The share of `count` in `total`, as a whole percent (0 with no total). */
export const percentOf = (count: number, total: number) =>
  total > 0 ? Math.round((100 * count) / total) : 0;
