import { type AppLoadContext, redirect } from "react-router";
import type { AccountDestination, ShopperSession } from "~/server/accounts/shopper-auth.server";
import { accountCookie } from "./account-cookie.server";
import { ADMIN_HEADERS } from "./admin-routes.server";
import { enforceRateLimit } from "./guards.server";
import { readHtmlForm } from "./html-form.server";

/**
 * What the shopper's account pages share (issue 35 item 2): never stored by a cache or indexed, the
 * session read from the account cookie, the POST guard (Origin, then the form within its bounds).
 */
export const ACCOUNT_HEADERS = ADMIN_HEADERS;

export const secureAccountCookie = (context: AppLoadContext) => ({
  secure: context.services.env.NODE_ENV === "production",
});

/** The signed-in shopper, if any. */
export function shopperOf(request: Request, context: AppLoadContext): Promise<ShopperSession | null> {
  return context.services.shopperAuth.session(accountCookie.read(request));
}

/** The signed-in shopper, or a redirect to sign in that comes back to `next`. */
export async function requireShopper(
  request: Request,
  context: AppLoadContext,
  next: AccountDestination,
): Promise<ShopperSession> {
  const session = await shopperOf(request, context);
  if (!session) throw redirect(`/account?next=${encodeURIComponent(next)}`, { headers: ACCOUNT_HEADERS });
  return session;
}

/** An account page's POST: from this site only (403 otherwise), its fields read within the bounds. */
export const accountForm = (request: Request, context: AppLoadContext) =>
  readHtmlForm(request, context, 4 * 1024);

export const limitAccountSignIn = (context: AppLoadContext) => enforceRateLimit(context, "account-sign-in");
export const limitKitRegistration = (context: AppLoadContext) => enforceRateLimit(context, "kit-register");
