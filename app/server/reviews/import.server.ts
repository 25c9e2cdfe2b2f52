import { createHash } from "node:crypto";
import { z } from "zod";
import { retentionRules } from "~/content/legal/data-inventory";
import { REVIEW_LIMITS } from "~/contracts/reviews";
import { firstControlCharacter, printable } from "~/server/text-input.server";
import { CsvError, type CsvSource, csvRecords } from "./csv";
import { reviewedProductHandles } from "./reviewable-products.server";
import type { Reviews } from "./reviews.server";

/**
 * Importing the brand's reviews from its previous platform's CSV export (issue 18 item 6; Judge.me's
 * export, and files shaped like it; docs/decisions/081-review-moderation-by-rule.md). Each row is read by
 * its header's names (any letter case), checked (zod), and recorded as `source = imported` through the
 * same moderation rules as every review: a row a rule holds waits for a person. Importing is
 * idempotent: each row's external key is Judge.me's id when the file has one, otherwise a hash of the
 * row's identifying fields, and the key is unique in the database, so the same file twice adds nothing.
 *
 * The file is trusted no more than a visitor (issue 38 item 5, decision 089): it is streamed a record
 * at a time; its text obeys the web form's rule (no control characters, no line or paragraph
 * separators; line breaks only in the text and the reply); a row for a product the site does not sell
 * is refused; and what it says is printed escaped, never raw.
 *
 * The reviewer's e-mail address is never read into the database: a review needs no address, and the key
 * is made without it. The name is shown as first name and last initial.
 */

/** The column each field is read from: the first header present, in this order (case-insensitive). */
export const importColumns = {
  id: ["id", "review_id", "judgeme_id"],
  rating: ["rating", "stars", "review_rating", "score"],
  title: ["title", "review_title"],
  body: ["body", "review_body", "review", "content", "text"],
  date: ["review_date", "date", "created_at", "published_at"],
  name: ["reviewer_name", "name", "author", "display_name"],
  product: ["product_handle", "handle", "product"],
  verified: ["verified", "verified_buyer", "is_verified", "verified_purchase"],
  curated: ["curated"],
  hidden: ["hidden"],
  reply: ["reply", "reply_body", "reply_content"],
  replyDate: ["reply_date", "replied_at"],
} as const;

type Field = keyof typeof importColumns;

/** Held until a person looks, beyond the moderation rules: hidden or marked spam on the old platform. */
export const HIDDEN_BEFORE_IMPORT = "hidden_before_import";

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

const TRUE_WORDS = new Set([
  "true",
  "yes",
  "y",
  "1",
  "verified",
  "verified buyer",
  "verified-buyer",
  "buyer",
]);
const flag = (value: string | undefined) => TRUE_WORDS.has((value ?? "").trim().toLowerCase());

