import type http from "node:http";
import type express from "express";

/**
 * Faults a test injects into the API (from its own process: there is no HTTP route to them): matching
 * requests are delayed, answered with an error in Stripe's shape, held without an answer until the
 * client gives up, or carried out with their answer lost. Each rule applies to `times` requests, or to every one until cleared.
 */

/** A fault the API applies to matching requests before handling them. */
export type StripeFault =
  /** Answer after a delay (then normally). */
  | { kind: "latency"; ms: number }
  /** Answer with this status and Stripe's error JSON. */
  | { kind: "error"; status: 429 | 500 | 502 | 503 }
  /** Never answer: the request hangs until the client gives up (or `ms`, default 60 s, passes). */
  | { kind: "timeout"; ms?: number }
  /**
   * The request is carried out, but its answer is lost: the connection closes after `ms` (default 0:
   * at once) instead of answering, or sooner if the client leaves. Stripe made the change; the client
   * cannot know it.
   */
  | { kind: "lost"; ms?: number };

export type StripeFaultRule = StripeFault & {
  method?: "GET" | "POST";
  /** Applies to paths starting with this (e.g. "/v1/checkout/sessions"); default every /v1 path. */
  pathPrefix?: string;
  /** How many matching requests it applies to; default every one until cleared. */
  times?: number;
};

export type Faults = ReturnType<typeof createFaults>;

function errorBody(status: 429 | 500 | 502 | 503) {
  return {
    error:
      status === 429
        ? { type: "rate_limit_error", message: "Too many requests hit the API too quickly (injected fault)." }
        : {
            type: "api_error",
            message: `An error occurred with our connection to Stripe (injected ${status}).`,
          },
  };
}

export function createFaults() {
  let rules: (StripeFaultRule & { remaining: number })[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<http.ServerResponse>();

  /** The first rule for this request, counted as used; none if no rule matches. */
  function take(method: string, path: string): StripeFault | undefined {
    const rule = rules.find(
      (candidate) =>
        candidate.remaining > 0 &&
        (!candidate.method || candidate.method === method) &&
        (!candidate.pathPrefix || path.startsWith(candidate.pathPrefix)),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    rules = rules.filter((candidate) => candidate.remaining > 0);
    return rule;
  }

  function later(ms: number, then: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      timers.delete(timer);
      then();
    }, ms);
    timers.add(timer);
    return timer;
  }

  /** Holds the answer: the connection is closed after `ms` unless the client leaves first. */
  function hold(res: express.Response, ms: number) {
    held.add(res);
    const timer = later(ms, () => {
      held.delete(res);
      res.socket?.destroy();
    });
    res.on("close", () => {
      clearTimeout(timer);
      timers.delete(timer);
      held.delete(res);
    });
  }

  return {
    add(rule: StripeFaultRule) {
      rules.push({ ...rule, remaining: rule.times ?? Number.POSITIVE_INFINITY });
    },
    clear() {
      rules = [];
    },
    /**
     * Applies the fault for a request to `path` (its full /v1 path), if any: returns its kind (for the
     * request log), having answered, delayed `next` or held the answer; without one, calls `next`.
     */
    apply(req: express.Request, res: express.Response, next: express.NextFunction, path: string) {
      const fault = take(req.method, path);
      if (!fault) {
        next();
        return null;
      }
      if (fault.kind === "latency") later(fault.ms, next);
      else if (fault.kind === "timeout") hold(res, fault.ms ?? 60_000);
      else if (fault.kind === "lost") {
        const ms = fault.ms ?? 0;
        // The handler's answer goes nowhere: the connection is held, then closed.
        res.end = (() => {
          if (ms === 0) res.socket?.destroy();
          else hold(res, ms);
          return res;
        }) as typeof res.end;
        next();
      } else res.status(fault.status).json(errorBody(fault.status));
      return fault.kind;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const res of held) res.socket?.destroy();
      held.clear();
    },
  };
}
