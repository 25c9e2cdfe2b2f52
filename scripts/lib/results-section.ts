import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * The part of bench/RESULTS.md that `npm run perf` owns, between two markers: perf writes it,
 * `npm run bench` (which rewrites the rest of the file) keeps it. Here, not in tests/, because bench/
 * imports nothing from tests/ (decision 071).
 */
export const PERF_SECTION_START = "<!-- npm run perf: start -->";
export const PERF_SECTION_END = "<!-- npm run perf: end -->";

/** Replaces the section in the file, or appends it; the rest of the file is kept. */
export function writeResultsSection(file: string, section: string): void {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmark results\n";
  const start = text.indexOf(PERF_SECTION_START);
  const end = text.indexOf(PERF_SECTION_END);
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + PERF_SECTION_END.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

/** The section as it stands in a RESULTS.md text, or empty. */
export function existingSection(text: string): string {
  const start = text.indexOf(PERF_SECTION_START);
  const end = text.indexOf(PERF_SECTION_END);
  return start >= 0 && end > start ? text.slice(start, end + PERF_SECTION_END.length) : "";
}