/** Dates as exports write them: ISO 8601, `2024-05-14 10:22:33 UTC`, `2024-05-14`. */
export function parseImportDate(value: string): Date | null {
  const text = value.trim();
  if (text === "") return null;
  const iso =
    /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(Z|UTC|[+-]\d{2}:?\d{2})?$/i.exec(
      text,
    );
  if (iso) {
    const zone = !iso[3] || /^(z|utc)$/i.test(iso[3]) ? "Z" : iso[3];
    const date = new Date(`${iso[1]}T${iso[2] ?? "00:00:00"}${zone}`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) {
    const date = new Date(Date.UTC(Number(us[3]), Number(us[1]) - 1, Number(us[2])));
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** "Jordan Reyes" → "Jordan R."; one word stays; no name (or an address) → "Anonymous". */
export function displayNameOf(name: string): string {
  const words = name.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const first = words[0];
  if (!first || name.includes("@")) return "Anonymous";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? ` ${Array.from(last)[0]?.toUpperCase()}.` : "";
  return `${first}${initial}`.slice(0, REVIEW_LIMITS.displayName);
}

/**
 * A text field, by the web form's rule (app/server/text-input.server.ts): a control character or a
 * Unicode line separator refuses the row, as the form refuses it; line breaks only where `multiLine`
 * (written as LF).
 */
const text = (max: number, label: string, multiLine = false) =>
  z
    .string()
    .transform((value) => (multiLine ? value.replace(/\r\n?/g, "\n") : value).trim())
    .superRefine((value, ctx) => {
      const refused = firstControlCharacter(value, multiLine);
      if (refused !== null) {
        ctx.addIssue({
          code: "custom",
          message: `${label} holds a character the site refuses (${printable(refused)}, a control character or line separator)`,
        });
      }
    })
    .pipe(z.string().max(max, `${label} is longer than ${max} characters`));

/** One row, checked. */
export const importRowSchema = z.object({
  id: text(100, "the id"),
  rating: z
    .string()
    .trim()
    .regex(/^[1-5](?:\.0+)?$/, "rating must be a whole number from 1 to 5")
    .transform((value) => Number.parseInt(value, 10)),
  title: text(REVIEW_LIMITS.title, "the title"),
  body: text(REVIEW_LIMITS.body, "the body", true),
  date: z.string().transform((value, ctx) => {
    const date = parseImportDate(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message: `review_date "${printable(value)}" is not a date` });
      return z.NEVER;
    }
    return date;
  }),
  name: text(200, "the reviewer's name"),
  product: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9][a-z0-9-]{0,254}$/,
      "product_handle must be a Shopify product handle (letters, digits, dashes)",
    ),
  verified: z.string().transform(flag),
  curated: z.string(),
  hidden: z.string().transform(flag),
  reply: text(REVIEW_LIMITS.body, "the reply", true),
  replyDate: z.string(),
});

export type ImportRow = z.infer<typeof importRowSchema>;

/** Judge.me's id when the file has one; otherwise a hash of what identifies the review (never the e-mail). */
export function externalKeyOf(row: ImportRow): string {
  if (row.id !== "") return `judgeme:${row.id}`;
  const identity = JSON.stringify([
    row.product,
    row.name,
    row.date.toISOString(),
    row.rating,
    row.title,
    row.body,
  ]);
  return `sha256:${createHash("sha256").update(identity, "utf8").digest("hex")}`;
}

export type ImportReport = {
  /** Rows read (not counting the header). */
  rows: number;
  /** Added and published. */
  published: number[];
  /** Added and held for a person, with the reasons. */
  held: { line: number; reasons: string[] }[];
  /** Already in the database (an earlier import): nothing added. */
  alreadyPresent: number[];
  /** Not imported, with why. */
  rejected: { line: number; problems: string[] }[];
};

export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFileError";
  }
}

const normalizeHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Which column index each field is in; throws when a required one is missing. */
export function mapHeader(header: readonly string[]): Partial<Record<Field, number>> {
  const names = header.map(normalizeHeader);
  const map: Partial<Record<Field, number>> = {};
  for (const [field, candidates] of Object.entries(importColumns) as [Field, readonly string[]][]) {
    for (const candidate of candidates) {
      const at = names.indexOf(candidate);
      if (at !== -1) {
        map[field] = at;
        break;
      }
    }
  }
  const missing = (["rating", "body", "date", "name"] as const).filter((field) => map[field] === undefined);
  if (missing.length > 0) {
    throw new ImportFileError(
      `the header has no ${missing.map((field) => importColumns[field][0]).join(", ")} column (it has: ${printable(header.join(", "))})`,
    );
  }
  return map;
}

export type ImportOptions = {
  /** The product handle for rows that name none (a file of one product's reviews). */
  product?: string;
  /** The handles a review may be for: the products the site sells (`reviewedProductHandles`) unless given. */
  products?: ReadonlySet<string>;
  now?: () => Date;
};

/**
 * Reads the CSV export (its text, or a stream of it: a file is read a record at a time) and records
 * every valid row through `reviews`; answers what happened, by line.
 */
