import { describe, expect, it } from "vitest";
import { hybridCheckoutForm, hybridCheckoutInput, isPlaceholder } from "~/contracts/checkout";
import { verifyInput } from "~/contracts/order-confirmation";
import { cancelUrlFor } from "~/server/http/return-url.server";

const site = "https://forge.example";
const request = (referer?: string, url = "https://forge.example/api/hybrid-checkout") =>
  new Request(url, { method: "POST", headers: referer ? { referer } : {} });

describe("cancel URL", () => {
  it.each([
    [
      "the product page the visitor came from",
      `${site}/product/forge-enhancer?tab=details`,
      `${site}/product/forge-enhancer?tab=details`,
    ],
    ["no Referer", undefined, `${site}/`],
    ["another site", "https://evil.example/phish", `${site}/`],
    ["a look-alike host", "https://forge.example.evil.example/", `${site}/`],
    ["a non-http scheme", "javascript:alert(1)", `${site}/`],
    ["an API address", `${site}/api/hybrid-checkout`, `${site}/`],
    ["the confirmation page", `${site}/payment-success?session_id=cs_test_1`, `${site}/`],
    ["a fragment (dropped)", `${site}/faq#shipping`, `${site}/faq`],
  ])("%s", (_name, referer, expected) => {
    expect(cancelUrlFor(request(referer), site)).toBe(expected);
  });

  it("maps a page of the server's own address (behind a proxy) onto the public site", () => {
    expect(
      cancelUrlFor(
        request("http://127.0.0.1:3000/product/test-kit", "http://127.0.0.1:3000/api/hybrid-checkout"),
        site,
      ),
    ).toBe(`${site}/product/test-kit`);
  });
});

describe("hybrid-checkout body", () => {
  const id = "gid://shopify/ProductVariant/49100000000001";
  it("accepts up to 10 lines of 1-10", () => {
    expect(
      hybridCheckoutInput.safeParse({ products: Array(10).fill({ shopifyVariantId: id, quantity: 10 }) })
        .success,
    ).toBe(true);
  });
  it("lets placeholders through the schema, to be answered 'Product not configured'", () => {
    const placeholder = "gid://shopify/ProductVariant/YOUR_ENHANCER_VARIANT_ID";
    expect(
      hybridCheckoutInput.safeParse({ products: [{ shopifyVariantId: placeholder, quantity: 1 }] }).success,
    ).toBe(true);
    expect(isPlaceholder(placeholder)).toBe(true);
    expect(isPlaceholder(id)).toBe(false);
  });
  it("reads the no-JavaScript form, quantity defaulting to 1", () => {
    expect(hybridCheckoutForm.parse({ item: "enhancer_kit_bundle", quantity: "2" })).toEqual({
      item: "enhancer_kit_bundle",
      quantity: 2,
    });
    expect(hybridCheckoutForm.parse({ item: "enhancer" })).toEqual({ item: "enhancer", quantity: 1 });
    expect(hybridCheckoutForm.safeParse({ item: "enhancer", quantity: "0" }).success).toBe(false);
    expect(hybridCheckoutForm.safeParse({ item: "enhancer", quantity: "1.5" }).success).toBe(false);
    expect(hybridCheckoutForm.safeParse({ item: "gift_card", quantity: "1" }).success).toBe(false);
  });
});

describe("verify body", () => {
  it.each(["cs_test_a1B2c3", "cs_live_Z9", `cs_test_${"a".repeat(247)}`])("accepts %s", (sessionId) => {
    expect(verifyInput.safeParse({ sessionId }).success).toBe(true);
  });
  it.each([
    "cs_test_",
    "cs_prod_abc",
    "pi_123",
    "cs_test_abc def",
    `cs_test_${"a".repeat(248)}`,
    "CS_TEST_abc",
  ])("refuses %s", (sessionId) => {
    expect(verifyInput.safeParse({ sessionId }).success).toBe(false);
  });
});
