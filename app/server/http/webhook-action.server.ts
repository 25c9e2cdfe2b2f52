/**
 * The action of an address a provider's servers call (a webhook: Stripe's events today, a lab's
 * reports next): POST only, the exact raw body within a bound, no browser checks; the handler verifies
 * the sender. Failures are mapped by failures.server.ts, a provider failure in the provider's terms.
 */
import type { ActionFunctionArgs, AppLoadContext } from "react-router";
import { readBytesUpTo } from "./body.server";
import { apiErrorResponse, apiJson, failureFor, methodNotAllowed } from "./failures.server";

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
