/**
 * The plumbing every `/api/<function>` resource route shares (DESIGN.md "The server functions").
 *
 * Usage, in `app/routes/api.<name>.ts` (registered in app/routes.ts as
 * `route("api/<name>", "routes/api.<name>.ts")`):
 *
 *     import { z } from "zod";
 *     import { apiAction, apiJson, methodNotAllowed } from "~/server/http/api.server";
 *
 *     const input = z.strictObject({ handle: z.string() });
 *
 *     export const loader = methodNotAllowed;          // GET and friends: 405 {success:false, error}
 *     export const action = apiAction({
 *       rateLimit: "shopify-get-product",              // a name from app/server/http/rate-limits.server.ts
 *       checkOrigin: true,                              // state-changing calls: Origin must be this site
 *       input,                                          // zod schema; failures answer 400 in plain words
 *       // form: (fields) => ({ ... }),                 // opt in to application/x-www-form-urlencoded
 *       // formPost: { input, fields, handler, error }, // or a form with its own schema and answers
 *       async handler({ input, context, request, via }) {
 *         return apiJson({ success: true, product: … }); // or a plain object (sent as 200 JSON)
 *         // failures: throw a domain error (app/server/errors.server.ts); no try/catch here
 *       },
 *     });
 *
 * Order of checks, so that bad input never reaches an outside system: method (405) → Origin and
 * Sec-Fetch-Site (403, where `checkOrigin`) → Content-Type (415) → rate limit per client (429 +
 * Retry-After; an IPv6 client per /64) → `authorize` (401/403) → size, 16 KB (413) → JSON syntax (400)
 * → schema (400) → handler. The Origin and Content-Type checks come before the rate limit: what they
 * refuse is what another site's page can make a visitor's browser send, and it must not spend that
 * visitor's limit (nor an office's, behind one address). Those checks read headers only. Everything
 * from the rate limit on counts: a too-large or malformed body, or a wrong admin token, can only come
 * from this site's pages or a client that is not a browser (decision 061).
 *
 * Handlers and the services they call throw domain errors (`app/server/errors.server.ts`); this module
 * is the one place they become statuses and replies (`failureOf`, docs/decisions/073): request
 * rejected 400, not found 404, conflict 402/409/410, provider 502 (this site's database 503), each
 * with the error's public message. The wrapper's own checks throw `ApiError(status, message)`.
 * Anything else thrown is logged with the request id and answered 500 "Something went wrong. Please
 * try again." — never a stack trace.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { ActionFunctionArgs, AppLoadContext } from "react-router";
import type { z } from "zod";
import {
  ConflictError,
  type ConflictState,
  DomainError,
  type Provider,
  ProviderError,
} from "~/server/errors.server";
import { DRAIN_MAX_BYTES, DRAIN_MAX_MS } from "./body-limits";
import type { RateLimitName } from "./rate-limits.server";

/** The largest request body any function accepts. */
export const MAX_BODY_BYTES = 16 * 1024;

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

/** Any thrown value as the answer: ApiErrors as they are, domain errors mapped, anything else 500. */
function failureFor(
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
  context.services.logger.error(where, "api function failed");
  return new ApiError(500, SOMETHING_WENT_WRONG);
}

/** For a resource route's `loader`: the functions answer POST only. */
export function methodNotAllowed(): Response {
  return apiErrorResponse(405, "This address only accepts POST requests.", { Allow: "POST" });
}

// --- Body ----------------------------------------------------------------------------------------

export type ReadBody = { via: "json"; data: unknown } | { via: "form"; fields: URLSearchParams };

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/**
 * The request body, or null when it is longer than `maxBytes` (declared or as it arrives). A body
 * found too long is still read to its end and dropped, up to DRAIN_MAX_BYTES and DRAIN_MAX_MS,
 * before the caller answers 413: answered earlier, a client that asked to close the connection
 * would be reset while still sending, and lose the answer. Past those bounds the answer goes out at
 * once (and the connection is cut). Never cancelled: that destroys the connection before the 413.
 */
export async function readBytesUpTo(request: Request, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > Math.max(maxBytes, DRAIN_MAX_BYTES)) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(reader, size);
      return null;
    }
    chunks.push(value);
  }
}

