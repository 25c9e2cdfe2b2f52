import { describe, expect, it } from "vitest";
import { normalizeEmailAddress } from "~/contracts/email-address";

describe("normalizeEmailAddress", () => {
  it.each([
    ["  Jo.Smith@Example.COM  ", "Jo.Smith@example.com"],
    ["a+tag@sub.example.co.uk", "a+tag@sub.example.co.uk"],
    ["o'neil@example.ie", "o'neil@example.ie"],
  ])("accepts %j as %j", (raw, expected) => {
    expect(normalizeEmailAddress(raw)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "plainaddress",
    "@example.com",
    "jo@",
    "jo@example",
    "jo@@example.com",
    "jo@ex ample.com",
    "jo..smith@example.com",
    ".jo@example.com",
    "jo@-example.com",
    "jo@example.c",
    "jo@example.com\r\nBcc: victim@example.com",
    "jo smith@example.com",
    "<jo@example.com>",
    `${"a".repeat(65)}@example.com`,
    // 260 characters: over the 254 limit.
    `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`,
  ])("refuses %j", (raw) => {
    expect(normalizeEmailAddress(raw)).toBeNull();
  });

  it("refuses non-strings", () => {
    expect(normalizeEmailAddress(undefined)).toBeNull();
    expect(normalizeEmailAddress(42)).toBeNull();
    expect(normalizeEmailAddress(["a@b.co"])).toBeNull();
  });
});
