import { describe, expect, it } from "vitest";
import { cancelUrlFor } from "~/server/http/return-url.server";

/**
 * Issue 15 item 6: a Referer whose path is not a plain same-origin path (`//`, `//other.host/…`,
 * `/\other.host`) sends Cancel to the home page: never an error, never another site.
 */

const site = "https://forge.example";
const server = "http://127.0.0.1:3000";
const request = (referer: string, url = `${server}/api/hybrid-checkout`) =>
  new Request(url, { method: "POST", headers: { referer } });

describe("cancel URL from a hostile Referer", () => {
  it.each([
    ["a bare double slash", `${server}//`],
    ["a double slash on the public origin", `${site}//`],
    ["another host after a double slash", `${server}//evil.example/x`],
    ["another host after a double slash, with a query", `${site}//evil.example/x?y=1`],
    ["a backslash after the slash", `${server}/\\evil.example/x`],
    ["an encoded-looking backslash pair", `${server}/\\/evil.example`],
    ["a dot segment that climbs to a double slash", `${server}/a/..//evil.example/x`],
    ["three slashes", `${server}///evil.example`],
  ])("%s: the home page", (_what, referer) => {
    expect(cancelUrlFor(request(referer), site)).toBe(`${site}/`);
  });

  it("keeps a plain path of this site, with its query, on the public origin", () => {
    expect(cancelUrlFor(request(`${server}/product/forge-enhancer?ref=a//b`), site)).toBe(
      `${site}/product/forge-enhancer?ref=a//b`,
    );
    expect(cancelUrlFor(request(`${server}/a//b`), site)).toBe(`${site}/a//b`);
  });
});
