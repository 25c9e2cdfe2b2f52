import type { AdminCalendarCharge, AdminSubscriptionState } from "~/contracts/admin-subscriptions";

/**
 * The back office's subscriptions copy (issue 36 item 7; docs/decisions/135-…): the states in the
 * operator's words, the filter, the calendar's charge states, and what the pages explain. The shop's
 * pages never load it.
 */

type Tone = "good" | "wait" | "bad";

export const adminSubscriptionsCopy = {
  states: {
    pending: { label: "Pending", tone: "wait", filter: "Pending" },
    active: { label: "Active", tone: "good", filter: "Active" },
    paused: { label: "Paused (off weeks)", tone: "wait", filter: "Paused" },
    past_due: { label: "Past due", tone: "bad", filter: "Past due" },
    canceled: { label: "Cancelled", tone: "wait", filter: "Cancelled" },
  } satisfies Record<AdminSubscriptionState, { label: string; tone: Tone; filter: string }>,
  stateHelp: {
    pending: "The checkout was started but never paid: nothing is charged or shipped.",
    active: "Charged and shipped on its cycle.",
    paused: "In the off weeks of its cycle: nothing is charged or shipped until the next charge.",
    past_due:
      "A payment failed and is not paid yet: Stripe tries again, and e-mails the customer a link to fix the card.",
    canceled: "Nothing more is charged or shipped.",
  } satisfies Record<AdminSubscriptionState, string>,
  charges: {
    paid: "Paid",
    next: "Next charge",
    due: "Due, not paid yet",
    planned: "Planned",
    skipped: "Skipped",
    unpaid: "Not paid",
  } satisfies Record<AdminCalendarCharge["status"], string>,
  periods: { on: "On", off: "Off", paused: "Paused" },
  filterLabel: "Show subscriptions",
  allFilter: "All",
  none: "No subscriptions yet.",
  noneInState: "No subscription is in this state.",
  noneOnPage: "No subscriptions on this page.",
  noCharge: "None",
  noFailures: "None",
  calendarNote:
    "Each bottle is 30 servings, one a day on the on weeks; servings left when the off weeks start are taken in the next on weeks, and the next bottle is charged the day the last one runs out. Dates are the store's (New York).",
  noCalendar: "The calendar starts with the first charge, which has not been recorded yet.",
  notFound: (asked: string) =>
    `There is no subscription ${asked}. The subscriptions list shows them all, newest first.`,
} as const;
