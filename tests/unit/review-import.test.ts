import { describe, expect, it } from "vitest";
import {
  describeImport,
  displayNameOf,
  externalKeyOf,
  HIDDEN_BEFORE_IMPORT,
  ImportFileError,
  importReviewsCsv,
  importRowSchema,
  mapHeader,
  parseImportDate,
} from "~/server/reviews/import.server";
import type { NewReview, RecordOutcome, Reviews } from "~/server/reviews/reviews.server";

/**
 * Issue 18 item 6: reading a Judge.me CSV export (decision 081). The database side (idempotence on
 * PGlite and PostgreSQL) is tests/integration/reviews.test.ts; here a recorder stands in for it.
 */
function recorder() {
  const recorded: NewReview[] = [];
  const keys = new Set<string>();
  const reviews: Pick<Reviews, "record"> = {
    async record(review): Promise<RecordOutcome> {
      const key = review.externalKey ?? "";
      if (keys.has(key)) return { outcome: "already_present" };
      keys.add(key);
      recorded.push(review);
      const held = review.body.includes("cured") || (review.alsoHoldFor ?? []).length > 0;
      return held
        ? {
            outcome: "added",
            id: key,
            status: "held",
            reasons: ["disease_claim", ...(review.alsoHoldFor ?? [])],
          }
        : { outcome: "added", id: key, status: "published", reasons: [] };
    },
  };
  return { recorded, reviews: reviews as Reviews };
}

const NOW = () => new Date("2026-11-25T12:00:00Z");
const HEADER =
  "title,body,rating,review_date,source,curated,reviewer_name,reviewer_email,product_id,product_handle,reply,reply_date,picture_urls,ip_address,location";

