import { describe, expect, it } from "vitest";
import { pagesAround } from "~/components/reviews/review-pagination";
import { DEFAULT_REVIEW_QUERY, reviewQueryString } from "~/contracts/reviews";
import { publicReviewOf } from "~/server/reviews/listing.server";
import { boundedPage, MAX_PAGE_PARAM, pageCountOf, parseReviewQuery } from "~/server/reviews/listing-query";

/**
 * Issue 18 item 4: the `/reviews` query string. Each parameter falls back to its default on its own,
 * so no made-up address answers anything but a list (never a 500); the links the page makes read back
 * as the view they name.
 */
describe("parseReviewQuery", () => {
  it("reads the three parameters", () => {
    expect(parseReviewQuery("stars=4&sort=helpful&page=3")).toEqual({ stars: 4, sort: "helpful", page: 3 });
    expect(parseReviewQuery("")).toEqual(DEFAULT_REVIEW_QUERY);
  });

  it.each([
    ["stars=0", "stars"],
    ["stars=6", "stars"],
    ["stars=4.5", "stars"],
    ["stars=%204x", "stars"],
    ["stars=-1", "stars"],
    ["stars=", "stars"],
    ["sort=oldest", "sort"],
    ["sort=HELPFUL", "sort"],
    ["sort=%00", "sort"],
    ["sort=__proto__", "sort"],
    ["page=0", "page"],
    ["page=-2", "page"],
    ["page=1e3", "page"],
    ["page=2.5", "page"],
    ["page=0x10", "page"],
    ["page=99999999999999999999", "page"],
    [`page=${MAX_PAGE_PARAM + 1}`, "page"],
    ["page=%EF%BC%92", "page"],
  ])("%s falls back to the default %s, the others unaffected", (search, key) => {
    const query = parseReviewQuery(`${search}&${key === "stars" ? "sort=helpful" : "stars=2"}`);
    expect(query[key as keyof typeof query]).toEqual(
      DEFAULT_REVIEW_QUERY[key as keyof typeof DEFAULT_REVIEW_QUERY],
    );
    if (key === "stars") expect(query.sort).toBe("helpful");
    else expect(query.stars).toBe(2);
  });

  it("takes the first of a repeated parameter and ignores unknown ones", () => {
    expect(parseReviewQuery("stars=5&stars=1&utm_source=x&page=2&page=9")).toEqual({
      stars: 5,
      sort: "newest",
      page: 2,
    });
  });

  it("accepts a page number padded with zeros or spaces as that page", () => {
    expect(parseReviewQuery("page=002").page).toBe(2);
    expect(parseReviewQuery("page=%202%20").page).toBe(2);
  });
});

describe("reviewQueryString", () => {
  it("leaves the defaults out, in one order", () => {
    expect(reviewQueryString(DEFAULT_REVIEW_QUERY)).toBe("");
    expect(reviewQueryString({ page: 2, sort: "helpful", stars: 5 })).toBe("?stars=5&sort=helpful&page=2");
    expect(reviewQueryString({ stars: null, sort: "newest", page: 1 })).toBe("");
  });

  it("reads back as the view it names", () => {
    for (const query of [
      { stars: 3 as const, sort: "helpful" as const, page: 7 },
      { stars: null, sort: "newest" as const, page: 2 },
    ]) {
      expect(parseReviewQuery(reviewQueryString(query).slice(1))).toEqual(query);
    }
  });
});

describe("pages", () => {
  it("counts at least one page, ten reviews a page", () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(10)).toBe(1);
    expect(pageCountOf(11)).toBe(2);
    expect(pageCountOf(2847)).toBe(285);
  });

  it("keeps a page within the pages there are", () => {
    expect(boundedPage(1, 0)).toBe(1);
    expect(boundedPage(5, 35)).toBe(4);
    expect(boundedPage(3, 35)).toBe(3);
    expect(boundedPage(0, 35)).toBe(1);
  });

  it("numbers the first, the last and this page's neighbours", () => {
    expect(pagesAround(1, 1)).toEqual([1]);
    expect(pagesAround(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pagesAround(1, 5)).toEqual([1, 2, null, 5]);
    expect(pagesAround(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
    expect(pagesAround(3, 20)).toEqual([1, 2, 3, 4, null, 20]);
    expect(pagesAround(20, 20)).toEqual([1, null, 19, 20]);
  });
});

describe("publicReviewOf", () => {
  it("hands the page app types, dates as ISO text, never the row's other columns", () => {
    const row = {
      id: "5f0c7f2e-1d1e-4c55-9b8e-0b6a0e4f6a10",
      rating: 1,
      title: null,
      body: "Did nothing.",
      displayName: "Bo D.",
      verified: false,
      source: "sample",
      createdAt: new Date("2026-05-02T00:00:00Z"),
      reply: null,
      replyAt: new Date("2026-05-03T00:00:00Z"),
      helpfulCount: 2,
    };
    expect(publicReviewOf(row)).toEqual({
      id: row.id,
      rating: 1,
      title: null,
      body: "Did nothing.",
      displayName: "Bo D.",
      verified: false,
      source: "sample",
      writtenAt: "2026-05-02T00:00:00.000Z",
      reply: null,
      replyAt: null,
      helpfulCount: 2,
    });
  });
});
