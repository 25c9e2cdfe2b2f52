import { ApiFailure } from "./errors";
import { stripeId } from "./objects";

/**
 * Customers and the card each pays with, as Stripe keeps them. A card is a PaymentMethod id; the
 * emulator remembers how it behaves when charged: Stripe's test PaymentMethods `pm_card_visa` (pays)
 * and `pm_card_chargeCustomerFail` (attaches, then every charge fails: card 4000 0000 0000 0341), or a
 * card typed on the pay page or the portal (4242 … pays, 0341 … fails later).
 */

export type StripeAddressLike = {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
};

export type StripeCustomer = {
  id: string;
  object: "customer";
  address: StripeAddressLike | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: { name: string; phone: string | null; address: StripeAddressLike } | null;
  tax_exempt: "none";
  test_clock: string | null;
};

export type CardBehaviour = "pays" | "fails";

/** Stripe's test PaymentMethods the emulator knows by name. */
export const TEST_PAYMENT_METHODS: Record<string, CardBehaviour> = {
  pm_card_visa: "pays",
  pm_card_chargeCustomerFail: "fails",
};

/** What a typed test card does once attached: 4000 0000 0000 0341 attaches and then fails. */
export const cardBehaviour = (digits: string): CardBehaviour =>
  digits === "4000000000000341" ? "fails" : "pays";

export type Customers = ReturnType<typeof createCustomers>;

export function createCustomers() {
  const customers = new Map<string, StripeCustomer>();
  const cards = new Map<string, { behaviour: CardBehaviour; last4: string }>();
  let invoiceSequence = 0;

  function get(id: string): StripeCustomer {
    const customer = customers.get(id);
    if (!customer)
      throw new ApiFailure(404, {
        type: "invalid_request_error",
        message: `No such customer: '${id}'`,
        param: "customer",
        code: "resource_missing",
      });
    return customer;
  }

  /** Attaches a card and makes it the customer's default: its PaymentMethod id. */
  function attachCard(customerId: string, behaviour: CardBehaviour, last4: string, id = stripeId("pm", 24)) {
    get(customerId).invoice_settings.default_payment_method = id;
    cards.set(id, { behaviour, last4 });
    return id;
  }

  return {
    get,
    has: (id: string) => customers.has(id),
    all: () => [...customers.values()].reverse(),
    create(
      input: Partial<
        Pick<StripeCustomer, "email" | "name" | "metadata" | "shipping" | "address" | "description">
      > & {
        testClock: string | null;
        created: number;
        paymentMethod?: string | null;
      },
    ): StripeCustomer {
      const customer: StripeCustomer = {
        id: stripeId("cus", 14),
        object: "customer",
        address: input.address ?? null,
        balance: 0,
        created: input.created,
        currency: null,
        default_source: null,
        delinquent: false,
        description: input.description ?? null,
        email: input.email ?? null,
        invoice_prefix: (++invoiceSequence).toString(16).toUpperCase().padStart(8, "0"),
        invoice_settings: {
          custom_fields: null,
          default_payment_method: null,
          footer: null,
          rendering_options: null,
        },
        livemode: false,
        metadata: input.metadata ?? {},
        name: input.name ?? null,
        phone: null,
        preferred_locales: [],
        shipping: input.shipping ?? null,
        tax_exempt: "none",
        test_clock: input.testClock,
      };
      customers.set(customer.id, customer);
      const known = input.paymentMethod ? TEST_PAYMENT_METHODS[input.paymentMethod] : undefined;
      if (input.paymentMethod && known)
        attachCard(customer.id, known, known === "pays" ? "4242" : "0341", input.paymentMethod);
      return customer;
    },
    attachCard,
    /** How the customer's default card behaves when charged; none: no card. */
    card(customerId: string): { id: string; behaviour: CardBehaviour; last4: string } | null {
      const id = get(customerId).invoice_settings.default_payment_method;
      const card = id ? cards.get(id) : undefined;
      return id && card ? { id, ...card } : null;
    },
  };
}
