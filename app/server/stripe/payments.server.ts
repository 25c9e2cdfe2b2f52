import Stripe from "stripe";
import { RequestRejectedError } from "~/server/errors.server";
import { termsConsent } from "./consent.server";
import {
  chargeRefundsHaveMore,
  reshapeChargeRefunds,
  reshapeCreatedSession,
  reshapeEvent,
  reshapeLineItems,
  reshapeSession,
  reshapeStripeError,
  sessionPromotionCode,
  VARIANT_METADATA_KEY,
} from "./reshape.server";
import {
  CHECKOUT_NOT_CREATED,
  type ChargeRefunds,
  type CreateCheckoutSessionInput,
  PaymentProviderError,
  type Payments,
  UNREADABLE_EVENT,
  WebhookSignatureError,
} from "./types";

export type PaymentsConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe-compatible API (an emulator): its host, port and protocol replace api.stripe.com. */
  apiUrl?: string;
  /** Per request; Stripe's default is 80 s, far longer than a visitor waits. */
  timeoutMs?: number;
  /** Retries of connection errors, 409, 429 and 5xx, with the same idempotency key and exponential backoff. */
  maxNetworkRetries?: number;
  /** How old a webhook signature may be (seconds). */
  webhookToleranceSeconds?: number;
  /** Where Checkout ships to (ISO 3166-1 alpha-2; SHIPPING_COUNTRIES). Default: the US. */
  shippingCountries?: string[];
  /** Stripe Tax on the hosted page (STRIPE_AUTOMATIC_TAX; Stripe Tax must be set up in the dashboard). */
  automaticTax?: boolean;
  /**
   * The site's public origin: when given, Checkout requires agreement to the terms of sale at
   * `<siteUrl>/legal/terms` (Stripe also wants a terms URL in the dashboard's public details).
   */
  siteUrl?: string;
};

/**
 * Session fields the app reads back: the line items with each line's product (for its variant id),
 * the discounts (for the promotion code's id) and the shipping rate (for its name). The promotion
 * code itself is read apart: expanded from here it would be five levels deep, past Stripe's limit.
 */
const SESSION_EXPAND = [
  "line_items",
  "line_items.data.price.product",
  "total_details.breakdown",
  "shipping_cost.shipping_rate",
];

/** What the shopper ticks on the hosted page (consent.server.ts): kept importable from here. */
export { termsAcceptanceMessage } from "./consent.server";

/**
 * Starts an SDK call without the caller's stack trace the SDK records on every request (`new
 * Error().stack`, kept to append to an error that seldom comes). With source maps on, as under tsx,
 * forming that trace was 3-5 % of the server's CPU per checkout (measured in a CPU profile under
 * load). Our failures are reshaped and logged where they are caught, so that trace adds nothing:
 * it is made empty for the synchronous start of the call, and the limit restored at once.
 */
export function withoutCallSiteStack<T>(start: () => Promise<T>): Promise<T> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return start();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

const DEFAULT_COUNTRIES = ["US"];

