import { type AppLoadContext, data, redirect } from "react-router";
import type { AdminSession } from "~/server/admin/admin-auth.server";
import { sessionIdOf } from "./admin-cookie.server";
import { ApiError } from "./failures.server";
import { enforceRateLimit } from "./guards.server";
import { readHtmlForm } from "./html-form.server";

/**
 * What every back-office route shares: its headers (never stored, never indexed), the session check,
 * and the guard in front of every POST (Origin, then the form read within the API's bounds).
 */

export const ADMIN_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * Every back-office route's `headers`: ADMIN_HEADERS, and the Retry-After its loader or action gave
 * (a route that exports `headers` answers with what that function returns, nothing else).
 */
export function adminRouteHeaders({
  actionHeaders,
  loaderHeaders,
}: {
  actionHeaders: Headers;
  loaderHeaders: Headers;
}) {
  const headers = new Headers(ADMIN_HEADERS);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** A refusal a page shows in words, with its status (403 foreign origin, 413, 415, 429 …). */
export type AdminRefusal = { refusal: { status: number; message: string } };

export function refusalOf(error: unknown) {
  if (!(error instanceof ApiError)) throw error;
  return data<AdminRefusal>(
    { refusal: { status: error.status, message: error.message } },
    { status: error.status, headers: { ...ADMIN_HEADERS, ...error.headers } },
  );
}

/** The session cookie is sent only over HTTPS in production. */
export const secureCookies = (context: AppLoadContext) => context.services.env.NODE_ENV === "production";

/** The signed-in operator, or a redirect to the sign-in page. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<AdminSession> {
  const session = await context.services.adminAuth.session(sessionIdOf(request));
  if (!session) throw redirect("/admin", { headers: ADMIN_HEADERS });
  return session;
}

/** A back-office POST: from this site only (403 otherwise), its form fields read within the bounds. */
export function adminForm(request: Request, context: AppLoadContext): Promise<URLSearchParams> {
  return readHtmlForm(request, context, 4 * 1024);
}

/**
 * The start of every signed-in back-office action: the POST guard first (a foreign origin or a bad body
 * is refused before any session lookup), then the session (none: the redirect to sign in is thrown).
 * A refusal comes back as `refused`, the response the action returns as it is.
 */
export async function signedInAdminForm(
  request: Request,
  context: AppLoadContext,
): Promise<{ fields: URLSearchParams; session: AdminSession } | { refused: ReturnType<typeof refusalOf> }> {
  let fields: URLSearchParams;
  try {
    fields = await adminForm(request, context);
  } catch (error) {
    return { refused: refusalOf(error) };
  }
  return { fields, session: await requireAdmin(request, context) };
}

/**
 * The sign-in form's and link's limit, per requester (their address; an IPv6 client per /64). There is
 * no limit per address asked for: one would let anyone lock the operator out (issue 38 item 3); the
 * one live link per address bounds the mail instead (admin-auth.server.ts).
 */
export const limitClient = (context: AppLoadContext) => enforceRateLimit(context, "admin-sign-in");

/** A back-office action's outcome in its redirect (`?retried=1`, `?closed=0`): true, false, or none. */
export function outcomeFlag(url: URL, name: string): boolean | null {
  const value = url.searchParams.get(name);
  return value === "1" ? true : value === "0" ? false : null;
}
