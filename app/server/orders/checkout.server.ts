import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { checkouts, type OrderLine } from "~/server/db/schema";
import { NotFoundError, RequestRejectedError } from "~/server/errors.server";
import type { Logger } from "~/server/runtime/logger.server";
import type { CatalogService } from "~/server/shopify/catalog.server";
import type { Payments } from "~/server/stripe/types";
import { formatMoney, toMinorUnits } from "~/shared/money";
import { orderLineName } from "~/shared/order-line-name";
import { notSoldMessage, type SellableVariants } from "./sellable-variants.server";

/**
 * Starting a checkout: the browser names variants and quantities only; each must be one this store
 * sells (the catalog's, or a product this site created), each is looked up in Shopify, whose titles,
 * prices and currency go into a Stripe Checkout Session, and the session is recorded in `checkouts`
 * with the total this site computed (docs/decisions/030-exactly-once-fulfilment.md,
 * 062-own-checkouts-and-sellable-variants.md). What the browser asked for that the store cannot sell
 * is refused (RequestRejectedError), what it does not have is not found (NotFoundError).
 */

export type CheckoutRequestLine = { variantId: string; quantity: number };

export type StartCheckoutInput = {
  lines: CheckoutRequestLine[];
  /** Where Stripe's Cancel goes: a page of this site. */
  cancelUrl: string;
  /** Identifies this request: a retry with the same key and lines gets the same session. */
  requestKey: string;
  buyerIp?: string;
};

export type StartedCheckout = {
  sessionId: string;
  checkoutUrl: string;
  amountTotal: number;
  currency: string;
};

export type CheckoutServiceDeps = {
  db: Db;
  payments: Payments;
  catalog: Pick<CatalogService, "getVariants">;
  /** Which variants this store sells: anything else is refused before Shopify or Stripe is asked. */
  sellable: Pick<SellableVariants, "notSold">;
  logger: Logger;
  /** PUBLIC_SITE_URL */
  siteUrl: string;
};

export interface CheckoutService {
  start(input: StartCheckoutInput): Promise<StartedCheckout>;
}

export function createCheckoutService(deps: CheckoutServiceDeps): CheckoutService {
  // The same statement for every checkout, built once: Drizzle need not assemble its SQL each time
  // (4-5 % of the server's CPU per checkout in a profile under load), and PostgreSQL parses it once
  // per connection (a named prepared statement). The timestamps are SQL defaults, set per row.
  const recordCheckout = deps.db
    .insert(checkouts)
    .values({
      stripeSessionId: sql.placeholder("stripeSessionId"),
      lines: sql.placeholder("lines"),
      amountTotal: sql.placeholder("amountTotal"),
      currency: sql.placeholder("currency"),
      status: sql.placeholder("status"),
    })
    .onConflictDoNothing({ target: checkouts.stripeSessionId })
    .prepare("record_checkout");

  return {
    async start(input) {
      const ids = [...new Set(input.lines.map((line) => line.variantId))];
      const notSold = await deps.sellable.notSold(ids);
      if (notSold.length > 0) throw new RequestRejectedError(notSoldMessage(notSold));
      const variants = new Map(
        (await deps.catalog.getVariants(ids, { buyerIp: input.buyerIp })).map((variant) => [
          variant.id,
          variant,
        ]),
      );
      const lines: OrderLine[] = input.lines.map((line) => {
        const variant = variants.get(line.variantId);
        if (!variant) throw new NotFoundError(`Product not found in the store: ${line.variantId}.`);
        if (!variant.availableForSale) {
          throw new RequestRejectedError(`${variant.productTitle} is not available for sale right now.`);
        }
        const currency = variant.price.currencyCode.toLowerCase();
        const unitAmount = toMinorUnits(variant.price.amount, currency);
        if (unitAmount === null || unitAmount <= 0) {
          throw new RequestRejectedError(`${variant.productTitle} has no price the checkout can charge.`);
        }
        const variantTitle =
          variant.variantTitle && variant.variantTitle !== "Default Title" ? variant.variantTitle : null;
        return {
          variantId: variant.id,
          productTitle: variant.productTitle,
          variantTitle,
          quantity: line.quantity,
          unitAmount,
          currency,
        };
      });
      const currency = lines[0]?.currency ?? "usd";
      if (lines.some((line) => line.currency !== currency)) {
        throw new RequestRejectedError(
          "These products are priced in different currencies: buy them separately.",
        );
      }
      // What fulfilment will hold Stripe's session to: this site's own sum of Shopify's prices
      // (shipping is free), not the amount Stripe reports back.
      const amountTotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);

      // Same request (key) and same lines → same session at Stripe; anything else → a new one.
      const idempotencyKey = `checkout-${createHash("sha256")
        .update(JSON.stringify([input.requestKey, lines, input.cancelUrl]))
        .digest("hex")}`;
      const session = await deps.payments.createCheckoutSession({
        lines: lines.map((line) => ({
          variantId: line.variantId,
          name: orderLineName(line),
          quantity: line.quantity,
          unitAmount: line.unitAmount,
          currency: line.currency,
        })),
        successUrl: `${deps.siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: input.cancelUrl,
        idempotencyKey,
      });
      if (session.amountTotal !== amountTotal || session.currency.toLowerCase() !== currency) {
        // Fulfilment would refuse this session once paid: the buyer must not be sent to pay it.
        deps.logger.error(
          {
            sessionId: session.id,
            expected: { amountTotal, currency },
            stripe: { amountTotal: session.amountTotal, currency: session.currency },
          },
          "stripe created a session for another amount than this site asked for: not offered to the buyer",
        );
        throw new Error(`Stripe created session ${session.id} for another amount than this site asked for`);
      }
      await recordCheckout.execute({
        stripeSessionId: session.id,
        lines,
        amountTotal,
        currency,
        status: session.status,
      });
      deps.logger.info(
        {
          sessionId: session.id,
          lines: lines.length,
          total: formatMoney(session.amountTotal, session.currency),
        },
        "checkout started",
      );
      return {
        sessionId: session.id,
        checkoutUrl: session.url,
        amountTotal: session.amountTotal,
        currency: session.currency,
      };
    },
  };
}
