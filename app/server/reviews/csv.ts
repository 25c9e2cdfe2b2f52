import { Readable } from "node:stream";
import { type Options, type CsvError as ParserError, parse } from "csv-parse";

/**
 * The review import's CSV reader (issue 38 item 5; decisions 081, 089): csv-parse, streamed, so a file
 * of any size is read a record at a time in bounded memory. RFC 4180: fields split by commas, records by
 * CRLF, LF or a lone CR (found from the file); a field in double quotes may hold commas, line breaks and
 * doubled quotes (`""` is one `"`); a quote inside an unquoted field is kept (as spreadsheets write it).
 * A byte-order mark is skipped, blank lines are skipped, and each record keeps the line it starts on,
 * so a problem can be reported by line. One record is at most MAX_RECORD_CHARACTERS: an unclosed quote
 * cannot make the rest of the file one field in memory.
 */

export type CsvRecord = { line: number; fields: string[] };

/** Far above a review's longest record (text and reply 5,000 characters each), far below a memory problem. */
export const MAX_RECORD_CHARACTERS = 256 * 1024;

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "CsvError";
  }
}

/** What a CSV can be read from: its text, or a stream of its bytes (a file) or text. */
export type CsvSource = string | Readable | AsyncIterable<string | Uint8Array>;

/** The file's records, one at a time, each with the line it starts on. */
export async function* csvRecords(source: CsvSource): AsyncGenerator<CsvRecord> {
  const input = typeof source === "string" ? Readable.from([source]) : Readable.from(source);
  // csv-parse counts a CR and an LF inside a quoted field as two lines; a file's reader sees one.
  let overCounted = 0;
  /** The line the last whole record ended on: an unfinished one starts after it. */
  let lastEnd = 0;
  const options: Options<CsvRecord, string[]> = {
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    // Called as each record is read, before the next one can fail: the lines are counted here.
    on_record: (fields: string[], context): CsvRecord => {
      let breaks = 0;
      for (const field of fields) {
        for (const lineBreak of field.matchAll(/\r\n|\r|\n/g)) {
          breaks += 1;
          if (lineBreak[0] === "\r\n") overCounted += 1;
        }
      }
      lastEnd = context.lines - overCounted;
      return { line: lastEnd - breaks, fields };
    },
  };
  // The overloads type `parse` for records that stay arrays; `on_record` makes each a CsvRecord.
  const parser = input.pipe(parse(options as unknown as Options));
  input.on("error", (error) => parser.destroy(error));
  try {
    yield* parser as AsyncIterable<CsvRecord>;
  } catch (error) {
    const parserError = error as ParserError & { lines?: number };
    if (typeof parserError.code === "string" && parserError.code.startsWith("CSV_")) {
      const unfinished =
        parserError.code === "CSV_QUOTE_NOT_CLOSED" || parserError.code === "CSV_MAX_RECORD_SIZE";
      const line = unfinished ? lastEnd + 1 : (parserError.lines ?? lastEnd + 1) - overCounted;
      throw new CsvError(messageOf(parserError), Math.max(1, line));
    }
    throw error;
  } finally {
    input.destroy();
  }
}

/** The parser's complaint in the words of this reader (its own messages repeat the line, and the field). */
function messageOf(error: ParserError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return "a quoted field is not closed before the end of the file";
    case "CSV_MAX_RECORD_SIZE":
      return `a record is longer than ${MAX_RECORD_CHARACTERS.toLocaleString("en-US")} characters (an unclosed quote?)`;
    case "CSV_INVALID_CLOSING_QUOTE":
      return "a closing quote is followed by something other than a comma or the end of the record";
    default:
      return error.message.replace(/\s*at line \d+.*$/s, "");
  }
}
