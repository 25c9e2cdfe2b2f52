import { formatMonthDay, formatWeekdayDay } from "~/shared/dates";
import { formatMoney } from "~/shared/money";
import { guarantee } from "./product";
import { brand } from "./site";
import { subscribePaths } from "./subscribe-paths";

/**
 * The words of /account/subscription and its cancel page (issue 36 item 5, decision 132). Dates are
 * calendar dates in the store's time zone ("2026-03-31"), written by `~/shared/dates`.
 */

export const bottlesWord = (count: number) => `${count} bottle${count === 1 ? "" : "s"}`;
export const weeksWord = (count: number) => `${count} week${count === 1 ? "" : "s"}`;
export const money = formatMoney;

export const SUBSCRIPTION_PATH = subscribePaths.account;
export const CANCEL_PATH = "/account/subscription/cancel";

export const subscriptionPage = {
  title: `Your subscription | ${brand.name}`,
  eyebrow: "Your account",
  heading: "Your subscription",
  lead: (email: string) =>
    `Signed in as ${email}. Change anything here, at any hour: each change reaches our payment provider at once and we confirm it by e-mail.`,
  signedOut: {
    heading: "Your subscription",
    lead: `Your ${brand.name} Enhancer subscription lives here: the next charge and its amount, your calendar of weeks on and off, and the buttons to skip a delivery, pause, change your cycle or bottles, update your card, or cancel. Sign in with the e-mail address you subscribed with.`,
    signIn: "Sign in to your subscription",
    noPassword: "No password: we e-mail you a link, or you use a passkey.",
  },
  none: {
    heading: "No subscription on this address",
    text: (email: string) =>
      `We have no subscription for ${email}. If you subscribed with another e-mail address, sign out and sign in with that one.`,
    shop: `See the ${brand.name} Enhancer`,
  },
  status: {
    active: "Active",
    off: (until: string) => `Off weeks until ${formatMonthDay(until)}: nothing is charged or shipped`,
    paused: (until: string) =>
      `Paused until ${formatMonthDay(until)}, as you asked: nothing is charged or shipped`,
    payment_failed: "Payment failed: update your card",
    canceled: (on: string | null) => (on ? `Cancelled on ${formatWeekdayDay(on)}` : "Cancelled"),
    unavailable: "Status unavailable right now",
  },
  paymentFailed: (nextAttemptOn: string | null) =>
    nextAttemptOn
      ? `Your bank declined the last charge. We try again on ${formatWeekdayDay(nextAttemptOn)}: update your card before then and the next bottle ships as planned.`
      : "Your bank declined the last charge and no further attempt is scheduled. Update your card to keep your subscription.",
  unavailable:
    "We could not reach our payment provider to read your subscription's calendar. Nothing has changed: try again in a minute.",
  changePending:
    "A change you asked for is on its way to our payment provider. It shows here once it is made, and we e-mail you then.",
  next: {
    heading: "Next charge",
    none: "No charge is due in the next six months.",
    amount: (amount: number, currency: string, quantity: number) =>
      `${formatMoney(amount, currency)} for ${bottlesWord(quantity)}`,
  },
  terms: {
    bottles: "Each delivery",
    bottlesValue: (quantity: number, unitAmount: number, currency: string) =>
      `${bottlesWord(quantity)} at ${formatMoney(unitAmount, currency)} each`,
    cycle: "Your cycle",
    cycleValue: (on: number, off: number) => `${on} weeks on, ${off} weeks off`,
    status: "Status",
  },
  calendar: {
    heading: "Your calendar",
    lead: "Up to four weeks back and six months ahead. Each bottle is 30 servings, one a day on your on days; the next bottle is charged and shipped the day the last one runs out.",
    legend: { on: "On: a capsule serving a day", off: "Off weeks", paused: "Paused by you", today: "Today" },
    periodName: { on: "On", off: "Off weeks", paused: "Paused" },
    carried: (servings: number) =>
      servings > 0 ? `${servings} servings left from your last bottle carry over.` : "Nothing to carry over.",
    charge: (amount: string) => `Charge and shipment, ${amount}`,
    skipped: "Skipped: nothing charged or shipped",
    past: "Charged",
  },
  actions: {
    heading: "Change your subscription",
    skip: {
      heading: "Skip the next delivery",
      text: (on: string, then: string | null) =>
        `Nothing is charged or shipped on ${formatWeekdayDay(on)}. ${then ? `Your next charge becomes ${formatWeekdayDay(then)}.` : ""}`.trim(),
      button: (on: string) => `Skip ${formatMonthDay(on)}`,
      none: "There is no delivery to skip in the months ahead.",
    },
    pause: {
      heading: "Pause",
      text: "From today: nothing is charged or shipped while paused, and every date after moves by the pause.",
      label: "How long",
      option: (weeks: number) => weeksWord(weeks),
      button: "Pause my subscription",
    },
    cycle: {
      heading: "Change your cycle",
      text: "Takes effect today: the on or off weeks you are in take their new length, and servings at home carry over.",
      on: "Weeks on",
      off: "Weeks off",
      optionOn: (weeks: number) => `${weeks} weeks on`,
      optionOff: (weeks: number) => `${weeks} weeks off`,
      button: "Change my cycle",
    },
    quantity: {
      heading: "Bottles per delivery",
      text: (unitAmount: number, currency: string) =>
        `${formatMoney(unitAmount, currency)} a bottle, the price you signed up at. From your next delivery; nothing is charged for the change.`,
      label: "Bottles",
      option: (count: number, unitAmount: number, currency: string) =>
        `${bottlesWord(count)} (${formatMoney(unitAmount * count, currency)})`,
      button: "Change bottles",
    },
    card: {
      heading: "Card and billing address",
      text: "Opens Stripe's secure page for your card and billing address; it brings you back here.",
      button: "Update card or billing address",
    },
    cancel: {
      heading: "Cancel",
      text: "One page, one button: nothing more is charged after that. Bottles already paid for still ship.",
      link: "Cancel my subscription",
    },
  },
  confirmation: {
    skip: (on: string | null) =>
      on
        ? `Done: the delivery of ${formatWeekdayDay(on)} is skipped. Nothing is charged or shipped that day. We have e-mailed you a confirmation.`
        : "Done: the next delivery is skipped. We have e-mailed you a confirmation.",
    pause: (weeks: number, until: string) =>
      `Done: your subscription is paused for ${weeksWord(weeks)}, until ${formatWeekdayDay(until)}. We have e-mailed you a confirmation.`,
    cycle: (on: number, off: number) =>
      `Done: your cycle is now ${on} weeks on, ${off} weeks off. We have e-mailed you a confirmation.`,
    quantity: (quantity: number) =>
      `Done: from your next delivery you receive ${bottlesWord(quantity)}. We have e-mailed you a confirmation.`,
    cancel: "Your subscription is cancelled: nothing more is charged. We have e-mailed you a confirmation.",
  },
  ended: "Subscription ended",
  canceled: {
    text: "Nothing more is charged or shipped. Bottles you had already paid for still ship.",
    again: `Subscribe again from the ${brand.name} Enhancer page`,
  },
  notFound: "There is no such subscription in your account.",
  invalid: {
    weeks: "Choose a pause of 2 to 8 weeks.",
    cycle: "Choose 8, 10 or 12 weeks on and 2, 3 or 4 weeks off.",
    quantity: "Choose 1 to 6 bottles.",
    other: "Choose one of the page's buttons.",
  },
} as const;

export const cancelPage = {
  title: `Cancel your subscription | ${brand.name}`,
  heading: "Cancel your subscription",
  lead: "Read what happens, then press the button once. It works at any hour.",
  consequencesHeading: "What happens when you cancel",
  consequences: (last: { on: string; amount: string } | null, next: { on: string } | null) => [
    next
      ? `Your subscription ends now. Nothing more is charged: the charge of ${formatWeekdayDay(next.on)} and every one after it will not happen, and nothing more ships.`
      : "Your subscription ends now. Nothing more is charged and nothing more ships.",
    last
      ? `The delivery you already paid for (charged ${formatWeekdayDay(last.on)}, ${last.amount}) is yours: if it has not shipped yet, it still ships. Cancelling refunds nothing by itself; the ${guarantee.days}-day money-back guarantee still covers each order.`
      : `Deliveries you already paid for are yours and still ship. Cancelling refunds nothing by itself; the ${guarantee.days}-day money-back guarantee still covers each order.`,
    "Your skips, pauses and calendar end with the subscription. You can subscribe again at any time.",
    "We e-mail you a confirmation.",
  ],
  button: "Cancel my subscription",
  keep: "Keep my subscription",
  guaranteeLink: "The money-back guarantee",
} as const;
