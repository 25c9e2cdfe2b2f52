import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deflatePart, splicedGzip } from "../../server/spliced-gzip";

const gunzip = (chunks: Buffer[]) => gunzipSync(Buffer.concat(chunks)).toString("utf8");

describe("spliced gzip", () => {
  it("decompresses to the fixed parts and values in order", () => {
    const page = "<!DOCTYPE html><p>Forge — ≥ 39 ✓</p>".repeat(200);
    const chunks = splicedGzip([
      deflatePart(Buffer.from(page)),
      Buffer.from('nonce="abc=="'),
      deflatePart(Buffer.from(page)),
    ]);
    expect(gunzip(chunks)).toBe(`${page}nonce="abc=="${page}`);
    // The fixed parts are compressed, not stored.
    expect(Buffer.concat(chunks).length).toBeLessThan(page.length / 5);
  });

  it("holds an empty page, empty parts and values longer than one stored block", () => {
    expect(gunzip(splicedGzip([]))).toBe("");
    const long = "x".repeat(70_000);
    const chunks = splicedGzip([deflatePart(Buffer.alloc(0)), Buffer.from(long), Buffer.alloc(0)]);
    expect(gunzip(chunks)).toBe(long);
  });

  it("round-trips any sequence of parts and values", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.string({ unit: "grapheme", maxLength: 3_000 })), { maxLength: 8 }),
        (pieces) => {
          const chunks = splicedGzip(
            pieces.map(([fixed, text]) => (fixed ? deflatePart(Buffer.from(text)) : Buffer.from(text))),
          );
          expect(gunzip(chunks)).toBe(pieces.map(([, text]) => text).join(""));
        },
      ),
      { numRuns: 300 },
    );
  });
});
