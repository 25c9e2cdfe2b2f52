/**
 * The HTML form wrapper the support pages and the back office share: a page's own form posts (with or
 * without JavaScript) are read here, within the same bounds as the API functions. Origin first (403:
 * another site's page cannot post as the visitor), then a urlencoded body only (415), within
 * `maxBytes` (413). A refusal is an ApiError, shown on the page in words with its status.
 */
import type { AppLoadContext } from "react-router";
import { MAX_BODY_BYTES, readBody } from "./body.server";
import { ApiError } from "./failures.server";
import { checkOrigin } from "./guards.server";

/** The posted form's fields, after the Origin check and within the size bound. */
export async function readHtmlForm(
  request: Request,
  context: AppLoadContext,
  maxBytes = MAX_BODY_BYTES,
): Promise<URLSearchParams> {
  checkOrigin(request, context.services.env.PUBLIC_SITE_URL);
  const body = await readBody(request, { acceptForm: true, maxBytes });
  if (body.via === "form") return body.fields;
  throw new ApiError(415, "Send the form as a form.");
}
