import type { Invoices } from "./billing-invoices";
import type {
  PauseSchedule,
  StripeInvoice,
  StripeSubscription,
  StripeSubscriptionSchedule,
} from "./billing-objects";
import { intervalSeconds } from "./billing-objects";
import type { Schedules } from "./billing-schedules";
import type { Subscriptions } from "./billing-subscriptions";
import type { TestClocks } from "./test-clocks";
import { type BillingAction, createUpcomingRenewals } from "./upcoming-renewals";

/**
 * Billing's time: what falls due for the objects on one test clock (or on real time) between now and
 * a later time, carried out in order, the clock set to each moment as it comes. Due are: an unpaid
 * invoice's next retry, a pause schedule's pause, its resume (which bills the new period and, with
 * `resume_on_payment_success`, leaves the subscription paused until that invoice is paid), a period's
 * end (the renewal, or the end of a subscription canceled at period end), a schedule's last phase's
 * end (released or canceled, as its `end_behavior` says), and, `upcomingRenewalDays` before a renewal,
 * `invoice.upcoming` (the account's "upcoming renewal events" setting in Stripe's Billing settings:
 * "X number of days before a subscription is scheduled to create an invoice that is automatically
 * charged"), once per period, and only for a renewal that will happen: none while the subscription is
 * paused, set to cancel at the period's end, or when a pause of its schedule begins before the renewal.
 */

type Action = BillingAction;

export type BillingEngine = ReturnType<typeof createBillingEngine>;

