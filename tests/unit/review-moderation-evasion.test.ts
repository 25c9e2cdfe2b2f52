import { describe, expect, it } from "vitest";
import { textForMatching } from "~/server/reviews/matching-text";
import { moderate } from "~/server/reviews/moderation";

/**
 * Issue 38 item 1 (decision 089): the rules read what a reader reads. Invisible characters, look-alike
 * letters and odd separators do not get a disease claim, a link or a phone number past them; a bare
 * domain under any public suffix is a link; a phone number is found however its digits are grouped.
 * And the reviews people really write (hours, prices, doses, dates) still pass.
 */
const reasonsOf = (body: string, title?: string) => moderate({ body, title, displayName: "Sam T." }).reasons;

describe("the text the rules read", () => {
  it("drops zero-width characters, soft hyphens and word joiners", () => {
    expect(textForMatching("cu\u200bred dis\u00adease in\u2060fertile\ufeff di\u200dag\u200cnosed")).toBe(
      "cured disease infertile diagnosed",
    );
  });

  it("folds Cyrillic and other look-alike letters to Latin", () => {
    // с е р і о а are Cyrillic; ｆｕｌｌ-width and 𝐛𝐨𝐥𝐝 forms are folded too.
    expect(textForMatching("It \u0441ur\u0435d. \u0440\u0456lls.ru \u0430nd \u043e")).toBe(
      "it cured. pills.ru and o",
    );
    expect(textForMatching("ｄｉｓｅａｓｅ 𝐜𝐮𝐫𝐞𝐝")).toBe("disease cured");
  });

  it("collapses separators: any run of spaces is one, letters spelled out one by one are joined", () => {
    expect(textForMatching("one\u00a0\u2003 word\t\tthere\r\n\r\nnext")).toBe("one word there\nnext");
    expect(textForMatching("two  words\u3000here")).toBe("two words here");
    expect(textForMatching("c.u.r.e.d my d i s e a s e, c-u-r-e-s")).toBe("cured my disease, cures");
    // Two letters (abbreviations) stay as written.
    expect(textForMatching("i.e. e.g.")).toBe("i.e. e.g.");
  });
});

describe("moderation that cannot be slipped past", () => {
  it("holds the issue's published review: zero-width spaces and a .ru domain", () => {
    const result = moderate({ body: "It cu\u200bred my dis\u200bease. Buy cheaper at pills.ru" });
    expect(result.status).toBe("held");
    expect(result.reasons).toEqual(["link", "disease_claim"]);
    expect(result.findings).toEqual(
      expect.arrayContaining([
        { reason: "link", match: "pills.ru" },
        { reason: "disease_claim", match: "cured" },
        { reason: "disease_claim", match: "disease" },
      ]),
    );
  });

  it("holds a claim hidden by a soft hyphen, a word joiner or Cyrillic look-alikes", () => {
    expect(reasonsOf("It cu\u00adred everything")).toEqual(["disease_claim"]);
    expect(reasonsOf("Helped my heart dis\u2060ease")).toEqual(["disease_claim"]);
    expect(reasonsOf("It \u0441ur\u0435d my low T")).toEqual(["disease_claim"]);
    expect(reasonsOf("Total bull\u200bsh\u0456t")).toEqual(["profanity"]);
  });

  it("holds any domain on the public suffix list, also in look-alike letters", () => {
    expect(reasonsOf("Buy cheaper at pills.ru")).toEqual(["link"]);
    expect(reasonsOf("Half price at vitamine-shop.de")).toEqual(["link"]);
    expect(reasonsOf("Join us on discord.gg/abc123 for deals")).toEqual(["link"]);
    expect(reasonsOf("cheaper at supps.co.uk")).toEqual(["link"]);
    expect(reasonsOf("Get it at \u0440\u0456lls.ru")).toEqual(["link"]);
    expect(reasonsOf("Get it at pills\u200b.ru")).toEqual(["link"]);
  });

  it("holds phone numbers written with slashes, double spaces, dots or a country code", () => {
    expect(reasonsOf("call me 512/555/0147")).toEqual(["personal_data"]);
    expect(reasonsOf("call me 512  555  0147")).toEqual(["personal_data"]);
    expect(reasonsOf("call me 555/123/4567")).toEqual(["personal_data"]);
    expect(reasonsOf("call me 555  123  4567")).toEqual(["personal_data"]);
    expect(reasonsOf("call me 512.555.0147")).toEqual(["personal_data"]);
    expect(reasonsOf("text me +44 20 7946 0958")).toEqual(["personal_data"]);
    expect(reasonsOf("call me 5\u200b1\u200b2 555 0147")).toEqual(["personal_data"]);
    expect(reasonsOf("call me ５１２ ５５５ ０１４７")).toEqual(["personal_data"]);
  });

  it("publishes the reviews people write: hours, prices, doses, dates, measurements, the brand's domain", () => {
    for (const review of [
      "I sleep 7 hours a night now and wake up rested.",
      "Worth the $39, and the 3-month pack at $99 is better value.",
      "3 capsules a day with breakfast, 2 bottles so far.",
      "Started on 11/02/2026, ordered again 2026-11-25, arrived in 3 days.",
      "Started at 6:30 am, gym 5 days a week, 180 lbs to 172 lbs in 12 weeks.",
      "My levels went from 350 ng/dL to 520 ng/dL on the kit (tested 2026-01-05 and 2026-03-10).",
      "Order #1042 came fast. Rated 4.5 out of 5, 10/10 would buy again.",
      "I am 45 years old, 6 ft, took 2 caps for 90 days.",
      "Good stuff, i.e. it works, e.g. more energy. Etc. A.M. and P.M. doses.",
      "Bought it straight from forge.example, support answered the same day.",
      "Café-style résumé of my naïve first month: more energy, better focus.",
      "Мне понравилось, хороший продукт.",
    ]) {
      expect(reasonsOf(review), review).toEqual([]);
    }
  });

  // The longest body is 5,000 characters. Measured here: under half a second for all five on a loaded
  // two-core machine, digits being the slowest (libphonenumber tries every group); a catastrophic
  // pattern would take minutes.
  it("reads hostile 5,000-character texts in bounded time", () => {
    const hostile = [
      "a.".repeat(2_500),
      "1 ".repeat(2_500),
      `${"a".repeat(4_990)}.ru`,
      "\u200b".repeat(5_000),
      `${"c.".repeat(2_499)}c`,
    ];
    const started = performance.now();
    for (const body of hostile) moderate({ body });
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
