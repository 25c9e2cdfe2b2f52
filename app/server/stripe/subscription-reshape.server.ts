import { z } from "zod";
import { address, parse, reshapeAddress } from "./reshape.server";
import type {
  BillingPause,
  InvoiceDetails,
  SubscriptionDetails,
  SubscriptionSessionDetails,
  SubscriptionStatus,
} from "./subscription-types";

/**
 * Stripe Billing's shapes in (checked with zod: only the fields the app relies on), the app's out
 * (subscription-types.ts). The variant, selling plan and cycle travel in the subscription's metadata,
 * written by the checkout (subscriptions.server.ts).
 */

export const SUBSCRIPTION_METADATA = {
  variantId: "shopify_variant_id",
  sellingPlanId: "shopify_selling_plan_id",
  weeksOn: "weeks_on",
  weeksOff: "weeks_off",
  reference: "forge_subscription",
} as const;

const STATUSES: SubscriptionStatus[] = ["active", "past_due", "paused", "canceled", "incomplete", "unpaid"];

const subscription = z.object({
  id: z.string(),
  status: z.string(),
  customer: z.union([z.string(), z.object({ id: z.string() }).loose()]),
  metadata: z.record(z.string(), z.string()).nullish(),
  currency: z.string(),
  start_date: z.number().int(),
  canceled_at: z.number().int().nullable(),
  cancellation_details: z.object({ reason: z.string().nullish(), comment: z.string().nullish() }).nullish(),
  schedule: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullable(),
  latest_invoice: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullable(),
  test_clock: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish(),
  items: z.object({
    data: z
      .array(
        z.object({
          id: z.string(),
          current_period_start: z.number().int(),
          current_period_end: z.number().int(),
          quantity: z.number().int().nullish(),
          price: z.object({ id: z.string().nullish(), unit_amount: z.number().int().nullable() }),
        }),
      )
      .min(1),
  }),
});

const invoice = z.object({
  id: z.string(),
  status: z.enum(["draft", "open", "paid", "uncollectible", "void"]),
  billing_reason: z.string().nullable(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string(),
  created: z.number().int(),
  attempt_count: z.number().int(),
  next_payment_attempt: z.number().int().nullable(),
  customer: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullable(),
  customer_email: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_shipping: z.object({ name: z.string().nullish(), address }).nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          amount: z.number().int(),
          quantity: z.number().int().nullish(),
          // A decimal string on the wire; the `stripe` package hands it over as its own Decimal.
          pricing: z.object({ unit_amount_decimal: z.unknown() }).nullish(),
        }),
      ),
    })
    .nullish(),
  parent: z
    .object({
      subscription_details: z
        .object({ subscription: z.union([z.string(), z.object({ id: z.string() }).loose()]) })
        .nullish(),
    })
    .nullish(),
  // Includable: present only when retrieved with `expand: ["payments"]`.
  payments: z
    .object({
      data: z.array(
        z.object({
          status: z.string(),
          payment: z.object({
            type: z.string(),
            payment_intent: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish(),
          }),
        }),
      ),
    })
    .nullish(),
});

const schedule = z.object({
  id: z.string(),
  status: z.string(),
  phases: z.array(
    z.object({
      start_date: z.number().int(),
      end_date: z.number().int(),
      items: z
        .array(
          z.object({
            price: z.union([z.string(), z.object({ id: z.string() }).loose()]),
            quantity: z.number().int().nullish(),
          }),
        )
        .default([]),
    }),
  ),
  pause_schedules: z
    .array(
      z.object({
        key: z.string(),
        pause: z.object({ pause_at: z.number().int(), status: z.object({ type: z.string() }) }),
        resume: z.object({ resume_at: z.number().int(), status: z.object({ type: z.string() }) }).nullable(),
      }),
    )
    .default([]),
});

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;

