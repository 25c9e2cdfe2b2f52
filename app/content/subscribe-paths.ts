/**
 * The subscription sign-up's addresses (issue 36 item 2), apart from its copy so the page table
 * (routes.ts, in every page's bundle) takes only these few bytes.
 */
export const subscribePaths = {
  page: "/subscribe",
  welcome: "/subscribe/welcome",
  /** The subscriber's own page: next charge, calendar, cancel (issue 36 item 5). */
  account: "/account/subscription",
} as const;
