import { describe, expect, it } from "vitest";
import { placeholderVariantIds } from "~/content/catalog";
import type { ShownOffers } from "~/content/pricing";
import { publicConfigSource } from "../../server/public-config";

describe("the public runtime configuration each page carries (decision 080)", () => {
  const fixed = { paymentsEmulated: true, variantIds: placeholderVariantIds };

  it("adds the offers Shopify gave, and is the same object while they are unchanged", () => {
    let offers: ShownOffers | undefined;
    const config = publicConfigSource(fixed, () => offers);
    const empty = config();
    expect(empty).toEqual(fixed);
    expect(config()).toBe(empty);
    offers = { enhancer: { price: "39.0", compareAt: null } };
    const first = config();
    expect(first.offers).toEqual({ enhancer: { price: "39.0", compareAt: null } });
    expect(first).not.toBe(empty);
    // A new read with equal values (the cache refreshed) keeps the object, so templates stay encoded.
    offers = { enhancer: { price: "39.0", compareAt: null } };
    expect(config()).toBe(first);
    offers = { enhancer: { price: "42.0", compareAt: "50.0" } };
    expect(config().offers?.enhancer).toEqual({ price: "42.0", compareAt: "50.0" });
    expect(config().paymentsEmulated).toBe(true);
  });
});

describe("the configuration on the hot path", () => {
  it("reads the same offers object without comparing it again, and still follows a new one", () => {
    const offers: ShownOffers = { enhancer: { price: "39.0", compareAt: null } };
    let current: ShownOffers | undefined = offers;
    const config = publicConfigSource(
      { paymentsEmulated: false, variantIds: placeholderVariantIds },
      () => current,
    );
    const first = config();
    expect(config()).toBe(first);
    current = { enhancer: { price: "40.0", compareAt: null } };
    expect(config().offers?.enhancer?.price).toBe("40.0");
    current = undefined;
    expect(config().offers).toBeUndefined();
  });
});
