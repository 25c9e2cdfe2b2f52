import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PricingCards } from "~/components/sections/pricing-cards";
import { BundlePrice } from "~/components/sections/product-extras";
import { ProductHeader } from "~/components/sections/product-header";
import { pricingPlans } from "~/content/bro-science";
import { bundleSection, hero } from "~/content/home";
import { formatUsd, prices, productPagePricing, savingOf } from "~/content/pricing";
import { defaultEnhancer } from "~/content/product";
import { kitPage } from "~/content/test-kit";
import { sandboxProducts } from "../../sandbox/shopify/seed";

/** The header inside a router, as on the page (it links to the Deep Dive). */
const renderHeader = (loading: boolean) =>
  renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(ProductHeader, { ...defaultEnhancer, loading })),
  );

describe("prices (spec §9)", () => {
  it("formats dollars as the spec writes them", () => {
    expect(formatUsd(39)).toBe("$39");
    expect(formatUsd(49, { cents: true })).toBe("$49.00");
    expect(formatUsd("0.25")).toBe("$0.25");
    expect(formatUsd(0.6)).toBe("$0.60");
    expect(formatUsd("39.0", { cents: true })).toBe("$39.00");
    expect(formatUsd(1234)).toBe("$1,234");
  });

  it("agrees with the store's seeded products", () => {
    const seeded = Object.fromEntries(sandboxProducts.map((p) => [p.item, Number(p.price)]));
    expect(seeded).toEqual({
      enhancer: prices.enhancer,
      test_kit: prices.testKit,
      enhancer_kit_bundle: prices.enhancerKitBundle,
      bundle_3_month: prices.threeMonthPack,
    });
    // The spec's "Save $40" on the $197 pack is true in the sandbox store: its compare-at price is $237
    // (three single months cost only $117, so the saving is against Shopify's compare-at, not 3 x $39).
    const pack = sandboxProducts.find((p) => p.item === "bundle_3_month");
    expect(savingOf(pack?.price ?? 0, pack && "compareAtPrice" in pack ? pack.compareAtPrice : null)).toBe(
      prices.threeMonthSavings,
    );
    // The kit bundle ($128) costs more than its two items ($88): no compare-at, no saving, no "Best value".
    const kitBundle = sandboxProducts.find((p) => p.item === "enhancer_kit_bundle");
    expect(kitBundle && "compareAtPrice" in kitBundle).toBe(false);
    expect(JSON.stringify(kitPage)).not.toMatch(/best value/i);
  });

  it("shows a saving only when a compare-at price above the price proves it", () => {
    expect(savingOf("197.00", "237.00")).toBe(40);
    expect(savingOf(0.6, 0.75)).toBe(0.15);
    expect(savingOf("39.00", null)).toBeNull();
    expect(savingOf("39.00", undefined)).toBeNull();
    expect(savingOf("39.00", "39.00")).toBeNull();
    expect(savingOf("49.00", "39.00")).toBeNull();
    expect(savingOf("19.99", "24.98")).toBe(4.99);
  });

  it("puts each reading where the spec puts it (the defaults until Shopify's offers are in the page)", () => {
    const dollars = (n: number) => formatUsd(n);
    expect(bundleSection.enhancer.button(dollars(bundleSection.enhancer.price))).toBe("Shop Enhancer ($39)");
    expect(bundleSection.kit.button(dollars(bundleSection.kit.price))).toBe("Add Test Kit ($49)");
    expect(hero.primary.label(dollars(hero.primary.price))).toBe("Shop Enhancer ($39)");
    expect(pricingPlans.map((p) => [p.name, p.item, p.price, p.term, p.saving])).toEqual([
      ["STARTER", "enhancer", 39, "1 month", undefined],
      ["BEAST MODE", "bundle_3_month", 197, "3 months", 40],
      ["COMPLETE", "enhancer_kit_bundle", 128, "Enhancer plus Test Kit", undefined],
    ]);
    // Rendered as a page is prerendered (no offers yet): the spec's figures and its "Save $40".
    const cards = renderToStaticMarkup(createElement(PricingCards, { plans: pricingPlans }));
    for (const figure of [">$39<", ">$197<", ">Save $40<", ">$128<"]) expect(cards).toContain(figure);
    expect(cards.match(/Save/g)).toHaveLength(1);
    expect(formatUsd(kitPage.price, { cents: true })).toBe("$49.00");
    expect(kitPage.bundle.button(formatUsd(kitPage.bundle.price))).toBe("Get the Bundle ($128)");
    const { bundle } = productPagePricing;
    expect([bundle.price, bundle.compareAt, bundle.savings].map((n) => formatUsd(n))).toEqual([
      "$0.60",
      "$0.75",
      "$0.15",
    ]);
    expect(Math.round((bundle.compareAt - bundle.price) * 100)).toBe(Math.round(bundle.savings * 100));
  });

  it("draws the default product at 0.25 labelled Test pricing", () => {
    const html = renderHeader(false);
    expect(defaultEnhancer.price).toBe("0.25");
    expect(html).toContain(">$0.25<");
    expect(html).toContain(">Test pricing<");
    expect(html).toContain(`>${defaultEnhancer.title}</h1>`);
    for (const fact of ["30-day supply", "3 capsules daily with the first meal", "For adults 18-65"]) {
      expect(html).toContain(fact);
    }
    const loading = renderHeader(true);
    expect(loading).toContain('aria-busy="true"');
  });

  it("draws the 3-month card's was price and saving only when the compare-at proves a saving", () => {
    const draw = (price: string, compareAt: string | null) =>
      renderToStaticMarkup(
        createElement(BundlePrice, {
          figures: { price, compareAt, label: "Live Shopify pricing" },
          loading: false,
        }),
      );
    const proven = draw("197.0", "237.0");
    expect(proven).toContain("$197.00");
    expect(proven).toContain("$237.00");
    expect(proven).toMatch(/Save (<!-- -->)?\$40</);
    for (const html of [draw("197.0", null), draw("197.0", "197.0"), draw("197.0", "150.0")]) {
      expect(html).toContain("$197.00");
      expect(html).not.toContain("Save");
      expect(html).not.toContain("was");
    }
  });
});
