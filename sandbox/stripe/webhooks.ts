import Stripe from "stripe";
import { pushBounded } from "../retention";
import type { EmulatorLogger } from "./logger";
import { nowSeconds, type StripeEvent, stripeId } from "./objects";

/**
 * Events and their delivery, as Stripe does both: each change of a session is an event (a snapshot
 * of the object), posted to every webhook URL, signed afresh per attempt with the endpoint's secret
 * (`Stripe-Signature`, by the `stripe` package's own test signer), and retried with exponential
 * backoff until a 2xx or the last attempt.
 */

export type WebhookDeliveryRecord = {
  eventId: string;
  type: string;
  sessionId: string | null;
  url: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: number;
};

export type WebhookRetry = {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
};

export type WebhookOptions = {
  secret: string;
  urls: string[];
  retry: WebhookRetry;
  /** How many events and delivery records are kept, oldest out first. */
  retain: { events: number; log: number };
  logger?: EmulatorLogger;
};

export type Webhooks = ReturnType<typeof createWebhooks>;

/**
 * Deliveries as Stripe says they may come (its docs: "endpoints might occasionally receive the same
 * event more than once"; "Stripe doesn't guarantee delivery of events in the order in which they're
 * generated"): each event posted after a random delay of up to `maxDelayMs`, so later events can
 * overtake earlier ones, and with `duplicate` posted a second time, after its own random delay.
 */
export type WebhookDisorder = { duplicate: boolean; maxDelayMs: number };

const objectId = (event: StripeEvent) => (event.data.object as { id?: string }).id ?? null;

export function createWebhooks(options: WebhookOptions) {
  const { secret, retry, logger } = options;
  let urls = [...options.urls];
  const events: StripeEvent[] = [];
  const deliveryLog: WebhookDeliveryRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;
  let disorder: WebhookDisorder | null = null;

  function track(promise: Promise<void>) {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  }

  /** One attempt: the status, or why there was none. */
  async function post(
    target: string,
    payload: string,
  ): Promise<{ status: number | null; error: string | null }> {
    // Each attempt is signed afresh with the current time, as Stripe does.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    try {
      const response = await fetch(target, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": signature,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(retry.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status, error: null };
    } catch (caught) {
      return { status: null, error: caught instanceof Error ? caught.message : String(caught) };
    }
  }

  function pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      timers.add(timer);
    });
  }

  async function deliver(event: StripeEvent, target: string, attempt: number): Promise<void> {
    if (closed) return;
    const { status, error } = await post(target, JSON.stringify(event, null, 2));
    const record = { eventId: event.id, type: event.type, sessionId: objectId(event), url: target, attempt };
    pushBounded(deliveryLog, { ...record, status, error, at: Date.now() }, options.retain.log);
    if (status !== null && status >= 200 && status < 300) return;
    if (closed) return;
    const context = { eventId: event.id, url: target, attempt, status, error };
    if (attempt >= retry.maxAttempts) {
      logger?.warn(context, "stripe emulator: webhook given up");
      return;
    }
    const delay = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
    logger?.info({ ...context, retryInMs: delay }, "stripe emulator: webhook will be retried");
    await pause(delay);
    return deliver(event, target, attempt + 1);
  }

  return {
    /** Records an event for `object` (and what changed: `previous_attributes`) and delivers it to every URL. */
    emit(type: string, object: unknown, previousAttributes?: Record<string, unknown>) {
      const event: StripeEvent = {
        id: stripeId("evt", 24),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        // A snapshot: later changes to the session do not change the event (as at Stripe).
        data: {
          object: structuredClone(object),
          ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}),
        },
        livemode: false,
        pending_webhooks: urls.length,
        request: { id: null, idempotency_key: null },
        type,
      };
      pushBounded(events, event, options.retain.events);
      for (const target of urls) {
        if (!disorder) {
          track(deliver(event, target, 1));
          continue;
        }
        const { duplicate, maxDelayMs } = disorder;
        for (let copy = 0; copy < (duplicate ? 2 : 1); copy++) {
          track(pause(Math.random() * maxDelayMs).then(() => deliver(event, target, 1)));
        }
      }
    },
    /** Duplicated and out-of-order deliveries of the events emitted from now on; null: in order, once. */
    setDisorder(next: WebhookDisorder | null) {
      disorder = next ? { ...next } : null;
    },
    setUrls(next: string[]) {
      urls = [...next];
    },
    events: () => events.map((event) => structuredClone(event)),
    deliveries: () => deliveryLog.map((entry) => ({ ...entry })),
    /** Delivers an event again (all of a session's events, given its id), once, to every URL. */
    async redeliver(eventOrSessionId: string) {
      const chosen = events.filter(
        (event) => event.id === eventOrSessionId || objectId(event) === eventOrSessionId,
      );
      if (chosen.length === 0) throw new Error(`No event for ${eventOrSessionId}`);
      await Promise.all(
        chosen.flatMap((event) => urls.map((target) => deliver(event, target, retry.maxAttempts))),
      );
    },
    /** Resolves when no delivery is waiting or in flight. */
    async settled(timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0) {
        if (Date.now() > deadline) throw new Error("webhook deliveries did not settle");
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => setTimeout(resolve, 100)),
        ]);
      }
    },
    /** Stops delivering: retries waiting are dropped, attempts in flight are not retried. */
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
