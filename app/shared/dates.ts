/**
 * A day as the site's pages write it for the kit and results pages: "Nov 27, 2026", in UTC so the
 * server's rendering and the browser's hydration agree.
 */
const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export const formatDay = (date: Date | string): string =>
  dayFormat.format(typeof date === "string" ? new Date(date) : date);
