import { type AppLoadContext, data } from "react-router";
import type { z } from "zod";
import type { SupportFormResult } from "~/contracts/support";
import { fieldErrorsOf } from "~/server/support/support-inputs.server";
import { failureFor } from "./failures.server";
import { enforceRateLimit } from "./guards.server";
import { readHtmlForm } from "./html-form.server";
import type { RateLimitName } from "./rate-limits.server";

/**
 * The action of a support page's form (`/contact`, `/guarantee`): the same form posts with or without
 * JavaScript (React Router's <Form> or the browser's own post), and both get the page back with the
 * outcome. The order of checks follows the API functions (api-action.server.ts), with one difference: a form
 * with mistakes is answered before the rate limit, so a visitor correcting a typo spends nothing.
 * Only a well-formed submission, the kind that stores something or looks an order up, counts.
 */

type FormOptions<S extends z.ZodType> = {
  request: Request;
  context: AppLoadContext;
  rateLimit: RateLimitName;
  input: S;
  /** The form's field names: what is read from the body and echoed back when something is wrong. */
  fields: readonly string[];
  handle: (input: z.output<S>) => Promise<SupportFormResult>;
};

const STATUS_OF: Record<SupportFormResult["status"], number> = { sent: 200, invalid: 400, refused: 409 };

export async function supportFormAction<S extends z.ZodType>(options: FormOptions<S>) {
  const { request, context } = options;
  let values: Record<string, string> = {};
  try {
    const fields = await readHtmlForm(request, context);
    values = Object.fromEntries(options.fields.map((name) => [name, fields.get(name) ?? ""]));
    const parsed = options.input.safeParse(values);
    if (!parsed.success) {
      const result: SupportFormResult = {
        status: "invalid",
        errors: fieldErrorsOf(parsed.error),
        values: withoutTrap(values),
      };
      return data(result, { status: STATUS_OF.invalid });
    }
    await enforceRateLimit(context, options.rateLimit);
    const result = await options.handle(parsed.data);
    return data(result, { status: STATUS_OF[result.status] });
  } catch (error) {
    const failure = failureFor(error, { request, context });
    const result: SupportFormResult = {
      status: "refused",
      message: failure.message,
      values: withoutTrap(values),
    };
    return data(result, { status: failure.status, headers: failure.headers });
  }
}

/** The honeypot is never sent back (a bot learns nothing; a person never sees it). */
function withoutTrap(values: Record<string, string>): Record<string, string> {
  const { website: _trap, ...rest } = values;
  return rest;
}

/** A support page's `headers`: a refusal's Retry-After (the rate limit) reaches the browser with the page. */
export function supportFormHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** The order number a link brings (`?order=1042`, from the order page): digits only, or "". */
export function orderNumberFromQuery(request: Request): string {
  return (new URL(request.url).searchParams.get("order") ?? "").replace(/\D/g, "").slice(0, 12);
}
