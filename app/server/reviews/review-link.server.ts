import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The review invitation's links (`/reviews/write/<token>`, docs/decisions/083-review-invitations-and-links.md):
 * one per (order, product bought), no login, so the token is the key. It carries the order's id, the
 * day it was issued and the product's Shopify handle, signed with HMAC-SHA256 under the site's secret
 * (as the order page's link is), with its own purpose label, so no other signed thing of the site can
 * ever pass for a review link (nor a review link for an order link). Nothing is stored: any process
 * that has the secret verifies it. It works for LINK_DAYS from its issue date.
 *
 * Layout, base64url as a whole: 16 bytes order id (UUID) · 4 bytes issue time (Unix seconds,
 * big-endian) · the handle (1-100 bytes of [a-z0-9-]) · 32 bytes signature over all that precedes.
 */

const PURPOSE = "forge:review-link:v1:";
const ID_BYTES = 16;
const ISSUED_BYTES = 4;
const SIGNATURE_BYTES = 32;
const HEAD_BYTES = ID_BYTES + ISSUED_BYTES;
const MAX_HANDLE = 100;
/** How long a review link works (the e-mail says so). */
export const REVIEW_LINK_DAYS = 90;
const DAY_MS = 86_400_000;
/** A link issued later than now by more than this is not ours (clocks of two servers differ a little). */
const CLOCK_SKEW_MS = 5 * 60_000;
const HANDLE_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;
/** base64url lengths of the shortest and longest token (53 and 152 bytes). */
const MIN_TOKEN_CHARS = Math.ceil(((HEAD_BYTES + 1 + SIGNATURE_BYTES) * 4) / 3);
const MAX_TOKEN_CHARS = Math.ceil(((HEAD_BYTES + MAX_HANDLE + SIGNATURE_BYTES) * 4) / 3);

export type ReviewLink = { orderId: string; product: string; issuedAt: Date; expiresAt: Date };

export type ReviewLinkCheck =
  | ({ status: "valid" } & ReviewLink)
  /** Signed by us, but older than REVIEW_LINK_DAYS: the page says so (410) rather than "not found". */
  | ({ status: "expired" } & ReviewLink)
  | { status: "invalid" };

export interface ReviewLinks {
  /** A new token for the order's product, issued now. */
  sign(orderId: string, product: string): string;
  /** The form's absolute address, for the e-mail. */
  writeUrl(orderId: string, product: string): string;
  verify(token: string): ReviewLinkCheck;
}

export type ReviewLinkOptions = {
  secret: string;
  /** PUBLIC_SITE_URL, without a trailing slash. */
  siteUrl: string;
  now?: () => Date;
};

export function createReviewLinks(options: ReviewLinkOptions): ReviewLinks {
  const now = options.now ?? (() => new Date());
  const mac = (body: Buffer) => createHmac("sha256", options.secret).update(PURPOSE).update(body).digest();

  function sign(orderId: string, product: string): string {
    if (!UUID_PATTERN.test(orderId)) throw new Error(`not an order id: ${orderId}`);
    if (!HANDLE_PATTERN.test(product)) throw new Error(`not a product handle: ${product}`);
    const head = Buffer.alloc(HEAD_BYTES);
    Buffer.from(orderId.replace(/-/g, ""), "hex").copy(head, 0);
    head.writeUInt32BE(Math.floor(now().getTime() / 1000), ID_BYTES);
    const body = Buffer.concat([head, Buffer.from(product, "ascii")]);
    return Buffer.concat([body, mac(body)]).toString("base64url");
  }

  function verify(token: string): ReviewLinkCheck {
    if (token.length < MIN_TOKEN_CHARS || token.length > MAX_TOKEN_CHARS || !TOKEN_PATTERN.test(token))
      return { status: "invalid" };
    const bytes = Buffer.from(token, "base64url");
    // The last character may carry spare bits: only the one spelling of the bytes is the token.
    if (bytes.toString("base64url") !== token) return { status: "invalid" };
    const bodyLength = bytes.length - SIGNATURE_BYTES;
    if (bodyLength <= HEAD_BYTES) return { status: "invalid" };
    const body = bytes.subarray(0, bodyLength);
    if (!timingSafeEqual(bytes.subarray(bodyLength), mac(body))) return { status: "invalid" };
    const product = body.subarray(HEAD_BYTES).toString("latin1");
    if (!HANDLE_PATTERN.test(product)) return { status: "invalid" };
    const hex = body.subarray(0, ID_BYTES).toString("hex");
    const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    const issuedAt = new Date(body.readUInt32BE(ID_BYTES) * 1000);
    const expiresAt = new Date(issuedAt.getTime() + REVIEW_LINK_DAYS * DAY_MS);
    const at = now().getTime();
    if (issuedAt.getTime() > at + CLOCK_SKEW_MS) return { status: "invalid" };
    const link = { orderId, product, issuedAt, expiresAt };
    return expiresAt.getTime() <= at ? { status: "expired", ...link } : { status: "valid", ...link };
  }

  return {
    sign,
    writeUrl: (orderId, product) => `${options.siteUrl}/reviews/write/${sign(orderId, product)}`,
    verify,
  };
}