/** Reads and drops the rest of a refused body, within DRAIN_MAX_BYTES and DRAIN_MAX_MS. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, size: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DRAIN_MAX_MS);
  });
  try {
    for (let read = size; read <= DRAIN_MAX_BYTES; ) {
      const next = await Promise.race([reader.read(), timeUp]);
      if (!next || next.done) return;
      read += next.value.byteLength;
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/**
 * Reads and drops a body the answer did not need (refused from its headers: Origin, Content-Type,
 * rate limit, token), within the drain bounds, before the refusal is sent. Answered while the body is
 * still arriving, a client that asked to close the connection is reset as soon as the answer is
 * written and loses it (Node destroys a last connection with unread input); on a busy machine that is
 * most such clients. A body declared past DRAIN_MAX_BYTES is not waited for. Never throws: a client
 * that went away has nothing left to answer.
 */
async function dropUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > DRAIN_MAX_BYTES) return;
  await drain(request.body.getReader(), 0).catch(() => {});
}

/**
 * The body's kind from its Content-Type: JSON, or a urlencoded form where `acceptForm`; anything else
 * is refused (415) from the header alone, before the body is read.
 */
export function checkContentType(request: Request, acceptForm: boolean): "json" | "form" {
  const type = mediaType(request);
  if (type === "application/json") return "json";
  if (acceptForm && type === "application/x-www-form-urlencoded") return "form";
  throw new ApiError(
    415,
    acceptForm
      ? "Send the request as JSON (Content-Type: application/json) or as a form."
      : "Send the request as JSON (Content-Type: application/json).",
  );
}

/**
 * Reads the body as JSON (or, when `acceptForm`, as a urlencoded form), refusing other content types
 * (415), bodies over `maxBytes` (413, checked while reading, whatever Content-Length claims) and
 * malformed JSON (400).
 */
export async function readBody(
  request: Request,
  options: { acceptForm?: boolean; maxBytes?: number } = {},
): Promise<ReadBody> {
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const isForm = checkContentType(request, options.acceptForm === true) === "form";
  const bytes = await readBytesUpTo(request, maxBytes);
  if (bytes === null)
    throw new ApiError(413, `The request is too large: the limit is ${maxBytes / 1024} KB.`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(400, "The request body is not valid UTF-8 text.");
  }
  if (isForm) return { via: "form", fields: new URLSearchParams(text) };
  if (text.trim() === "") throw new ApiError(400, "The request body is empty: send a JSON object.");
  try {
    return { via: "json", data: JSON.parse(text) as unknown };
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
}

// --- Validation ----------------------------------------------------------------------------------

const typeWords: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  bigint: "a number",
  int: "a whole number",
};

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function label(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "The request body";
  return `"${path.map((key) => (typeof key === "number" ? `[${key}]` : String(key))).join(".")}"`.replace(
    /\.\[/g,
    "[",
  );
}

/**
 * One sentence per problem, in words a person understands: `"handle" is required`,
 * `"price" must be a number`, `Unknown field "colour"`. Schemas give their own messages for rules
 * (`z.string().regex(re, { message: "must be …" })`): those read as `"<field>" must be …`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown): string {
  const sentences = issues.slice(0, 3).map((issue) => {
    const path = issue.path;
    if (issue.code === "unrecognized_keys") {
      const where = path.length ? ` in ${label(path)}` : "";
      const keys = issue.keys.map((key) => `"${key}"`).join(", ");
      return `Unknown field${issue.keys.length > 1 ? "s" : ""} ${keys}${where}`;
    }
    // A missing field is "required", whatever rule it would have broken.
    if (path.length > 0 && valueAt(data, path) === undefined) return `${label(path)} is required`;
    if (issue.code === "invalid_type") {
      const expected = typeWords[issue.expected] ?? issue.expected;
      if (path.length === 0)
        return `The request body must be ${expected === "an object" ? "a JSON object" : expected}`;
      return `${label(path)} must be ${expected}`;
    }
    // Custom messages are written as a predicate ("must be …"); zod's own are full sentences.
    const message = issue.message.startsWith("Invalid input") ? "is not valid" : issue.message;
    return `${label(path)} ${message}`;
  });
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
  return `${sentences.join("; ")}${more}.`;
}

/** Validates `data` against `schema`; a failure throws a 400 ApiError with a readable message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ApiError(400, describeIssues(result.error.issues, data));
}

// --- Origin --------------------------------------------------------------------------------------

/**
 * State-changing calls from a browser must come from this site: the Origin header, when the browser
 * sends one (every current browser does on POST), must be PUBLIC_SITE_URL's origin or the origin the
 * request was addressed to (Host, or X-Forwarded-Host through trusted proxies). Requests without an
 * Origin come from non-browser clients, which cannot carry a visitor's ambient authority.
 */
export function checkOrigin(request: Request, publicSiteUrl: string): void {
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") throw forbiddenOrigin();
  if (origin === null) return;
  const allowed = new Set([new URL(publicSiteUrl).origin, new URL(request.url).origin]);
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    throw forbiddenOrigin();
  }
  if (origin === "null" || !allowed.has(normalized)) throw forbiddenOrigin();
}

