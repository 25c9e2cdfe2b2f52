/**
 * Stripe's error answers: `{ error: { type, message, param?, code? } }` with the status Stripe gives.
 * Thrown anywhere below a request handler, an `ApiFailure` becomes that answer (api.ts).
 */

export type StripeErrorBody = {
  type: "invalid_request_error" | "api_error" | "idempotency_error" | "rate_limit_error" | "card_error";
  message: string;
  param?: string;
  code?: string;
};

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** 400 invalid_request_error, naming the parameter (as Stripe words its parameter errors). */
export const invalid = (message: string, param?: string, code?: string) =>
  new ApiFailure(400, {
    type: "invalid_request_error",
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

/** 404 for a session id Stripe does not know. */
export const noSuchSession = (id: string) =>
  new ApiFailure(404, {
    type: "invalid_request_error",
    message: `No such checkout.session: '${id}'`,
    param: "session",
    code: "resource_missing",
  });
