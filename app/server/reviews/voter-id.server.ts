import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The "helpful" voter's id (issue 38; docs/decisions/090): a random id the site issued, with its HMAC
 * under the site secret, so no one makes one up. A vote counts once per voter and once per network
 * address; a network (an IPv6 /48, an IPv4 address) is issued only a few new voters an hour (the
 * `review-voter` rate limit), so holding many addresses no longer holds many votes. The edge carries it
 * in a cookie (app/server/http/voter-cookie.server.ts).
 */
const ID = /^[A-Za-z0-9_-]{22}$/;

const macOf = (secret: string, id: string) =>
  createHmac("sha256", secret).update(`review-voter-cookie\u0000${id}`).digest("base64url");

/** A new voter: its id, and the signed value that carries it. */
export function newVoter(secret: string): { id: string; value: string } {
  const id = randomBytes(16).toString("base64url");
  return { id, value: `${id}.${macOf(secret, id)}` };
}

/** The voter id a signed value carries, if the site issued it; null otherwise. */
export function voterIdFrom(value: string | null, secret: string): string | null {
  if (value === null) return null;
  const [id = "", mac = ""] = value.split(".");
  if (!ID.test(id)) return null;
  const expected = Buffer.from(macOf(secret, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
