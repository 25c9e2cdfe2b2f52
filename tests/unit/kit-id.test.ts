import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkCharacter,
  formatKitId,
  KIT_ID_ALPHABET,
  KIT_ID_LENGTH,
  makeKitId,
  readKitId,
} from "~/shared/kit-id";

/** Issue 35 item 1: a mistyped kit ID is caught by its check character before any lookup. */
const random = () => randomInt(KIT_ID_ALPHABET.length);

describe("kit IDs", () => {
  it("makes 12-symbol IDs that read back as themselves, printed in groups of four", () => {
    for (let i = 0; i < 200; i++) {
      const id = makeKitId(random);
      expect(id).toHaveLength(KIT_ID_LENGTH);
      expect(formatKitId(id)).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(readKitId(formatKitId(id))).toEqual({ ok: true, kitId: id });
    }
  });

  it("reads what people type: any case, spaces, hyphens, I and L as 1, O as 0", () => {
    const data = "1100000ABCD";
    const id = data + checkCharacter(data);
    const typed = ` il o0-00 0abcd ${id.at(-1)?.toLowerCase()}`;
    expect(readKitId(typed)).toEqual({ ok: true, kitId: id });
  });

  it("catches every single mistyped symbol", () => {
    for (let round = 0; round < 20; round++) {
      const id = makeKitId(random);
      for (let at = 0; at < id.length; at++)
        for (const symbol of KIT_ID_ALPHABET) {
          if (symbol === id[at]) continue;
          const typo = id.slice(0, at) + symbol + id.slice(at + 1);
          expect(readKitId(typo)).toEqual({ ok: false, problem: "check" });
        }
    }
  });

  it("catches swapped neighbours except the one pair Luhn mod 32 cannot tell apart", () => {
    let caught = 0;
    let swaps = 0;
    for (let round = 0; round < 200; round++) {
      const id = makeKitId(random);
      for (let at = 0; at < id.length - 1; at++) {
        if (id[at] === id[at + 1]) continue;
        swaps++;
        const swapped = id.slice(0, at) + id[at + 1] + id[at] + id.slice(at + 2);
        const reading = readKitId(swapped);
        if (!reading.ok) caught++;
        else expect([id[at], id[at + 1]].sort().join("")).toBe("0Z");
      }
    }
    expect(caught / swaps).toBeGreaterThan(0.99);
  });

  it("names what is wrong with something that is no kit ID", () => {
    expect(readKitId("  ")).toEqual({ ok: false, problem: "empty" });
    expect(readKitId("ABCD-EFGH")).toEqual({ ok: false, problem: "length" });
    expect(readKitId("ABCD-EFGH-JKU1")).toEqual({ ok: false, problem: "symbols" });
    expect(readKitId("ABCD-EFGH-JK!1")).toEqual({ ok: false, problem: "symbols" });
  });

  it("uses Crockford's alphabet: no I, L, O or U", () => {
    expect(KIT_ID_ALPHABET).toHaveLength(32);
    expect(KIT_ID_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it("prints a valid example in its messages", async () => {
    const { kitIdMessages, KIT_ID_EXAMPLE } = await import("~/shared/kit-id");
    expect(readKitId(KIT_ID_EXAMPLE).ok).toBe(true);
    expect(kitIdMessages.length).toContain(KIT_ID_EXAMPLE);
  });
});
