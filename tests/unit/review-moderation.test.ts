import { describe, expect, it } from "vitest";
import { heldReasonLabels, moderationPolicy } from "~/content/reviews";
import { HIDDEN_BEFORE_IMPORT } from "~/server/reviews/import.server";
import { EDITED_AFTER_REJECTION, moderate, moderationReasons } from "~/server/reviews/moderation";

/**
 * Issue 18 item 3: moderation by rule, never by sentiment (decision 081). Each rule holds what it
 * names and lets the rest through; the stars and the tone decide nothing.
 */
const reasonsOf = (body: string, title?: string, displayName?: string) =>
  moderate({ body, title, displayName }).reasons;

describe("review moderation", () => {
  it("publishes a negative review that breaks no rule, like a positive one", () => {
    const negative = moderate({
      title: "Did nothing for me",
      body: "Took it for two months, felt no different at all. Waste of money, would not buy again. Capsules are huge and the taste is awful.",
      displayName: "Dan K.",
    });
    expect(negative).toEqual({ status: "published", reasons: [], findings: [] });
    const positive = moderate({
      title: "Great energy",
      body: "Three weeks in, I feel more energetic at the gym. Easy to take with breakfast.",
      displayName: "Mike R.",
    });
    expect(positive.status).toBe("published");
  });

  it("holds profanity, whole words only, including starred or digit spellings", () => {
    expect(reasonsOf("This is fucking useless")).toEqual(["profanity"]);
    expect(reasonsOf("Total bullshit product")).toEqual(["profanity"]);
    expect(reasonsOf("what a load of sh1t")).toEqual(["profanity"]);
    expect(reasonsOf("f*ck this")).toEqual(["profanity"]);
    expect(reasonsOf("Great", "Great", "Asshole")).toEqual(["profanity"]);
    // Words that merely contain one pass.
    expect(reasonsOf("Shipped to Scunthorpe, a class act, cocktail of vitamins, assessment done")).toEqual(
      [],
    );
  });

  it("holds personal data: e-mail addresses and phone numbers", () => {
    expect(reasonsOf("Questions? Write me at jo.smith+x@gmail.com")).toEqual(["personal_data"]);
    expect(reasonsOf("email me: jo (at) example (dot) com")).toEqual(["personal_data"]);
    expect(reasonsOf("Call me on (512) 555-0147 for details")).toEqual(["personal_data"]);
    expect(reasonsOf("text 512-555-0147")).toEqual(["personal_data"]);
    expect(reasonsOf("my number is +1 512 555 0147")).toEqual(["personal_data"]);
    expect(reasonsOf("5125550147")).toEqual(["personal_data"]);
    // Dates, doses, prices and order numbers pass.
    expect(
      reasonsOf("Ordered 2026-11-02, order #1042, 2 capsules a day for 90 days, $39.00, lost 10 lbs"),
    ).toEqual([]);
  });

  it("holds links: http(s), www. and bare domains", () => {
    expect(reasonsOf("See https://example.net/deal")).toEqual(["link"]);
    expect(reasonsOf("cheaper at www.somewhere.example")).toEqual(["link"]);
    expect(reasonsOf("buy it on cheapsupps.com instead")).toEqual(["link"]);
    // An e-mail address is personal data, not also a link.
    expect(reasonsOf("jo@example.com")).toEqual(["personal_data"]);
    // Abbreviations are not domains.
    expect(reasonsOf("Good stuff, i.e. it works, e.g. more energy. Etc.")).toEqual([]);
  });

  it("holds disease claims", () => {
    for (const claim of [
      "It cured my low T!",
      "This cures everything",
      "Treats my fatigue better than anything",
      "It treated my symptoms",
      "My doctor diagnosed me with hypogonadism",
      "Helps with heart disease",
      "Erectile dysfunction cured in a week",
      "No more impotence",
      "My low T is fixed",
      "Fixed my low testosterone for good",
      "low-T gone after a month",
      "My prescription replaced by two capsules",
      "I replaced my TRT with this",
      "Got off my meds thanks to this",
    ]) {
      expect(reasonsOf(claim), claim).toContain("disease_claim");
    }
  });

  it("lets structure/function wording and a plain mention of low T pass", () => {
    expect(reasonsOf("Supports my energy and drive. I was worried about low T, so I tested first.")).toEqual(
      [],
    );
    expect(reasonsOf("Treat yourself: good value with the bundle")).toEqual([]);
  });

  it("reads words, not tone: a negative mention of a rule's words is held the same way", () => {
    // A person publishes it: it claims nothing (decision 081).
    expect(reasonsOf("Did not cure anything, 1 star")).toEqual(["disease_claim"]);
  });

  it("gives every reason once, in a fixed order, with what it found", () => {
    const result = moderate({
      title: "Cured my low T",
      body: "Shit works. Call 512-555-0147 or see www.example.org",
      displayName: "Jo",
    });
    expect(result.status).toBe("held");
    expect(result.reasons).toEqual(["profanity", "personal_data", "link", "disease_claim"]);
    expect(result.findings).toEqual(
      expect.arrayContaining([
        { reason: "personal_data", match: "512-555-0147" },
        { reason: "link", match: "www.example.org" },
      ]),
    );
  });
});

describe("the words for moderation", () => {
  it("has a label for every reason a review can be held, and a one-sentence policy", () => {
    expect(Object.keys(heldReasonLabels).sort()).toEqual(
      [...moderationReasons, HIDDEN_BEFORE_IMPORT, EDITED_AFTER_REJECTION].sort(),
    );
    expect(moderationPolicy.split(/[.!?](\s|$)/).filter((part) => part.trim() !== "")).toHaveLength(1);
    expect(moderationPolicy).toContain("good or bad");
  });
});
