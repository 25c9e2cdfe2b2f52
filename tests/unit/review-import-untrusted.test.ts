import { createReadStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeImport, ImportFileError, importReviewsCsv } from "~/server/reviews/import.server";
import type { NewReview, RecordOutcome, Reviews } from "~/server/reviews/reviews.server";

/**
 * Issue 38 item 5 (decision 089): the reviews CSV import trusts its file no more than a visitor. It
 * streams a file of any size in bounded memory; a row for a product the site does not sell is refused;
 * the web form's text rule refuses C1 controls and U+2028 here too; and what the file says is printed
 * escaped, so a header cannot send escape codes to the operator's terminal.
 */
function recorder() {
  const recorded: NewReview[] = [];
  const reviews: Pick<Reviews, "record"> = {
    async record(review): Promise<RecordOutcome> {
      recorded.push(review);
      return { outcome: "added", id: String(recorded.length), status: "published", reasons: [] };
    },
  };
  return { recorded, reviews: reviews as Reviews };
}

const NOW = () => new Date("2026-11-25T12:00:00Z");
const HEADER = "title,body,rating,review_date,reviewer_name,product_handle";

describe("the review import refuses what the web form refuses", () => {
  it("refuses a row for a product the site does not sell, saying which and what it sells", async () => {
    const { recorded, reviews } = recorder();
    const csv = [
      HEADER,
      "Good,Works well,5,2026-03-14,Jo Ray,forge-enhancer",
      "Good,Spam for another shop,5,2026-03-14,Jo Ray,cheap-pills",
      "Good,Accurate kit,4,2026-03-14,Al Bo,test-kit",
    ].join("\n");
    const report = await importReviewsCsv(reviews, csv, { now: NOW });
    expect(report.published).toEqual([2, 4]);
    expect(report.rejected).toEqual([
      {
        line: 3,
        problems: [
          'product_handle "cheap-pills" is not a product the site sells (it sells: forge-enhancer, test-kit)',
        ],
      },
    ]);
    expect(recorded.map((review) => review.product)).toEqual(["forge-enhancer", "test-kit"]);
    // `--product` for rows that name none is held to the same list.
    const defaulted = await importReviewsCsv(
      recorder().reviews,
      "rating,body,review_date,reviewer_name\n5,Good,2026-05-01,Al Bo\n",
      { product: "no-such-product", now: NOW },
    );
    expect(defaulted.rejected[0]?.problems[0]).toContain('"no-such-product" is not a product the site sells');
  });

  it("refuses C1 controls and line separators as the web form does; line breaks stay in the text", async () => {
    const { recorded, reviews } = recorder();
    const csv = [
      HEADER,
      'Fine,"Two lines\r\nof text",5,2026-03-14,Jo Ray,forge-enhancer',
      "Csi,Moves the cursor\u009b2J,5,2026-03-14,Jo Ray,forge-enhancer",
      "Sep,One\u2028Two,5,2026-03-14,Jo Ray,forge-enhancer",
      "Par\u2029a,Title with a paragraph separator,5,2026-03-14,Jo Ray,forge-enhancer",
      "Bell,Rings\u0007,5,2026-03-14,Jo Ray,forge-enhancer",
      '"Two\nlines",A title is one line,5,2026-03-14,Jo Ray,forge-enhancer',
      "Name,Text,5,2026-03-14,Jo\u0085Ray,forge-enhancer",
    ].join("\n");
    const report = await importReviewsCsv(reviews, csv, { now: NOW });
    expect(report.published).toEqual([2]);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.body).toBe("Two lines\nof text");
    expect(report.rejected).toEqual([
      { line: 4, problems: [expect.stringMatching(/^the body holds a character the site refuses \(\\x9B/)] },
      {
        line: 5,
        problems: [expect.stringMatching(/^the body holds a character the site refuses \(\\u2028/)],
      },
      {
        line: 6,
        problems: [expect.stringMatching(/^the title holds a character the site refuses \(\\u2029/)],
      },
      { line: 7, problems: [expect.stringMatching(/^the body holds a character the site refuses \(\\x07/)] },
      { line: 8, problems: [expect.stringMatching(/^the title holds a character the site refuses \(\\x0A/)] },
      {
        line: 10,
        problems: [expect.stringMatching(/^the reviewer's name holds a character the site refuses \(\\x85/)],
      },
    ]);
    // Nothing the report prints acts on a terminal.
    for (const line of describeImport(report).split("\n")) expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
  });

  it("shows a bad header's escape codes escaped, never raw", async () => {
    const header = "\u001b]0;owned\u0007\u001b[2J,title\u009b31m,body";
    const failure = importReviewsCsv(recorder().reviews, `${header}\n1,2,3\n`, { now: NOW });
    await expect(failure).rejects.toThrow(ImportFileError);
    const message = await failure.catch((error: Error) => error.message);
    expect(message).toBe(
      "the header has no rating, review_date, reviewer_name column (it has: \\x1B]0;owned\\x07\\x1B[2J, title\\x9B31m, body)",
    );
    expect(message).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    // A bad date is quoted escaped too.
    const report = await importReviewsCsv(
      recorder().reviews,
      `${HEADER}\nT,Body,5,\u001b[31m2026,Jo,forge-enhancer\n`,
      { now: NOW },
    );
    expect(report.rejected[0]?.problems).toEqual(['review_date "\\x1B[31m2026" is not a date']);
  });
});

describe("the review import of a large file", () => {
  let dir = "";
  let file = "";
  let bytes = 0;
  let rows = 0;
  const TARGET_BYTES = 30 * 1024 * 1024;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "forge-import-"));
    file = path.join(dir, "reviews.csv");
    const handle = await open(file, "w");
    const sentence = "Steady energy at the gym, easy to take with breakfast, would buy again. ";
    const body = sentence.repeat(27).trim(); // about 2,000 characters
    let chunk = `id,${HEADER}\n`;
    while (bytes < TARGET_BYTES) {
      rows += 1;
      chunk += `${rows},Row ${rows},"${body} ""Quoted"", row ${rows}.\nSecond line.",${1 + (rows % 5)},2026-0${1 + (rows % 9)}-1${rows % 10},Reviewer ${rows} Lastname,forge-enhancer\n`;
      if (chunk.length > 1024 * 1024) {
        bytes += Buffer.byteLength(chunk);
        await handle.write(chunk);
        chunk = "";
      }
    }
    bytes += Buffer.byteLength(chunk);
    await handle.write(chunk);
    await handle.close();
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // Measured on the loaded two-core machine: the old reader (whole file read, a string built a character
  // at a time) grew by well over a gigabyte on such a file; streamed, the resident set grows by tens of
  // megabytes (the report's line numbers, the parser's buffers, the garbage between collections).
  it("imports a 30 MB file a record at a time, in bounded memory", async () => {
    let count = 0;
    const reviews = {
      async record(): Promise<RecordOutcome> {
        count += 1;
        return { outcome: "added", id: String(count), status: "published", reasons: [] };
      },
    } as Pick<Reviews, "record"> as Reviews;
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sample = () => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    };
    const sampler = setInterval(sample, 20);
    const started = performance.now();
    try {
      const report = await importReviewsCsv(reviews, createReadStream(file, { encoding: "utf8" }), {
        now: NOW,
      });
      sample();
      expect(report.rows).toBe(rows);
      expect(report.rejected).toEqual([]);
      expect(report.published).toHaveLength(rows);
      // Every record spans two lines after the header's one: the last starts on line 2 × rows.
      expect(report.published.at(-1)).toBe(2 * rows);
    } finally {
      clearInterval(sampler);
    }
    const growth = { rss: peakRss - before.rss, heap: peakHeap - before.heapUsed };
    console.info(
      `import of ${(bytes / 1024 / 1024).toFixed(1)} MB, ${rows} rows: ${Math.round(performance.now() - started)} ms, ` +
        `peak RSS +${(growth.rss / 1024 / 1024).toFixed(0)} MB, peak heap +${(growth.heap / 1024 / 1024).toFixed(0)} MB`,
    );
    expect(bytes).toBeGreaterThanOrEqual(TARGET_BYTES);
    expect(growth.rss).toBeLessThan(200 * 1024 * 1024);
    expect(growth.heap).toBeLessThan(200 * 1024 * 1024);
  }, 300_000);
});
