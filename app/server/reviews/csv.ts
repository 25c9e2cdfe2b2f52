/**
 * A small CSV reader (RFC 4180) for the review import (decision 081: no CSV package is installed, and
 * the format is small enough to read here, with its tests in tests/unit/review-csv.test.ts). Fields are
 * split by commas, records by CRLF, LF or a lone CR; a field in double quotes may hold commas, line
 * breaks and doubled quotes (`""` is one `"`). A byte-order mark at the start is skipped, blank lines
 * are skipped, and each record keeps the line it starts on, so a problem can be reported by line.
 */

export type CsvRecord = { line: number; fields: string[] };

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = "CsvError";
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let fields: string[] = [];
  let field = "";
  let recordLine = 1;
  let quoted = false;
  /** After a field's closing quote: only a comma or the end of the record may follow. */
  let closed = false;

  const endField = () => {
    fields.push(field);
    field = "";
    quoted = false;
    closed = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is one empty field: not a record.
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
  };

  while (index < text.length) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        closed = true;
        index += 1;
        continue;
      }
      if (char === "\n" || (char === "\r" && text[index + 1] !== "\n")) line += 1;
      field += char;
      index += 1;
      continue;
    }
    if (char === ",") {
      endField();
      index += 1;
      continue;
    }
    if (char === "\r" || char === "\n") {
      endRecord();
      index += char === "\r" && text[index + 1] === "\n" ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    if (closed) throw new CsvError(`unexpected ${JSON.stringify(char)} after a closing quote`, line);
    if (char === '"' && field === "") {
      quoted = true;
      index += 1;
      continue;
    }
    // A quote inside an unquoted field is kept as it is (lenient, as spreadsheets write it).
    field += char;
    index += 1;
  }
  if (quoted) throw new CsvError("a quoted field is not closed before the end of the file", recordLine);
  if (field !== "" || fields.length > 0 || closed) endRecord();
  return records;
}
