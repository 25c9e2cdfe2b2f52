import { describe, expect, it } from "vitest";
import { contentsOf, type PurchasableItem } from "~/content/catalog";
import { support } from "~/content/site";
import {
  type OrderConfirmation,
  orderConfirmationPayload,
  orderConfirmationText,
  renderOrderConfirmation,
} from "~/server/mail/templates/order-confirmation";
import { currencyExponent, formatMoney, toMinorUnits } from "~/shared/money";

const order: OrderConfirmation = {
  orderNumber: 1042,
  email: "jo@example.com",
  customerName: "Jo Q. Public",
  orderedAt: "2026-03-05T12:00:00.000Z",
  currency: "usd",
  amountTotal: 16_700,
  lines: [
    { productTitle: "Forge Enhancer", variantTitle: null, quantity: 1, unitAmount: 3_900 },
    {
      productTitle: "Forge Enhancer + Test Kit Bundle",
      variantTitle: "Large",
      quantity: 1,
      unitAmount: 12_800,
    },
  ],
  shippingAddress: {
    name: "Jo Q. Public",
    line1: "1 Main St",
    line2: null,
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    country: "US",
  },
  orderUrl: "https://forge.example/payment-success?session_id=cs_test_1",
  adjustments: [{ label: "Shipping", amount: 0 }],
  contents: { enhancer: true, testKit: true },
};

describe("order confirmation e-mail", () => {
  it("shows a promotion code's discount and the tax between the items and the total, so it adds up", async () => {
    const discounted: OrderConfirmation = {
      ...order,
      amountTotal: 16_236,
      adjustments: [
        { label: "Discount (FORGE10)", amount: -1_670 },
        { label: "Shipping", amount: 0 },
        { label: "Tax", amount: 1_206 },
      ],
    };
    const rendered = await renderOrderConfirmation(discounted);
    expect(rendered.text).toContain(
      "Discount (FORGE10): −$16.70\nShipping: Free\nTax: $12.06\nTotal: $162.36",
    );
    for (const part of ["Discount (FORGE10)", "−$16.70", "Tax", "$12.06", "$162.36"])
      expect(rendered.html).toContain(part);
  });

  it("a payload written before adjustments existed still says free shipping", () => {
    const { adjustments: _, ...old } = order;
    expect(orderConfirmationPayload.parse(old).adjustments).toEqual([{ label: "Shipping", amount: 0 }]);
  });

  it("has the order in both parts: number, items with quantities, total, address", async () => {
    const rendered = await renderOrderConfirmation(order);
    expect(rendered.subject).toBe("Your Forge order #1042 is confirmed");
    expect(rendered.replyTo).toBe(support.email);
    for (const body of [rendered.html, rendered.text]) {
      const missing = [
        "#1042",
        "March 5, 2026",
        "Forge Enhancer",
        "Forge Enhancer + Test Kit Bundle (Large)",
        "Qty 1 × $39.00",
        "Qty 1 × $128.00",
        "$167.00",
        "Free",
        "1 Main St",
        "Austin, TX 78701",
        "United States",
        "Your order ships in 1-2 business days",
        "Take 3 Forge Enhancer capsules daily with your first meal.",
        "Test kit results are ready 3-5 days from when the lab receives your sample, and are kept online in your results account for 12 months.",
        "60-day money-back guarantee.",
        support.email,
        "https://forge.example/payment-success?session_id=cs_test_1",
        "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.",
      ].filter((phrase) => !body.includes(phrase));
      expect(missing).toEqual([]);
    }
    expect(rendered.html).toContain("Thanks for your order, Jo!");
    expect(rendered.html).toMatch(/^<!DOCTYPE html/);
    expect(rendered.html).toContain('lang="en"');
  });

  it("escapes what the customer typed", async () => {
    const rendered = await renderOrderConfirmation({
      ...order,
      customerName: "<script>alert(1)</script>",
      shippingAddress: {
        ...order.shippingAddress,
        line1: '<img src=x onerror="alert(1)">',
      } as OrderConfirmation["shippingAddress"],
    });
    expect(rendered.html).not.toContain("<script>alert(1)</script>");
    expect(rendered.html).not.toContain("<img src=x");
    expect(rendered.html).toContain("&lt;img src=x");
  });

  it("reads without a name or an address", () => {
    const text = orderConfirmationText({
      ...order,
      customerName: null,
      shippingAddress: null,
      orderUrl: null,
    });
    expect(text.startsWith("Thanks for your order!")).toBe(true);
    expect(text).not.toContain("SHIPPING TO");
    expect(text).not.toContain("View your order");
  });

  it("refuses a payload that is not an order (the outbox checks before rendering)", () => {
    expect(orderConfirmationPayload.safeParse({ ...order, orderNumber: "1042" }).success).toBe(false);
    expect(orderConfirmationPayload.safeParse({ ...order, lines: [{ productTitle: "x" }] }).success).toBe(
      false,
    );
    expect(orderConfirmationPayload.parse(order)).toEqual(order);
  });
});

