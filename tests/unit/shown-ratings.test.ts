import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductReviewsPanel } from "~/components/sections/product-reviews-panel";
import { TrustBadges } from "~/components/sections/trust-badges";
import { JsonLd } from "~/components/ui/json-ld";
import { StarRating } from "~/components/ui/star-rating";
import { placeholderVariantIds } from "~/content/catalog";
import type { ReviewSummary, ShownRatings } from "~/contracts/reviews";
import { DocumentRuntimeContext, type PublicRuntimeConfig, prerenderRuntime } from "~/lib/document-runtime";
import { documentText, ratingLabel, starFillWidth, useDocumentText } from "~/lib/document-text";
import { createShownRatings } from "~/server/reviews/shown-ratings.server";
import { createLogger } from "~/server/runtime/logger.server";
import { compileTemplate, pageVariant } from "../../server/page-template";
import { publicConfigSource } from "../../server/public-config";

/** ProductJsonLd's way of adding the rating to its object (it also needs the build's site origin). */
function RatedJsonLd() {
  return createElement(JsonLd, {
    data: { "@type": "Product" },
    more: useDocumentText("rating-json:enhancer"),
  });
}

const base: PublicRuntimeConfig = { paymentsEmulated: false, variantIds: placeholderVariantIds };
const figure = (count: number, average: number | null) => ({ count, average });
const specStore: PublicRuntimeConfig = {
  ...base,
  ratings: { all: figure(2847, 4.8), enhancer: figure(2847, 4.8), enhancerReal: figure(0, null) },
};
const realStore: PublicRuntimeConfig = {
  ...base,
  ratings: { all: figure(12, 4.3), enhancer: figure(1, 5), enhancerReal: figure(1, 5) },
};
const noReviews: PublicRuntimeConfig = {
  ...base,
  ratings: { all: figure(0, null), enhancer: figure(0, null), enhancerReal: figure(0, null) },
};

describe("the rating the pages state (issue 18 item 5, decision 085)", () => {
  it("is the spec's wording for a store with those reviews, 'No reviews yet' with none, nothing before it is known", () => {
    expect(ratingLabel(figure(2847, 4.8))).toBe("4.8/5 from 2,847 reviews");
    expect(ratingLabel(figure(1, 5))).toBe("5.0/5 from 1 review");
    expect(ratingLabel(figure(0, null))).toBe("No reviews yet");
    // Issue 32 item 2: a figure sample reviews are counted in says so, however few of them.
    expect(ratingLabel({ ...figure(2847, 4.8), samples: 2847 })).toBe(
      "4.8/5 from 2,847 reviews (sample data)",
    );
    expect(ratingLabel({ ...figure(3, 3.3), samples: 1 })).toBe("3.3/5 from 3 reviews (sample data)");
    expect(ratingLabel({ ...figure(0, null), samples: 0 })).toBe("No reviews yet");
    expect(documentText("rating-label:all", specStore)).toBe("4.8/5 from 2,847 reviews");
    expect(documentText("rating-label:all", realStore)).toBe("4.3/5 from 12 reviews");
    expect(documentText("rating-label:enhancer", noReviews)).toBe("No reviews yet");
    expect(documentText("rating-label:enhancer", base)).toBe("");
    expect(documentText("rating-score:enhancer", specStore)).toBe("4.8");
    expect(documentText("rating-score:enhancer", noReviews)).toBe("");
    expect(documentText("rating-label:nobody", specStore)).toBe("");
  });

  it("draws 4.8 as four full stars and most of a fifth, never five full ones; no stars with no reviews", () => {
    // Five stars of 24 units: 4.8 is four and 80% of the fifth star's shape, 113.7 of 120.
    expect(documentText("rating-fill:all", specStore)).toBe("113.7");
    expect(documentText("rating-fill:enhancer", realStore)).toBe("120");
    expect(documentText("rating-fill:enhancer", noReviews)).toBe("0");
    expect(documentText("rating-hide:enhancer", noReviews)).toBe("hidden");
    expect(documentText("rating-hide:enhancer", base)).toBe("hidden");
    expect(documentText("rating-hide:enhancer", specStore)).toBe("");
  });

  it("structured data states only real reviews: never the sandbox's samples, none with none", () => {
    expect(documentText("rating-json:enhancer", specStore)).toBe("");
    expect(documentText("rating-json:enhancer", noReviews)).toBe("");
    expect(JSON.parse(`{"a":1${documentText("rating-json:enhancer", realStore)}}`)).toEqual({
      a: 1,
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: "5.0",
        bestRating: "5",
        worstRating: "1",
        reviewCount: 1,
      },
    });
  });

  it("prerendered pages hold tokens the server fills as the browser renders them (hydration agrees)", () => {
    const parts = (): ReactElement[] => [
      createElement(StarRating, { key: "hero", scope: "all" }),
      createElement(StarRating, { key: "header", scope: "enhancer" }),
      createElement(TrustBadges, { key: "badges" }),
      createElement(ProductReviewsPanel, { key: "tab", latest: Promise.resolve([]) }),
      createElement(RatedJsonLd, { key: "json" }),
    ];
    const render = (runtime: { nonce: string; config: PublicRuntimeConfig }) =>
      renderToStaticMarkup(
        createElement(
          MemoryRouter,
          null,
          createElement(DocumentRuntimeContext.Provider, { value: runtime }, ...parts()),
        ),
      );
    const template = compileTemplate(render(prerenderRuntime));
    for (const config of [specStore, realStore, noReviews, base]) {
      const served = pageVariant(template, { config }).identity.toString();
      // As the server renders it for that configuration, less the nonce (the page's scripts go by hash).
      expect(served).toBe(render({ nonce: "n", config }).replaceAll(' nonce="n"', ""));
      expect(served).not.toContain("__FORGE_TEXT");
    }
    const served = (config: PublicRuntimeConfig) => pageVariant(template, { config }).identity.toString();
    expect(served(specStore)).toContain(">4.8/5 from 2,847 reviews<");
    expect(served(specStore)).toContain('width="113.7"');
    expect(served(specStore)).not.toContain("aggregateRating");
    expect(served(noReviews)).toContain(">No reviews yet<");
    expect(served(noReviews)).not.toMatch(/\d\.\d\/5/);
    const json = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/.exec(served(realStore))?.[1];
    expect(JSON.parse(json ?? "{}").aggregateRating).toMatchObject({ ratingValue: "5.0", reviewCount: 1 });
  });
});