export async function importReviewsCsv(
  reviews: Reviews,
  csv: CsvSource,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const now = options.now ?? (() => new Date());
  const products = options.products ?? reviewedProductHandles;
  const report: ImportReport = {
    rows: 0,
    published: [],
    held: [],
    alreadyPresent: [],
    rejected: [],
  };
  const oldest = now().getTime() - retentionRules.review.period.amount * YEAR_MS;
  const records = csvRecords(csv);
  let columns: Partial<Record<Field, number>> | undefined;

  try {
    for await (const record of records) {
      if (!columns) {
        columns = mapHeader(record.fields);
        continue;
      }
      report.rows += 1;
      await importRow(record.line, record.fields, columns);
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(`the file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (!columns) throw new ImportFileError("the file is empty");
  return report;

  async function importRow(line: number, fields: string[], columns: Partial<Record<Field, number>>) {
    const cell = (field: Field) => {
      const at = columns[field];
      return at === undefined ? "" : (fields[at] ?? "");
    };
    const raw = Object.fromEntries(Object.keys(importColumns).map((field) => [field, cell(field as Field)]));
    if (raw.product === "" && options.product) raw.product = options.product;
    const parsed = importRowSchema.safeParse(raw);
    if (!parsed.success) {
      report.rejected.push({
        line,
        problems: parsed.error.issues.map((issue) =>
          issue.path[0] === "product" && raw.product === ""
            ? "no product_handle (a shop review? give --product <handle>)"
            : issue.message,
        ),
      });
      return;
    }
    const row = parsed.data;
    if (!products.has(row.product)) {
      // Imported, it would be published under a page that does not exist, counted in no product's rating.
      report.rejected.push({
        line,
        problems: [
          `product_handle "${row.product}" is not a product the site sells (it sells: ${[...products].join(", ")})`,
        ],
      });
      return;
    }
    if (row.date.getTime() > now().getTime() + DAY_MS) {
      report.rejected.push({ line, problems: ["review_date is in the future"] });
      return;
    }
    if (row.date.getTime() < oldest) {
      // The retention job would delete it at once (the privacy policy keeps reviews 5 years).
      report.rejected.push({
        line,
        problems: [`written more than ${retentionRules.review.period.amount} years ago`],
      });
      return;
    }
    if (row.body === "" && row.title === "") {
      report.rejected.push({ line, problems: ["no title and no text"] });
      return;
    }
    const hiddenBefore = row.hidden || /^(spam|hidden|rejected|archived)$/i.test(row.curated.trim());
    const outcome = await reviews.record({
      product: row.product,
      rating: row.rating,
      title: row.title || null,
      body: row.body,
      displayName: displayNameOf(row.name),
      verified: row.verified,
      source: "imported",
      externalKey: externalKeyOf(row),
      writtenAt: row.date,
      alsoHoldFor: hiddenBefore ? [HIDDEN_BEFORE_IMPORT] : [],
      reply: row.reply || null,
      replyAt: row.reply ? (parseImportDate(row.replyDate) ?? row.date) : null,
    });
    if (outcome.outcome === "already_present") report.alreadyPresent.push(line);
    else if (outcome.status === "held") report.held.push({ line, reasons: outcome.reasons });
    else report.published.push(line);
  }
}

/** The report in a few lines, for the command's output (escaped: nothing from the file acts on a terminal). */
export function describeImport(report: ImportReport): string {
  const lines = (numbers: number[]) => (numbers.length > 0 ? ` (lines ${numbers.join(", ")})` : "");
  const added = report.published.length + report.held.length;
  const out = [
    `${report.rows} rows read.`,
    `Added: ${added} (${report.published.length} published, ${report.held.length} held for moderation).`,
    `Already present: ${report.alreadyPresent.length}${lines(report.alreadyPresent)}.`,
    `Rejected: ${report.rejected.length}.`,
  ];
  for (const held of report.held) out.push(`  held     line ${held.line}: ${held.reasons.join(", ")}`);
  for (const rejected of report.rejected)
    out.push(`  rejected line ${rejected.line}: ${printable(rejected.problems.join("; "))}`);
  return out.join("\n");
}
