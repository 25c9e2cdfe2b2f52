/**
 * When an order's review invitation is due (decision 083), as a pure function of what the invitation
 * job learnt about the order: shipped (Shopify's first shipment) → shipped + days; never in Shopify
 * (its sync was refused) → paid + days, since no shipping can be known; cancelled before shipping → never;
 * otherwise ask again later, with backoff, and give up after NOT_SHIPPED_GIVE_UP_DAYS. Nothing here
 * reads what was bought or said: every buyer of a product is invited.
 */

export type Observation =
  | { kind: "shipped"; shippedAt: Date }
  /** Cancelled (or fully refunded) before anything shipped. */
  | { kind: "cancelled" }
  /** The order never reached Shopify (its sync was refused and waits for a person). */
  | { kind: "not_in_shopify" }
  /** Not shipped yet, not in Shopify yet, or Shopify did not answer. */
  | { kind: "waiting"; askedShopify: boolean };

export type Decision =
  | { status: "due"; shippedAt: Date | null; dueAt: Date }
  | { status: "skipped"; reason: "cancelled" | "not_shipped" }
  | { status: "waiting"; nextCheckAt: Date };

/** An order not shipped this long after payment is not going to be: its buyer has nothing to review. */
export const NOT_SHIPPED_GIVE_UP_DAYS = 90;
/** The longest wait between two questions to Shopify about one order. */
export const MAX_CHECK_INTERVAL_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * How long to wait before asking Shopify again about an order not yet shipped: the poll interval at
 * first, doubling with each question, at most MAX_CHECK_INTERVAL_MS (never below the poll interval).
 */
export function nextCheckDelayMs(checks: number, pollIntervalMs: number): number {
  const grown = pollIntervalMs * 2 ** Math.min(30, Math.max(0, checks - 1));
  return Math.max(pollIntervalMs, Math.min(MAX_CHECK_INTERVAL_MS, grown));
}

export function decideInvitation(
  observation: Observation,
  context: {
    inviteDays: number;
    paidAt: Date;
    /** Questions asked to Shopify so far, including this one. */
    checks: number;
    pollIntervalMs: number;
    now: Date;
  },
): Decision {
  const after = (from: Date) => new Date(from.getTime() + context.inviteDays * DAY_MS);
  switch (observation.kind) {
    case "shipped":
      return { status: "due", shippedAt: observation.shippedAt, dueAt: after(observation.shippedAt) };
    case "not_in_shopify":
      return { status: "due", shippedAt: null, dueAt: after(context.paidAt) };
    case "cancelled":
      return { status: "skipped", reason: "cancelled" };
    case "waiting": {
      if (context.now.getTime() - context.paidAt.getTime() > NOT_SHIPPED_GIVE_UP_DAYS * DAY_MS)
        return { status: "skipped", reason: "not_shipped" };
      // Not yet in Shopify is a question to our own database: ask again at the next poll.
      const wait = observation.askedShopify
        ? nextCheckDelayMs(context.checks, context.pollIntervalMs)
        : context.pollIntervalMs;
      return { status: "waiting", nextCheckAt: new Date(context.now.getTime() + wait) };
    }
  }
}
