import { describe, expect, it } from "vitest";
import { moderate } from "~/server/reviews/moderation";
import { summarize } from "~/server/reviews/summary";
import { sampleReviews, sampleStarCounts } from "../../sandbox/reviews/samples";

describe("the sandbox's sample reviews (issue 18 item 7, decision 085)", () => {
  const samples = sampleReviews();

  it("are exactly what makes the spec's figure true: 4.8/5 from 2,847 reviews", () => {
    const counts = [1, 2, 3, 4, 5].map((rating) => ({
      rating,
      count: samples.filter((sample) => sample.rating === rating).length,
    }));
    const summary = summarize(counts);
    expect(summary.count).toBe(2847);
    expect(summary.average).toBe(4.8);
    expect(summary.stars).toEqual(sampleStarCounts);
  });

  it("are the same every time, each with its own key, for the Enhancer, spread over two years", () => {
    expect(sampleReviews()).toEqual(samples);
    expect(new Set(samples.map((sample) => sample.key)).size).toBe(samples.length);
    expect(new Set(samples.map((sample) => sample.product))).toEqual(new Set(["forge-enhancer"]));
    const times = samples.map((sample) => sample.writtenAt.getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(700 * 86_400_000);
    // Low ratings are not bunched at one end: the newest hundred hold some of them too.
    expect(samples.slice(-100).some((sample) => sample.rating <= 3)).toBe(true);
  });

  it("a modest set of texts, none of which a moderation rule would hold (no disease claim, no link, no personal data)", () => {
    const texts = new Set(samples.map((sample) => `${sample.title}\n${sample.body}`));
    expect(texts.size).toBeLessThanOrEqual(20);
    for (const sample of samples.slice(0, 40)) expect(moderate(sample).reasons).toEqual([]);
    for (const text of texts) {
      const [title, body = ""] = text.split("\n");
      expect(moderate({ title, body, displayName: "Sample shopper 1" }).reasons).toEqual([]);
    }
  });
});