describe("money in minor units", () => {
  it.each([
    ["39.00", "usd", 3_900],
    ["39.0", "USD", 3_900],
    ["39", "usd", 3_900],
    ["0.5", "usd", 50],
    ["19.99", "usd", 1_999],
    ["128.000000", "usd", 12_800],
    ["5000", "jpy", 5_000],
    ["5000.0", "jpy", 5_000],
  ])("%s %s → %i", (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it.each([
    ["39.005", "usd"],
    ["-1.00", "usd"],
    ["1e3", "usd"],
    ["", "usd"],
    ["12.5", "jpy"],
    ["abc", "usd"],
  ])("refuses %s %s", (amount, currency) => {
    expect(toMinorUnits(amount, currency)).toBeNull();
  });

  it("formats for people", () => {
    expect(formatMoney(12_700, "usd")).toBe("$127.00");
    expect(formatMoney(5_000, "jpy")).toBe("¥5,000");
    expect(currencyExponent("JPY")).toBe(0);
  });

  it("opens with the site's header band, drawn without images so it shows where mail apps block them", async () => {
    const { html } = await renderOrderConfirmation(order);
    expect(html).not.toMatch(/<img\b/i);
    const band = html.indexOf("background-color:#07080a");
    expect(band).toBeGreaterThan(-1);
    // The ember "F" tile and the italic wordmark, before the message itself.
    expect(html.indexOf("background-color:#ff6b1a")).toBeGreaterThan(band);
    expect(html).toMatch(/font-style:italic[^>]*>FORGE</);
    expect(html.indexOf(">FORGE<")).toBeLessThan(html.indexOf("Thanks for your order, Jo!"));
  });

  it("carries the full FDA statement in bold", async () => {
    const { html } = await renderOrderConfirmation(order);
    expect(html).toMatch(
      /font-weight:700[^>]*>\* These statements have not been evaluated by the Food and Drug Administration\./,
    );
  });

  it("promises the kit's results only for an order with the kit, and the dosing plan only with the Enhancer", () => {
    const enhancerOnly = orderConfirmationText({ ...order, contents: { enhancer: true, testKit: false } });
    expect(enhancerOnly).toContain("capsules daily with your first meal");
    expect(enhancerOnly).not.toMatch(/test kit results/i);
    const kitOnly = orderConfirmationText({ ...order, contents: { enhancer: false, testKit: true } });
    expect(kitOnly).toContain("Test kit results are ready 3-5 days from when the lab receives your sample");
    expect(kitOnly).not.toContain("capsules daily");
  });

  it("lists every step for a payload queued before the order's contents were recorded", () => {
    const { contents: _contents, ...older } = order;
    const parsed = orderConfirmationPayload.parse(older);
    expect(parsed.contents).toEqual({ enhancer: true, testKit: true });
  });
});

describe("what an order's box holds", () => {
  const items: Record<string, PurchasableItem> = {
    "v-enhancer": "enhancer",
    "v-kit": "test_kit",
    "v-bundle": "enhancer_kit_bundle",
  };
  const itemOf = (id: string) => items[id];
  it.each([
    [["v-enhancer"], { enhancer: true, testKit: false }],
    [["v-kit"], { enhancer: false, testKit: true }],
    [["v-bundle"], { enhancer: true, testKit: true }],
    [["v-enhancer", "v-kit"], { enhancer: true, testKit: true }],
    [["unknown"], { enhancer: false, testKit: false }],
  ])("%j holds %j", (ids, expected) => {
    expect(contentsOf(ids, itemOf)).toEqual(expected);
  });
});