describe("the ratings the server reads for the pages", () => {
  const summary = (count: number, average: number | null): ReviewSummary => ({
    count,
    average,
    stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: count },
  });
  const logger = createLogger("silent");

  function fakeReviews() {
    const listeners = new Set<() => void>();
    const state = { all: summary(3, 4.7), calls: 0, fail: false };
    return {
      state,
      changed: () => {
        for (const listener of listeners) listener();
      },
      reviews: {
        async summary(product?: string, options?: { samples?: boolean }) {
          state.calls += 1;
          if (state.fail) throw new Error("database down");
          if (!product) return state.all;
          return options?.samples === false ? summary(0, null) : summary(2, 4.5);
        },
        onChange(listener: () => void) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
    };
  }

  it("is undefined until read, then the same object while unchanged, and follows a publication at once", async () => {
    const fake = fakeReviews();
    let clock = 0;
    const source = createShownRatings({ reviews: fake.reviews, logger, recheckMs: 1000, now: () => clock });
    expect(source.current()).toBeUndefined();
    await source.warm(1000);
    const first = source.current();
    expect(first).toEqual({
      all: { count: 3, average: 4.7 },
      enhancer: { count: 2, average: 4.5 },
      enhancerReal: { count: 0, average: null },
    } satisfies ShownRatings);
    clock = 5000;
    source.current(); // rechecks in the background
    await source.warm(1000);
    expect(source.current()).toBe(first);
    fake.state.all = summary(4, 4.8);
    fake.changed(); // a review published in this process
    await source.warm(1000);
    expect(source.current()?.all).toEqual({ count: 4, average: 4.8 });
  });

  it("keeps the last figures when the database fails, and warm() neither rejects nor waits past its bound", async () => {
    const fake = fakeReviews();
    let clock = 0;
    const source = createShownRatings({ reviews: fake.reviews, logger, recheckMs: 10, now: () => clock });
    await source.warm(1000);
    const known = source.current();
    fake.state.fail = true;
    clock = 100;
    await source.warm(1000);
    expect(source.current()).toBe(known);
    const never = createShownRatings({
      reviews: { summary: () => new Promise<ReviewSummary>(() => {}), onChange: () => () => {} },
      logger,
    });
    const started = Date.now();
    await never.warm(50);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(never.current()).toBeUndefined();
  });

  it("the public configuration carries the ratings, a new object only when they change", () => {
    let ratings: ShownRatings | undefined;
    const config = publicConfigSource(
      base,
      () => undefined,
      () => ratings,
    );
    const empty = config();
    expect(empty.ratings).toBeUndefined();
    ratings = { all: figure(1, 5), enhancer: figure(1, 5), enhancerReal: figure(1, 5) };
    const first = config();
    expect(first.ratings?.all).toEqual(figure(1, 5));
    ratings = { all: figure(1, 5), enhancer: figure(1, 5), enhancerReal: figure(1, 5) };
    expect(config()).toBe(first);
    ratings = { ...ratings, all: figure(2, 4.5) };
    expect(config().ratings?.all).toEqual(figure(2, 4.5));
  });
});

describe("the stars' filled width", () => {
  it("whole stars, then the fraction of the next star's shape; bounded to 0-5", () => {
    expect(starFillWidth(5)).toBe(120);
    expect(starFillWidth(4)).toBe(96);
    expect(starFillWidth(4.8)).toBe(113.7);
    expect(starFillWidth(0.5)).toBe(12);
    expect(starFillWidth(0)).toBe(0);
    expect(starFillWidth(7)).toBe(120);
    expect(starFillWidth(-1)).toBe(0);
  });
});
