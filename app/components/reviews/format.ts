import { formatDayLong } from "~/shared/dates";
import { formatNumber } from "~/shared/number-format";

/**
 * Numbers and dates of the reviews pages, the same on the server and in the browser (fixed locale and
 * time zone), so hydration finds the text it rendered, and without Intl (decisions 086 and 143).
 */
export const formatCount = (value: number) => formatNumber(value);

/** "November 27, 2026". */
export const formatDate = (iso: string) => formatDayLong(iso);

/** The share of `count` in `total`, as a whole percent (0 with no total). */
export const percentOf = (count: number, total: number) =>
  total > 0 ? Math.round((100 * count) / total) : 0;
