import type express from "express";

/**
 * The faults the emulator's test hooks queue (control.ts) and how an endpoint answers one: Shopify's
 * own error shapes for a status, THROTTLED, a malformed body, silence.
 */

/** The emulator's two GraphQL endpoints. */
export type Api = "storefront" | "admin";

export type Fault = {
  kind:
    | "latency" /** answer normally after `ms` */
    | "status" /** answer HTTP `status` (500, 502, 503, 429…) in Shopify's error shape */
    | "throttled" /** HTTP 200 with Shopify's THROTTLED GraphQL error */
    | "malformed" /** HTTP 200, application/json, a body that is not JSON */
    | "timeout" /** never answer (until the client gives up or `ms` passes, default 120 s) */
    | "lost_answer" /** run the request (its mutation takes effect), then never answer, as "timeout" */;
  /** Which endpoint it hits; default both. */
  api?: Api | "any";
  /** How many requests it applies to; default 1, -1 for every request until cleared. */
  times?: number;
  ms?: number;
  status?: number;
  /** Seconds, sent as Retry-After with a 429/503. */
  retryAfter?: number;
};

/** Waits `ms`, or less if the client goes away or the emulator closes (`pending` releases all). */
export function wait(ms: number, res: express.Response, pending: Set<() => void>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pending.delete(done);
      res.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    pending.add(done);
    res.on("close", done);
  });
}

/** Answers as the fault says (every kind but latency, which only delays the normal answer). */
export async function applyFault(fault: Fault, api: Api, res: express.Response, pending: Set<() => void>) {
  switch (fault.kind) {
    case "status": {
      const status = fault.status ?? 500;
      if (fault.retryAfter !== undefined) res.setHeader("Retry-After", String(fault.retryAfter));
      const message =
        status === 429
          ? "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service."
          : status === 503
            ? "Service Unavailable"
            : "Internal Server Error";
      res.status(status).json({
        errors: api === "admin" ? message : [{ message, extensions: { code: "INTERNAL_SERVER_ERROR" } }],
      });
      return;
    }
    case "throttled":
      res.json({
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: {
          cost: {
            ...cost(0),
            actualQueryCost: null,
            throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 },
          },
        },
      });
      return;
    case "malformed":
      res.status(200).type("application/json").send('{"data": {"product": {"title": "Forge');
      return;
    case "timeout":
      await wait(fault.ms ?? 120_000, res, pending);
      if (!res.writableEnded && !res.destroyed) res.status(504).json({ errors: "Gateway Timeout" });
      return;
    case "latency":
      return;
  }
}

/** The cost extension Shopify adds to every Admin answer. */
export function cost(actual: number) {
  return {
    requestedQueryCost: actual,
    actualQueryCost: actual,
    throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - actual, restoreRate: 100 },
  };
}
