import { setBounded } from "../retention";
import type { Invoices } from "./billing-invoices";
import {
  addInterval,
  type Interval,
  type StripeRecurringPrice,
  type StripeSubscription,
  type SubscriptionStatus,
} from "./billing-objects";
import type { Customers, StripeCustomer } from "./customers";
import { ApiFailure, invalid } from "./errors";
import { stripeId } from "./objects";
import type { TestClocks } from "./test-clocks";

/**
 * Subscriptions as Stripe makes and changes them: made by Checkout in subscription mode (or POST
 * /v1/subscriptions), each line a price made from `price_data` (recurring), billed in advance at once
 * and then at the end of every period; canceled on request or when the retries of an unpaid invoice
 * run out. Every change is an event (`customer.subscription.created`, `.updated`, `.deleted`,
 * `.paused`, `.resumed`). The time is the customer's test clock's, or the real time.
 */

export type SubscriptionLine = {
  /** The product and price Checkout made from `price_data` (the subscription bills that same price). */
  productId?: string;
  priceId?: string;
  name: string;
  metadata: Record<string, string>;
  currency: string;
  unitAmount: number;
  interval: Interval;
  intervalCount: number;
  quantity: number;
};

export type SubscribeInput = {
  customerId: string;
  lines: SubscriptionLine[];
  metadata: Record<string, string>;
  description: string | null;
  billingMode: "classic" | "flexible";
};

export type SubscriptionOptions = {
  clocks: TestClocks;
  customers: Customers;
  invoices: Invoices;
  emit(type: string, object: unknown, previousAttributes?: Record<string, unknown>): void;
  retain: number;
};

export type Subscriptions = ReturnType<typeof createSubscriptions>;

