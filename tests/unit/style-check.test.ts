import { describe, expect, it } from "vitest";
import {
  colorMixCopies,
  contentSkippedOutsideSwitch,
  intlUsesIn,
  layoutReadsIn,
  propertyCount,
} from "../../scripts/style-check";

/** The check `npm test` runs on the built stylesheet and browser code (issue 39 item 5). */
describe("the style check", () => {
  it("counts declarations of a property, not prefixed copies, custom properties or @supports conditions", () => {
    const css =
      ".a{-webkit-backdrop-filter:blur(8px);backdrop-filter:blur(8px);--tw-backdrop-filter:x}.b{backdrop-filter : none}@supports (backdrop-filter:var(--tw)){.c{color:red}}";
    expect(propertyCount(css, "backdrop-filter")).toBe(2);
    expect(propertyCount(".c{filter:blur(2px);backdrop-filter:none}", "filter")).toBe(1);
  });

  it("counts the rules copied into a color-mix() block, not a color-mix() written as a value", () => {
    const css =
      ".a{background-color:#ff6b1a26}@supports (color:color-mix(in lab,red,red)){.a{background-color:color-mix(in oklab,var(--c) 15%,transparent)}}.b{color:color-mix(in oklab,red 5%,blue)}@supports (color:color-mix(in lab, red, red)){.c{color:red}}";
    expect(colorMixCopies(css)).toBe(2);
    expect(colorMixCopies(".b{color:color-mix(in oklab,red 5%,blue)}")).toBe(0);
  });

  it("finds a layout read in browser code and names the line", () => {
    const hits = layoutReadsIn(["tests/unit/fixtures/layout-read.tsx"]);
    expect(hits).toEqual([
      "tests/unit/fixtures/layout-read.tsx:3: const height = element.getBoundingClientRect().height;",
    ]);
  });

  it("finds Intl's locale data used in browser code, outside the modules allowed it", () => {
    const file = "tests/unit/fixtures/intl-use.ts";
    expect(intlUsesIn([file], {})).toEqual([
      `${file}:3: const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });`,
      `${file}:5: export const count = (value: number) => value.toLocaleString("en-US");`,
      `${file}:6: export const dayText = (date: Date) => date.toLocaleDateString("en-US");`,
    ]);
    expect(intlUsesIn([file], { [file]: "a reason" })).toEqual([]);
    expect(intlUsesIn([file], { "tests/unit/fixtures/": "a folder's reason" })).toEqual([]);
  });

  it("finds content skipped until near the screen outside the head's switch, which jumps turn off", () => {
    const css =
      ".render-near-only .render-when-near{content-visibility:auto}details::details-content{content-visibility:visible}.far,.render-near-only .x{content-visibility:auto;contain-intrinsic-size:auto 50rem}";
    expect(contentSkippedOutsideSwitch(css)).toEqual([".far,.render-near-only .x"]);
    expect(
      contentSkippedOutsideSwitch(".render-near-only .render-when-near{content-visibility:auto}"),
    ).toEqual([]);
  });
});
