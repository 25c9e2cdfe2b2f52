import type { CycleCharge, CyclePeriod, PlainDate } from "~/shared/subscription-cycle";

/**
 * What /account/subscription receives for each of the shopper's subscriptions (issue 36 item 5,
 * decision 132): its status, next charge, calendar and the changes made. Browser-safe; made only by
 * app/server/subscriptions/manage-subscriptions.server.ts.
 */

export type SubscriptionStatusView =
  | { kind: "active" }
  | { kind: "off"; until: PlainDate }
  | { kind: "paused"; until: PlainDate }
  | { kind: "payment_failed"; nextAttemptOn: PlainDate | null }
  | { kind: "canceled"; on: PlainDate | null }
  | { kind: "unavailable" };

export type ChangeView =
  | { id: string; kind: "skip"; on: PlainDate | null }
  | { id: string; kind: "pause"; from: PlainDate; until: PlainDate; weeks: number }
  | { id: string; kind: "cycle"; from: PlainDate; weeksOn: number; weeksOff: number }
  | { id: string; kind: "quantity"; quantity: number; previous: number | null }
  | { id: string; kind: "cancel" };

export type SubscriptionView = {
  id: string;
  productTitle: string;
  /** The page's version of it: a change is made only against the one the subscriber saw. */
  version: number;
  status: SubscriptionStatusView;
  /** Stripe's today for it (its test clock's in tests), in the store's time zone. */
  today: PlainDate | null;
  quantity: number;
  unitAmount: number;
  currency: string;
  cycle: { weeksOn: number; weeksOff: number };
  /** The next charge (its bottle, the amount Stripe will take) and the one after it (`then`). */
  nextCharge: { date: PlainDate; bottle: number; amount: number; then: PlainDate | null } | null;
  /** The start of Stripe's current period: the last charge made (or attempted). */
  lastChargeOn: PlainDate | null;
  /** The latest paid charge, as Stripe's invoice says (for what cancelling leaves paid). */
  lastPaid: { on: PlainDate; amount: number } | null;
  /** The calendar from a little before today to six months on (periods merged, clipped to the window). */
  calendar: { from: PlainDate; through: PlainDate; periods: CyclePeriod[]; charges: CycleCharge[] } | null;
  changes: ChangeView[];
  /** A change the subscriber asked for is still on its way to Stripe (decision 157): not in `changes` yet. */
  changePending: boolean;
};