function forbiddenOrigin() {
  return new ApiError(403, "This request did not come from this site.");
}

// --- Admin token --------------------------------------------------------------------------------

/** Compares two secrets in constant time (their SHA-256 digests, so lengths do not leak either). */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i;

/**
 * Requires `Authorization: Bearer <expected>`. Unconfigured (`expected` undefined): 403, the function
 * is switched off. Missing, malformed or wrong token: 401 with `WWW-Authenticate: Bearer`.
 */
export function requireBearerToken(request: Request, expected: string | undefined, what: string): void {
  if (!expected)
    throw new ApiError(403, `${what} is turned off: no admin token is configured on the server.`);
  const header = request.headers.get("authorization");
  const challenge = { "WWW-Authenticate": 'Bearer realm="forge-admin"' };
  if (header === null || header.trim() === "") {
    throw new ApiError(401, "An admin token is required: send Authorization: Bearer <token>.", challenge);
  }
  const match = BEARER.exec(header.trim());
  if (!match?.[1]) {
    throw new ApiError(
      401,
      "The Authorization header is malformed: use Authorization: Bearer <token>.",
      challenge,
    );
  }
  if (!secretsEqual(match[1], expected)) throw new ApiError(401, "The admin token is not valid.", challenge);
}

// --- Rate limit ----------------------------------------------------------------------------------

/** Spends one point of `name`'s limit for the client's address; over the limit throws 429. */
export async function enforceRateLimit(context: AppLoadContext, name: RateLimitName): Promise<void> {
  const decision = await context.services.rateLimiter.consume(name, context.clientIp);
  if (decision.allowed) return;
  throw new ApiError(429, "Too many requests. Please wait a moment and try again.", {
    "Retry-After": String(decision.retryAfterSeconds),
  });
}

// --- The action wrapper --------------------------------------------------------------------------

export type ApiHandlerArgs<Input> = {
  input: Input;
  request: Request;
  context: AppLoadContext;
  /** How the body came: JSON, or a urlencoded form (routes that opt in with `form`). */
  via: "json" | "form";
};

/** What the same function does when a page without JavaScript posts it as a urlencoded form. */
export type FormPost<F extends z.ZodType> = {
  /** The form's schema, over the object `fields` makes of the posted fields. */
  input: F;
  fields: (fields: URLSearchParams) => unknown;
  handler: (args: ApiHandlerArgs<z.output<F>>) => Promise<Response | object> | Response | object;
  /** How a failure is answered to the form (e.g. a short page in the tab the form opened). */
  error: (error: ApiError, args: { request: Request; context: AppLoadContext }) => Response;
};

