import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PricingCards } from "~/components/sections/pricing-cards";
import { pricingPlans } from "~/content/bro-science";
import { placeholderVariantIds } from "~/content/catalog";
import { DocumentRuntimeContext, type PublicRuntimeConfig, prerenderRuntime } from "~/lib/document-runtime";
import { documentText, documentTextToken } from "~/lib/document-text";
import { compileTemplate, pageVariant } from "../../server/page-template";

const base: PublicRuntimeConfig = { paymentsEmulated: false, variantIds: placeholderVariantIds };
const otherStore: PublicRuntimeConfig = {
  ...base,
  offers: {
    enhancer: { price: "42.0", compareAt: null },
    bundle_3_month: { price: "210.0", compareAt: null },
    enhancer_kit_bundle: { price: "135.0", compareAt: "150.0" },
  },
};

/** The same store with a 3-month pack below three single bottles ($99 against 3 x $42 = $126). */
const cheaperPack = { ...otherStore.offers, bundle_3_month: { price: "99.0", compareAt: null } };

describe("texts that follow from the runtime configuration (decision 080)", () => {
  it("prices are Shopify's when known, the spec's otherwise; a saving only where proven", () => {
    expect(documentText("price:enhancer", otherStore)).toBe("$42");
    expect(documentText("price:test_kit", otherStore)).toBe("$49"); // not sold now: the default
    expect(documentText("price-cents:enhancer", otherStore)).toBe("$42.00");
    expect(documentText("save-label:bundle_3_month", otherStore)).toBe("");
    // $135 against a compare-at of $150, but the Enhancer ($42) and the kit ($49) apart cost $91:
    // no saving (decision 091); and none ever by default.
    expect(documentText("save-label:enhancer_kit_bundle", otherStore)).toBe("");
    expect(documentText("save-label:bundle_3_month", { ...otherStore, offers: cheaperPack })).toBe(
      "Save $27",
    );
    expect(documentText("save-label:bundle_3_month", base)).toBe("");
    expect(documentText("save-label:enhancer", base)).toBe("");
    expect(documentText("price:test_item", base)).toBe("");
    expect(documentText("nonsense", base)).toBe("");
  });

  it("a prerendered page holds tokens that the server fills per configuration, as the browser computes them", () => {
    const prerendered = renderToStaticMarkup(
      createElement(
        DocumentRuntimeContext.Provider,
        { value: prerenderRuntime },
        createElement(PricingCards, { plans: pricingPlans }),
      ),
    );
    expect(prerendered).toContain(documentTextToken("price:enhancer"));
    expect(prerendered).toContain(documentTextToken("save-label:bundle_3_month"));
    const template = compileTemplate(prerendered);
    const serve = (config: PublicRuntimeConfig) => pageVariant(template, { config }).identity.toString();
    // What the browser renders with the same configuration is what the server sent: hydration agrees.
    const browser = (config: PublicRuntimeConfig) =>
      renderToStaticMarkup(
        createElement(
          DocumentRuntimeContext.Provider,
          { value: { nonce: "n", config } },
          createElement(PricingCards, { plans: pricingPlans }),
        ),
      );
    const cheaper = { ...otherStore, offers: cheaperPack };
    for (const config of [base, otherStore, cheaper]) expect(serve(config)).toBe(browser(config));
    expect(serve(otherStore)).toContain(">$42<");
    expect(serve(otherStore)).toContain(">$70.00 a month<");
    expect(serve(cheaper)).toContain(">Save $27<");
    expect(serve(base)).not.toContain("Save");
    expect(serve(base)).not.toContain("__FORGE_TEXT");
  });
});
