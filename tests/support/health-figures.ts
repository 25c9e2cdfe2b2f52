/**
 * For the tests that prove a test result's value never reaches an e-mail, a log or a page that must not hold it.
 *
 * A bare `/512|264/` also matches the random port in a link (127.0.0.1:42649 holds "264"), a token or a kit ID
 * (7K3M-A512-2HWD), so a passing run could fail on the next port: links are taken out first, and a figure counts
 * only standing on its own (no letter or digit touching it; "512.3" and "512 ng/dL" still count).
 */
export function withoutLinks(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>]+/g, "<link>");
}

/** Matches any of `figures` standing on its own, or any of `words`; case-blind. */
export function healthFigures(figures: readonly string[], words: readonly RegExp[] = []): RegExp {
  const numbers = figures.map((figure) => `(?<![0-9A-Za-z.])${figure.replace(/\./g, "\\.")}(?![0-9A-Za-z])`);
  return new RegExp([...numbers, ...words.map((word) => word.source)].join("|"), "i");
}
