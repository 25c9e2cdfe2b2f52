import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";

/**
 * Issue 18 item 5 (decision 085) over HTTP: the rating the pages state is the published reviews'
 * average and count, read by the server as it sends each page, with stars drawn to match; "No reviews
 * yet" and no number with none; structured data only from real reviews. And item 7: a server whose own
 * sandbox emulates Shopify records the sample reviews once, so it states the spec's figure.
 */
const RATING = /(\d\.\d)\/5 from ([\d,]+) reviews?( \(sample data\))?|No reviews yet/g;

async function page(origin: string, path: string) {
  const response = await fetch(`${origin}${path}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );
  return {
    html,
    ratings: [...html.matchAll(RATING)].map((match) => match[0]),
    product: jsonLd.find((data) => data["@type"] === "Product"),
    starFills: [...html.matchAll(/<svg width="([\d.]+)" height="24"/g)].map((match) => Number(match[1])),
  };
}

/** Issue 32 item 2: every figure sample reviews are counted in says so beside it. */
const SAMPLE_FIGURE = "4.8/5 from 2,847 reviews (sample data)";

describe("the sandbox's sample reviews (in-process emulators)", () => {
  const shop = useShop({ inProcessEmulators: true, store: "pglite", env: { PAGE_CACHE_FRESH_SECONDS: "0" } });

  it("state the spec's 4.8/5 from 2,847 reviews, labelled sample data, stars drawn to 4.8, and never reach structured data", async () => {
    const home = await page(shop.server.url, "/");
    expect(home.ratings).toEqual([SAMPLE_FIGURE, SAMPLE_FIGURE]);
    const enhancer = await page(shop.server.url, "/product/forge-enhancer");
    expect(enhancer.ratings.length).toBeGreaterThanOrEqual(2);
    expect(new Set(enhancer.ratings)).toEqual(new Set([SAMPLE_FIGURE]));
    // 4.8 stars: four of 24 units and 80% of the fifth star's shape (113.7), never the full 120.
    // The header's stars come first (five-star sample reviews further down are drawn full).
    expect(enhancer.starFills[0]).toBe(113.7);
    expect(enhancer.product).toBeDefined();
    expect(enhancer.product?.aggregateRating).toBeUndefined();
  });

  it("are recorded once: a restart on the same data adds none", async () => {
    const count = () =>
      shop.store.query<{ n: number }>("select count(*)::int as n from reviews where source = 'sample'");
    const [before] = await shop.whileStopped(count);
    expect(before?.n).toBe(2847);
    const [after] = await shop.whileStopped(count);
    expect(after?.n).toBe(2847);
    expect((await page(shop.server.url, "/")).ratings[0]).toBe(SAMPLE_FIGURE);
  });
});

describe("sample data labelled with a Stripe test key (Shopify emulated, payments not)", () => {
  // A real Stripe test key: no sandbox ribbon, but the server's own sandbox still emulates Shopify and
  // counts its sample reviews. The label beside each figure follows the data, not the ribbon.
  const shop = useShop({
    inProcessEmulators: true,
    env: {
      PAGE_CACHE_FRESH_SECONDS: "0",
      STRIPE_SECRET_KEY: "sk_test_samplesbesidetotals4f9c2e",
      STRIPE_WEBHOOK_SECRET: "whsec_samplesbesidetotals4f9c2e",
    },
  });

  it("labels every total on the home page, the Enhancer's header and tab, and /reviews", async () => {
    const home = await page(shop.server.url, "/");
    expect(home.html).not.toContain("data-sandbox-payments");
    expect(home.ratings).toEqual([SAMPLE_FIGURE, SAMPLE_FIGURE]);
    const enhancer = await page(shop.server.url, "/product/forge-enhancer");
    expect(enhancer.ratings.length).toBeGreaterThanOrEqual(2);
    expect(new Set(enhancer.ratings)).toEqual(new Set([SAMPLE_FIGURE]));
    const reviews = await page(shop.server.url, "/reviews");
    const text = reviews.html
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toContain("4.8 out of 5 (sample data)");
    expect(text).toContain("Based on 2,847 reviews (sample data)");
    expect(text).toContain("Reviews by rating (sample data)");
    expect(text).toMatch(/Showing 1–10 of 2,847 \(sample data\)/);
  });
});

describe.each(databaseTargets)("the rating computed from published reviews ($name)", ({ name }) => {
  // Emulators of the test's own: no sample is recorded, so the figures are exactly the rows below.
  const shop = useShop({ store: name, env: { PAGE_CACHE_FRESH_SECONDS: "0" } });

  it("no reviews: 'No reviews yet', no number, no stars, no aggregateRating; then the published ones' average", async () => {
    const empty = await page(shop.server.url, "/");
    expect(empty.ratings).toEqual(["No reviews yet", "No reviews yet"]);
    expect(empty.html).not.toMatch(/\d\.\d\/5/);
    const emptyEnhancer = await page(shop.server.url, "/product/forge-enhancer");
    expect(new Set(emptyEnhancer.ratings)).toEqual(new Set(["No reviews yet"]));
    expect(emptyEnhancer.product?.aggregateRating).toBeUndefined();

    const insert = `insert into reviews (product, rating, body, display_name, status, source, verified, published_at)
      values ($1, $2, 'Text of the review.', 'Jordan R.', $3, $4, $5, case when $3 = 'published' then now() end)`;
    await shop.whileStopped(async () => {
      await shop.store.query(insert, ["forge-enhancer", 5, "published", "imported", true]);
      await shop.store.query(insert, ["forge-enhancer", 4, "published", "imported", false]);
      await shop.store.query(insert, ["forge-enhancer", 1, "published", "sample", false]);
      await shop.store.query(insert, ["forge-enhancer", 1, "held", "imported", false]);
      await shop.store.query(insert, ["forge-test-kit", 3, "published", "imported", false]);
    });

    // The store's: 5, 4, 1 (a sample, which counts while Shopify is emulated, labelled as such) and 3:
    // 13 / 4 = 3.25 → 3.3.
    const home = await page(shop.server.url, "/");
    expect(home.ratings).toEqual([
      "3.3/5 from 4 reviews (sample data)",
      "3.3/5 from 4 reviews (sample data)",
    ]);
    // The Enhancer's: 5, 4, 1 = 3.3 from 3; the held one-star review is in no figure until a person decides.
    const enhancer = await page(shop.server.url, "/product/forge-enhancer");
    expect(new Set(enhancer.ratings)).toEqual(new Set(["3.3/5 from 3 reviews (sample data)"]));
    expect(enhancer.starFills).toContain(80.2);
    // Structured data: the real reviews only (5 and 4), never the sample.
    expect(enhancer.product?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: "4.5",
      bestRating: "5",
      worstRating: "1",
      reviewCount: 2,
    });
  });
});
