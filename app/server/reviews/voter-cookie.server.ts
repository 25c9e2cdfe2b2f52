import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The "helpful" voter's cookie (issue 38; docs/decisions/090): a random id the site issued, with its
 * HMAC under the site secret, so no one makes one up. A vote counts once per voter and once per network
 * address; a network (an IPv6 /48, an IPv4 address) is issued only a few new voters an hour (the
 * `review-voter` rate limit), so holding many addresses no longer holds many votes. Only a visitor who
 * votes gets it: HttpOnly, SameSite=Lax, Path=/reviews (the page that shows and takes the votes),
 * Secure in production, for as long as a vote is kept (a year).
 */
export const VOTER_COOKIE = "forge_voter";
export const VOTER_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

const ID = /^[A-Za-z0-9_-]{22}$/;

const macOf = (secret: string, id: string) =>
  createHmac("sha256", secret).update(`review-voter-cookie\u0000${id}`).digest("base64url");

/** A new voter: its id, and the cookie's value that carries it. */
export function newVoter(secret: string): { id: string; value: string } {
  const id = randomBytes(16).toString("base64url");
  return { id, value: `${id}.${macOf(secret, id)}` };
}

/** The voter id the request's cookie carries, if the site issued it; null otherwise. */
export function voterIdOf(request: Request, secret: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== VOTER_COOKIE) continue;
    const [id = "", mac = ""] = rest.join("=").split(".");
    if (!ID.test(id)) return null;
    const expected = Buffer.from(macOf(secret, id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
  return null;
}

/** The Set-Cookie header's value for a new voter. */
export function voterCookie(value: string, options: { secure: boolean }): string {
  return [
    `${VOTER_COOKIE}=${value}`,
    "Path=/reviews",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${VOTER_COOKIE_MAX_AGE_SECONDS}`,
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
