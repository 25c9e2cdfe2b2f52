import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The order page's link (`/orders/<token>`): no login, so the token is the key. It carries the order's
 * id and an expiry, signed with HMAC-SHA256 under the site's secret (site-secret.server.ts); it cannot
 * be guessed (it names a random UUID and a 256-bit signature) nor changed (any change breaks the
 * signature, compared in constant time). Nothing is stored: any process that has the secret verifies it.
 *
 * Layout, base64url as a whole: 16 bytes order id (UUID) · 4 bytes expiry (Unix seconds, big-endian) ·
 * 32 bytes signature over the first 20, prefixed with a purpose label so the same secret signing other
 * things can never produce a valid order link.
 */

const PURPOSE = "forge:order-link:v1:";
const ID_BYTES = 16;
const EXPIRY_BYTES = 4;
const SIGNATURE_BYTES = 32;
const TOKEN_BYTES = ID_BYTES + EXPIRY_BYTES + SIGNATURE_BYTES;
/** base64url of 52 bytes, without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{70}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type OrderLinkCheck =
  | { status: "valid"; orderId: string; expiresAt: Date }
  /** Signed by us, but too old: the page says so (410) rather than "not found". */
  | { status: "expired"; orderId: string; expiresAt: Date }
  | { status: "invalid" };

export interface OrderLinks {
  /** A new token for the order, valid for the configured number of days from now. */
  sign(orderId: string): string;
  /** The page's absolute address, for the e-mail. */
  orderPageUrl(order: { id: string }): string;
  verify(token: string): OrderLinkCheck;
}

export type OrderLinkOptions = {
  secret: string;
  /** PUBLIC_SITE_URL, without a trailing slash. */
  siteUrl: string;
  ttlDays: number;
  now?: () => Date;
};

export function createOrderLinks(options: OrderLinkOptions): OrderLinks {
  const now = options.now ?? (() => new Date());
  const mac = (body: Buffer) => createHmac("sha256", options.secret).update(PURPOSE).update(body).digest();

  function sign(orderId: string): string {
    if (!UUID_PATTERN.test(orderId)) throw new Error(`not an order id: ${orderId}`);
    const expires = Math.floor(now().getTime() / 1000) + options.ttlDays * 86_400;
    const body = Buffer.alloc(ID_BYTES + EXPIRY_BYTES);
    Buffer.from(orderId.replace(/-/g, ""), "hex").copy(body, 0);
    body.writeUInt32BE(expires, ID_BYTES);
    return Buffer.concat([body, mac(body)]).toString("base64url");
  }

  return {
    sign,
    orderPageUrl: (order) => `${options.siteUrl}/orders/${sign(order.id)}`,
    verify(token) {
      if (!TOKEN_PATTERN.test(token)) return { status: "invalid" };
      const bytes = Buffer.from(token, "base64url");
      // The last character carries 2 spare bits: only the one spelling of the bytes is the token.
      if (bytes.length !== TOKEN_BYTES || bytes.toString("base64url") !== token) return { status: "invalid" };
      const body = bytes.subarray(0, ID_BYTES + EXPIRY_BYTES);
      if (!timingSafeEqual(bytes.subarray(ID_BYTES + EXPIRY_BYTES), mac(body))) return { status: "invalid" };
      const hex = body.subarray(0, ID_BYTES).toString("hex");
      const orderId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      const expiresAt = new Date(body.readUInt32BE(ID_BYTES) * 1000);
      return expiresAt.getTime() <= now().getTime()
        ? { status: "expired", orderId, expiresAt }
        : { status: "valid", orderId, expiresAt };
    },
  };
}
