import type {
  PauseSchedule,
  SchedulePhase,
  StripeSubscription,
  StripeSubscriptionSchedule,
} from "./billing-objects";
import type { Subscriptions } from "./billing-subscriptions";
import { ApiFailure, invalid } from "./errors";
import { stripeId } from "./objects";
import { asArray, integer, isRecord, string } from "./parameters";

/**
 * Subscription schedules with pause schedules (API 2026-09-30.endive and later; decision 119): made
 * `from_subscription` (one phase, the subscription's current period, released at its end unless the
 * phases are extended), updated with `pause_schedules` and `phases`, released or canceled. Each pause
 * schedule pauses the subscription at a time and resumes it at another; the billing engine
 * (billing-engine.ts) carries them out. The emulator models what the site uses: pauses that bill and
 * credit nothing (`bill_for` … `none`) and resumes that reset the billing anchor (`resume_at`); any
 * other setting is refused by name rather than half done.
 */

export type Schedules = ReturnType<typeof createSchedules>;

function pauseEntry(raw: unknown, index: number, previous: PauseSchedule | undefined): PauseSchedule {
  const param = `pause_schedules[${index}]`;
  if (!isRecord(raw)) throw invalid("Invalid object", param);
  const pause = isRecord(raw.pause) ? raw.pause : {};
  const at = isRecord(pause.pause_at) ? pause.pause_at : null;
  if (!at)
    throw invalid("Missing required param: pause_at.", `${param}[pause][pause_at]`, "parameter_missing");
  if (at.type !== "timestamp")
    throw invalid(
      "The Stripe emulator schedules pauses at a `timestamp` only.",
      `${param}[pause][pause_at][type]`,
    );
  const pauseAt = integer(at.timestamp, `${param}[pause][pause_at][timestamp]`, 0, 4_102_444_800);
  const settings = isRecord(pause.settings) ? pause.settings : {};
  const billFor = isRecord(settings.bill_for) ? settings.bill_for : {};
  for (const key of ["unused_time_from", "outstanding_usage_through"]) {
    const entry = isRecord(billFor[key]) ? (billFor[key] as Record<string, unknown>) : {};
    if (entry.type !== "none")
      throw invalid(
        `The Stripe emulator does not model prorations at a pause: pass ${param}[pause][settings][bill_for][${key}][type]=none.`,
        `${param}[pause][settings][bill_for][${key}][type]`,
      );
  }
  let resume: PauseSchedule["resume"] = null;
  if (raw.resume !== undefined && raw.resume !== "") {
    const given = isRecord(raw.resume) ? raw.resume : {};
    const resumeAt = isRecord(given.resume_at) ? given.resume_at : null;
    if (resumeAt?.type !== "timestamp")
      throw invalid(
        "The Stripe emulator resumes at a `timestamp` only.",
        `${param}[resume][resume_at][type]`,
      );
    const time = integer(resumeAt.timestamp, `${param}[resume][resume_at][timestamp]`, 0, 4_102_444_800);
    if (time <= pauseAt)
      throw invalid("resume_at must be after pause_at.", `${param}[resume][resume_at][timestamp]`);
    const resumeSettings = isRecord(given.settings) ? given.settings : {};
    const anchor =
      string(resumeSettings.billing_cycle_anchor, `${param}[resume][settings][billing_cycle_anchor]`) ??
      "resume_at";
    if (anchor !== "resume_at")
      throw invalid(
        "The Stripe emulator resumes with billing_cycle_anchor=resume_at only.",
        `${param}[resume][settings][billing_cycle_anchor]`,
      );
    const paymentBehavior =
      string(resumeSettings.payment_behavior, `${param}[resume][settings][payment_behavior]`) ??
      "resume_on_payment_success";
    if (paymentBehavior !== "resume_on_payment_success" && paymentBehavior !== "resume_on_payment_attempt")
      throw invalid(
        `Invalid payment_behavior: ${paymentBehavior}`,
        `${param}[resume][settings][payment_behavior]`,
      );
    const proration =
      string(resumeSettings.proration_behavior, `${param}[resume][settings][proration_behavior]`) ??
      "create_prorations";
    if (!["always_invoice", "create_prorations", "none"].includes(proration))
      throw invalid(
        `Invalid proration_behavior: ${proration}`,
        `${param}[resume][settings][proration_behavior]`,
      );
    resume = {
      resume_at: time,
      settings: {
        billing_cycle_anchor: "resume_at",
        payment_behavior: paymentBehavior,
        proration_behavior: proration as "none",
      },
      status: { type: previous?.resume?.resume_at === time ? previous.resume.status.type : "scheduled" },
    };
  }
  const key = string(raw.key, `${param}[key]`, { max: 100 }) ?? stripeId("ps", 14);
  const kept = previous?.pause.pause_at === pauseAt ? previous.pause.status.type : "scheduled";
  return {
    key,
    pause: {
      pause_at: pauseAt,
      settings: {
        bill_for: { outstanding_usage_through: { type: "none" }, unused_time_from: { type: "none" } },
        invoicing_behavior: settings.invoicing_behavior === "invoice" ? "invoice" : "pending_invoice_item",
        type: "subscription",
      },
      status: { type: kept },
    },
    resume,
  };
}

