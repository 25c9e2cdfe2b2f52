/**
 * The guards in front of an action, each refusing with an ApiError: the Origin check for state-changing
 * calls from a browser (403), the admin bearer token (401/403, compared in constant time), and one
 * point of a named per-client rate limit (429 with Retry-After).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { ApiError } from "./failures.server";
import type { RateLimitName } from "./rate-limits.server";

/**
 * State-changing calls from a browser must come from this site: the Origin header, when the browser
 * sends one (every current browser does on POST), must be PUBLIC_SITE_URL's origin or the origin the
 * request was addressed to (Host, or X-Forwarded-Host through trusted proxies). Requests without an
 * Origin come from non-browser clients, which cannot carry a visitor's ambient authority.
 */
export function checkOrigin(request: Request, publicSiteUrl: string): void {
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") throw forbiddenOrigin();
  if (origin === null) return;
  const allowed = new Set([new URL(publicSiteUrl).origin, new URL(request.url).origin]);
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    throw forbiddenOrigin();
  }
  if (origin === "null" || !allowed.has(normalized)) throw forbiddenOrigin();
}

function forbiddenOrigin() {
  return new ApiError(403, "This request did not come from this site.");
}

/** Compares two secrets in constant time (their SHA-256 digests, so lengths do not leak either). */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i;

/**
 * Requires `Authorization: Bearer <expected>`. Unconfigured (`expected` undefined): 403, the function
 * is switched off. Missing, malformed or wrong token: 401 with `WWW-Authenticate: Bearer`.
 */
export function requireBearerToken(request: Request, expected: string | undefined, what: string): void {
  if (!expected)
    throw new ApiError(403, `${what} is turned off: no admin token is configured on the server.`);
  const header = request.headers.get("authorization");
  const challenge = { "WWW-Authenticate": 'Bearer realm="forge-admin"' };
  if (header === null || header.trim() === "") {
    throw new ApiError(401, "An admin token is required: send Authorization: Bearer <token>.", challenge);
  }
  const match = BEARER.exec(header.trim());
  if (!match?.[1]) {
    throw new ApiError(
      401,
      "The Authorization header is malformed: use Authorization: Bearer <token>.",
      challenge,
    );
  }
  if (!secretsEqual(match[1], expected)) throw new ApiError(401, "The admin token is not valid.", challenge);
}

/** Spends one point of `name`'s limit for the client's address; over the limit throws 429. */
export async function enforceRateLimit(context: AppLoadContext, name: RateLimitName): Promise<void> {
  const decision = await context.services.rateLimiter.consume(name, context.clientIp);
  if (decision.allowed) return;
  throw new ApiError(429, "Too many requests. Please wait a moment and try again.", {
    "Retry-After": String(decision.retryAfterSeconds),
  });
}
