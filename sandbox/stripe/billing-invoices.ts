import { setBounded } from "../retention";
import {
  addInterval,
  type BillingReason,
  type StripeInvoice,
  type StripeSubscription,
} from "./billing-objects";
import type { PaymentInput } from "./charges";
import type { Customers, StripeCustomer } from "./customers";
import { ApiFailure } from "./errors";
import { stripeId } from "./objects";

/**
 * Invoices of subscriptions, charged automatically as Stripe charges them: made (`invoice.created`),
 * finalized (`invoice.finalized`) and paid from the customer's default card at once (`invoice.paid`,
 * `invoice.payment_succeeded`), or failed (`invoice.payment_failed`, with `next_payment_attempt`) and
 * retried on the account's schedule: again 3, 5 and 7 days after the previous attempt (the sandbox
 * account's custom retry schedule), after which the account's setting cancels the subscription.
 */

/** Days after a failed attempt that the next one is made; after the last, the subscription is canceled. */
export const RETRY_DAYS = [3, 5, 7] as const;

export type InvoiceOptions = {
  merchantName: string;
  customers: Customers;
  emit(type: string, object: unknown): void;
  /** Takes a payment (charges.ts): the PaymentIntent's id. */
  take(payment: PaymentInput, paid: string): string;
  /** Where the invoice's hosted page is (none on a standalone emulator's API). */
  hostedUrl(id: string): string | null;
  /** A product's name, for a line's description. */
  productName(id: string): string;
  retain: number;
};

export type Invoices = ReturnType<typeof createInvoices>;

/** A subscription's invoice for the period starting at `now`, as Stripe makes it (a draft). */
function newInvoice(
  options: InvoiceOptions,
  subscription: StripeSubscription,
  customer: StripeCustomer,
  reason: BillingReason,
  now: number,
  count: number,
): StripeInvoice {
  const id = stripeId("in", 24);
  const lines = subscription.items.data.map((item) => ({
    id: stripeId("il", 24),
    object: "line_item" as const,
    amount: item.price.unit_amount * item.quantity,
    currency: subscription.currency,
    description: `${item.quantity} × ${options.productName(item.price.product)}`,
    invoice: id,
    livemode: false as const,
    metadata: {},
    parent: {
      type: "subscription_item_details" as const,
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false as const,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pricing: {
      type: "price_details" as const,
      price_details: { price: item.price.id, product: item.price.product },
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity: item.quantity,
  }));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const first = subscription.items.data[0];
  const invoice: StripeInvoice = {
    id,
    object: "invoice",
    account_country: "US",
    account_name: options.merchantName,
    amount_due: total,
    amount_paid: 0,
    amount_remaining: total,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    billing_reason: reason,
    collection_method: "charge_automatically",
    created: now,
    currency: subscription.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    customer_shipping: customer.shipping,
    default_payment_method: null,
    description: null,
    hosted_invoice_url: options.hostedUrl(id),
    lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix}-${String(count).padStart(4, "0")}`,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
    },
    payments: { object: "list", data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
    period_end: first?.current_period_start ?? now,
    period_start: first?.current_period_start ?? now,
    status: "draft",
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: total,
    test_clock: customer.test_clock,
    total,
  };
  return invoice;
}

export function createInvoices(options: InvoiceOptions) {
  const invoices = new Map<string, StripeInvoice>();
  const sequence = new Map<string, number>();

  function get(id: string): StripeInvoice {
    const invoice = invoices.get(id);
    if (!invoice)
      throw new ApiFailure(404, {
        type: "invalid_request_error",
        message: `No such invoice: '${id}'`,
        param: "invoice",
        code: "resource_missing",
      });
    return invoice;
  }

  /** One attempt to collect the invoice from the customer's default card, at `now`. */
  function attempt(invoice: StripeInvoice, now: number): "paid" | "failed" {
    const card = options.customers.card(invoice.customer);
    invoice.attempted = true;
    invoice.attempt_count += 1;
    if (card?.behaviour === "pays") {
      const customer = options.customers.get(invoice.customer);
      const intent = options.take(
        {
          amount: invoice.amount_due,
          currency: invoice.currency,
          email: customer.email,
          name: customer.name,
          address: customer.address,
          created: now,
        },
        invoice.id,
      );
      invoice.status = "paid";
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      invoice.status_transitions.paid_at = now;
      invoice.payments.data.push({
        id: stripeId("inpay", 24),
        object: "invoice_payment",
        amount_paid: invoice.amount_due,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: "payment_intent", payment_intent: intent },
        status: "paid",
      });
      options.emit("invoice.paid", invoice);
      options.emit("invoice.payment_succeeded", invoice);
      return "paid";
    }
    const retryIn = RETRY_DAYS[invoice.attempt_count - 1];
    invoice.next_payment_attempt = retryIn === undefined ? null : now + retryIn * 86_400;
    options.emit("invoice.payment_failed", invoice);
    return "failed";
  }

  return {
    get,
    all: () => [...invoices.values()].reverse(),
    ofSubscription: (id: string) =>
      [...invoices.values()]
        .filter((invoice) => invoice.parent.subscription_details.subscription === id)
        .reverse(),
    /** Bills the subscription's items for the period that starts at `now`, and tries to collect. */
    bill(subscription: StripeSubscription, reason: BillingReason, now: number) {
      const customer = options.customers.get(subscription.customer);
      const count = (sequence.get(customer.id) ?? 0) + 1;
      sequence.set(customer.id, count);
      const invoice = newInvoice(options, subscription, customer, reason, now, count);
      const id = invoice.id;
      setBounded(invoices, id, invoice, options.retain);
      options.emit("invoice.created", invoice);
      invoice.status = "open";
      invoice.status_transitions.finalized_at = now;
      options.emit("invoice.finalized", invoice);
      return { invoice, outcome: attempt(invoice, now) };
    },
    attempt,
    /**
     * The invoice the subscription's next renewal (at `renewsAt`, its period's end) will make, as
     * `invoice.upcoming` carries it: the next period's lines, `next_payment_attempt` the renewal, and
     * no id (Stripe: "The received Invoice object will not have an invoice ID"). Not stored.
     */
    preview(subscription: StripeSubscription, renewsAt: number): Omit<StripeInvoice, "id" | "number"> {
      const customer = options.customers.get(subscription.customer);
      const invoice = newInvoice(options, subscription, customer, "upcoming", renewsAt, 0);
      const { id: _id, number: _number, ...rest } = invoice;
      for (const line of rest.lines.data) {
        const item = subscription.items.data.find(
          (entry) => entry.id === line.parent.subscription_item_details.subscription_item,
        );
        const { interval, interval_count } = item?.price.recurring ?? { interval: "day", interval_count: 30 };
        line.period = { start: renewsAt, end: addInterval(renewsAt, interval, interval_count) };
        line.invoice = "";
      }
      return {
        ...rest,
        hosted_invoice_url: null,
        lines: { ...rest.lines, url: "/v1/invoices/upcoming/lines" },
        payments: { ...rest.payments, url: "/v1/invoice_payments" },
        next_payment_attempt: renewsAt,
        period_start: renewsAt,
        period_end: renewsAt,
      };
    },
    /** Invoices whose next retry is due by `time`, on `clockId`'s time. */
    retriesDue(clockId: string | null, time: number) {
      return [...invoices.values()].filter(
        (invoice) =>
          invoice.status === "open" &&
          invoice.test_clock === clockId &&
          invoice.next_payment_attempt !== null &&
          invoice.next_payment_attempt <= time,
      );
    },
  };
}
