import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductHeader } from "~/components/sections/product-header";
import { pricingPlans } from "~/content/bro-science";
import { bundleSection } from "~/content/home";
import { formatUsd, prices, productPagePricing } from "~/content/pricing";
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
    // Three single months cost $117; the spec's "Save $40" is its own marketing figure, kept as given.
    expect(prices.threeMonthSavings).toBe(40);
  });

  it("puts each reading where the spec puts it", () => {
    expect(bundleSection.enhancer.button).toBe("Shop Enhancer ($39)");
    expect(bundleSection.kit.button).toBe("Add Test Kit ($49)");
    expect(pricingPlans.map((p) => [p.name, p.price, p.term, p.badge])).toEqual([
      ["STARTER", "$39", "1 month", undefined],
      ["BEAST MODE", "$197", "3 months", "Save $40"],
      ["COMPLETE", "$128", "Enhancer plus Test Kit", undefined],
    ]);
    expect(kitPage.price).toBe("$49.00");
    expect(kitPage.bundle.price).toBe("$128");
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
});
