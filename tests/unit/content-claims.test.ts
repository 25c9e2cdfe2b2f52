import { describe, expect, it } from "vitest";
import * as deepDive from "~/content/deep-dive";
import * as faqPage from "~/content/faq-page";
import * as faqs from "~/content/faqs";
import * as home from "~/content/home";
import * as product from "~/content/product";
import * as routes from "~/content/routes";
import * as testKit from "~/content/test-kit";
import * as videos from "~/content/videos";

/**
 * Issue 20 item 3: copy the facts support. Every string the content modules export is read; none may
 * carry a claim the facts contradict.
 */
function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function" || value === null || typeof value !== "object" || seen.has(value))
    return [];
  seen.add(value);
  return Object.values(value).flatMap((inner) => strings(inner, seen));
}

const copy = [deepDive, faqPage, faqs, home, product, routes, testKit, videos].flatMap((module) =>
  strings(module),
);

describe("claims the facts support", () => {
  it("reads the content (a guard against an empty sweep)", () => {
    expect(copy.length).toBeGreaterThan(200);
  });

  it.each([
    // Several ingredients are below their studied dose (fenugreek 300 vs 600 mg, D-aspartic acid 200 mg vs 3 g...).
    [/published doses/i, "doses are not all at the studied dose"],
    // Spec §9's timing is the brand's guidance, not what men report.
    [/usually report|men report|most men give it/i, "timing is guidance, not a report"],
    [/energy you notice/i, "no promised effect"],
    // The kit is single use.
    [/retest with the same kit/i, "one test per kit"],
    // An unaffiliated podcaster is not the brand's host.
    [/featured host/i, "a featured episode"],
    [/every study is on/i, "the Deep Dive shows the key studies, not every study"],
    [/within what was tested/i, "a break is a suggestion, not a tested safety margin"],
  ])("no %s (%s)", (pattern) => {
    expect(copy.filter((text) => pattern.test(text))).toEqual([]);
  });

  it("states the timing as the brand's usage guidance, with spec §9's figures", () => {
    expect(product.usageGuidance).toContain("6-8 weeks");
    expect(product.usageGuidance).toContain("2-3 weeks");
    expect(copy.filter((text) => text.includes(product.usageGuidance)).length).toBeGreaterThanOrEqual(3);
  });

  it("sums up who should not take it from the full list, and links to it", () => {
    const { summary, items, fullListLink } = deepDive.whoShouldNot;
    for (const topic of [
      "under 18",
      "prostate",
      "liver",
      "kidney",
      "thyroid",
      "propranolol",
      "levodopa",
      "MAO",
      "psychosis",
      "melanoma",
    ])
      expect(summary).toContain(topic);
    for (const topic of ["propranolol", "levodopa", "melanoma"])
      expect(items.some((item) => item.includes(topic))).toBe(true);
    expect(fullListLink.to).toBe("/deep-dive#safety");
  });
});
