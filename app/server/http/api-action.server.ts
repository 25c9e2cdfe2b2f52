/**
 * The plumbing every `/api/<function>` resource route shares (DESIGN.md "The server functions").
 *
 * Usage, in `app/routes/api.<name>.ts` (registered in app/routes.ts as
 * `route("api/<name>", "routes/api.<name>.ts")`):
 *
 *     import { z } from "zod";
 *     import { apiAction } from "~/server/http/api-action.server";
 *     import { apiJson, methodNotAllowed } from "~/server/http/failures.server";
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
 * Handlers and the services they call throw domain errors (`app/server/errors.server.ts`); they become
 * statuses and replies in one place, failures.server.ts (docs/decisions/073). The wrapper's own checks
 * (body.server.ts, guards.server.ts, validation.server.ts) throw `ApiError(status, message)`.
 */
import type { ActionFunctionArgs, AppLoadContext } from "react-router";
import type { z } from "zod";
import { checkContentType, dropUnreadBody, mediaType, readBody } from "./body.server";
import { type ApiError, apiErrorResponse, apiJson, failureFor, methodNotAllowed } from "./failures.server";
import { checkOrigin, enforceRateLimit } from "./guards.server";
import type { RateLimitName } from "./rate-limits.server";
import { parseInput } from "./validation.server";

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
