/**
 * A signed-in session's cookie, as both sign-ins by e-mailed link use it (the back office's and the
 * shoppers', decision 107): the session id only (random, stored hashed), HttpOnly (no script reads it),
 * Secure in production (HTTPS only), on its own path and SameSite setting.
 */
type CookieOptions = { secure: boolean };

export type SessionCookie = {
  readonly name: string;
  set(sessionId: string, expiresAt: Date, now: Date, options: CookieOptions): string;
  clear(options: CookieOptions): string;
  /** The session id the request's cookie carries, if any. */
  read(request: Request): string | null;
};

export function sessionCookieNamed(
  name: string,
  shape: { path: string; sameSite: "Strict" | "Lax" },
): SessionCookie {
  const attributes = (maxAgeSeconds: number, options: CookieOptions) =>
    [
      `Path=${shape.path}`,
      "HttpOnly",
      `SameSite=${shape.sameSite}`,
      `Max-Age=${maxAgeSeconds}`,
      ...(options.secure ? ["Secure"] : []),
    ].join("; ");
  return {
    name,
    set(sessionId, expiresAt, now, options) {
      const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
      return `${name}=${sessionId}; ${attributes(maxAge, options)}`;
    },
    clear: (options) => `${name}=; ${attributes(0, options)}`,
    read(request) {
      const header = request.headers.get("cookie");
      if (!header) return null;
      for (const part of header.split(";")) {
        const [key, ...value] = part.trim().split("=");
        if (key === name) return value.join("=") || null;
      }
      return null;
    },
  };
}
