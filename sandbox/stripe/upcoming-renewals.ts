import type { Invoices } from "./billing-invoices";
import type { StripeSubscription, StripeSubscriptionSchedule } from "./billing-objects";

/** Something billing's time carries out at `at` (ties broken by `order`). */
export type BillingAction = { at: number; order: number; run(): void };

/**
 * Stripe's "upcoming renewal events" (the account's Billing setting: `invoice.upcoming` "X number of
 * days before a subscription is scheduled to create an invoice that is automatically charged"): once
 * per period, and only for a renewal that will happen (billing-engine.ts asks for it on each step).
 */
export function createUpcomingRenewals(options: {
  invoices: Pick<Invoices, "preview">;
  emit(type: string, object: unknown): void;
  /** Days before a renewal that `invoice.upcoming` is sent (the sandbox account's setting: 3). */
  upcomingRenewalDays?: number;
}) {
  const upcomingSeconds = (options.upcomingRenewalDays ?? 3) * 86_400;
  /** The period end each subscription's `invoice.upcoming` was last sent for. */
  const announced = new Map<string, number>();

  function announce(subscription: StripeSubscription, renewsAt: number) {
    announced.set(subscription.id, renewsAt);
    options.emit("invoice.upcoming", options.invoices.preview(subscription, renewsAt));
  }

  /** Whether the subscription renews at `end` as it stands: not paused before, not ending there. */
  function renewsAt(
    subscription: StripeSubscription,
    schedule: StripeSubscriptionSchedule | null,
    end: number,
  ) {
    if (subscription.status !== "active" && subscription.status !== "past_due") return false;
    if (
      subscription.cancel_at_period_end ||
      (subscription.cancel_at !== null && subscription.cancel_at <= end)
    )
      return false;
    const pauses = schedule?.status === "active" ? schedule.pause_schedules : [];
    return !pauses.some((entry) => entry.pause.status.type === "scheduled" && entry.pause.pause_at <= end);
  }

  return {
    /** The announcement due before the subscription's period ends, if one is owed. */
    due(subscription: StripeSubscription, schedule: StripeSubscriptionSchedule | null): BillingAction | null {
      const end = subscription.items.data[0]?.current_period_end;
      if (
        end === undefined ||
        announced.get(subscription.id) === end ||
        !renewsAt(subscription, schedule, end)
      )
        return null;
      return { at: end - upcomingSeconds, order: -1, run: () => announce(subscription, end) };
    },
  };
}
