import { createHash } from "node:crypto";
import type express from "express";
import { setBounded } from "../retention";
import { ApiFailure } from "./errors";

/**
 * Stripe's `Idempotency-Key`: a POST runs once per key and API key; a repeat with the same method,
 * path and parameters replays the first answer (`Idempotent-Replayed: true`), errors included; the
 * key with other parameters is refused with `idempotency_error`.
 */

type StoredAnswer = { fingerprint: string; status: number; body: unknown; at: number };

export type Answer = { status: number; body: unknown };

export function createIdempotency(retain: number) {
  const answers = new Map<string, StoredAnswer>();

  /** Wraps a handler that answers (or throws an ApiFailure) synchronously. */
  return function idempotent(handler: (req: express.Request) => Answer): express.RequestHandler {
    return (req, res) => {
      const key = req.get("idempotency-key");
      const fingerprint = createHash("sha256")
        .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? {})}`)
        .digest("hex");
      const scope = key ? `${res.locals.apiKey as string}:${key}` : null;
      const previous = scope ? answers.get(scope) : undefined;
      if (previous && previous.fingerprint !== fingerprint) {
        res.status(400).json({
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
        return;
      }
      if (previous) {
        res.setHeader("Idempotent-Replayed", "true");
        res.setHeader("Idempotency-Key", key as string);
        res.status(previous.status).json(previous.body);
        return;
      }
      let result: Answer;
      try {
        result = handler(req);
      } catch (error) {
        if (!(error instanceof ApiFailure)) throw error;
        result = { status: error.status, body: { error: error.body } };
      }
      // Stripe stores the answer of any request that ran, errors included (not 5xx it never ran).
      if (scope) setBounded(answers, scope, { fingerprint, ...result, at: Date.now() }, retain);
      if (key) res.setHeader("Idempotency-Key", key);
      res.status(result.status).json(result.body);
    };
  };
}
