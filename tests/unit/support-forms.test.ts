import { describe, expect, it } from "vitest";
import { isPlaceholder, placeholdersLeft } from "~/content/site";
import { lastGuaranteeDay, withinGuarantee } from "~/server/support/guarantee.server";
import { contactInput, guaranteeInput } from "~/server/support/support-inputs.server";
import { hasControlCharacter } from "~/server/text-input.server";

const valid = {
  name: "Jordan Reyes",
  email: " Jordan@Example.COM ",
  orderNumber: "",
  topic: "kit",
  message: "When do the results come in?",
  website: "",
};

describe("the contact form's input", () => {
  it("trims, lower-cases the domain, and keeps an order number as digits", () => {
    const parsed = contactInput.parse({ ...valid, orderNumber: " #1042 " });
    expect(parsed).toMatchObject({ email: "Jordan@example.com", orderNumber: "1042", topic: "kit" });
  });

  it.each([
    ["a carriage return in the name", { name: "Jo\rBcc: x@example.com" }],
    ["a Unicode line separator in the name", { name: "Jo\u2028Bcc" }],
    ["a C1 control in the name", { name: "Jo\u0085" }],
    ["a topic from the prototype", { topic: "toString" }],
    ["letters in the order number", { orderNumber: "10a2" }],
    ["a 13-digit order number", { orderNumber: "1234567890123" }],
    ["a 9-character message", { message: "Too short" }],
    ["a message of spaces", { message: "          " }],
  ])("refuses %s", (_label, overrides) => {
    expect(contactInput.safeParse({ ...valid, ...overrides }).success).toBe(false);
  });

  it("lets a message keep its line breaks and tabs", () => {
    const parsed = contactInput.parse({ ...valid, message: "Line one\r\n\tLine two" });
    expect(parsed.message).toBe("Line one\r\n\tLine two");
  });

  it("finds control characters, letting line breaks through only in multi-line text", () => {
    expect(hasControlCharacter("plain text, émigré ✓")).toBe(false);
    expect(hasControlCharacter("a\nb")).toBe(true);
    expect(hasControlCharacter("a\nb", true)).toBe(false);
    expect(hasControlCharacter("a\u007fb", true)).toBe(true);
  });
});

describe("the guarantee request's input", () => {
  it("needs an order number", () => {
    const result = guaranteeInput.safeParse({ orderNumber: "", email: "a@example.com" });
    expect(result.success).toBe(false);
  });

  it("takes '#1042' and an optional reason", () => {
    expect(guaranteeInput.parse({ orderNumber: "#1042", email: "a@example.com" })).toMatchObject({
      orderNumber: "1042",
      reason: "",
    });
  });
});

describe("the 60-day window", () => {
  const placed = new Date("2026-01-01T23:30:00Z");

  it("ends on the 60th day after the order's day, that whole day included", () => {
    expect(lastGuaranteeDay(placed).toISOString()).toBe("2026-03-02T00:00:00.000Z");
    expect(withinGuarantee(placed, new Date("2026-03-02T23:59:59Z"))).toBe(true);
    expect(withinGuarantee(placed, new Date("2026-03-03T00:00:00Z"))).toBe(false);
  });

  it("is open on the day of the order", () => {
    expect(withinGuarantee(placed, placed)).toBe(true);
  });
});

describe("the company's configuration", () => {
  it("knows a placeholder from a real value", () => {
    expect(isPlaceholder("[Company legal name]")).toBe(true);
    expect(isPlaceholder("support@forge.example")).toBe(true);
    expect(isPlaceholder("Forge <orders@sandbox.forge.test>")).toBe(true);
    expect(isPlaceholder("Forge Nutrition LLC")).toBe(false);
    expect(isPlaceholder("help@forge-nutrition.com")).toBe(false);
  });

  it("lists the values the brand still has to fill in before launch", () => {
    // The company and support address are settings (store-identity.test.ts), and so is the lab's name.
    expect(placeholdersLeft()).toEqual(["LAB_NAME"]);
  });
});
