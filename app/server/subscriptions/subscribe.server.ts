import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "~/server/db/client.server";
import { subscriptions } from "~/server/db/schema";
import { ConflictError, RequestRejectedError } from "~/server/errors.server";
import type { Logger } from "~/server/runtime/logger.server";
import type { CatalogService } from "~/server/shopify/catalog.server";
import type { SubscriptionBilling } from "~/server/stripe/subscription-types";
import { toMinorUnits } from "~/shared/money";

/**
 * Starting a subscription (issue 36 item 2's server side; decisions 119 and 130): the Enhancer on
 * Shopify's selling plan, the cycle and the bottles per delivery chosen, a Stripe Checkout Session in
 * subscription mode, and the pending subscription recorded so the webhook knows it is this site's.
 * The price is only ever the selling plan's (catalog.getSubscriptionOffer); no plan, no subscription.
 */

export const subscribeInput = z.object({
  quantity: z.number().int().min(1).max(6),
  weeksOn: z.union([z.literal(8), z.literal(10), z.literal(12)]),
  weeksOff: z.union([z.literal(2), z.literal(3), z.literal(4)]),
});
export type SubscribeInput = z.infer<typeof subscribeInput>;

export const NO_SUBSCRIPTION_OFFERED = "The Enhancer is not offered on subscription at the moment.";

/**
 * The selling plan's price is not the one the shopper was shown (the sign-up page states it beside its
 * button, decision 131): no Checkout Session is made, and the page shows the new price first.
 */
export class SubscriptionPriceChangedError extends ConflictError {
  constructor(readonly unitAmount: number) {
    super("mismatch", "the selling plan's price changed since the page was shown", {
      publicMessage:
        "The subscription price changed while you were choosing. Check the new price, then subscribe.",
    });
    this.name = "SubscriptionPriceChangedError";
  }
}

export interface Subscribe {
  start(
    input: SubscribeInput & {
      cancelUrl: string;
      /** Makes a retried request the same Checkout Session (Stripe's idempotency key). */
      requestKey: string;
      buyerIp?: string;
      /** A Stripe customer to attach (tests put one on a test clock). */
      customerId?: string;
      /** The price per bottle the shopper was shown: another price refuses (SubscriptionPriceChangedError). */
      expected?: { unitAmount: number; currency: string };
    },
  ): Promise<{ sessionId: string; checkoutUrl: string }>;
}

export type SubscribeDeps = {
  db: Db;
  catalog: Pick<CatalogService, "getSubscriptionOffer" | "getVariants">;
  billing: Pick<SubscriptionBilling, "createSubscriptionCheckout">;
  /** The Enhancer's variant (catalog-config.server.ts). */
  variantId: string;
  siteUrl: string;
  logger: Logger;
};

export function createSubscribe(deps: SubscribeDeps): Subscribe {
  return {
    async start(input) {
      const availability = await deps.catalog.getSubscriptionOffer(deps.variantId, {
        buyerIp: input.buyerIp,
      });
      if (!availability.offered) {
        deps.logger.info({ reason: availability.reason }, "subscription refused: no selling plan to keep");
        throw new RequestRejectedError(NO_SUBSCRIPTION_OFFERED);
      }
      const { offer } = availability;
      const currency = offer.pricePerDelivery.currencyCode.toLowerCase();
      const unitAmount = toMinorUnits(offer.pricePerDelivery.amount, currency);
      if (unitAmount === null || unitAmount <= 0) throw new Error("the selling plan's price is not a price");
      if (
        input.expected &&
        (input.expected.unitAmount !== unitAmount || input.expected.currency !== currency)
      )
        throw new SubscriptionPriceChangedError(unitAmount);
      const [variant] = await deps.catalog.getVariants([deps.variantId], { buyerIp: input.buyerIp });
      const productTitle = variant?.productTitle ?? offer.name;
      const reference = randomUUID();
      const session = await deps.billing.createSubscriptionCheckout({
        variantId: deps.variantId,
        sellingPlanId: offer.sellingPlanId,
        name: productTitle,
        unitAmount,
        currency,
        quantity: input.quantity,
        everyDays: offer.deliveryEveryDays,
        cycle: { weeksOn: input.weeksOn, weeksOff: input.weeksOff },
        reference,
        customerId: input.customerId,
        // The page that greets a new subscriber is built with /subscribe (issue 36 item 2).
        successUrl: `${deps.siteUrl}/subscribe/welcome?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: input.cancelUrl,
        idempotencyKey: `subscribe ${input.requestKey}`,
      });
      await deps.db
        .insert(subscriptions)
        .values({
          id: reference,
          stripeSessionId: session.id,
          variantId: deps.variantId,
          sellingPlanId: offer.sellingPlanId,
          productTitle,
          weeksOn: input.weeksOn,
          weeksOff: input.weeksOff,
          quantity: input.quantity,
          unitAmount,
          currency,
        })
        .onConflictDoNothing({ target: subscriptions.stripeSessionId });
      deps.logger.info({ sessionId: session.id }, "subscription checkout started");
      return { sessionId: session.id, checkoutUrl: session.url };
    },
  };
}