export type ApiActionOptions<S extends z.ZodType, F extends z.ZodType = z.ZodType> = {
  /** The named limit spent per call (app/server/http/rate-limits.server.ts). */
  rateLimit: RateLimitName;
  /** Check Origin against the site: set for calls that change state. */
  checkOrigin: boolean;
  /** The body's schema (use z.strictObject so extra fields are refused). */
  input: S;
  /** Opt in to urlencoded form posts: turns the form's fields into the object `input` validates. */
  form?: (fields: URLSearchParams) => unknown;
  /**
   * A form post with its own schema, handler and failure answer, for a function whose JSON callers
   * and form get different answers (JSON in reply, a redirect or a page to the form). Bodies of any
   * other type are refused as for a JSON-only function.
   */
  formPost?: FormPost<F>;
  /**
   * Runs after the Origin, Content-Type and rate-limit checks, before the body is read (e.g. an
   * Authorization check: wrong tokens count against the limit).
   */
  authorize?: (args: { request: Request; context: AppLoadContext }) => void | Promise<void>;
  /**
   * How a failure is answered to a form post (e.g. a redirect to a page that explains it). Default:
   * the JSON failure.
   */
  formError?: (error: ApiError, args: { request: Request; context: AppLoadContext }) => Response;
  handler: (args: ApiHandlerArgs<z.output<S>>) => Promise<Response | object> | Response | object;
};

const FORM = "application/x-www-form-urlencoded";

/** Builds a resource route `action` that runs the shared checks in order, then `handler`. */
export function apiAction<S extends z.ZodType, F extends z.ZodType = z.ZodType>(
  options: ApiActionOptions<S, F>,
) {
  const { formPost } = options;
  const formAction = formPost
    ? apiAction({
        rateLimit: options.rateLimit,
        checkOrigin: options.checkOrigin,
        authorize: options.authorize,
        input: formPost.input,
        form: formPost.fields,
        formError: formPost.error,
        handler: formPost.handler,
      })
    : undefined;
  return async function action(args: ActionFunctionArgs): Promise<Response> {
    const { request, context } = args;
    if (formAction && mediaType(request) === FORM) return formAction(args);
    // A form post is answered as one (formError) even when it fails before its body is read.
    const via: "json" | "form" = options.form && mediaType(request) === FORM ? "form" : "json";
    try {
      if (request.method !== "POST") return methodNotAllowed();
      // Headers only, and before the rate limit: what another site can make a browser send is
      // refused without spending the visitor's limit.
      if (options.checkOrigin) checkOrigin(request, context.services.env.PUBLIC_SITE_URL);
      const acceptForm = options.form !== undefined;
      checkContentType(request, acceptForm);
      // Before any outside call and before the body is read.
      await enforceRateLimit(context, options.rateLimit);
      await options.authorize?.({ request, context });
      const body = await readBody(request, { acceptForm });
      const raw = body.via === "form" ? options.form?.(body.fields) : body.data;
      const input = parseInput(options.input, raw);
      const result = await options.handler({ input, request, context, via: body.via });
      return result instanceof Response ? result : apiJson(result);
    } catch (error) {
      const failure = failureFor(error, { request, context });
      await dropUnreadBody(request);
      if (via === "form" && options.formError) return options.formError(failure, { request, context });
      return apiErrorResponse(failure.status, failure.message, failure.headers, failure.reply);
    }
  };
}

export type WebhookActionOptions = {
  /** The largest body the sender's events come in. */
  maxBytes: number;
  /** The 413 message. */
  tooLarge: string;
  /** Gets the exact raw body (signatures are computed over it). */
  handler: (args: { body: string; request: Request; context: AppLoadContext }) => Promise<Response | object>;
};

/**
 * Builds the `action` of an address a provider's servers call (a webhook): POST only, the raw body up
 * to `maxBytes`, no Origin, Content-Type or rate-limit checks (the handler verifies the sender).
 * Failures are mapped as for people, except that a provider failure is told in the provider's terms.
 */
export function webhookAction(options: WebhookActionOptions) {
  return async function action({ request, context }: ActionFunctionArgs): Promise<Response> {
    if (request.method !== "POST") return methodNotAllowed();
    const body = await readBytesUpTo(request, options.maxBytes);
    if (body === null) return apiErrorResponse(413, options.tooLarge);
    try {
      const result = await options.handler({ body: body.toString("utf8"), request, context });
      return result instanceof Response ? result : apiJson(result);
    } catch (error) {
      const failure = failureFor(error, { request, context }, "provider");
      return apiErrorResponse(failure.status, failure.message, failure.headers, failure.reply);
    }
  };
}
