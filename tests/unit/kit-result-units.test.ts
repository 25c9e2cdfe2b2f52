import { describe, expect, it } from "vitest";
import { deleteAfterOf, deletionWarningAt } from "~/shared/result-dates";
import { NG_DL_PER_NMOL_L, toNgDl } from "~/shared/testosterone-units";

/** Issue 35 items 4 and 7: a result in nmol/L is shown in ng/dL too; a result goes 12 months after it arrives. */
describe("testosterone units", () => {
  it("converts nmol/L to ng/dL at 28.84 (facts/testing.md), to one decimal", () => {
    expect(NG_DL_PER_NMOL_L).toBe(28.84);
    expect(toNgDl(1, "nmol/L")).toBe(28.8);
    expect(toNgDl(10, "nmol/L")).toBe(288.4);
    expect(toNgDl(15.6, "nmol/L")).toBe(449.9);
    // The harmonised range's bounds, 264 and 916 ng/dL, are about 9.15 and 31.76 nmol/L.
    expect(toNgDl(9.15, "nmol/L")).toBe(263.9);
    expect(toNgDl(31.76, "nmol/L")).toBe(916);
  });

  it("leaves a value in ng/dL as it is", () => {
    expect(toNgDl(512, "ng/dL")).toBe(512);
    expect(toNgDl(299.5, "ng/dL")).toBe(299.5);
  });
});

describe("when a result is deleted", () => {
  it("12 months after it arrived, to the day, the warning 30 days before", () => {
    const arrived = new Date("2026-03-15T10:20:00Z");
    expect(deleteAfterOf(arrived).toISOString()).toBe("2027-03-15T10:20:00.000Z");
    expect(deletionWarningAt(arrived).toISOString()).toBe("2027-02-13T10:20:00.000Z");
  });

  it("on the last day of the month when that day does not exist 12 months later", () => {
    expect(deleteAfterOf(new Date("2028-02-29T08:00:00Z")).toISOString()).toBe("2029-02-28T08:00:00.000Z");
  });
});
