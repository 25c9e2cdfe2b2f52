/**
 * The chaos run's load, all through HAProxy: page views from autocannon (the npm registry's load
 * generator, as `npm run bench` uses it), and real checkouts at CHAOS_RATE a second with at most
 * CHAOS_CONCURRENCY in flight, each as a shopper makes it: start the checkout, pay on the Stripe
 * emulator's pay page (which sends the webhook), open the success page, which asks for the
 * verification. Every request is recorded: its kind, when it began, how long it took, its status
 * (0 when no HTTP answer came at all).
 */
import autocannon from "autocannon";
import { SANDBOX_ENHANCER_VARIANT, sandboxCheckoutForm } from "../../scripts/lib/sandbox-checkout";

export type RequestRecord = { kind: string; at: number; ms: number; status: number; error?: string };
export type CheckoutRecord = {
  started: number;
  finished: number;
  sessionId: string | null;
  verified: boolean;
};

export type Load = {
  requests: RequestRecord[];
  checkouts: CheckoutRecord[];
  /** Checkouts the generator did not start because CHAOS_CONCURRENCY were already in flight. */
  shed: number;
  /** Why the verification failed, as its answer said (`reason`), with how often. */
  verifyFailures: Map<string, number>;
  done: Promise<void>;
  /** Ends the load early (the run is being stopped): no new checkout, page views stop. */
  stop(): void;
};

const REQUEST_TIMEOUT_MS = 30_000;

export function startLoad(options: {
  url: string;
  seconds: number;
  checkoutsPerSecond: number;
  concurrency: number;
  pageViewsPerSecond: number;
  runId: string;
  /** Seconds since the run's clock started (shared with the faults and the monitor). */
  now: () => number;
}): Load {
  const { url, seconds, now } = options;
  const requests: RequestRecord[] = [];
  const checkouts: CheckoutRecord[] = [];
  let stopped = false;
  const load: Load = {
    requests,
    checkouts,
    shed: 0,
    verifyFailures: new Map(),
    done: Promise.resolve(),
    stop: () => {
      stopped = true;
      for (const page of pages) page.stop();
    },
  };

  const pages = [
    { kind: "GET / (prerendered)", path: "/" },
    { kind: "GET /product/forge-enhancer", path: "/product/forge-enhancer" },
  ].map(({ kind, path }) => {
    const instance = autocannon({
      url: `${url}${path}`,
      connections: 4,
      overallRate: Math.max(1, Math.round(options.pageViewsPerSecond / 2)),
      duration: seconds,
      timeout: REQUEST_TIMEOUT_MS / 1000,
    }) as Promise<autocannon.Result> & autocannon.Instance;
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      requests.push({ kind, at: now() - ms / 1000, ms, status });
    });
    // autocannon emits reqError(error) (lib/run.js; its types do not name the event). It was read as
    // (client, error) and threw on the first page view with no answer, once HAProxy was gone.
    (instance as unknown as NodeJS.EventEmitter).on("reqError", (error: Error | undefined) =>
      requests.push({
        kind,
        at: now(),
        ms: 0,
        status: 0,
        error: (error as { code?: string } | undefined)?.code ?? error?.message ?? "unknown",
      }),
    );
    return instance;
  });

  async function timed(kind: string, run: () => Promise<Response>): Promise<Response | null> {
    const at = now();
    try {
      const response = await run();
      requests.push({ kind, at, ms: (now() - at) * 1000, status: response.status });
      return response;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (error as Error).name ?? String(error);
      requests.push({ kind, at, ms: (now() - at) * 1000, status: 0, error: why });
      return null;
    }
  }

  let serial = 0;
  async function checkout(): Promise<void> {
    serial += 1;
    const record: CheckoutRecord = { started: now(), finished: 0, sessionId: null, verified: false };
    checkouts.push(record);
    const json = { "content-type": "application/json", origin: url };
    const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    try {
      const created = await timed("POST /api/hybrid-checkout", () =>
        fetch(`${url}/api/hybrid-checkout`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ products: [{ shopifyVariantId: SANDBOX_ENHANCER_VARIANT, quantity: 1 }] }),
          signal: signal(),
        }),
      );
      if (!created?.ok) return;
      const { checkoutUrl, sessionId } = (await created.json()) as { checkoutUrl: string; sessionId: string };
      record.sessionId = sessionId;
      const paid = await timed("POST Stripe pay page", () =>
        fetch(checkoutUrl, {
          method: "POST",
          body: new URLSearchParams(
            sandboxCheckoutForm(`shopper-${options.runId}-${serial}@chaos.forge.test`),
          ),
          redirect: "manual",
          signal: signal(),
        }),
      );
      await paid?.arrayBuffer();
      const successUrl = paid?.headers.get("location");
      if (paid?.status !== 303 || !successUrl) return;
      const page = await timed("GET /payment-success", () => fetch(successUrl, { signal: signal() }));
      await page?.arrayBuffer();
      const verified = await timed("POST /api/verify-and-send-confirmation", () =>
        fetch(`${url}/api/verify-and-send-confirmation`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ sessionId }),
          signal: signal(),
        }),
      );
      const body = (await verified?.json().catch(() => null)) as {
        success?: boolean;
        reason?: string;
      } | null;
      record.verified = verified?.ok === true && body?.success === true;
      if (verified && !record.verified) {
        const why = `${verified.status} ${body?.reason ?? "(no reason given)"}`;
        load.verifyFailures.set(why, (load.verifyFailures.get(why) ?? 0) + 1);
      }
    } catch {
      // recorded by `timed`; a body that did not parse leaves the checkout unverified
    } finally {
      record.finished = now();
    }
  }

  const inFlight = new Set<Promise<void>>();
  const interval = 1000 / options.checkoutsPerSecond;
  const checkoutsDone = (async () => {
    let next = performance.now();
    const end = now() + seconds;
    while (now() < end && !stopped) {
      if (inFlight.size < options.concurrency) {
        const running = checkout();
        inFlight.add(running);
        void running.finally(() => inFlight.delete(running));
      } else {
        load.shed += 1;
      }
      next += interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    await Promise.allSettled([...inFlight]);
  })();
  load.done = Promise.all([...pages, checkoutsDone]).then(() => undefined);
  return load;
}
