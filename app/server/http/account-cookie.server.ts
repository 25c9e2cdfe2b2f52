import { sessionCookieNamed } from "./session-cookie.server";

/**
 * A shopper's account cookie (issue 35 item 2): the session id only, HttpOnly, Secure in production,
 * on every path (the account's pages are /account and /results), SameSite=Lax: a link from the
 * shopper's mail to /results arrives signed in, while no other site's form posts with it (every POST
 * is also checked for this site's Origin, html-form.server.ts).
 */
export const ACCOUNT_COOKIE = "forge_account";

export const accountCookie = sessionCookieNamed(ACCOUNT_COOKIE, { path: "/", sameSite: "Lax" });