function phases(value: unknown, schedule: StripeSubscriptionSchedule): SchedulePhase[] {
  const first = schedule.phases[0];
  return asArray(value, "phases").map((raw, index) => {
    const param = `phases[${index}]`;
    if (!isRecord(raw)) throw invalid("Invalid object", param);
    const items = asArray(raw.items, `${param}[items]`).map((item, itemIndex) => {
      const entry = isRecord(item) ? item : {};
      return {
        price: string(entry.price, `${param}[items][${itemIndex}][price]`, { required: true }) as string,
        quantity:
          entry.quantity === undefined
            ? 1
            : integer(entry.quantity, `${param}[items][${itemIndex}][quantity]`, 1, 999_999),
        metadata: {},
      };
    });
    const start =
      raw.start_date === undefined
        ? (first?.start_date ?? 0)
        : integer(raw.start_date, `${param}[start_date]`, 0, 4_102_444_800);
    if (raw.end_date === undefined)
      throw invalid("The Stripe emulator needs each phase's end_date.", `${param}[end_date]`);
    const end = integer(raw.end_date, `${param}[end_date]`, start + 1, 4_102_444_800);
    return {
      start_date: start,
      end_date: end,
      items,
      metadata: isRecord(raw.metadata) ? (raw.metadata as Record<string, string>) : {},
      proration_behavior: raw.proration_behavior === "none" ? "none" : "create_prorations",
      billing_cycle_anchor: null,
      currency: first?.currency ?? "usd",
    };
  });
}

function metadata(value: unknown): Record<string, string> | undefined {
  return isRecord(value) ? (value as Record<string, string>) : undefined;
}

/** A schedule made `from_subscription`: one phase, the subscription's current period. */
function scheduleFrom(
  subscription: StripeSubscription,
  now: number,
  body: Record<string, unknown>,
): StripeSubscriptionSchedule {
  const item = subscription.items.data[0];
  const schedule: StripeSubscriptionSchedule = {
    id: stripeId("sub_sched", 24),
    object: "subscription_schedule",
    application: null,
    billing_mode: structuredClone(subscription.billing_mode),
    canceled_at: null,
    completed_at: null,
    created: now,
    current_phase: item ? { start_date: item.current_period_start, end_date: item.current_period_end } : null,
    customer: subscription.customer,
    customer_account: null,
    default_settings: { billing_cycle_anchor: "automatic", collection_method: "charge_automatically" },
    end_behavior: body.end_behavior === "cancel" ? "cancel" : "release",
    livemode: false,
    metadata: metadata(body.metadata) ?? {},
    pause_schedules: [],
    phases: item
      ? [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: subscription.items.data.map((entry) => ({
              price: entry.price.id,
              quantity: entry.quantity,
              metadata: {},
            })),
            metadata: {},
            proration_behavior: "create_prorations",
            billing_cycle_anchor: null,
            currency: subscription.currency,
          },
        ]
      : [],
    released_at: null,
    released_subscription: null,
    status: "active",
    subscription: subscription.id,
    test_clock: subscription.test_clock,
  };
  return schedule;
}

