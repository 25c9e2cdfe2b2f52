/**
 * The back office's session cookie: the session id only (random, stored hashed), HttpOnly (no script
 * reads it), SameSite=Strict (no other site's page sends it, so no cross-site request acts as the
 * operator), Path=/admin (the shop's pages never carry it), Secure in production (HTTPS only).
 */
export const ADMIN_COOKIE = "forge_admin";

type CookieOptions = { secure: boolean };

function attributes(maxAgeSeconds: number, options: CookieOptions): string {
  return [
    "Path=/admin",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${maxAgeSeconds}`,
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}

export function sessionCookie(sessionId: string, expiresAt: Date, now: Date, options: CookieOptions): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return `${ADMIN_COOKIE}=${sessionId}; ${attributes(maxAge, options)}`;
}

export function clearedSessionCookie(options: CookieOptions): string {
  return `${ADMIN_COOKIE}=; ${attributes(0, options)}`;
}

/** The session id the request's cookie carries, if any. */
export function sessionIdOf(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === ADMIN_COOKIE) return value.join("=") || null;
  }
  return null;
}