export function reshapeSubscription(raw: unknown): SubscriptionDetails {
  const value = parse(subscription, raw, "subscription");
  const item = value.items.data[0] as (typeof value.items.data)[number];
  const meta = value.metadata ?? {};
  const weeksOn = Number(meta[SUBSCRIPTION_METADATA.weeksOn]);
  const weeksOff = Number(meta[SUBSCRIPTION_METADATA.weeksOff]);
  return {
    id: value.id,
    status: (STATUSES as string[]).includes(value.status) ? (value.status as SubscriptionStatus) : "other",
    customerId: idOf(value.customer) as string,
    variantId: meta[SUBSCRIPTION_METADATA.variantId] ?? null,
    sellingPlanId: meta[SUBSCRIPTION_METADATA.sellingPlanId] ?? null,
    cycle:
      Number.isInteger(weeksOn) && Number.isInteger(weeksOff) && weeksOn > 0 ? { weeksOn, weeksOff } : null,
    unitAmount: item.price.unit_amount ?? 0,
    quantity: item.quantity ?? 1,
    currency: value.currency.toLowerCase(),
    startedAt: value.start_date,
    itemId: item.id,
    currentPeriodStart: item.current_period_start,
    currentPeriodEnd: item.current_period_end,
    testClockId: idOf(value.test_clock),
    scheduleId: idOf(value.schedule),
    canceledAt: value.canceled_at,
    cancellationReason: value.cancellation_details?.reason ?? null,
    cancellationComment: value.cancellation_details?.comment ?? null,
    latestInvoiceId: idOf(value.latest_invoice),
    reference: meta[SUBSCRIPTION_METADATA.reference] ?? null,
    priceId: item.price.id ?? null,
  };
}

export function reshapeInvoice(raw: unknown): InvoiceDetails {
  const value = parse(invoice, raw, "invoice");
  return {
    id: value.id,
    subscriptionId: idOf(value.parent?.subscription_details?.subscription),
    customerId: idOf(value.customer),
    status: value.status,
    billingReason: value.billing_reason,
    amountDue: value.amount_due,
    amountPaid: value.amount_paid,
    currency: value.currency.toLowerCase(),
    created: value.created,
    attemptCount: value.attempt_count,
    nextPaymentAttempt: value.next_payment_attempt,
    customerEmail: value.customer_email,
    customerName: value.customer_name,
    shippingAddress: value.customer_shipping
      ? reshapeAddress(value.customer_shipping.name, value.customer_shipping.address)
      : null,
    lines: (value.lines?.data ?? []).map((line) => {
      const quantity = line.quantity ?? 1;
      const given = line.pricing?.unit_amount_decimal;
      const decimal = given == null ? Number.NaN : Number(String(given));
      return {
        quantity,
        unitAmount: Number.isInteger(decimal)
          ? decimal
          : quantity > 0 && line.amount % quantity === 0
            ? line.amount / quantity
            : null,
      };
    }),
    paymentIntentId: paidIntentOf(value.payments?.data ?? []),
  };
}

/** The PaymentIntent that paid the invoice: its paid invoice payment's (the default one first). */
function paidIntentOf(payments: { status: string; payment: { type: string; payment_intent?: unknown } }[]) {
  const paid = payments.find((entry) => entry.status === "paid" && entry.payment.type === "payment_intent");
  return idOf(paid?.payment.payment_intent as string | { id: string } | null | undefined);
}

const session = z.object({
  id: z.string(),
  status: z.enum(["open", "complete", "expired"]),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  subscription: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish(),
  customer: z.union([z.string(), z.object({ id: z.string() }).loose()]).nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
  customer_email: z.string().nullish(),
});

export function reshapeSubscriptionSession(raw: unknown): SubscriptionSessionDetails {
  const value = parse(session, raw, "checkout session");
  return {
    id: value.id,
    status: value.status,
    paymentStatus: value.payment_status,
    subscriptionId: idOf(value.subscription),
    customerId: idOf(value.customer),
    email: value.customer_details?.email ?? value.customer_email ?? null,
  };
}

export function reshapeSchedule(raw: unknown): {
  id: string;
  active: boolean;
  phaseStart: number | null;
  /** The last phase's end, and what its first item bills (price id, quantity). */
  phaseEnd: number | null;
  phaseItem: { priceId: string; quantity: number } | null;
  pauses: BillingPause[];
} {
  const value = parse(schedule, raw, "subscription schedule");
  const last = value.phases.at(-1);
  const item = last?.items[0];
  return {
    id: value.id,
    active: value.status === "active" || value.status === "not_started",
    phaseStart: value.phases[0]?.start_date ?? null,
    phaseEnd: last?.end_date ?? null,
    phaseItem: item ? { priceId: idOf(item.price) as string, quantity: item.quantity ?? 1 } : null,
    pauses: value.pause_schedules.flatMap((entry) =>
      entry.resume
        ? [
            {
              key: entry.key,
              pauseAt: entry.pause.pause_at,
              resumeAt: entry.resume.resume_at,
              pauseStatus: entry.pause.status.type,
              resumeStatus: entry.resume.status.type,
            },
          ]
        : [],
    ),
  };
}
