/**
 * The merchant's refunds during the faults (issue 37 item 3: "every refund issued is mirrored once").
 * A refund is made where a merchant makes it, in Stripe (its API, as the dashboard does: the sandbox's
 * dashboard calls the same code); the store hears of it only by the signed `charge.refunded` webhook,
 * records it once and mirrors it to Shopify through its queue (app/server/orders/refunds.server.ts,
 * decision 076). Refunded are orders the shopper already saw confirmed, as a merchant refunds an order
 * from the order list: a third in full, a third in part, a third in two parts (the second part, the
 * rest, a few seconds after the first; then the order is fully refunded and cancelled in Shopify).
 */
import { seededRandom } from "./schedule";

export type IssuedRefund = {
  sessionId: string;
  /** Stripe's refund id, or null when Stripe did not answer with one. */
  refundId: string | null;
  /** Cents; null: everything left. */
  amount: number | null;
  at: number;
  error?: string;
};

export type RefundLoad = { issued: IssuedRefund[]; done: Promise<void> };

type Plan = "full" | "part" | "two-parts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startRefunds(options: {
  stripeUrl: string;
  secretKey: string;
  /** The sessions the shoppers saw confirmed so far (read each time a refund is due). */
  confirmed: () => string[];
  /** From when to when (seconds on the run's clock) refunds are issued. */
  from: number;
  until: number;
  perMinute: number;
  seed: number;
  now: () => number;
}): RefundLoad {
  const random = seededRandom(options.seed ^ 0x5eed);
  const issued: IssuedRefund[] = [];
  const chosen = new Set<string>();
  const stripe = async (method: string, path: string, form?: Record<string, string>, key?: string) => {
    const response = await fetch(`${options.stripeUrl}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };

  const refund = async (sessionId: string, paymentIntent: string, amount: number | null, key: string) => {
    const record: IssuedRefund = { sessionId, refundId: null, amount, at: options.now() };
    issued.push(record);
    try {
      const form: Record<string, string> = { payment_intent: paymentIntent, reason: "requested_by_customer" };
      if (amount !== null) form.amount = String(amount);
      // One idempotency key per refund meant: a retry after a lost answer refunds nothing twice.
      const created = await stripe("POST", "/refunds", form, key);
      record.refundId = String(created.id);
    } catch (error) {
      record.error = (error as Error).message;
    }
  };

  const one = async (serial: number) => {
    const candidates = options.confirmed().filter((id) => !chosen.has(id));
    if (candidates.length === 0) return;
    const sessionId = candidates[Math.floor(random() * candidates.length)] as string;
    chosen.add(sessionId);
    const plan: Plan = (["full", "part", "two-parts"] as const)[Math.floor(random() * 3)] ?? "full";
    let session: Record<string, unknown>;
    try {
      session = await stripe("GET", `/checkout/sessions/${sessionId}`);
    } catch (error) {
      issued.push({ sessionId, refundId: null, amount: null, at: options.now(), error: String(error) });
      return;
    }
    const paymentIntent = String(session.payment_intent);
    const total = Number(session.amount_total);
    const part = Math.max(1, Math.round(total * (0.2 + random() * 0.5)));
    if (plan === "full") await refund(sessionId, paymentIntent, null, `chaos-${serial}-a`);
    else await refund(sessionId, paymentIntent, part, `chaos-${serial}-a`);
    if (plan === "two-parts") {
      await sleep(2_000 + random() * 3_000);
      await refund(sessionId, paymentIntent, null, `chaos-${serial}-b`);
    }
  };

  const done = (async () => {
    if (options.perMinute <= 0) return;
    const interval = 60_000 / options.perMinute;
    await sleep(Math.max(0, (options.from - options.now()) * 1000));
    const running: Promise<void>[] = [];
    for (let serial = 1; options.now() < options.until; serial++) {
      running.push(one(serial));
      await sleep(interval);
    }
    await Promise.allSettled(running);
  })();
  return { issued, done };
}
