import { createBillingEngine } from "./billing-engine";
import { createInvoices } from "./billing-invoices";
import type { BillingRouteDeps } from "./billing-routes";
import { createSchedules } from "./billing-schedules";
import { createSubscriptions } from "./billing-subscriptions";
import type { Charges } from "./charges";
import { cardBehaviour, createCustomers } from "./customers";
import { nowSeconds, type SessionRecord } from "./objects";
import type { CompleteSessionInput } from "./sessions";
import { createTestClocks } from "./test-clocks";

/**
 * Stripe Billing in the emulator (decision 119), put together: test clocks, customers, subscriptions,
 * invoices, schedules and the engine that runs what falls due; and what paying a subscription-mode
 * Checkout Session does (`subscribe`). Objects on no test clock run on real time, swept every
 * `sweepMs`.
 */

export type BillingOptions = {
  merchantName: string;
  emit(type: string, object: unknown, previousAttributes?: Record<string, unknown>): void;
  charges: Charges;
  retain: number;
  /**
   * The sandbox's convenience: each customer Checkout makes is put on a test clock of its own, so the
   * sandbox dashboard can move its subscription's time (Stripe puts Checkout's customers on none).
   */
  clockPerCheckoutCustomer: boolean;
  /** Where the browser pages are, once known: the portal (`/portal/:id`) and invoices. */
  pagesBaseUrl(): string;
  sweepMs?: number;
  /** The account's "upcoming renewal events" setting: `invoice.upcoming` this many days before a renewal (3). */
  upcomingRenewalDays?: number;
};

export type Billing = ReturnType<typeof createBilling>;

export function createBilling(options: BillingOptions) {
  const clocks = createTestClocks();
  const customers = createCustomers();
  let productName = (_id: string) => "Subscription";
  const invoices = createInvoices({
    merchantName: options.merchantName,
    customers,
    emit: options.emit,
    take: options.charges.take,
    hostedUrl: (id) => `${options.pagesBaseUrl()}/invoices/${id}`,
    productName: (id) => productName(id),
    retain: options.retain,
  });
  const subscriptions = createSubscriptions({
    clocks,
    customers,
    invoices,
    emit: options.emit,
    retain: options.retain,
  });
  productName = subscriptions.productName;
  const schedules = createSchedules({ subscriptions, emit: options.emit });
  const engine = createBillingEngine({
    clocks,
    subscriptions,
    schedules,
    invoices,
    emit: options.emit,
    upcomingRenewalDays: options.upcomingRenewalDays,
  });
  const portalSessions = new Map<string, { customer: string; returnUrl: string | null }>();

  const sweep = setInterval(() => engine.advanceTo(null, nowSeconds()), options.sweepMs ?? 5_000);
  sweep.unref();

  /** Paying a subscription-mode session: its customer (made unless given), card, subscription. */
  function subscribe(record: SessionRecord, input: CompleteSessionInput) {
    const session = record.session;
    const shipping = { name: input.name, phone: null, address: input.address };
    const customer = session.customer
      ? customers.get(session.customer)
      : customers.create({
          email: input.email,
          name: input.name,
          address: input.address,
          shipping,
          testClock: options.clockPerCheckoutCustomer
            ? clocks.create(nowSeconds(), `Sandbox customer ${input.email}`).id
            : null,
          created: nowSeconds(),
        });
    if (!customer.shipping) customer.shipping = shipping;
    const digits = input.card ?? "4242424242424242";
    customers.attachCard(customer.id, cardBehaviour(digits), digits.slice(-4));
    const made = subscriptions.subscribe({
      customerId: customer.id,
      lines: record.lineItems.map((item) => {
        const product = record.products.get(item.price.product);
        return {
          productId: item.price.product,
          priceId: item.price.id,
          name: product?.name ?? item.description,
          metadata: product?.metadata ?? {},
          currency: item.currency,
          unitAmount: item.price.unit_amount,
          interval: (item.price.recurring?.interval ?? "month") as "day",
          intervalCount: item.price.recurring?.interval_count ?? 1,
          quantity: item.quantity,
        };
      }),
      metadata: record.subscriptionData?.metadata ?? {},
      description: record.subscriptionData?.description ?? null,
      billingMode: record.subscriptionData?.billingMode ?? "classic",
    });
    return { customer: customer.id, subscription: made.subscription.id, invoice: made.invoice.id };
  }

  const routeDeps: BillingRouteDeps = {
    clocks,
    customers,
    subscriptions,
    schedules,
    invoices,
    engine,
    emit: options.emit,
    portalBaseUrl: () => `${options.pagesBaseUrl()}/portal`,
    portalSessions,
  };

  return {
    clocks,
    customers,
    subscriptions,
    schedules,
    invoices,
    engine,
    subscribe,
    routeDeps,
    portalSessions,
    close() {
      clearInterval(sweep);
    },
  };
}