export function createBillingEngine(options: {
  clocks: TestClocks;
  subscriptions: Subscriptions;
  schedules: Schedules;
  invoices: Invoices;
  emit(type: string, object: unknown): void;
  /** Days before a renewal that `invoice.upcoming` is sent (the sandbox account's setting: 3). */
  upcomingRenewalDays?: number;
}) {
  const { subscriptions, schedules, invoices, emit } = options;
  const upcoming = createUpcomingRenewals({
    invoices,
    emit,
    upcomingRenewalDays: options.upcomingRenewalDays,
  });
  /** Resumes waiting for their invoice to be paid (resume_on_payment_success), by invoice id. */
  const waitingResumes = new Map<string, PauseSchedule>();

  function resumed(subscription: StripeSubscription, entry: PauseSchedule) {
    subscriptions.setStatus(subscription, "active");
    if (entry.resume) entry.resume.status.type = "succeeded";
    emit("customer.subscription.resumed", subscription);
    emit("customer.subscription.updated", subscription);
  }

  function renew(subscription: StripeSubscription) {
    const end = subscription.items.data[0]?.current_period_end ?? subscriptions.timeOf(subscription);
    if (subscription.cancel_at_period_end) {
      subscriptions.cancel(subscription.id, "cancellation_requested");
      return;
    }
    subscriptions.startPeriod(subscription, end);
    const { invoice, outcome } = invoices.bill(subscription, "subscription_cycle", end);
    subscription.latest_invoice = invoice.id;
    subscriptions.setStatus(subscription, outcome === "paid" ? "active" : "past_due");
    emit("customer.subscription.updated", subscription);
  }

  function pause(subscription: StripeSubscription, entry: PauseSchedule) {
    subscriptions.setStatus(subscription, "paused");
    entry.pause.status.type = "succeeded";
    emit("customer.subscription.paused", subscription);
    emit("customer.subscription.updated", subscription);
  }

  function resume(subscription: StripeSubscription, entry: PauseSchedule) {
    if (!entry.resume) return;
    const at = entry.resume.resume_at;
    subscription.billing_cycle_anchor = at;
    subscriptions.startPeriod(subscription, at);
    const { invoice, outcome } = invoices.bill(subscription, "subscription_update", at);
    subscription.latest_invoice = invoice.id;
    if (outcome === "paid") resumed(subscription, entry);
    else if (entry.resume.settings.payment_behavior === "resume_on_payment_success") {
      entry.resume.status.type = "pending";
      waitingResumes.set(invoice.id, entry);
      failedForGood(subscription, invoice);
    } else {
      entry.resume.status.type = "succeeded";
      subscriptions.setStatus(subscription, "past_due");
      emit("customer.subscription.resumed", subscription);
      emit("customer.subscription.updated", subscription);
    }
  }

  /** The retries ran out: the account's setting cancels the subscription (and its schedule). */
  function failedForGood(subscription: StripeSubscription, invoice: StripeInvoice) {
    if (invoice.status === "paid" || invoice.next_payment_attempt !== null) return;
    const schedule = subscription.schedule ? schedules.get(subscription.schedule) : null;
    subscriptions.cancel(subscription.id, "payment_failed");
    if (schedule?.status === "active") schedules.finish(schedule.id, "canceled");
  }

  function retry(invoice: StripeInvoice) {
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
    if (subscription.status === "canceled") {
      invoice.next_payment_attempt = null;
      return;
    }
    const outcome = invoices.attempt(
      invoice,
      invoice.next_payment_attempt ?? subscriptions.timeOf(subscription),
    );
    const waiting = waitingResumes.get(invoice.id);
    if (outcome === "paid") {
      waitingResumes.delete(invoice.id);
      if (waiting && subscription.status === "paused") resumed(subscription, waiting);
      else if (subscription.status === "past_due" && subscription.latest_invoice === invoice.id) {
        subscriptions.setStatus(subscription, "active");
        emit("customer.subscription.updated", subscription);
      }
      return;
    }
    failedForGood(subscription, invoice);
  }

  function endSchedule(schedule: StripeSubscriptionSchedule) {
    schedules.finish(schedule.id, schedule.end_behavior === "cancel" ? "canceled" : "completed");
  }

  function due(clockId: string | null): Action[] {
    const actions: Action[] = [];
    for (const invoice of invoices.all()) {
      if (
        invoice.test_clock !== clockId ||
        invoice.status !== "open" ||
        invoice.next_payment_attempt === null
      )
        continue;
      actions.push({ at: invoice.next_payment_attempt, order: 0, run: () => retry(invoice) });
    }
    for (const subscription of subscriptions.all()) {
      if (subscription.test_clock !== clockId || subscription.status === "canceled") continue;
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : null;
      for (const entry of schedule?.status === "active" ? schedule.pause_schedules : []) {
        if (entry.pause.status.type === "scheduled" && subscription.status !== "paused")
          actions.push({ at: entry.pause.pause_at, order: 1, run: () => pause(subscription, entry) });
        else if (entry.pause.status.type === "succeeded" && entry.resume?.status.type === "scheduled")
          actions.push({ at: entry.resume.resume_at, order: 2, run: () => resume(subscription, entry) });
      }
      const announcement = upcoming.due(subscription, schedule);
      if (announcement) actions.push(announcement);
      const end = subscription.items.data[0]?.current_period_end;
      if (end !== undefined && (subscription.status === "active" || subscription.status === "past_due"))
        actions.push({ at: end, order: 3, run: () => renew(subscription) });
      const last = schedule?.status === "active" ? schedule.phases.at(-1) : undefined;
      if (schedule && last) actions.push({ at: last.end_date, order: 4, run: () => endSchedule(schedule) });
    }
    return actions;
  }

  return {
    /** Carries out, in order, everything due on the clock (null: real time) up to `target`. */
    advanceTo(clockId: string | null, target: number) {
      for (let step = 0; step < 10_000; step++) {
        const next = due(clockId)
          .filter((action) => action.at <= target)
          .sort((a, b) => a.at - b.at || a.order - b.order)[0];
        if (!next) break;
        if (clockId) options.clocks.moveTo(clockId, next.at);
        next.run();
      }
      if (clockId) options.clocks.moveTo(clockId, target);
    },
    /** The shortest billing interval among the clock's live subscriptions (Stripe's advance limit). */
    shortestInterval: (clockId: string) => shortestInterval(subscriptions, clockId),
  };
}

function shortestInterval(subscriptions: Subscriptions, clockId: string): number | null {
  const lengths = subscriptions
    .all()
    .filter((subscription) => subscription.test_clock === clockId && subscription.status !== "canceled")
    .flatMap((subscription) =>
      subscription.items.data.map((item) =>
        intervalSeconds(item.price.recurring.interval, item.price.recurring.interval_count),
      ),
    );
  return lengths.length ? Math.min(...lengths) : null;
}
