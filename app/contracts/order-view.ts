/**
 * The order as the payment-success page and the order e-mail show it, the verify function's reply, and
 * the two pure readers both sides use (how an address is written, where the e-mail stands). No
 * imports
 * and no zod: browser code imports values from here, and a zod schema at a module's top level is not
 * shaken out of the bundle (zod would ship to the page, and its eval probe trips the CSP).
 */

/** What an order's box holds, so nothing promises the kit's results or a dosing plan it did not buy. */
export type OrderContents = { enhancer: boolean; testKit: boolean };

/** A shipping address as the order keeps it (the orders table's `shipping_address`). */
export type ShippingAddress = {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

/** A shipping address as people write it, one line each: "Austin, TX 78701", "United States". */
export function addressLines(address: ShippingAddress | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return [
    address.name,
    address.line1,
    address.line2,
    cityLine,
    address.country === "US" ? "United States" : address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
}

export type OrderItemView = {
  name: string;
  quantity: number;
  /** Minor units (cents). */
  unitAmount: number;
  /** unitAmount × quantity. */
  amount: number;
  unitFormatted: string;
  formatted: string;
};

/**
 * What Stripe took off or added to the lines, in the order people read it: a promotion code's discount
 * (negative), shipping, tax. Minor units. The payment-success page, the e-mail and the order page show
 * these between the items and the total, so the total adds up.
 */
export type OrderAdjustment = { label: string; amount: number };

export function orderAdjustments(order: {
  amountDiscount: number;
  promotionCode: string | null;
  amountShipping: number;
  amountTax: number;
}): OrderAdjustment[] {
  return [
    ...(order.amountDiscount > 0
      ? [
          {
            label: order.promotionCode ? `Discount (${order.promotionCode})` : "Discount",
            amount: -order.amountDiscount,
          },
        ]
      : []),
    { label: "Shipping", amount: order.amountShipping },
    // Shown at $0.00 too: an order with no sales tax says so, on every page and in the e-mail alike.
    { label: "Tax", amount: order.amountTax },
  ];
}

/** An adjustment as written: "Free" shipping, "−$7.80" off. */
export function adjustmentText(adjustment: OrderAdjustment, money: (amount: number) => string): string {
  if (adjustment.amount === 0 && adjustment.label === "Shipping") return "Free";
  return adjustment.amount < 0 ? `−${money(-adjustment.amount)}` : money(adjustment.amount);
}

export type OrderView = {
  orderNumber: number;
  createdAt: string;
  /** ISO 4217, upper case. */
  currency: string;
  items: OrderItemView[];
  /** Discount, shipping, tax: between the items and the total. */
  adjustments: (OrderAdjustment & { formatted: string })[];
  total: { amount: number; formatted: string };
  shippingAddress: ShippingAddress | null;
  /** What the box holds: the page's next steps name the kit and the dosing plan only when bought. */
  contents: OrderContents;
};

/**
 * Where an order's confirmation e-mail stands for the buyer: `sent`; `pending` (recorded, being sent
 * or waiting for its turn: the outbox sends it as soon as the mail server takes it); `failed` (no
 * address to send to, given up on, or the mail server refused the last attempt; the outbox still
 * retries that one). Fulfilment decides it (`confirmationEmailState`); the reply carries it.
 */
export type ConfirmationEmailState = "sent" | "pending" | "failed";

/** The e-mail's state a reply tells; null when there is no order to e-mail about (unpaid, unknown…). */
export function confirmationEmailOf(reply: VerifyConfirmationResponse): ConfirmationEmailState | null {
  if (reply.success) return reply.emailStatus;
  return reply.reason === "email_failed" ? "failed" : null;
}

/**
 * POST /api/verify-and-send-confirmation (spec §7: success, email, message). On success also the order
 * (number, items, total, address) and where its e-mail is: "sent", or "pending" (recorded, and the
 * outbox will send it as soon as the mail server takes it).
 */
export type VerifyConfirmationResponse =
  | {
      success: true;
      email: string;
      message: string;
      emailStatus: Exclude<ConfirmationEmailState, "failed">;
      order: OrderView;
    }
  | {
      success: false;
      email: string | null;
      message: string;
      error: string;
      /**
       * Why, when the call itself was fine: unknown, unpaid or expired session; e-mail failed; or a
       * session that is not a checkout of this site, or does not match the one it recorded, or for
       * which no payment was taken (docs/decisions/062-own-checkouts-and-sellable-variants.md).
       */
      reason?:
        | "not_found"
        | "not_paid"
        | "processing"
        | "expired"
        | "email_failed"
        | "not_this_site"
        | "amount_mismatch"
        | "no_payment";
      order?: OrderView;
    };
