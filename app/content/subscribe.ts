import { formatDay, formatMonthDay } from "~/shared/dates";
import { dosing, shipping } from "./product";
import { sampleDataLabel } from "./sample-data";
import { brand, paths } from "./site";

/**
 * The subscription sign-up's copy (issue 36 item 2, decision 131): the page at /subscribe, its welcome
 * page after Stripe Checkout, and the words its sign-up e-mail shares with them. Every amount and date
 * comes from Shopify's selling plan and the cycle's calendar; these are the sentences around them.
 */

export { subscribePaths } from "./subscribe-paths";

const productName = `${brand.name} Enhancer`;
/** "3 capsules a day with the first meal". */
export const onDose = dosing.label.replace("daily", "a day");

/** "8 weeks", "1 bottle", "3 bottles". */
export const weeks = (count: number) => `${count} week${count === 1 ? "" : "s"}`;
export const bottles = (count: number) => `${count} bottle${count === 1 ? "" : "s"}`;

/** "Jan 23 to Feb 5, 2027"; "Nov 28, 2026 to Jan 22, 2027" across a new year. */
export const formatRange = (start: string, last: string) =>
  `${start.slice(0, 4) === last.slice(0, 4) ? formatMonthDay(start) : formatDay(start)} to ${formatDay(last)}`;

/** The renewal terms, stated beside the button, on the welcome page and in the e-mail. */
export const renewalTerms = {
  amountLabel: "Amount",
  amount: (perDelivery: string, bottleCount: number) =>
    `${perDelivery} for each delivery of ${bottles(bottleCount)}, with free shipping. The first is charged when you subscribe.`,
  oftenLabel: "How often",
  often: (everyDays: number) =>
    `Every ${everyDays} days during your weeks on: each bottle is ${everyDays} days of ${dosing.capsules} capsules a day, and the next is charged the day the last runs out.`,
  offLabel: "Weeks off",
  off: (offWeeks: number) =>
    `Nothing is charged or shipped during your ${weeks(offWeeks)} off. Capsules left over carry into your next weeks on, which start by themselves.`,
  cancelLabel: "How to cancel",
  /** Around the link to the subscription page. */
  cancel: {
    before: "Online at any time, on ",
    link: "your subscription page",
    after: ": one page, one confirmation. Bottles already paid for still ship.",
  },
} as const;

