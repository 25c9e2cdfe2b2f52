import {
  type PlainDate,
  WEEKS_OFF,
  WEEKS_ON,
  type WeeksOff,
  type WeeksOn,
} from "~/shared/subscription-cycle";

/**
 * The subscription sign-up page (/subscribe, issue 36 item 2, decision 131) and its welcome page: the
 * choice the shopper makes (cycle and bottles), read from the page's GET form and its POST, and the
 * views the server draws for them. Shared by the routes, the page's components and the server; no zod
 * here (the page's bundle), the POST's schema is the server's (subscribe-page.server.ts).
 */

export const BOTTLE_CHOICES = [1, 2, 3] as const;

export type SubscribeChoice = { weeksOn: WeeksOn; weeksOff: WeeksOff; bottles: number };

/** The label's shortest cycle (8 weeks on, 2 off; spec §9) and one bottle: what the page opens on. */
export const DEFAULT_CHOICE: SubscribeChoice = { weeksOn: 8, weeksOff: 2, bottles: 1 };

function oneOf<T extends number>(values: readonly T[], raw: string | null | undefined): T | undefined {
  if (raw === null || raw === undefined || !/^\d{1,2}$/.test(raw)) return undefined;
  const value = Number(raw);
  return (values as readonly number[]).includes(value) ? (value as T) : undefined;
}

/** The GET form's choice: a missing or unknown value is the default's (a shared link never fails). */
export function choiceFromQuery(params: URLSearchParams): SubscribeChoice {
  return {
    weeksOn: oneOf(WEEKS_ON, params.get("weeksOn")) ?? DEFAULT_CHOICE.weeksOn,
    weeksOff: oneOf(WEEKS_OFF, params.get("weeksOff")) ?? DEFAULT_CHOICE.weeksOff,
    bottles: oneOf(BOTTLE_CHOICES, params.get("bottles")) ?? DEFAULT_CHOICE.bottles,
  };
}

/** The query string of a choice, as the GET form writes it. */
export function choiceQuery(choice: SubscribeChoice): string {
  return new URLSearchParams({
    weeksOn: String(choice.weeksOn),
    weeksOff: String(choice.weeksOff),
    bottles: String(choice.bottles),
  }).toString();
}

/**
 * What the page showed beside its button, sent back with the POST: the choice and the price per
 * bottle. Checkout starts only when both are still what the shopper is about to buy.
 */
export function shownTermsKey(choice: SubscribeChoice, unitAmount: number, currency: string): string {
  return `${choice.weeksOn}-${choice.weeksOff}-${choice.bottles}-${unitAmount}-${currency}`;
}

/** Why the page was shown again instead of Stripe's checkout (a redirect's `changed`). */
export type ChangedReason = "choice" | "price";

export function changedReason(value: string | null): ChangedReason | null {
  return value === "choice" || value === "price" ? value : null;
}

/** The terms of one choice on the selling plan, in minor units. */
export type SubscribeTerms = {
  currency: string;
  bottles: number;
  pricePerBottle: number;
  /** The plan's own one-time price for a bottle (its compare-at price). */
  oneTimePerBottle: number;
  perDelivery: number;
  oneTimePerDelivery: number;
  /** Never below zero: a plan that saves nothing is not said to save. */
  savingPerDelivery: number;
  /** The saving in whole percent, rounded down (never more than it is). */
  percentOff: number;
  everyDays: number;
};

/** One line of the calendar, in date order. Dates are the store's calendar days. */
export type CalendarEntry =
  | { kind: "charge"; date: PlainDate; delivery: number; amount: number }
  | { kind: "on"; start: PlainDate; last: PlainDate }
  | { kind: "off"; start: PlainDate; last: PlainDate; days: number; servingsCarried: number };

/** The calendar drawn as a bar: positions are percentages of the horizon. */
export type CalendarBar = {
  segments: { kind: "on" | "off"; from: number; to: number }[];
  charges: { at: number; delivery: number }[];
  months: { at: number; label: string }[];
};

export type SubscribeCalendar = {
  start: PlainDate;
  /** The last day drawn. */
  through: PlainDate;
  months: number;
  entries: CalendarEntry[];
  bar: CalendarBar;
  deliveries: number;
  /** What those deliveries cost in all (minor units). */
  total: number;
};

export type SubscribeOfferState =
  | {
      status: "offered";
      terms: SubscribeTerms;
      shownKey: string;
      /** The plan is the sandbox's sample data: its price and saving say so (decision 137). */
      sample?: true;
    }
  | { status: "not_offered" }
  | { status: "unavailable" };

export type SubscribePageView = {
  choice: SubscribeChoice;
  offer: SubscribeOfferState;
  /** Drawn only while a subscription is offered. */
  calendar: SubscribeCalendar | null;
};

export type WelcomeView =
  | { state: "missing" }
  | { state: "unknown" }
  | { state: "unpaid"; expired: boolean }
  | { state: "unavailable" }
  | {
      state: "confirmed";
      email: string | null;
      productTitle: string;
      choice: SubscribeChoice;
      currency: string;
      pricePerBottle: number;
      perDelivery: number;
      everyDays: number;
      calendar: SubscribeCalendar;
    };
