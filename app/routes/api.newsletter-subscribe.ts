import { redirect } from "react-router";
import { NEWSLETTER_ANCHOR, NEWSLETTER_STATUS_PARAM, type NewsletterStatus } from "~/content/newsletter";
import { normalizeEmailAddress } from "~/contracts/email-address";
import {
  INVALID_EMAIL_MESSAGE,
  type NewsletterSubscribeResponse,
  newsletterSubscribeInput,
  SUBSCRIBED_MESSAGE,
} from "~/contracts/newsletter";
import { RequestRejectedError } from "~/server/errors.server";
import { apiAction } from "~/server/http/api-action.server";
import { methodNotAllowed } from "~/server/http/failures.server";
import { servicesFor } from "~/server/http/route-services.server";

/**
 * POST /api/newsletter-subscribe {email} → {success, message} (issue 7). The answer is the same for
 * a new, pending or confirmed address, so the form reveals nobody. A filled honeypot field gets the
 * same answer and nothing is stored. A form post (no JavaScript) is sent back to the page it came
 * from with the outcome in the query string, which the page shows next to the field.
 */
export const loader = methodNotAllowed;

/** A path on this site, without query or fragment; anything else becomes the home page. */
function sourcePath(source: string | undefined | null): string {
  if (!source?.startsWith("/") || source.startsWith("//") || source.includes("\\")) return "/";
  const base = "http://site.invalid";
  return URL.canParse(source, base) ? new URL(source, base).pathname : "/";
}

function backTo(source: string | null, status: NewsletterStatus): Response {
  return redirect(`${sourcePath(source)}?${NEWSLETTER_STATUS_PARAM}=${status}#${NEWSLETTER_ANCHOR}`, 303);
}

export const action = apiAction({
  rateLimit: "newsletter-subscribe",
  checkOrigin: true,
  input: newsletterSubscribeInput,
  form: (fields) => ({
    email: fields.get("email") ?? "",
    website: fields.get("website") ?? undefined,
    source: fields.get("source") ?? undefined,
  }),
  // Failures before the body is understood (rate limit, origin, malformed form): back to the referring page.
  formError: (error, { request }) => {
    const referer = request.headers.get("referer") ?? "";
    // Any client can send any Referer: one that is not a URL sends the form back to the home page.
    const source = URL.canParse(referer) ? new URL(referer).pathname : "/";
    const status: NewsletterStatus =
      error.status === 400 ? "invalid" : error.status === 429 ? "limited" : "error";
    return backTo(source, status);
  },
  async handler({ input, context, via }): Promise<NewsletterSubscribeResponse | Response> {
    const email = normalizeEmailAddress(input.email);
    const source = sourcePath(input.source);
    if (!email) {
      if (via === "form") return backTo(source, "invalid");
      throw new RequestRejectedError(INVALID_EMAIL_MESSAGE);
    }
    const { newsletter, logger } = servicesFor(context, "newsletter", "logger");
    if (!input.website) await newsletter.subscribe({ email, sourcePage: source });
    else logger.info({ requestId: context.requestId }, "newsletter honeypot filled: ignored");
    if (via === "form") return backTo(source, "subscribed");
    return { success: true, message: SUBSCRIBED_MESSAGE };
  },
});