export const subscribePage = {
  eyebrow: "Subscribe and save",
  lead: `${productName} delivered every 30 days while you take it, nothing during your weeks off, and the next cycle starts by itself. See every date before you pay, and cancel online at any time.`,
  howHeading: "One-time or subscription",
  subscription: {
    label: "Subscription",
    price: (price: string) => `${price} a bottle`,
    saving: (percent: number, oneTime: string) => `Save ${percent}% against ${oneTime} bought once`,
    noSaving: "Delivered on your cycle",
    chosen: "Chosen",
  },
  oneTime: {
    label: "One-time purchase",
    price: (price: string) => `${price} a bottle`,
    note: "One bottle, bought once, on the Enhancer's page",
    link: "Buy once instead",
  },
  cycleHeading: "Your cycle",
  cycleText: `${dosing.capsules} capsules every day with your first meal during your weeks on, then a break. The label's cycle is ${dosing.cycle.on} and ${dosing.cycle.off}; we start you on the shortest.`,
  weeksOn: { legend: "Weeks on", hint: "How long you take it before a break." },
  weeksOff: { legend: "Weeks off", hint: "Nothing is charged or shipped." },
  bottles: {
    legend: "Bottles per delivery",
    hint: `A bottle is ${dosing.capsules} capsules a day for 30 days, for one person.`,
  },
  update: "Show this calendar",
  calendarHeading: (months: number) => `Your first ${months} months`,
  calendarText: (start: string) =>
    `If you subscribe today, ${start}. Each delivery is charged on its date and ships then; nothing happens in the weeks off.`,
  calendarSummary: (deliveries: number, total: string, months: number) =>
    `${deliveries} deliveries in ${months} months: ${total} in all.`,
  calendarSaving: (saving: string) => `${saving} less than the same bottles bought one at a time.`,
  row: {
    charge: (delivery: number, amount: string, bottleCount: number) =>
      `: delivery ${delivery}, ${bottles(bottleCount)} for ${amount}`,
    on: "Weeks on",
    onText: (range: string) => `, ${range}: ${onDose}`,
    off: (days: number) => `Weeks off (${weeks(days / 7)})`,
    offText: (range: string) => `, ${range}: nothing charged or shipped`,
    carried: (days: number) => `; ${days} days of capsules carry into your next weeks on`,
  },
  legend: { on: "Weeks on", off: "Weeks off", charge: "Charge and delivery" },
  summaryHeading: "Your subscription",
  choiceLine: (weeksOn: number, weeksOff: number, bottleCount: number) =>
    `${weeks(weeksOn)} on, ${weeks(weeksOff)} off · ${bottles(bottleCount)} a delivery`,
  perDelivery: "per delivery",
  oneTimeWas: (price: string) => `${price} bought once`,
  youSave: (saving: string, percent: number) => `You save ${saving} a delivery (${percent}%)`,
  button: (amount: string) => `Subscribe: ${amount} today`,
  buttonNote:
    "Opens Stripe's secure checkout in a new tab, where you agree to these terms and pay. You can cancel online at any time.",
  termsLink: "Terms of sale",
  announce: (weeksOn: number, weeksOff: number, bottleCount: number, deliveries: number) =>
    `Calendar updated: ${weeks(weeksOn)} on, ${weeks(weeksOff)} off, ${bottles(bottleCount)} a delivery; ${deliveries} deliveries in the first 6 months.`,
  changed: {
    choice: "You changed your choice: these are its terms and its calendar. Check them, then subscribe.",
    price:
      "The subscription price changed in our store while you were choosing. Check the new price, then subscribe.",
  },
  notOffered: {
    heading: "Subscriptions are not offered right now",
    text: (price: string | null) =>
      `You can still buy the Enhancer once${price ? `, at ${price} a bottle` : ""}, on its page.`,
  },
  unavailable: {
    heading: "We could not load the subscription price",
    text: "Our store did not answer in time. Try again in a moment, or buy the Enhancer once on its page.",
    retry: "Try again",
  },
  oneTimeButton: "Go to the Enhancer",
} as const;

export const welcomePage = {
  eyebrow: "Subscription",
  confirmed: {
    heading: "Welcome: your subscription has started",
    lead: `Your first payment went through and your first delivery ${shipping.dispatch.toLowerCase()}.`,
    emailed: "We have e-mailed these terms to",
    calendarFrom: (date: string) => `From your first delivery, ${date}.`,
    termsHeading: "Your terms",
    manage: "Manage your subscription",
    manageText:
      "Your subscription page shows your next charge and your calendar, and is where you cancel: online, at any time, one page and one confirmation.",
  },
  missing: {
    heading: "Your subscription",
    text: "This page confirms a subscription after checkout, but the link has no checkout reference. If you just subscribed, your confirmation e-mail is on its way.",
  },
  unknown: {
    heading: "We do not know this subscription",
    text: "This link does not belong to a subscription started on this site. If you subscribed, the e-mail we sent you has the right links; if you need help, contact us.",
  },
  unpaid: {
    heading: "Your subscription has not started",
    text: "Stripe has no payment for this checkout, so nothing was charged and no subscription exists. You can start again at any time.",
    expired: "This checkout expired before it was paid: nothing was charged and no subscription exists.",
  },
  unavailable: {
    heading: "We could not check your subscription",
    text: "Stripe did not answer just now. Nothing is lost: reload this page in a moment. Your confirmation e-mail comes either way.",
  },
  again: "Back to subscribe",
  contact: "Contact us",
  manageLink: "Your subscription page",
} as const;

/** The link on the Enhancer's page and the quiz result, only while Shopify has a selling plan. */
export function subscribeLinkText(price: string, percentOff: number, sample = false): string {
  const offer = percentOff > 0 ? `Subscribe and save ${percentOff}%` : "Subscribe";
  const words = `${offer}: ${price} a bottle, nothing charged in your weeks off`;
  return sample ? `${words} ${sampleDataLabel}` : words;
}

export const enhancerPath = paths.enhancer;
