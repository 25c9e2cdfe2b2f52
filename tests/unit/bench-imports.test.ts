import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Issue 21 item 7 (decision 071): the benchmark stands on its own; what it shares with tests is in scripts/lib. */
describe("bench/", () => {
  it("imports nothing from tests/", () => {
    const files = readdirSync("bench", { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes("node_modules"),
    );
    expect(files.length).toBeGreaterThan(0);
    const offending = files.filter((file) =>
      /from\s+["'][./]*\/?tests\//.test(readFileSync(path.join("bench", file), "utf8")),
    );
    expect(offending).toEqual([]);
  });
});
