import { describe, expect, it } from "vitest";
import { formatUsd } from "~/content/pricing";
import { formatNumber } from "~/shared/number-format";

describe("numbers as en-US text without Intl", () => {
  const values = [
    0, 1, 7, 12, 999, 1000, 2847, 12345, 999999, 1234567.891, 0.25, 0.5, 1.5, 2.125, 49.99, 39, 1e9, -1234.5,
    0.0004,
  ];

  it.each(values)("%d reads as Intl's en-US default", (value) => {
    expect(formatNumber(value)).toBe(value.toLocaleString("en-US"));
  });

  it.each(values)("%d with exactly two decimals reads as Intl's", (value) => {
    expect(formatNumber(value, { minFraction: 2, maxFraction: 2 })).toBe(
      value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
  });

  it("prices read as before: whole dollars without cents, others with", () => {
    expect(formatUsd(39)).toBe("$39");
    expect(formatUsd("49.0")).toBe("$49");
    expect(formatUsd(0.25)).toBe("$0.25");
    expect(formatUsd(1299.5)).toBe("$1,299.50");
    expect(formatUsd(49, { cents: true })).toBe("$49.00");
  });
});
