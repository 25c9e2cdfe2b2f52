/**
 * The one place domain errors become HTTP answers (docs/decisions/073): the statuses DESIGN.md gives
 * the functions' failures, `ApiError` (a failure a person can read, with its status), the JSON replies,
 * and `failureOf` / `failureFor`, which every wrapper in this folder (api-action, webhook-action,
 * html-form) uses: request rejected 400, not found 404, conflict 402/409/410, provider 502 (this site's
 * database 503), each with the error's public message; anything else is logged with the request id and
 * answered 500 "Something went wrong. Please try again.", never a stack trace.
 */
import type { AppLoadContext } from "react-router";
import { isDatabaseUnavailable } from "~/server/db/unavailable.server";
import {
  ConflictError,
  type ConflictState,
  DomainError,
  type Provider,
  ProviderError,
} from "~/server/errors.server";

/** The statuses DESIGN.md gives the functions' failures. */
export type ApiErrorStatus =
  | 400
  | 401
  | 402
  | 403
  | 404
  | 405
  | 409
  | 410
  | 413
  | 415
  | 429
  | 500
  | 502
  | 503;

/**
 * A failure a person can read: answered as `{success:false, ...reply, error: message}` with
 * `status`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly reply: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const NO_STORE = { "Cache-Control": "no-store" };

/** A JSON response that no cache keeps. */
export function apiJson(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return Response.json(body, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });
}

/**
 * `{success:false, error}` with the given status, and the `reply` fields between them (a reply that
 * has its own `error` field keeps that field's place).
 */
export function apiErrorResponse(
  status: number,
  error: string,
  headers: Record<string, string> = {},
  reply: Readonly<Record<string, unknown>> = {},
) {
  return apiJson({ success: false, ...reply, error }, { status, headers });
}

// --- Domain errors → HTTP ------------------------------------------------------------------------

/** How a provider is named to a machine calling back (a webhook's sender). */
const PROVIDER_NAMES: Record<Provider, string> = {
  shopify: "store",
  stripe: "payment provider",
  mail: "mail server",
  database: "database",
};

const CONFLICT_STATUS: Record<ConflictState, ApiErrorStatus> = {
  unpaid: 402,
  expired: 410,
  mismatch: 409,
};

/**
 * The one mapping from a domain error to the answer (docs/decisions/073): status, message, reply
 * fields. `audience: "provider"` is a provider's server calling this site (Stripe's webhook): a
 * provider failure is told in a fixed sentence naming the provider, not the words meant for a buyer.
 */
export function failureOf(error: DomainError, audience: "person" | "provider" = "person"): ApiError {
  const answer = (status: ApiErrorStatus, message = error.publicMessage) =>
    new ApiError(status, message, {}, error.reply);
  switch (error.category) {
    case "request_rejected":
      return answer(400);
    case "not_found":
      return answer(404);
    case "conflict":
      return answer(error instanceof ConflictError ? CONFLICT_STATUS[error.state] : 409);
    case "provider_unavailable":
    case "provider_rejected": {
      const provider = error instanceof ProviderError ? error.provider : undefined;
      // 502: an outside system failed; 503: this site's own storage did.
      const status = provider === "database" ? 503 : 502;
      if (audience === "provider" && provider)
        return answer(status, `The ${PROVIDER_NAMES[provider]} could not be reached.`);
      return answer(status);
    }
  }
}

const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";
const DATABASE_UNAVAILABLE = "The store cannot take this request right now. Please try again in a minute.";

/** Any thrown value as the answer: ApiErrors as they are, domain errors mapped, anything else 500. */
export function failureFor(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext },
  audience: "person" | "provider" = "person",
): ApiError {
  if (error instanceof ApiError) return error;
  const where = { err: error, requestId: context.requestId, path: new URL(request.url).pathname };
  if (error instanceof DomainError) {
    if (error instanceof ProviderError)
      context.services.logger.warn({ ...where, provider: error.provider }, `${error.provider} failed`);
    else if (audience === "provider") context.services.logger.warn(where, "call refused");
    return failureOf(error, audience);
  }
  if (isDatabaseUnavailable(error)) {
    context.services.logger.warn(where, "database unavailable");
    return failureOf(
      new ProviderError("provider_unavailable", "database", "the database did not answer", {
        publicMessage: DATABASE_UNAVAILABLE,
        cause: error,
      }),
      audience,
    );
  }
  context.services.logger.error(where, "api function failed");
  return new ApiError(500, SOMETHING_WENT_WRONG);
}

/** For a resource route's `loader`: the functions answer POST only. */
export function methodNotAllowed(): Response {
  return apiErrorResponse(405, "This address only accepts POST requests.", { Allow: "POST" });
}
