import { sessionCookieNamed } from "./session-cookie.server";

/**
 * The back office's session cookie: the session id only (random, stored hashed), HttpOnly (no script
 * reads it), SameSite=Strict (no other site's page sends it, so no cross-site request acts as the
 * operator), Path=/admin (the shop's pages never carry it), Secure in production (HTTPS only).
 */
export const ADMIN_COOKIE = "forge_admin";

const cookie = sessionCookieNamed(ADMIN_COOKIE, { path: "/admin", sameSite: "Strict" });

type CookieOptions = { secure: boolean };

export function sessionCookie(sessionId: string, expiresAt: Date, now: Date, options: CookieOptions): string {
  return cookie.set(sessionId, expiresAt, now, options);
}

export function clearedSessionCookie(options: CookieOptions): string {
  return cookie.clear(options);
}

/** The session id the request's cookie carries, if any. */
export function sessionIdOf(request: Request): string | null {
  return cookie.read(request);
}
