import { gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Between, deflateChain, deflatePart, splicedGzip } from "../../server/spliced-gzip";

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

  it("round-trips parts compressed as a chain, whatever fills the slots known only by length", () => {
    // Text from a few characters repeats, so parts refer back across the gaps.
    const text = fc
      .oneof(
        fc.string({ unit: "grapheme", maxLength: 2_000 }),
        fc.string({ unit: fc.constantFrom("a", "b", "<p>", "é"), maxLength: 600 }),
      )
      .map((t) => t.replace(/\0/g, ""));
    const slot = fc.oneof(
      fc.constant("same" as const),
      fc.constant("length" as const),
      fc.constant("varies" as const),
    );
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 10 }),
        fc.array(
          fc.tuple(
            slot,
            text,
            fc.uint8Array({ maxLength: 64 }).map((b) => b.map((x) => 97 + (x % 3))),
          ),
          {
            maxLength: 9,
          },
        ),
        (texts, slots) => {
          const parts = texts.map((t) => Buffer.from(t));
          const gaps = slots.slice(0, parts.length - 1);
          // What the chain was told of each gap, and what a response then puts there.
          const between: Between[] = gaps.map(([kind, known, bytes]) =>
            kind === "same" ? Buffer.from(known) : kind === "length" ? { length: bytes.length } : null,
          );
          const values = gaps.map(([kind, known, bytes]) =>
            kind === "same"
              ? Buffer.from(known)
              : kind === "length"
                ? Buffer.from(bytes)
                : Buffer.from(`${known}!`),
          );
          const chain = deflateChain(parts, between);
          const pieces = parts.flatMap((raw, i) => [
            { raw, deflated: chain[i] as Buffer },
            ...(i < values.length ? [values[i] as Buffer] : []),
          ]);
          const expected = Buffer.concat(
            parts.flatMap((raw, i) => (i < values.length ? [raw, values[i] as Buffer] : [raw])),
          );
          expect(gunzipSync(Buffer.concat(splicedGzip(pieces))).equals(expected)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("compresses a repetitive page as a chain smaller than part by part", () => {
    const part = Buffer.from(
      `<section><h2>Forge</h2><p>${"The same words again. ".repeat(20)}</p></section>`,
    );
    const parts = Array.from({ length: 12 }, () => part);
    const between = parts.slice(1).map(() => ({ length: 32 }));
    const chained = deflateChain(parts, between).reduce((n, b) => n + b.length, 0);
    const alone = parts.map((raw) => deflatePart(raw).deflated.length).reduce((n, b) => n + b, 0);
    expect(chained).toBeLessThan(alone / 3);
  });
});