export function createSchedules(options: {
  subscriptions: Subscriptions;
  emit(type: string, object: unknown): void;
}) {
  const schedules = new Map<string, StripeSubscriptionSchedule>();

  function get(id: string): StripeSubscriptionSchedule {
    const schedule = schedules.get(id);
    if (!schedule)
      throw new ApiFailure(404, {
        type: "invalid_request_error",
        message: `No such subscription_schedule: '${id}'`,
        param: "schedule",
        code: "resource_missing",
      });
    return schedule;
  }

  function pauseSchedules(value: unknown, schedule: StripeSubscriptionSchedule | null): PauseSchedule[] {
    if (value === undefined || value === "") return [];
    const given = asArray(value, "pause_schedules");
    // Stripe: "Configures the subscription's pause behavior … Only one entry is supported."
    if (given.length > 1) throw invalid("Only one pause schedule entry is supported.", "pause_schedules");
    const entries = given.map((raw, index) => {
      const key = isRecord(raw) && typeof raw.key === "string" ? raw.key : undefined;
      return pauseEntry(
        raw,
        index,
        schedule?.pause_schedules.find((entry) => entry.key === key),
      );
    });
    const subscription = schedule?.subscription ? options.subscriptions.get(schedule.subscription) : null;
    if (subscription && subscription.billing_mode.type !== "flexible")
      throw invalid("Pause schedules require a subscription in flexible billing mode.", "pause_schedules");
    // "Add a resume date to a subscription that's already paused": on a paused subscription, a pause
    // whose time has come is the pause it is in, and only its resume is still to happen.
    if (subscription?.status === "paused") {
      const now = options.subscriptions.timeOf(subscription);
      for (const entry of entries) {
        if (
          entry.pause.status.type === "scheduled" &&
          entry.pause.pause_at <= now &&
          (entry.resume?.resume_at ?? Number.POSITIVE_INFINITY) > now
        )
          entry.pause.status.type = "succeeded";
      }
    }
    return entries.sort((a, b) => a.pause.pause_at - b.pause.pause_at);
  }

  return {
    get,
    all: () => [...schedules.values()].reverse(),
    create(body: Record<string, unknown>) {
      const from = string(body.from_subscription, "from_subscription");
      if (!from)
        throw invalid(
          "The Stripe emulator makes schedules `from_subscription` only.",
          "from_subscription",
          "parameter_missing",
        );
      if (body.phases !== undefined)
        throw invalid("You cannot set `phases` if `from_subscription` is set.", "phases");
      const subscription = options.subscriptions.get(from);
      if (subscription.schedule)
        throw invalid(`The subscription ${from} is already attached to a schedule.`, "from_subscription");
      if (subscription.status === "canceled")
        throw invalid("A canceled subscription cannot have a schedule.", "from_subscription");
      const schedule = scheduleFrom(subscription, options.subscriptions.timeOf(subscription), body);
      schedule.pause_schedules = pauseSchedules(body.pause_schedules, schedule);
      schedules.set(schedule.id, schedule);
      subscription.schedule = schedule.id;
      options.emit("subscription_schedule.created", schedule);
      return schedule;
    },
    update(id: string, body: Record<string, unknown>) {
      const schedule = get(id);
      if (schedule.status !== "active" && schedule.status !== "not_started")
        throw invalid(`You cannot update a subscription schedule that is ${schedule.status}.`, "schedule");
      if (body.pause_schedules !== undefined)
        schedule.pause_schedules = pauseSchedules(body.pause_schedules, schedule);
      if (body.phases !== undefined) {
        schedule.phases = phases(body.phases, schedule);
        const last = schedule.phases.at(-1);
        if (schedule.current_phase && last) schedule.current_phase.end_date = last.end_date;
      }
      if (body.end_behavior === "cancel" || body.end_behavior === "release")
        schedule.end_behavior = body.end_behavior;
      const meta = metadata(body.metadata);
      if (meta) schedule.metadata = { ...schedule.metadata, ...meta };
      options.emit("subscription_schedule.updated", schedule);
      return schedule;
    },
    /**
     * What Stripe's dashboard does to a schedule when its subscription's price or quantity is edited:
     * the phase under way bills the new price and quantity from now on.
     */
    followItems(subscription: StripeSubscription) {
      const schedule = subscription.schedule ? schedules.get(subscription.schedule) : undefined;
      if (schedule?.status !== "active") return;
      const phase = schedule.phases.at(-1);
      if (!phase) return;
      phase.items = subscription.items.data.map((item) => ({
        price: item.price.id,
        quantity: item.quantity,
        metadata: {},
      }));
      options.emit("subscription_schedule.updated", schedule);
    },
    /** Ends the schedule: `released` leaves the subscription as it is, `canceled` cancels it. */
    finish(id: string, how: "released" | "canceled" | "completed") {
      const schedule = get(id);
      if (schedule.status !== "active")
        throw invalid(
          `You cannot ${how === "canceled" ? "cancel" : "release"} a subscription schedule that is ${schedule.status}.`,
          "schedule",
        );
      const subscription = schedule.subscription ? options.subscriptions.get(schedule.subscription) : null;
      const now = subscription ? options.subscriptions.timeOf(subscription) : Math.floor(Date.now() / 1000);
      schedule.status = how === "completed" ? "released" : how;
      schedule.current_phase = null;
      if (how === "canceled") schedule.canceled_at = now;
      else {
        schedule.released_at = now;
        schedule.released_subscription = schedule.subscription;
      }
      if (subscription) subscription.schedule = null;
      options.emit(`subscription_schedule.${how === "completed" ? "released" : how}`, schedule);
      if (how === "canceled" && subscription)
        options.subscriptions.cancel(subscription.id, "cancellation_requested");
      return schedule;
    },
  };
}
