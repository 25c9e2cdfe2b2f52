import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PricingCards } from "~/components/sections/pricing-cards";
import { pricingPlans } from "~/content/bro-science";
import { placeholderVariantIds } from "~/content/catalog";
import { DocumentRuntimeContext, type PublicRuntimeConfig, prerenderRuntime } from "~/lib/document-runtime";
import { documentText, documentTextToken } from "~/lib/document-text";
import { compileTemplate, renderTemplate } from "../../server/page-template";

const base: PublicRuntimeConfig = { paymentsEmulated: false, variantIds: placeholderVariantIds };
const otherStore: PublicRuntimeConfig = {
  ...base,
  offers: {
    enhancer: { price: "42.0", compareAt: null },
    bundle_3_month: { price: "210.0", compareAt: null },
    enhancer_kit_bundle: { price: "135.0", compareAt: "150.0" },
  },
};

describe("texts that follow from the runtime configuration (decision 080)", () => {
  it("prices are Shopify's when known, the spec's otherwise; a saving only where proven", () => {
    expect(documentText("price:enhancer", otherStore)).toBe("$42");
    expect(documentText("price:test_kit", otherStore)).toBe("$49"); // not sold now: the default
    expect(documentText("price-cents:enhancer", otherStore)).toBe("$42.00");
    expect(documentText("save-label:bundle_3_month", otherStore)).toBe("");
    expect(documentText("save-label:enhancer_kit_bundle", otherStore)).toBe("Save $15");
    expect(documentText("save-label:bundle_3_month", base)).toBe("Save $40");
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
    const serve = (config: PublicRuntimeConfig) =>
      Buffer.concat(renderTemplate(template, { nonce: "n", config }, "identity")).toString();
    // What the browser renders with the same configuration is what the server sent: hydration agrees.
    const browser = (config: PublicRuntimeConfig) =>
      renderToStaticMarkup(
        createElement(
          DocumentRuntimeContext.Provider,
          { value: { nonce: "n", config } },
          createElement(PricingCards, { plans: pricingPlans }),
        ),
      );
    for (const config of [base, otherStore]) expect(serve(config)).toBe(browser(config));
    expect(serve(otherStore)).toContain(">$42<");
    expect(serve(otherStore)).toContain(">Save $15<");
    expect(serve(base)).toContain(">Save $40<");
    expect(serve(base)).not.toContain("__FORGE_TEXT");
  });
});
