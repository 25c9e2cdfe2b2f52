import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createProductInput, getProductInput, priceSchema } from "~/contracts/catalog";

describe("shopify-get-product input", () => {
  it.each(["forge-enhancer", "test-kit", "a", "x1-2-3", "a".repeat(255)])("accepts %j", (handle) => {
    expect(getProductInput.parse({ handle })).toEqual({ handle });
  });

  it.each([
    "",
    "a".repeat(256),
    "Forge-Enhancer",
    "forge enhancer",
    "-forge",
    "forge-",
    "forge--enhancer",
    "../x",
    "forgé",
  ])("refuses %j", (handle) => {
    expect(getProductInput.safeParse({ handle }).success).toBe(false);
  });

  it("accepts exactly the handles made of lowercase words joined by single hyphens", () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        expect(getProductInput.safeParse({ handle: words.join("-") }).success).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (handle) => {
        const ok = getProductInput.safeParse({ handle }).success;
        expect(ok).toBe(/^[a-z0-9]+(-[a-z0-9]+)*$/.test(handle) && handle.length <= 255);
      }),
    );
  });
});

describe("price", () => {
  it.each([
    [0.5, "0.50"],
    ["0.5", "0.50"],
    ["0.50", "0.50"],
    [39, "39.00"],
    ["197", "197.00"],
    [19.99, "19.99"],
  ])("reads %j as %j", (value, expected) => {
    expect(priceSchema.parse(value)).toBe(expected);
  });

  it.each([
    0,
    -1,
    "0",
    "0.00",
    "-0.5",
    "abc",
    "1e3",
    1e-7,
    0.505,
    "0.505",
    "",
    " 1",
    Number.NaN,
    Infinity,
    1e8,
    true,
    null,
  ])("refuses %j", (value) => {
    expect(priceSchema.safeParse(value).success).toBe(false);
  });
});

describe("shopify-create-product input", () => {
  const valid = {
    title: "Forge Test Product",
    handle: "forge-test-product-x",
    price: 0.5,
    currency: "USD",
    sku: "FORGE-TEST-050",
    descriptionHtml: "<p>x</p>",
  };

  it("accepts the test page's body and normalises the price", () => {
    expect(createProductInput.parse(valid)).toEqual({ ...valid, price: "0.50" });
  });

  it.each([
    ["currency", "usd"],
    ["currency", "XYZ"],
    ["currency", "US"],
    ["currency", 840],
    ["title", ""],
    ["title", "   "],
    ["title", "x".repeat(256)],
    ["sku", ""],
    ["descriptionHtml", 5],
    ["handle", "Forge Test"],
  ])("refuses %s = %j", (field, value) => {
    expect(createProductInput.safeParse({ ...valid, [field]: value }).success).toBe(false);
  });

  it.each(["EUR", "JPY", "GBP"])("accepts ISO 4217 %s", (currency) => {
    expect(createProductInput.safeParse({ ...valid, currency }).success).toBe(true);
  });

  it("refuses extra fields", () => {
    expect(createProductInput.safeParse({ ...valid, vendor: "x" }).success).toBe(false);
  });
});
