import { describe, expect, it } from "vitest";
import { averageToOneDecimal, emptySummary, summarize } from "~/server/reviews/summary";

/** Issue 18 item 5: the rating arithmetic (one decimal, half up; no reviews, no number). */
describe("review summary", () => {
  it("rounds half up to one decimal, in integers: 4.75 is 4.8", () => {
    // 5, 5, 5, 4 → 19 / 4 = 4.75
    expect(averageToOneDecimal(19, 4)).toBe(4.8);
    expect(averageToOneDecimal(9, 2)).toBe(4.5);
    // 4.65 and 4.85 are where floating point rounds the wrong way (4.65 * 10 = 46.49999…).
    expect(averageToOneDecimal(93, 20)).toBe(4.7);
    expect(averageToOneDecimal(97, 20)).toBe(4.9);
    // 4.74… rounds down, 4.749 too.
    expect(averageToOneDecimal(4749, 1000)).toBe(4.7);
    expect(averageToOneDecimal(14, 3)).toBe(4.7);
    expect(averageToOneDecimal(5, 1)).toBe(5);
    expect(averageToOneDecimal(1, 1)).toBe(1);
  });

  it("summarizes counts per star: count, average and distribution", () => {
    const summary = summarize([
      { rating: 5, count: 3 },
      { rating: 4, count: 1 },
    ]);
    expect(summary).toEqual({ count: 4, average: 4.8, stars: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 3 } });
  });

  it("says 'no reviews' cleanly: count 0, no average", () => {
    expect(summarize([])).toEqual({ count: 0, average: null, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    expect(emptySummary().average).toBeNull();
    expect(averageToOneDecimal(0, 0)).toBeNull();
  });

  it("the spec's store: 2,847 reviews averaging 4.8", () => {
    const spec = summarize([
      { rating: 5, count: 2500 },
      { rating: 4, count: 250 },
      { rating: 3, count: 50 },
      { rating: 2, count: 20 },
      { rating: 1, count: 27 },
    ]);
    expect(spec).toMatchObject({ count: 2847, average: 4.8 });
  });

  it("counts only stars 1 to 5 and positive counts", () => {
    expect(
      summarize([
        { rating: 0, count: 4 },
        { rating: 6, count: 1 },
        { rating: 3, count: -2 },
        { rating: 2, count: 2 },
      ]),
    ).toEqual({ count: 2, average: 2, stars: { 1: 0, 2: 2, 3: 0, 4: 0, 5: 0 } });
  });
});
