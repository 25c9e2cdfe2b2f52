import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOrderLinks } from "~/server/orders/order-link.server";
import { createReviewLinks, REVIEW_LINK_DAYS } from "~/server/reviews/review-link.server";

/** Issue 18 item 2: the review link is signed, names its order and product, works 90 days, refuses any change. */
const ORDER = "3f2b8c1e-9a4d-4e21-8f3a-0c5d7e9b1a24";
const OTHER = "0b9f4a2c-1d3e-4f5a-9b8c-7d6e5f4a3b2c";
const SECRET = "a-site-secret-of-at-least-32-characters!";
const SITE = "https://forge.example";
const HANDLE = "forge-enhancer";

const at = (iso: string) => () => new Date(iso);
const links = (now = at("2026-11-26T12:00:00Z"), secret = SECRET) =>
  createReviewLinks({ secret, siteUrl: SITE, now });

describe("review links", () => {
  it("verifies a fresh token as the order and product it was made for, with its issue date and expiry", () => {
    const token = links().sign(ORDER, HANDLE);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(links().verify(token)).toEqual({
      status: "valid",
      orderId: ORDER,
      product: HANDLE,
      issuedAt: new Date("2026-11-26T12:00:00Z"),
      expiresAt: new Date("2027-02-24T12:00:00Z"),
    });
    expect(REVIEW_LINK_DAYS).toBe(90);
  });

  it("puts the token in the form's absolute address, one per product", () => {
    const enhancer = links().writeUrl(ORDER, HANDLE);
    const kit = links().writeUrl(ORDER, "test-kit");
    expect(enhancer).toMatch(/^https:\/\/forge\.example\/reviews\/write\/[A-Za-z0-9_-]+$/);
    expect(kit).not.toBe(enhancer);
    expect(links().verify(kit.split("/").pop() ?? "")).toMatchObject({
      status: "valid",
      product: "test-kit",
    });
  });

  it("says expired (not invalid) for its own token 90 days on, and valid a second before", () => {
    const token = links(at("2026-11-26T12:00:00Z")).sign(ORDER, HANDLE);
    expect(links(at("2027-02-24T11:59:59Z")).verify(token).status).toBe("valid");
    expect(links(at("2027-02-24T12:00:00Z")).verify(token)).toMatchObject({
      status: "expired",
      orderId: ORDER,
      product: HANDLE,
    });
  });

  it("refuses a token issued in the future (beyond a few minutes of clock difference)", () => {
    const token = links(at("2026-11-27T12:00:00Z")).sign(ORDER, HANDLE);
    expect(links().verify(token)).toEqual({ status: "invalid" });
    const soon = links(at("2026-11-26T12:01:00Z")).sign(ORDER, HANDLE);
    expect(links().verify(soon).status).toBe("valid");
  });

  it("refuses a token with any one character changed to any other", () => {
    const token = links().sign(ORDER, HANDLE);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let index = 0; index < token.length; index++) {
      for (const char of alphabet) {
        if (char === token[index]) continue;
        const changed = `${token.slice(0, index)}${char}${token.slice(index + 1)}`;
        expect(links().verify(changed).status).toBe("invalid");
      }
    }
  });

  it("accepts only the one canonical base64url spelling (no padding, no spare bits, no other alphabet)", () => {
    const token = links().sign(ORDER, HANDLE);
    expect(links().verify(`${token}=`).status).toBe("invalid");
    expect(links().verify(token.replace(/-/g, "+").replace(/_/g, "/")).status).toBe(
      /[-_]/.test(token) ? "invalid" : "valid",
    );
    // The same bytes spelt with other spare bits in the last character decode alike: refused.
    const bytes = Buffer.from(token, "base64url");
    const spare = (bytes.length * 8) % 6;
    if (spare !== 0) {
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const last = alphabet.indexOf(token.at(-1) ?? "A");
      const other = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
      expect(Buffer.from(other, "base64url").equals(bytes)).toBe(true);
      expect(links().verify(other).status).toBe("invalid");
    }
  });

  it("refuses another order's or product's signature spliced in, truncation, extension and nonsense", () => {
    const mine = Buffer.from(links().sign(ORDER, HANDLE), "base64url");
    const theirs = Buffer.from(links().sign(OTHER, HANDLE), "base64url");
    const spliced = Buffer.concat([theirs.subarray(0, 20), mine.subarray(20)]).toString("base64url");
    expect(links().verify(spliced).status).toBe("invalid");
    const token = links().sign(ORDER, HANDLE);
    for (const bad of [token.slice(0, -1), `${token}A`, "", "nonsense", "A".repeat(500), "../../etc/passwd"])
      expect(links().verify(bad).status).toBe("invalid");
  });

  it("refuses a token made with another secret, or with the order link's purpose", () => {
    const other = createReviewLinks({
      secret: "another-secret-of-at-least-32-characters",
      siteUrl: SITE,
      now: at("2026-11-26T12:00:00Z"),
    });
    expect(links().verify(other.sign(ORDER, HANDLE)).status).toBe("invalid");
    // An order page token, same secret: not a review link (and the reverse).
    const orderToken = createOrderLinks({ secret: SECRET, siteUrl: SITE, ttlDays: 180 }).sign(ORDER);
    expect(links().verify(orderToken).status).toBe("invalid");
    const reviewToken = links().sign(ORDER, HANDLE);
    expect(createOrderLinks({ secret: SECRET, siteUrl: SITE, ttlDays: 180 }).verify(reviewToken).status).toBe(
      "invalid",
    );
    // The same body signed without the purpose label (or with another): invalid.
    const body = Buffer.from(reviewToken, "base64url").subarray(0, -32);
    for (const label of ["", "forge:order-link:v1:", "forge:review-link:v2:"]) {
      const mac = createHmac("sha256", SECRET).update(label).update(body).digest();
      expect(links().verify(Buffer.concat([body, mac]).toString("base64url")).status).toBe("invalid");
    }
  });

  it("signs only an order id and a product handle", () => {
    expect(() => links().sign("not-a-uuid", HANDLE)).toThrow();
    expect(() => links().sign(ORDER, "Forge Enhancer")).toThrow();
    expect(() => links().sign(ORDER, "a".repeat(101))).toThrow();
  });
});
