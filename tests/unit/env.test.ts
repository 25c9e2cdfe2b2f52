import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, parseEnv } from "~/server/runtime/env.server";

describe("parseEnv", () => {
  it("gives the embedded defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      PUBLIC_SITE_URL: "http://localhost:3000",
      TRUST_PROXY_HOPS: 0,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "70000"],
    ["PORT", "abc"],
    ["PUBLIC_SITE_URL", "not a url"],
    ["PUBLIC_SITE_URL", "ftp://example.com"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["LOG_LEVEL", "loud"],
    ["TRUST_PROXY_HOPS", "-1"],
    ["RATE_LIMIT_REDIS_URL", "http://127.0.0.1:6379"],
    ["RATE_LIMIT_REDIS_URL", "127.0.0.1:6379"],
  ])("refuses %s=%s and names the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(InvalidEnvironmentError);
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });

  it("treats an empty DATABASE_URL as unset and trims the site URL's slash", () => {
    const env = parseEnv({ DATABASE_URL: "", PUBLIC_SITE_URL: "https://forge.example/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_SITE_URL).toBe("https://forge.example");
  });

  it("takes a redis:// or rediss:// URL for the rate-limit counters, and an empty one as unset", () => {
    expect(
      parseEnv({ RATE_LIMIT_REDIS_URL: "rediss://:secret@cache.example:6380/2" }).RATE_LIMIT_REDIS_URL,
    ).toBe("rediss://:secret@cache.example:6380/2");
    expect(parseEnv({ RATE_LIMIT_REDIS_URL: " " }).RATE_LIMIT_REDIS_URL).toBeUndefined();
  });
});
