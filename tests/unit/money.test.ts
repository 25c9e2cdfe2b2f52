import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyExponent, formatMoney, WRITTEN_CURRENCIES } from "~/shared/money";

/** What Intl writes for the amount: the text the hand-written formatter must equal. */
const intl = (amountMinor: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amountMinor / 10 ** currencyExponent(currency),
  );

/** Money written for a person without Intl in the browser (issue 39, decision 153). */
describe("formatMoney", () => {
  it("writes the store's prices as a shopper reads them", () => {
    expect(formatMoney(3900, "usd")).toBe("$39.00");
    expect(formatMoney(123456789, "USD")).toBe("$1,234,567.89");
    expect(formatMoney(5, "usd")).toBe("$0.05");
    expect(formatMoney(-1500, "usd")).toBe("-$15.00");
    expect(formatMoney(390000, "jpy")).toBe("¥390,000");
    expect(formatMoney(-500, "chf")).toBe("-CHF\u00a05.00");
  });

  it("equals Intl's en-US text for every currency it writes by hand, at every size and sign", () => {
    const amounts = [0, -0, 1, 9, 10, 99, 100, 101, 999, 1000, 3900, 99999, 100000, 123456789, -1, -500];
    for (const currency of WRITTEN_CURRENCIES)
      for (const amount of amounts)
        expect(formatMoney(amount, currency), `${amount} ${currency}`).toBe(intl(amount, currency));
    fc.assert(
      fc.property(
        fc.constantFrom(...WRITTEN_CURRENCIES),
        fc.integer({ min: -1e12, max: 1e12 }),
        (currency, amount) => formatMoney(amount, currency.toLowerCase()) === intl(amount, currency),
      ),
      { numRuns: 2000 },
    );
  });

  it("goes through Intl for a currency outside the table, or an amount that is not whole minor units", () => {
    expect(WRITTEN_CURRENCIES).not.toContain("KWD");
    expect(formatMoney(12345, "kwd")).toBe(intl(12345, "kwd"));
    expect(formatMoney(1234.5, "usd")).toBe(intl(1234.5, "usd"));
  });
});
