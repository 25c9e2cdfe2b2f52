/**
 * The "helpful" voter's cookie (issue 38; docs/decisions/090): it carries the signed voter id of
 * app/server/reviews/voter-id.server.ts. Only a visitor who votes gets it: HttpOnly, SameSite=Lax,
 * Path=/reviews (the page that shows and takes the votes), Secure in production, for as long as a vote
 * is kept (a year).
 */
export const VOTER_COOKIE = "forge_voter";
export const VOTER_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

/** The voter cookie's value the request carries, unchecked (the reviews service verifies it), or null. */
export function voterCookieValue(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === VOTER_COOKIE) return rest.join("=");
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
