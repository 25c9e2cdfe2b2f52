import pino from "pino";
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "~/server/http/rate-limits.server";
import { ipv6Groups, rateLimitKey } from "~/server/network-address.server";

/** Issue 15 item 9: an IPv6 client is limited per /64; an IPv4 client however its address is written. */

describe("rateLimitKey", () => {
  it.each([
    ["an IPv4 address", "203.0.113.7", "203.0.113.7"],
    ["an IPv4-mapped IPv6 address", "::ffff:203.0.113.7", "203.0.113.7"],
    ["an IPv4-mapped address in hex", "::ffff:cb00:7107", "203.0.113.7"],
    ["an IPv4-mapped address written in full", "0:0:0:0:0:FFFF:203.0.113.7", "203.0.113.7"],
    ["an IPv6 address", "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["an IPv6 address with ::", "2001:db8::1", "2001:db8:0:0::/64"],
    ["an IPv6 address in capitals with leading zeros", "2001:0DB8:0001:0002::1", "2001:db8:1:2::/64"],
    ["a link-local address with a zone", "fe80::1%eth0", "fe80:0:0:0::/64"],
    ["the IPv6 loopback", "::1", "0:0:0:0::/64"],
    ["a dotted tail that is not mapped", "64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["something that is no address", "unknown", "unknown"],
    ["a malformed address", "2001:db8:::1", "2001:db8:::1"],
  ])("%s", (_what, address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it("reads every form of one address to the same eight groups", () => {
    const full = [0x2001, 0xdb8, 0, 0, 0, 0, 0xc000, 0x201];
    for (const form of ["2001:db8::c000:201", "2001:db8:0:0:0:0:192.0.2.1", "2001:DB8::192.0.2.1"])
      expect(ipv6Groups(form), form).toEqual(full);
    expect(ipv6Groups("1.2.3.4")).toBeNull();
  });
});

describe("rate limiter keyed by client", () => {
  const limits = { "newsletter-subscribe": { points: 2, durationSeconds: 600 } };
  const logger = pino({ level: "silent" });

  it("counts every address of one /64 together, and another /64 apart", async () => {
    const limiter = await createRateLimiter({ logger, limits });
    expect((await limiter.consume("newsletter-subscribe", "2001:db8:5:6::1")).allowed).toBe(true);
    expect((await limiter.consume("newsletter-subscribe", "2001:db8:5:6:ffff:1:2:3")).allowed).toBe(true);
    // A third address in the same /64: the client has spent its limit.
    expect((await limiter.consume("newsletter-subscribe", "2001:db8:5:6:a:b:c:d")).allowed).toBe(false);
    expect((await limiter.consume("newsletter-subscribe", "2001:db8:5:7::1")).allowed).toBe(true);
    await limiter.close();
  });

  it("counts an IPv4 client once whether it came as IPv4 or IPv4-mapped IPv6", async () => {
    const limiter = await createRateLimiter({ logger, limits });
    expect((await limiter.consume("newsletter-subscribe", "198.51.100.9")).allowed).toBe(true);
    expect((await limiter.consume("newsletter-subscribe", "::ffff:198.51.100.9")).allowed).toBe(true);
    expect((await limiter.consume("newsletter-subscribe", "198.51.100.9")).allowed).toBe(false);
    expect((await limiter.consume("newsletter-subscribe", "198.51.100.10")).allowed).toBe(true);
    await limiter.close();
  });
});