describe("review import", () => {
  it("finds the columns by name in any letter case, and says which required one is missing", () => {
    expect(
      mapHeader(["Rating", "Review Title", "BODY", "Review_Date", "Reviewer Name", "Product-Handle"]),
    ).toMatchObject({ rating: 0, title: 1, body: 2, date: 3, name: 4, product: 5 });
    expect(() => mapHeader(["title", "body", "rating"])).toThrow(ImportFileError);
    expect(() => mapHeader(["title", "body", "rating"])).toThrow(/review_date, reviewer_name/);
  });

  it("reads the export's dates", () => {
    expect(parseImportDate("2026-03-14 10:22:33 UTC")?.toISOString()).toBe("2026-03-14T10:22:33.000Z");
    expect(parseImportDate("2026-03-14T10:22:33-05:00")?.toISOString()).toBe("2026-03-14T15:22:33.000Z");
    expect(parseImportDate("2026-03-14")?.toISOString()).toBe("2026-03-14T00:00:00.000Z");
    expect(parseImportDate("03/14/2026")?.toISOString()).toBe("2026-03-14T00:00:00.000Z");
    expect(parseImportDate("yesterday")).toBeNull();
    expect(parseImportDate("2026-13-45")).toBeNull();
  });

  it("shows a reviewer as first name and last initial, never an address", () => {
    expect(displayNameOf("Jordan  Reyes")).toBe("Jordan R.");
    expect(displayNameOf("Jordan Alex reyes")).toBe("Jordan R.");
    expect(displayNameOf("Jordan R.")).toBe("Jordan R.");
    expect(displayNameOf("Cher")).toBe("Cher");
    expect(displayNameOf("")).toBe("Anonymous");
    expect(displayNameOf("jo@example.com")).toBe("Anonymous");
  });

  it("keys a row by Judge.me's id when there is one, otherwise by a hash that leaves out the e-mail", () => {
    const row = importRowSchema.parse({
      id: "",
      rating: "5",
      title: "Great",
      body: "Works",
      date: "2026-03-14",
      name: "Jordan Reyes",
      product: "forge-enhancer",
      verified: "",
      curated: "",
      hidden: "",
      reply: "",
      replyDate: "",
    });
    const key = externalKeyOf(row);
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(externalKeyOf({ ...row })).toBe(key);
    expect(externalKeyOf({ ...row, rating: 4 })).not.toBe(key);
    expect(externalKeyOf({ ...row, id: "123" })).toBe("judgeme:123");
  });

  it("imports valid rows, holds what a rule holds, rejects bad rows by line; the e-mail is never passed on", async () => {
    const { recorded, reviews } = recorder();
    const csv = [
      HEADER,
      'Great,"Works well, more energy.",5,2026-03-14 10:22:33 UTC,email,ok,Jordan Reyes,jordan@example.com,1,forge-enhancer,,,,,',
      'Meh,"Did nothing.\nSecond line.",2,2026-04-01 08:00:00 UTC,web,ok,Sam Lee,sam@example.com,1,Forge-Enhancer,Sorry to hear it.,2026-04-02 09:00:00 UTC,,,',
      "Miracle,It cured me,5,2026-05-01,email,ok,Al,al@example.com,1,forge-enhancer,,,,,",
      "Bad,Text,7,2026-05-01,email,ok,Bo,bo@example.com,1,forge-enhancer,,,,,",
      "Old,Text,4,2019-05-01,email,ok,Cy,cy@example.com,1,forge-enhancer,,,,,",
      "Soon,Text,4,2027-05-01,email,ok,Di,di@example.com,1,forge-enhancer,,,,,",
      "Shop,Great shop,5,2026-05-01,email,ok,Ed,ed@example.com,,,,,,,",
      "Spam,Text,1,2026-05-01,email,spam,Fy,fy@example.com,1,forge-enhancer,,,,,",
    ].join("\r\n");
    const report = await importReviewsCsv(reviews, csv, { now: NOW });
    expect(report.rows).toBe(8);
    expect(report.published).toEqual([2, 3]);
    expect(report.held).toEqual([
      { line: 5, reasons: ["disease_claim"] },
      { line: 10, reasons: ["disease_claim", HIDDEN_BEFORE_IMPORT] },
    ]);
    expect(report.rejected).toEqual([
      { line: 6, problems: ["rating must be a whole number from 1 to 5"] },
      { line: 7, problems: ["written more than 5 years ago"] },
      { line: 8, problems: ["review_date is in the future"] },
      { line: 9, problems: ["no product_handle (a shop review? give --product <handle>)"] },
    ]);
    const [first, second] = recorded;
    expect(first).toMatchObject({
      product: "forge-enhancer",
      rating: 5,
      title: "Great",
      displayName: "Jordan R.",
      source: "imported",
      verified: false,
      writtenAt: new Date("2026-03-14T10:22:33Z"),
    });
    expect(second).toMatchObject({
      product: "forge-enhancer",
      body: "Did nothing.\nSecond line.",
      reply: "Sorry to hear it.",
      replyAt: new Date("2026-04-02T09:00:00Z"),
    });
    expect(JSON.stringify(recorded)).not.toContain("@example.com");

    // The same file again: nothing added.
    const again = await importReviewsCsv(reviews, csv, { now: NOW });
    expect(again.published).toEqual([]);
    expect(again.held).toEqual([]);
    expect(again.alreadyPresent).toEqual([2, 3, 5, 10]);
    expect(describeImport(again)).toContain("Added: 0 (0 published, 0 held for moderation).");
    expect(describeImport(again)).toContain("Already present: 4 (lines 2, 3, 5, 10).");
    expect(describeImport(report)).toContain("rejected line 6: rating must be a whole number from 1 to 5");
  });

  it("takes the verified flag from the file, and a default product for rows that name none", async () => {
    const { recorded, reviews } = recorder();
    const csv =
      "Rating,Body,Review_Date,Reviewer_Name,Verified\n5,Good,2026-05-01,Al Bo,Yes\n4,Fine,2026-05-02,Cy,false\n";
    const report = await importReviewsCsv(reviews, csv, { product: "forge-enhancer", now: NOW });
    expect(report.published).toEqual([2, 3]);
    expect(recorded.map((review) => [review.product, review.verified])).toEqual([
      ["forge-enhancer", true],
      ["forge-enhancer", false],
    ]);
  });

  it("refuses a file that is not CSV, or empty", async () => {
    const { reviews } = recorder();
    await expect(importReviewsCsv(reviews, 'rating,body\n5,"open')).rejects.toThrow(/not valid CSV/);
    await expect(importReviewsCsv(reviews, "")).rejects.toThrow(/empty/);
  });
});
