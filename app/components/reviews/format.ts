/**
 * Numbers and dates of the reviews pages, the same on the server and in the browser (fixed locale and
 * time zone), so hydration finds the text it rendered.
 */
const numberFormat = new Intl.NumberFormat("en-US");
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export const formatCount = (value: number) => numberFormat.format(value);

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The share of `count` in `total`, as a whole percent (0 with no total). */
export const percentOf = (count: number, total: number) =>
  total > 0 ? Math.round((100 * count) / total) : 0;
