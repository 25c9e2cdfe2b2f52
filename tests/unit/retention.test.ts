import { describe, expect, it } from "vitest";
import { pushBounded, setBounded } from "../../sandbox/retention";

describe("emulator retention", () => {
  it("keeps the newest entries of a list", () => {
    const list: number[] = [];
    for (let i = 1; i <= 10; i++) pushBounded(list, i, 3);
    expect(list).toEqual([8, 9, 10]);
  });

  it("keeps a full log in constant time per entry (no copy of the rest on each push)", () => {
    // Copying a 10,000-entry log on every push took seconds for this many; dropping the first is free.
    const list: number[] = [];
    const started = performance.now();
    for (let i = 1; i <= 100_000; i++) pushBounded(list, i, 10_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(list.length).toBe(10_000);
    expect(list[0]).toBe(90_001);
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
