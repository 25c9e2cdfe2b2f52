import { describe, expect, it } from "vitest";
import { parseReviewAction, parseReviewFilter, waitingFor } from "~/server/admin/admin-reviews.server";

/**
 * The back office's reviews (issue 18 item 3): what its address and its forms may say, checked on the
 * server; the page never trusts the form for a review's id, an action, or a reason's length.
 */
const ID = "0b6c8f2e-4a1d-4c3b-9e8f-1a2b3c4d5e6f";
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("the list's filter", () => {
  it("reads a filter from the address, and treats anything unreadable as no filter", () => {
    expect(
      parseReviewFilter(
        form({ status: "held", stars: "1", product: "forge-enhancer", q: " blog ", page: "2" }),
      ),
    ).toEqual({ status: "held", stars: 1, product: "forge-enhancer", search: "blog", page: 2 });
    expect(
      parseReviewFilter(
        form({ status: "deleted", stars: "6", product: "Forge Enhancer!", q: "   ", page: "-1" }),
      ),
    ).toEqual({ status: null, stars: null, product: null, search: null, page: 1 });
    expect(parseReviewFilter(form({ stars: "2.5", page: "1e9" }))).toMatchObject({ stars: null, page: 1 });
    expect(parseReviewFilter(form({ q: "x".repeat(500) })).search).toHaveLength(100);
  });
});

describe("the forms", () => {
  it("accepts a decision with a reason, and a reply, trimmed", () => {
    expect(parseReviewAction(form({ intent: "publish", reviewId: ID, note: "  Harmless link.  " }))).toEqual({
      ok: true,
      action: { intent: "publish", reviewId: ID, note: "Harmless link." },
    });
    expect(parseReviewAction(form({ intent: "reply", reviewId: ID, reply: "Thanks!" }))).toMatchObject({
      ok: true,
    });
    expect(parseReviewAction(form({ intent: "remove-reply", reviewId: ID }))).toMatchObject({ ok: true });
  });

  it("requires a reason for every decision, and says so next to the field", () => {
    for (const intent of ["publish", "reject"])
      for (const note of ["", "  \n\t "])
        expect(parseReviewAction(form({ intent, reviewId: ID, note }))).toEqual({
          ok: false,
          error: {
            reviewId: ID,
            field: "note",
            message: "Write the reason for your decision: it is recorded.",
            value: note,
          },
        });
  });

  it("refuses oversized fields, unknown actions and ids that are not a review's", () => {
    expect(parseReviewAction(form({ intent: "reject", reviewId: ID, note: "n".repeat(501) }))).toMatchObject({
      ok: false,
      error: { field: "note", message: "Keep the reason under 500 characters." },
    });
    expect(
      parseReviewAction(form({ intent: "reply", reviewId: ID, reply: "r".repeat(1_001) })),
    ).toMatchObject({
      ok: false,
      error: { field: "reply", message: "Keep the reply under 1000 characters." },
    });
    expect(parseReviewAction(form({ intent: "delete", reviewId: ID }))).toMatchObject({
      ok: false,
      error: { field: "form", message: "Unknown action." },
    });
    for (const reviewId of ["", "1", `${ID}0`, "' or 1=1 --"])
      expect(parseReviewAction(form({ intent: "publish", reviewId, note: "Fine" }))).toMatchObject({
        ok: false,
        error: { reviewId: null, field: "form", message: "That review does not exist." },
      });
  });
});

describe("how long a held review has waited", () => {
  it("says it in hours, then days", () => {
    const hour = 3_600_000;
    expect(waitingFor(0)).toBe("waiting less than an hour");
    expect(waitingFor(hour)).toBe("waiting 1 hour");
    expect(waitingFor(23 * hour)).toBe("waiting 23 hours");
    expect(waitingFor(24 * hour)).toBe("waiting 1 day");
    expect(waitingFor(74 * hour)).toBe("waiting 3 days");
  });
});