/** The SDK's client, pointed at STRIPE_API_URL when set (an emulator); one per adapter. */
export function createStripeClient(
  config: Pick<PaymentsConfig, "secretKey" | "apiUrl" | "timeoutMs" | "maxNetworkRetries">,
) {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    timeout: config.timeoutMs ?? 10_000,
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: "forge-storefront" },
    ...(api
      ? {
          host: api.hostname.replace(/^\[|\]$/g, ""),
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/** The one Stripe adapter (docs/decisions/030-exactly-once-fulfilment.md). */
export function createPayments(config: PaymentsConfig): Payments {
  const stripe = createStripeClient(config);

  /** Runs an SDK call; any failure is a PaymentProviderError told to a buyer as `publicMessage`. */
  async function call<T>(publicMessage: string, run: () => Promise<T>): Promise<T> {
    try {
      return await withoutCallSiteStack(run);
    } catch (error) {
      throw reshapeStripeError(error, publicMessage);
    }
  }

  return {
    async createCheckoutSession(input: CreateCheckoutSessionInput) {
      const currency = input.lines[0]?.currency ?? "usd";
      // Reshaped inside the call: an answer this site cannot use fails as Stripe being unavailable.
      return call(CHECKOUT_NOT_CREATED, async () =>
        reshapeCreatedSession(
          await stripe.checkout.sessions.create(
            {
              mode: "payment",
              line_items: input.lines.map((line) => ({
                quantity: line.quantity,
                price_data: {
                  currency: line.currency,
                  unit_amount: line.unitAmount,
                  product_data: { name: line.name, metadata: { [VARIANT_METADATA_KEY]: line.variantId } },
                },
              })),
              shipping_address_collection: {
                allowed_countries: (config.shippingCountries ??
                  DEFAULT_COUNTRIES) as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
              },
              shipping_options: [
                {
                  shipping_rate_data: {
                    type: "fixed_amount",
                    display_name: "Free shipping",
                    fixed_amount: { amount: 0, currency },
                    delivery_estimate: {
                      minimum: { unit: "business_day", value: 1 },
                      maximum: { unit: "business_day", value: 2 },
                    },
                  },
                },
              ],
              allow_promotion_codes: true,
              ...(config.automaticTax ? { automatic_tax: { enabled: true } } : {}),
              ...termsConsent(config.siteUrl),
              success_url: input.successUrl,
              cancel_url: input.cancelUrl,
            },
            { idempotencyKey: input.idempotencyKey },
          ),
        ),
      );
    },

    async retrieveCheckoutSession(sessionId: string) {
      try {
        const session = await withoutCallSiteStack(() =>
          stripe.checkout.sessions.retrieve(sessionId, { expand: SESSION_EXPAND }),
        );
        let lines: ReturnType<typeof reshapeLineItems>["lines"] | undefined;
        // An embedded list holds the first page only; a longer order is read in full.
        if (session.line_items?.has_more) {
          const all = await stripe.checkout.sessions
            .listLineItems(sessionId, { limit: 100, expand: ["data.price.product"] })
            .autoPagingToArray({ limit: 1_000 });
          lines = reshapeLineItems({ data: all, has_more: false }).lines;
        }
        // Only the promotion code's id is on the session: its customer-facing code is read from it.
        const promotion = sessionPromotionCode(session);
        const code =
          promotion && "id" in promotion
            ? (await stripe.promotionCodes.retrieve(promotion.id)).code
            : undefined;
        return reshapeSession(session, lines, code);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        if (error instanceof PaymentProviderError) throw error;
        throw reshapeStripeError(error);
      }
    },

    async retrieveChargeRefunds(chargeId: string): Promise<ChargeRefunds | null> {
      try {
        const charge = await withoutCallSiteStack(() =>
          stripe.charges.retrieve(chargeId, { expand: ["refunds"] }),
        );
        // The embedded list is its first page: a charge refunded many times is read in full.
        if (!chargeRefundsHaveMore(charge)) return reshapeChargeRefunds(charge);
        const all = await stripe.refunds
          .list({ charge: chargeId, limit: 100 })
          .autoPagingToArray({ limit: 1_000 });
        return reshapeChargeRefunds(charge, all);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw reshapeStripeError(error);
      }
    },

    async checkoutSessionOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
      try {
        const found = await withoutCallSiteStack(() =>
          stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 }),
        );
        return found.data[0]?.id ?? null;
      } catch (error) {
        throw reshapeStripeError(error);
      }
    },

    parseWebhook(rawBody: string, signatureHeader: string | null) {
      if (!signatureHeader) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          config.webhookSecret,
          config.webhookToleranceSeconds ?? 300,
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new WebhookSignatureError(error.message);
        throw new WebhookSignatureError("Webhook body is not a valid event");
      }
      try {
        return reshapeEvent(event);
      } catch (error) {
        // Signed by Stripe, but not an event this site can read: the request is refused.
        throw new RequestRejectedError(error instanceof Error ? error.message : String(error), {
          publicMessage: UNREADABLE_EVENT,
          cause: error,
        });
      }
    },
  };
}
