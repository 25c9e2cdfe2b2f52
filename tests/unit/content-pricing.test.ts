import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PricingCards } from "~/components/sections/pricing-cards";
import { BundlePrice } from "~/components/sections/product-extras";
import { ProductHeader } from "~/components/sections/product-header";
import * as about from "~/content/about";
import * as broScience from "~/content/bro-science";
import { pricingPlans } from "~/content/bro-science";
import { placeholderVariantIds } from "~/content/catalog";
import * as comparison from "~/content/comparison";
import * as enhancerFaqs from "~/content/enhancer-faqs";
import * as faqPage from "~/content/faq-page";
import * as faqs from "~/content/faqs";
import * as homeCopy from "~/content/home";
import { bundleSection, hero } from "~/content/home";
import {
  defaultOffers,
  formatUsd,
  priceApart,
  prices,
  productPagePricing,
  provenSaving,
} from "~/content/pricing";
import * as product from "~/content/product";
import { defaultEnhancer } from "~/content/product";
import * as routes from "~/content/routes";
import * as testKit from "~/content/test-kit";
import { kitPage } from "~/content/test-kit";
import type { PublicRuntimeConfig } from "~/lib/document-runtime";
import { documentText } from "~/lib/document-text";
import { sandboxProducts } from "../../sandbox/shopify/seed";
import { strings } from "./content-strings";

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

  it("agrees with the store's seeded products, none of which claims a 'was' price", () => {
    const seeded = Object.fromEntries(sandboxProducts.map((p) => [p.item, Number(p.price)]));
    expect(seeded).toEqual({
      enhancer: prices.enhancer,
      test_kit: prices.testKit,
      enhancer_kit_bundle: prices.enhancerKitBundle,
      bundle_3_month: prices.threeMonthPack,
    });
    // Issue 32 item 1: no invented compare-at ($237 was one), and no seeded text claims money off.
    for (const product of sandboxProducts) {
      expect("compareAtPrice" in product, product.item).toBe(false);
      expect(`${product.title} ${product.descriptionHtml}`).not.toMatch(/\$\d+ off|save|bundle|best value/i);
    }
    // The kit with the Enhancer costs more than the two apart: its words say what it holds, no "bundle".
    const kitWithEnhancer = [kitPage.bundle.title, kitPage.bundle.text, kitPage.bundle.button("$128")];
    for (const words of kitWithEnhancer) expect(words).not.toMatch(/best value|bundle|save|deal/i);
    expect(kitPage.bundle.text).toMatch(/one at-home test kit and one bottle of the Enhancer/);
    // No default claims a saving: only Shopify's live offers can prove one (decision 091).
    expect(JSON.stringify(defaultOffers)).not.toMatch(/sav/i);
    expect(JSON.stringify(productPagePricing)).not.toMatch(/sav|compare/i);
  });

  it("shows a saving only when the live offers prove it (decision 091)", () => {
    const pack = (price: string, compareAt: string | null, singlePrice: string | null) =>
      provenSaving(
        { price, compareAt },
        priceApart("bundle_3_month", () => singlePrice ?? undefined),
      );
    // The sandbox's pack: $197 against three bottles at $39 ($117) is no saving, with or without the
    // merchant's compare-at of $237.
    expect(pack("197.00", null, "39.00")).toBeNull();
    expect(pack("197.00", "237.00", "39.00")).toBeNull();
    // A pack at $99 against 3 x $39: Save $18, measured against the singles.
    expect(pack("99.00", null, "39.00")).toEqual({ reference: 117, saving: 18, basis: "apart" });
    // A compare-at is honoured only when it is true: no higher than the same quantity bought singly...
    expect(pack("99.00", "237.00", "39.00")).toEqual({ reference: 117, saving: 18, basis: "apart" });
    expect(pack("99.00", "110.00", "39.00")).toEqual({ reference: 110, saving: 11, basis: "compare-at" });
    // ...and a pack with no live single price shows no saving at all.
    expect(pack("99.00", "110.00", null)).toBeNull();
    // The Enhancer with the kit ($128) against the two apart ($39 + $49): no saving, whatever its compare-at.
    const live = { enhancer: "39.00", test_kit: "49.00" } as Record<string, string>;
    const kitApart = priceApart("enhancer_kit_bundle", (item) => live[item]);
    expect(kitApart).toBe(88);
    expect(provenSaving({ price: "128.00", compareAt: "150.00" }, kitApart)).toBeNull();
    expect(provenSaving({ price: "80.00", compareAt: null }, kitApart)?.saving).toBe(8);
    // A single item: its compare-at, only above its price.
    expect(provenSaving({ price: "39.00", compareAt: "45.00" })).toEqual({
      reference: 45,
      saving: 6,
      basis: "compare-at",
    });
    expect(provenSaving({ price: "19.99", compareAt: "24.98" })?.saving).toBe(4.99);
    for (const compareAt of [null, undefined, "39.00", "35.00"]) {
      expect(provenSaving({ price: "39.00", compareAt })).toBeNull();
    }
  });

  it("puts each reading where the spec puts it (the defaults, until Shopify's offers are known)", () => {
    const none = { paymentsEmulated: false, variantIds: placeholderVariantIds };
    const text = (key: Parameters<typeof documentText>[0]) => documentText(key, none);
    expect(bundleSection.enhancer.button(text("price:enhancer"))).toBe("Shop Enhancer ($39)");
    expect(bundleSection.kit.button(text("price:test_kit"))).toBe("Add Test Kit ($49)");
    expect(hero.primary.label(text("price:enhancer"))).toBe("Shop Enhancer ($39)");
    expect(pricingPlans.map((p) => [p.name, p.item, p.term])).toEqual([
      ["STARTER", "enhancer", "1 month"],
      ["BEAST MODE", "bundle_3_month", "3 months"],
      ["COMPLETE", "enhancer_kit_bundle", "Enhancer plus Test Kit"],
    ]);
    // Rendered with no offers known: the spec's prices, the pack's price a month, and no saving (the
    // spec's "Save $40" is untrue in the sandbox, decision 091).
    const cards = renderToStaticMarkup(createElement(PricingCards, { plans: pricingPlans }));
    for (const figure of [">$39<", ">$197<", ">$65.67 a month<", ">$128<"]) expect(cards).toContain(figure);
    expect(cards).not.toContain("Save");
    expect(text("price-cents:test_kit")).toBe("$49.00");
    expect(kitPage.bundle.button(text("price:enhancer_kit_bundle"))).toBe("Get Kit + Enhancer ($128)");
    expect(formatUsd(productPagePricing.bundle.price)).toBe("$0.60");
  });

  it("says 'Save $X' on Bro Science only when the live offers prove it", () => {
    const config = (pack: string, single: string, compareAt: string | null = null) => ({
      paymentsEmulated: false,
      variantIds: placeholderVariantIds,
      offers: { enhancer: { price: single, compareAt: null }, bundle_3_month: { price: pack, compareAt } },
    });
    const save = (c: PublicRuntimeConfig) => documentText("save-label:bundle_3_month", c);
    expect(save(config("197.0", "39.0", "237.0"))).toBe("");
    expect(save(config("99.0", "39.0"))).toBe("Save $18");
    expect(documentText("per-month:bundle_3_month", config("99.0", "39.0"))).toBe("$33.00 a month");
    expect(documentText("per-month:enhancer", config("99.0", "39.0"))).toBe("");
    // Without the single's offer there is nothing to measure the pack against.
    const noSingle = {
      ...config("99.0", "39.0"),
      offers: { bundle_3_month: { price: "99.0", compareAt: "150.0" } },
    };
    expect(save(noSingle)).toBe("");
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

  it("draws the 3-month card's saving only when proven, else its price a month", () => {
    const draw = (price: string, saving: ReturnType<typeof provenSaving>, label = "Live Shopify pricing") =>
      renderToStaticMarkup(createElement(BundlePrice, { figures: { price, saving, label }, loading: false }));
    const apart = priceApart("bundle_3_month", () => "39.0");
    const proven = draw("99.0", provenSaving({ price: "99.0" }, apart));
    expect(proven).toContain("$99.00");
    expect(proven).toContain("$117.00");
    expect(proven).toMatch(/Save (<!-- -->)?\$18</);
    expect(proven).toMatch(/3 single bottles cost (<!-- -->)?\$117.00/);
    const sandbox = draw("197.0", provenSaving({ price: "197.0" }, apart));
    expect(sandbox).toContain("$197.00");
    expect(sandbox).toMatch(/\$65.67(<!-- -->)? a month/);
    for (const html of [sandbox, draw("0.6", null, "Test pricing")]) {
      expect(html).not.toContain("Save");
      expect(html).not.toContain("was");
      expect(html).not.toContain("line-through");
    }
  });

  it("prose names no price: a price is a live text slot beside its button, or no figure (issue 32 item 1)", () => {
    const prose = [
      about,
      broScience,
      comparison,
      enhancerFaqs,
      faqPage,
      faqs,
      homeCopy,
      product,
      routes,
      testKit,
    ].flatMap((module) => strings(module));
    expect(prose.length).toBeGreaterThan(200);
    for (const text of prose) expect(text).not.toMatch(/\$\s?\d/);
  });
});
