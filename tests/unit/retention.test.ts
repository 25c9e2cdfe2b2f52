import { describe, expect, it } from "vitest";
import { pushBounded, setBounded } from "../../sandbox/retention";

describe("emulator retention", () => {
  it("keeps the newest entries of a list", () => {
    const list: number[] = [];
    for (let i = 1; i <= 10; i++) pushBounded(list, i, 3);
    expect(list).toEqual([8, 9, 10]);
  });

  it("keeps the newest keys of a map, a key set again becoming the newest", () => {
    const map = new Map<string, number>();
    for (const key of ["a", "b", "c"]) setBounded(map, key, 1, 3);
    setBounded(map, "a", 2, 3);
    setBounded(map, "d", 1, 3);
    expect([...map.entries()]).toEqual([
      ["c", 1],
      ["a", 2],
      ["d", 1],
    ]);
  });
});
