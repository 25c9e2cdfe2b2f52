import { describe, expect, it } from "vitest";
import { layoutReadsIn, propertyCount } from "../../scripts/style-check";

/** The check `npm test` runs on the built stylesheet and browser code (issue 39 item 5). */
describe("the style check", () => {
  it("counts declarations of a property, not prefixed copies, custom properties or @supports conditions", () => {
    const css =
      ".a{-webkit-backdrop-filter:blur(8px);backdrop-filter:blur(8px);--tw-backdrop-filter:x}.b{backdrop-filter : none}@supports (backdrop-filter:var(--tw)){.c{color:red}}";
    expect(propertyCount(css, "backdrop-filter")).toBe(2);
    expect(propertyCount(".c{filter:blur(2px);backdrop-filter:none}", "filter")).toBe(1);
  });

  it("finds a layout read in browser code and names the line", () => {
    const hits = layoutReadsIn(["tests/unit/fixtures/layout-read.tsx"]);
    expect(hits).toEqual([
      "tests/unit/fixtures/layout-read.tsx:3: const height = element.getBoundingClientRect().height;",
    ]);
  });
});
