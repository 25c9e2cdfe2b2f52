import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvError, type CsvRecord, csvRecords, MAX_RECORD_CHARACTERS } from "~/server/reviews/csv";

/** The review import's CSV reader (RFC 4180; decision 081; csv-parse, streamed, since decision 089). */
async function parseCsv(text: string): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of csvRecords(text)) records.push(record);
  return records;
}
const fieldsOf = async (text: string) => (await parseCsv(text)).map((record) => record.fields);

describe("CSV reader", () => {
  it("splits fields by commas and records by LF, CRLF or a lone CR", async () => {
    expect(await fieldsOf("a,b,c\n1,2,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
    expect(await fieldsOf("a,b\r\n1,2\r\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(await fieldsOf("a,b\r1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("keeps empty fields, including a trailing one", async () => {
    expect(await fieldsOf("a,,c,\n,,,\n")).toEqual([
      ["a", "", "c", ""],
      ["", "", "", ""],
    ]);
  });

  it("reads quoted fields: commas, escaped quotes and line breaks inside", async () => {
    const text = 'title,body\r\n"Hi, there","He said ""wow"".\r\nThen left."\r\n"",x\r\n';
    expect(await fieldsOf(text)).toEqual([
      ["title", "body"],
      ["Hi, there", 'He said "wow".\r\nThen left.'],
      ["", "x"],
    ]);
  });

  it("gives each record the line it starts on, counting line breaks inside quotes", async () => {
    const records = await parseCsv('h1,h2\n"one\ntwo\nthree",x\n\nlast,y\n');
    expect(records.map((record) => record.line)).toEqual([1, 2, 6]);
    // A CRLF inside a quoted field is one line break, as an editor shows the file.
    const crlf = await parseCsv('a\r\n"x\r\n\r\ny",z\r\n\r\nq\r\n');
    expect(crlf.map((record) => record.line)).toEqual([1, 2, 6]);
  });

  it("skips a byte-order mark and blank lines; no final line break is needed", async () => {
    expect(await fieldsOf("\ufeffa,b\n\n\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(await fieldsOf("")).toEqual([]);
  });

  it("refuses an unclosed quote, naming the line it opens on", async () => {
    await expect(parseCsv('a,b\n1,"open\n2,3\n')).rejects.toThrow(CsvError);
    await expect(parseCsv('a,b\n1,"open\n2,3\n')).rejects.toThrow(
      "line 2: a quoted field is not closed before the end of the file",
    );
  });

  it("refuses a record too long to be a review (an unclosed quote), without reading the rest into one field", async () => {
    const text = `a,b\n1,2\n3,"${"x".repeat(MAX_RECORD_CHARACTERS + 10)}\n4,5\n`;
    await expect(parseCsv(text)).rejects.toThrow(/^line 3: a record is longer than 262,144 characters/);
  });

  it("reads a stream of bytes, a record split across chunks included", async () => {
    const bytes = new TextEncoder().encode('h,i\n"über, ""quoted""",2\n');
    const chunks = [bytes.slice(0, 7), bytes.slice(7, 8), bytes.slice(8)];
    const records: CsvRecord[] = [];
    for await (const record of csvRecords(Readable.from(chunks.map((chunk) => Buffer.from(chunk)))))
      records.push(record);
    expect(records).toEqual([
      { line: 1, fields: ["h", "i"] },
      { line: 2, fields: ['über, "quoted"', "2"] },
    ]);
  });

  it("keeps a quote inside an unquoted field as it is", async () => {
    expect(await fieldsOf('5" tall,b')).toEqual([['5" tall', "b"]]);
  });

  it("reads back whatever a writer that quotes every field wrote", async () => {
    const quote = (field: string) => `"${field.replaceAll('"', '""')}"`;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 2, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (rows) => {
          const text = rows.map((row) => row.map(quote).join(",")).join("\r\n");
          expect(await fieldsOf(text)).toEqual(rows);
        },
      ),
    );
  });
});
