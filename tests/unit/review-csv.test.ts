import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvError, parseCsv } from "~/server/reviews/csv";

/** The review import's CSV reader (RFC 4180; decision 081). */
const fieldsOf = (text: string) => parseCsv(text).map((record) => record.fields);

describe("CSV reader", () => {
  it("splits fields by commas and records by LF, CRLF or a lone CR", () => {
    expect(fieldsOf("a,b,c\n1,2,3\n")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
    expect(fieldsOf("a,b\r\n1,2\r\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(fieldsOf("a,b\r1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
  });

  it("keeps empty fields, including a trailing one", () => {
    expect(fieldsOf("a,,c,\n,,,\n")).toEqual([
      ["a", "", "c", ""],
      ["", "", "", ""],
    ]);
  });

  it("reads quoted fields: commas, escaped quotes and line breaks inside", () => {
    const text = 'title,body\r\n"Hi, there","He said ""wow"".\r\nThen left."\r\n"",x\r\n';
    expect(fieldsOf(text)).toEqual([
      ["title", "body"],
      ["Hi, there", 'He said "wow".\r\nThen left.'],
      ["", "x"],
    ]);
  });

  it("gives each record the line it starts on, counting line breaks inside quotes", () => {
    const records = parseCsv('h1,h2\n"one\ntwo\nthree",x\n\nlast,y\n');
    expect(records.map((record) => record.line)).toEqual([1, 2, 6]);
  });

  it("skips a byte-order mark and blank lines; no final line break is needed", () => {
    expect(fieldsOf("\ufeffa,b\n\n\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(fieldsOf("")).toEqual([]);
  });

  it("refuses an unclosed quote and text after a closing quote, naming the line", () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow(/line 2/);
    expect(() => parseCsv('a,b\n"x"y,2\n')).toThrow(/line 2: unexpected "y" after a closing quote/);
  });

  it("keeps a quote inside an unquoted field as it is", () => {
    expect(fieldsOf('5" tall,b')).toEqual([['5" tall', "b"]]);
  });

  it("reads back whatever a writer that quotes every field wrote", () => {
    const quote = (field: string) => `"${field.replaceAll('"', '""')}"`;
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 2, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          const text = rows.map((row) => row.map(quote).join(",")).join("\r\n");
          expect(fieldsOf(text)).toEqual(rows);
        },
      ),
    );
  });
});
