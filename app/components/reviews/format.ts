import { formatLongDate, formatNumber } from "~/content/number-format";

/**
 * Numbers and dates of the reviews pages, the same on the server and in the browser (fixed locale and
 * time zone), so hydration finds the text it rendered.
 */
export const formatCount = (value: number) => formatNumber(value);

export const formatDate = (iso: string) => formatLongDate(iso);

/** The share of `count` in `total`, as a whole percent (0 with no total). */
export const percentOf = (count: number, total: number) =>
  total > 0 ? Math.round((100 * count) / total) : 0;