/** A new subscription's object (incomplete until its first invoice is paid); `register` keeps its products. */
function newSubscription(
  input: SubscribeInput,
  customer: StripeCustomer,
  currency: string,
  now: number,
  register: (id: string, name: string, metadata: Record<string, string>) => void,
): StripeSubscription {
  const id = stripeId("sub", 24);
  const items = input.lines.map((line) => {
    const product = line.productId ?? stripeId("prod", 14);
    register(product, line.name, line.metadata);
    const price: StripeRecurringPrice = {
      id: line.priceId ?? stripeId("price", 24),
      object: "price",
      active: false,
      billing_scheme: "per_unit",
      created: now,
      currency: line.currency,
      livemode: false,
      metadata: {},
      product,
      recurring: {
        interval: line.interval,
        interval_count: line.intervalCount,
        meter: null,
        usage_type: "licensed",
      },
      tax_behavior: "unspecified",
      type: "recurring",
      unit_amount: line.unitAmount,
      unit_amount_decimal: String(line.unitAmount),
    };
    return {
      id: stripeId("si", 14),
      object: "subscription_item" as const,
      created: now,
      current_period_end: addInterval(now, line.interval, line.intervalCount),
      current_period_start: now,
      metadata: {},
      price,
      quantity: line.quantity,
      subscription: id,
    };
  });
  const subscription: StripeSubscription = {
    id,
    object: "subscription",
    billing_cycle_anchor: now,
    billing_mode:
      input.billingMode === "flexible"
        ? { flexible: { proration_discounts: "included" }, type: "flexible", updated_at: now }
        : { flexible: null, type: "classic" },
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: null,
    collection_method: "charge_automatically",
    created: now,
    currency,
    customer: customer.id,
    default_payment_method: null,
    description: input.description,
    ended_at: null,
    items: {
      object: "list",
      data: items,
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    pause_collection: null,
    schedule: null,
    start_date: now,
    status: "incomplete",
    test_clock: customer.test_clock,
    trial_end: null,
    trial_start: null,
  };
  return subscription;
}

export function createSubscriptions(options: SubscriptionOptions) {
  const subscriptions = new Map<string, StripeSubscription>();
  const products = new Map<string, { name: string; metadata: Record<string, string> }>();

  function get(id: string): StripeSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription)
      throw new ApiFailure(404, {
        type: "invalid_request_error",
        message: `No such subscription: '${id}'`,
        param: "id",
        code: "resource_missing",
      });
    return subscription;
  }

  const timeOf = (subscription: StripeSubscription) => options.clocks.now(subscription.test_clock);

  function setStatus(subscription: StripeSubscription, status: SubscriptionStatus) {
    subscription.status = status;
    if (status === "paused")
      subscription.status_details = { paused: { subscription: { type: "requested" } } };
    else delete subscription.status_details;
  }

  /** Starts every item's next period at `start` (a renewal, or a resume that resets the anchor). */
  function startPeriod(subscription: StripeSubscription, start: number) {
    for (const item of subscription.items.data) {
      const { interval, interval_count } = item.price.recurring;
      item.current_period_start = start;
      item.current_period_end = addInterval(start, interval, interval_count);
    }
  }

  function cancel(
    id: string,
    reason: "cancellation_requested" | "payment_failed",
    comment: string | null = null,
  ) {
    const subscription = get(id);
    if (subscription.status === "canceled") return subscription;
    const now = timeOf(subscription);
    setStatus(subscription, "canceled");
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancellation_details = { comment, feedback: null, reason };
    options.emit("customer.subscription.deleted", subscription);
    return subscription;
  }

  return {
    get,
    has: (id: string) => subscriptions.has(id),
    all: () => [...subscriptions.values()].reverse(),
    productName: (id: string) => products.get(id)?.name ?? "Subscription",
    /** A product in Stripe's shape (GET /v1/products/:id). */
    product(id: string) {
      const found = products.get(id);
      if (!found)
        throw new ApiFailure(404, {
          type: "invalid_request_error",
          message: `No such product: '${id}'`,
          param: "id",
          code: "resource_missing",
        });
      return {
        id,
        object: "product",
        active: true,
        description: null,
        images: [],
        livemode: false,
        metadata: found.metadata,
        name: found.name,
        type: "service",
      };
    },
    timeOf,
    setStatus,
    startPeriod,
    cancel,
    /**
     * A change made in Stripe's dashboard ("Update subscription"): the bottles per delivery, or the
     * price (a new price of the same product and interval), from the next invoice on, no prorations;
     * `customer.subscription.updated` with what it was before (`previous_attributes`).
     */
    update(id: string, change: { quantity?: number; unitAmount?: number }) {
      const subscription = get(id);
      if (subscription.status === "canceled")
        throw invalid("A canceled subscription cannot be updated.", "subscription");
      const item = subscription.items.data[0];
      if (!item) return subscription;
      const previous = structuredClone(subscription.items);
      if (change.quantity !== undefined) item.quantity = change.quantity;
      if (change.unitAmount !== undefined && change.unitAmount !== item.price.unit_amount) {
        item.price = {
          ...item.price,
          id: stripeId("price", 24),
          created: timeOf(subscription),
          unit_amount: change.unitAmount,
          unit_amount_decimal: String(change.unitAmount),
        };
      }
      options.emit("customer.subscription.updated", subscription, { items: previous });
      return subscription;
    },
    /** A new subscription, its first invoice billed and collected at once. */
    subscribe(input: SubscribeInput) {
      const customer = options.customers.get(input.customerId);
      const currency = input.lines[0]?.currency ?? "usd";
      if (input.lines.some((line) => line.currency !== currency))
        throw invalid("All prices on a subscription must have the same currency.", "items");
      const now = options.clocks.now(customer.test_clock);
      const subscription = newSubscription(input, customer, currency, now, (id, name, metadata) =>
        products.set(id, { name, metadata }),
      );
      const id = subscription.id;
      setBounded(subscriptions, id, subscription, options.retain);
      options.emit("customer.subscription.created", subscription);
      const { invoice, outcome } = options.invoices.bill(subscription, "subscription_create", now);
      subscription.latest_invoice = invoice.id;
      if (outcome === "paid") {
        setStatus(subscription, "active");
        options.emit("customer.subscription.updated", subscription);
      }
      return { subscription, invoice, outcome };
    },
  };
}
