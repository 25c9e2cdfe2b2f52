import { describe, expect, it } from "vitest";
import { createOrderLinks } from "~/server/orders/order-link.server";

/** Issue 16 item 5: the order page's link is signed, unguessable, expiring, and refuses any change. */
const ORDER = "3f2b8c1e-9a4d-4e21-8f3a-0c5d7e9b1a24";
const OTHER = "0b9f4a2c-1d3e-4f5a-9b8c-7d6e5f4a3b2c";
const SECRET = "a-site-secret-of-at-least-32-characters!";
const SITE = "https://forge.example";

const at = (iso: string) => () => new Date(iso);
const links = (now = at("2026-11-23T12:00:00Z"), secret = SECRET, ttlDays = 180) =>
  createOrderLinks({ secret, siteUrl: SITE, ttlDays, now });

describe("order links", () => {
  it("verifies a fresh token as the order it was made for, until the configured expiry", () => {
    const token = links().sign(ORDER);
    expect(token).toMatch(/^[A-Za-z0-9_-]{70}$/);
    const check = links().verify(token);
    expect(check).toEqual({ status: "valid", orderId: ORDER, expiresAt: new Date("2027-05-22T12:00:00Z") });
  });

  it("puts the token in the order page's absolute address", () => {
    const url = links().orderPageUrl({ id: ORDER });
    expect(url).toMatch(/^https:\/\/forge\.example\/orders\/[A-Za-z0-9_-]{70}$/);
    expect(links().verify(url.split("/").pop() ?? "")).toMatchObject({ status: "valid", orderId: ORDER });
  });

  it("says expired (not invalid) for its own token past the date, and valid a second before", () => {
    const token = links(at("2026-11-23T12:00:00Z"), SECRET, 1).sign(ORDER);
    expect(links(at("2026-11-24T11:59:59Z"), SECRET, 1).verify(token).status).toBe("valid");
    expect(links(at("2026-11-24T12:00:00Z"), SECRET, 1).verify(token)).toMatchObject({
      status: "expired",
      orderId: ORDER,
    });
  });

  it("refuses a token with any one character changed to any other", () => {
    const token = links().sign(ORDER);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let index = 0; index < token.length; index++) {
      for (const swapped of alphabet) {
        if (swapped === token[index]) continue;
        const tampered = `${token.slice(0, index)}${swapped}${token.slice(index + 1)}`;
        // The last character's spare bits included: another spelling of the same bytes is refused too.
        expect(links().verify(tampered).status, `${swapped} at ${index}`).toBe("invalid");
      }
    }
  });

  it("refuses a later expiry or another order spliced into a valid signature", () => {
    const bytes = Buffer.from(links().sign(ORDER), "base64url");
    const later = Buffer.from(bytes);
    later.writeUInt32BE(later.readUInt32BE(16) + 86_400 * 365, 16);
    expect(links().verify(later.toString("base64url"))).toEqual({ status: "invalid" });
    const other = Buffer.from(bytes);
    Buffer.from(OTHER.replace(/-/g, ""), "hex").copy(other, 0);
    expect(links().verify(other.toString("base64url"))).toEqual({ status: "invalid" });
  });

  it("refuses a token signed with another secret, and anything that is not a token", () => {
    const foreign = links(undefined, "another-secret-of-at-least-32-characters").sign(ORDER);
    expect(links().verify(foreign)).toEqual({ status: "invalid" });
    for (const junk of ["", "abc", "x".repeat(70), `${links().sign(ORDER)}A`, "../../etc/passwd", "%00"])
      expect(links().verify(junk)).toEqual({ status: "invalid" });
  });

  it("makes different tokens for different orders, and refuses to sign what is not an order id", () => {
    expect(links().sign(ORDER)).not.toBe(links().sign(OTHER));
    expect(() => links().sign("1; drop table orders")).toThrow();
  });
});
