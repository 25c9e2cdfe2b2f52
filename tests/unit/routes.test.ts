import { describe, expect, it } from "vitest";
import { allPages, cachedPaths, indexablePaths, pageByPath, pages, prerenderedPaths } from "~/content/routes";
import { enhancerHandle, headerLinks, paths } from "~/content/site";

describe("the page table", () => {
  it("names the Enhancer after the brand slug", () => {
    expect(enhancerHandle).toBe("forge-enhancer");
    expect(paths.enhancer).toBe("/product/forge-enhancer");
  });

  it("lists the header links in the spec's order", () => {
    expect(headerLinks.map((l) => [l.label, l.to])).toEqual([
      ["Home", "/"],
      ["Test Kit", "/product/test-kit"],
      ["Bro Science", "/bro-science"],
      ["Deep Dive", "/deep-dive"],
      ["Videos", "/videos"],
      ["Reviews", "/reviews"],
      ["FAQ", "/faq"],
    ]);
  });

  it("keeps payment success, the test product and the (private) results page out of the sitemap and the prerender", () => {
    for (const path of [paths.paymentSuccess, paths.testProduct, paths.results]) {
      expect(indexablePaths).not.toContain(path);
      expect(prerenderedPaths).not.toContain(path);
    }
    expect(prerenderedPaths).not.toContain(paths.enhancer);
  });

  it("caches only server-rendered pages that are the same for every visitor: the Enhancer and the terms", () => {
    expect(cachedPaths).toEqual([paths.enhancer, paths.terms]);
    for (const page of allPages.filter((p) => p.cached)) expect(page.prerender, page.path).toBe(false);
  });

  it("gives every page a distinct title and description", () => {
    const entries = Object.values(pages);
    expect(new Set(entries.map((p) => p.title)).size).toBe(entries.length);
    expect(new Set(entries.map((p) => p.description)).size).toBe(entries.length);
  });

  it("finds a page by path with or without a trailing slash", () => {
    expect(pageByPath("/faq/")?.heading).toBe("FAQ");
    expect(pageByPath("/quiz")?.heading).toBe("The T-Quiz: 9 questions, 2 minutes");
    expect(pageByPath("/nope")).toBeUndefined();
  });
});
