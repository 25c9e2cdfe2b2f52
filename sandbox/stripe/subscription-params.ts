import { invalid } from "./errors";
import { integer, isRecord, metadata, string } from "./param-values";

/**
 * A Checkout Session's subscription parameters (`mode=subscription`; decision 119): a line's
 * `price_data[recurring]` and the session's `subscription_data`, checked as Stripe checks them.
 */

export type Recurring = { interval: "day" | "week" | "month" | "year"; intervalCount: number } | null;

export type SubscriptionData = {
  billingMode: "classic" | "flexible";
  metadata: Record<string, string>;
  description: string | null;
} | null;

const INTERVALS = ["day", "week", "month", "year"] as const;

export function recurringParams(value: unknown, param: string): Recurring {
  if (value === undefined || value === "") return null;
  if (!isRecord(value)) throw invalid("Invalid hash", param);
  const interval = string(value.interval, `${param}[interval]`, { required: true });
  if (!INTERVALS.includes(interval as (typeof INTERVALS)[number]))
    throw invalid(`Invalid interval: must be one of ${INTERVALS.join(", ")}`, `${param}[interval]`);
  const intervalCount =
    value.interval_count === undefined
      ? 1
      : integer(value.interval_count, `${param}[interval_count]`, 1, 365);
  // Stripe's limit: at most a year between billings.
  const days =
    { day: 1, week: 7, month: 31, year: 366 }[interval as (typeof INTERVALS)[number]] * intervalCount;
  if (days > 366)
    throw invalid("The maximum billing interval is one year (1 year, 12 months, or 52 weeks).", param);
  return { interval: interval as (typeof INTERVALS)[number], intervalCount };
}

export function subscriptionData(value: unknown): SubscriptionData {
  const raw = value === undefined || value === "" ? {} : value;
  if (!isRecord(raw)) throw invalid("Invalid hash", "subscription_data");
  for (const key of Object.keys(raw)) {
    if (!["billing_mode", "metadata", "description"].includes(key))
      throw invalid(`Received unknown parameter: subscription_data[${key}]`, `subscription_data[${key}]`);
  }
  const billingMode = isRecord(raw.billing_mode) ? raw.billing_mode.type : undefined;
  if (billingMode !== undefined && billingMode !== "classic" && billingMode !== "flexible")
    throw invalid(
      "Invalid billing_mode[type]: must be one of classic or flexible",
      "subscription_data[billing_mode][type]",
    );
  return {
    billingMode: billingMode ?? "classic",
    metadata: metadata(raw.metadata, "subscription_data[metadata]"),
    description: string(raw.description, "subscription_data[description]", { max: 500 }),
  };
}
