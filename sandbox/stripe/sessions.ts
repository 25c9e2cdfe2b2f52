import { setBounded } from "../retention";
import type { CheckoutOptions } from "./checkout-options";
import { invalid } from "./errors";
import {
  nowSeconds,
  type SessionRecord,
  type StripeAddress,
  type StripeCheckoutSession,
  type StripeProduct,
  stripeId,
} from "./objects";
import type { CreateSessionParams } from "./parameters";
import { INVALID_CODE, type Promotions } from "./promotions";
import { expandSession } from "./session-expand";
import { lineItem, lineItemList } from "./session-lines";
import { applyTotals } from "./totals";

/**
 * Checkout Sessions, the emulator's one resource: made from checked parameters (parameters.ts),
 * read back in Stripe's shapes with `expand[]`, paid (the pay page), expired (on request, or lazily
 * once past `expires_at`, as Stripe's sweep would have). Every change of state is an event
 * (webhooks.ts).
 */

export type CompleteSessionInput = {
  email: string;
  name: string;
  address: StripeAddress;
  /** The card's digits (a subscription keeps it for its renewals); default: the test card that pays. */
  card?: string;
};

export type SessionStoreOptions = {
  /** How long a session stays open, in seconds. */
  lifetimeSeconds: number;
  /** Where the visitor's browser reaches the pay page (`<base>/<session id>`); known once listening. */
  payPageBaseUrl(): string;
  /** Called on every change of state, with the session as it now is. */
  emit(type: string, session: StripeCheckoutSession): void;
  /** How many sessions are kept, oldest out first. */
  retain: number;
  promotions: Promotions;
  /** Takes a paid session's total (charges.ts): its PaymentIntent's id. */
  pay(session: StripeCheckoutSession): string;
  /** Subscription mode: makes the customer (unless given), the subscription and its paid first invoice. */
  subscribe(
    record: SessionRecord,
    input: CompleteSessionInput,
  ): { customer: string; subscription: string; invoice: string };
};

export type SessionStore = ReturnType<typeof createSessionStore>;

/** A new open session from checked parameters. */
function newRecord(
  params: CreateSessionParams,
  options: CheckoutOptions,
  payPageBaseUrl: string,
  lifetimeSeconds: number,
): SessionRecord {
  const created = nowSeconds();
  const products = new Map<string, StripeProduct>();
  const lineItems = params.lines.map((line) => {
    const { product, item } = lineItem(line, created);
    products.set(product.id, product);
    return item;
  });
  const shippingRates = params.shippingRates.map((rate) => ({ id: stripeId("shr", 24), ...rate }));
  const subtotal = lineItems.reduce((sum, item) => sum + item.amount_subtotal, 0);
  const shipping = shippingRates[0];
  const shippingAmount = shipping?.amount ?? 0;
  const id = stripeId("cs_test", 58);
  const session: StripeCheckoutSession = {
    id,
    object: "checkout.session",
    mode: params.mode,
    status: "open",
    payment_status: "unpaid",
    url: `${payPageBaseUrl}/${id}`,
    success_url: params.successUrl,
    cancel_url: params.cancelUrl,
    amount_subtotal: subtotal,
    amount_total: subtotal + shippingAmount,
    currency: params.currency,
    client_reference_id: params.clientReferenceId,
    customer: params.customer,
    subscription: null,
    invoice: null,
    customer_email: params.customerEmail,
    customer_details: null,
    collected_information: null,
    shipping_address_collection: params.allowedCountries
      ? { allowed_countries: params.allowedCountries }
      : null,
    shipping_cost: shipping
      ? {
          amount_subtotal: shippingAmount,
          amount_tax: 0,
          amount_total: shippingAmount,
          shipping_rate: shipping.id,
        }
      : null,
    shipping_options: shippingRates.map((rate) => ({ shipping_amount: rate.amount, shipping_rate: rate.id })),
    payment_intent: null,
    payment_method_types: ["card"],
    metadata: params.metadata,
    locale: params.locale,
    created,
    expires_at: created + lifetimeSeconds,
    livemode: false,
    total_details: { amount_discount: 0, amount_shipping: shippingAmount, amount_tax: 0 },
    allow_promotion_codes: options.allowPromotionCodes,
    automatic_tax: {
      enabled: options.automaticTax,
      liability: null,
      provider: options.automaticTax ? "stripe" : null,
      status: options.automaticTax ? "requires_location_inputs" : null,
    },
    consent_collection: options.consent
      ? {
          payment_method_reuse_agreement: null,
          promotions: options.consent.promotions ?? "none",
          terms_of_service: options.consent.termsOfService ?? "none",
        }
      : null,
    consent: null,
    custom_text: options.customText,
  };
  return {
    session,
    lineItems,
    products,
    shippingRates,
    options,
    promotion: null,
    declines: 0,
    subscriptionData: params.subscriptionData,
  };
}

