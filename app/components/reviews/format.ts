import { formatNumber } from "~/shared/number-format";

/**
 * Numbers of the reviews pages, the same on the server and in the browser (fixed locale), so hydration
 * finds the text it rendered, and without Intl (decision 086); their dates are `formatDayLong`'s
 * (`~/shared/dates`, decision 143).
 */
export const formatCount = (value: number) => formatNumber(value);

/** The share of `count` in `total`, as a whole percent (0 with no total). */
export const percentOf = (count: number, total: number) =>
  total > 0 ? Math.round((100 * count) / total) : 0;