export function createSessionStore(options: SessionStoreOptions) {
  const records = new Map<string, SessionRecord>();

  /** The session as it is now: an open one past its time is expired first. */
  function current(record: SessionRecord): StripeCheckoutSession {
    const session = record.session;
    if (session.status === "open" && nowSeconds() >= session.expires_at) {
      session.status = "expired";
      session.url = null;
      options.emit("checkout.session.expired", session);
    }
    return session;
  }

  function find(id: string): SessionRecord | undefined {
    const record = records.get(id);
    if (record) current(record);
    return record;
  }

  function serialize(record: SessionRecord, expand: string[]) {
    const session = structuredClone(current(record));
    const expanded = expandSession(record, session, expand, options.promotions);
    if (!expand.includes("line_items")) return expanded;
    const expandProduct = expand.includes("line_items.data.price.product");
    // Like Stripe, an embedded list holds the first page (10 items); the rest via /line_items.
    const firstPage = record.lineItems.slice(0, 10);
    return {
      ...expanded,
      line_items: lineItemList(record, firstPage, expandProduct, record.lineItems.length > 10),
    };
  }

  /** GET …/line_items: `limit` items after `startingAfter` (an item id). */
  function lineItemPage(
    record: SessionRecord,
    limit: number,
    startingAfter: string | null,
    expandProduct: boolean,
  ) {
    const start = startingAfter ? record.lineItems.findIndex((item) => item.id === startingAfter) + 1 : 0;
    const page = record.lineItems.slice(start, start + limit);
    return lineItemList(record, page, expandProduct, start + limit < record.lineItems.length);
  }

  function create(params: CreateSessionParams, checkoutOptions: CheckoutOptions): SessionRecord {
    const record = newRecord(params, checkoutOptions, options.payPageBaseUrl(), options.lifetimeSeconds);
    applyTotals(record, options.promotions);
    setBounded(records, record.session.id, record, options.retain);
    return record;
  }

  /** What the pay page's "Apply" does: null, or why the code is refused (in Stripe's words). */
  function applyPromotionCode(record: SessionRecord, code: string): string | null {
    const promotion = options.promotions.byCode(code);
    const session = record.session;
    if (
      !record.options.allowPromotionCodes ||
      !promotion ||
      options.promotions.discount(promotion, session.amount_subtotal, session.currency) === null
    )
      return INVALID_CODE;
    record.promotion = { promotionCodeId: promotion.id, discountId: stripeId("di", 24) };
    applyTotals(record, options.promotions);
    return null;
  }

  function removePromotionCode(record: SessionRecord): void {
    record.promotion = null;
    applyTotals(record, options.promotions);
  }

  /** What paying on the pay page does: the session paid, the customer's details on it, an event. */
  function complete(id: string, input: CompleteSessionInput): StripeCheckoutSession {
    const record = find(id);
    if (!record) throw new Error(`No such checkout.session: ${id}`);
    const session = record.session;
    if (session.status === "complete") return session;
    if (session.status !== "open") throw new Error(`Checkout session ${id} is ${session.status}`);
    session.status = "complete";
    session.payment_status = "paid";
    session.url = null;
    session.customer_details = {
      email: input.email,
      name: input.name,
      phone: null,
      address: input.address,
      tax_exempt: "none",
      tax_ids: [],
    };
    session.collected_information = { shipping_details: { name: input.name, address: input.address } };
    // The pay page refuses to pay until a required box is ticked: paid means agreed.
    if (session.consent_collection) {
      session.consent = {
        promotions: null,
        terms_of_service: session.consent_collection.terms_of_service === "required" ? "accepted" : null,
      };
    }
    // The address is in: automatic tax is computed, and the total charged includes it.
    applyTotals(record, options.promotions);
    if (session.mode === "subscription") {
      // The first invoice is the payment: the session itself has no PaymentIntent (as at Stripe).
      const made = options.subscribe(record, input);
      session.customer = made.customer;
      session.subscription = made.subscription;
      session.invoice = made.invoice;
    } else session.payment_intent = options.pay(session);
    if (record.promotion) options.promotions.redeem(record.promotion.promotionCodeId);
    options.emit("checkout.session.completed", session);
    return session;
  }

  function expire(id: string): StripeCheckoutSession {
    const record = find(id);
    if (!record) throw invalid(`No such checkout.session: '${id}'`, "session", "resource_missing");
    if (record.session.status !== "open")
      throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.', "session");
    record.session.status = "expired";
    record.session.url = null;
    options.emit("checkout.session.expired", record.session);
    return record.session;
  }

  return {
    has: (id: string) => records.has(id),
    find,
    current,
    /** Newest first, as Stripe lists them. */
    newestFirst: () => [...records.values()].reverse(),
    all: () => [...records.values()],
    serialize,
    lineItemPage,
    create,
    applyPromotionCode,
    removePromotionCode,
    complete,
    expire,
  };
}
