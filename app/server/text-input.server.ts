/**
 * The one rule for text that enters the site, whichever way it comes (issue 38 item 5; decision 089):
 * the web forms (contact, guarantee, review) and the reviews CSV import refuse the same characters, and
 * anything read from outside is shown escaped, never raw, where a person reads it (a terminal, a log).
 */

/**
 * Whether the text holds a control character (C0, DEL, C1, the Unicode line and paragraph separators);
 * tab, line feed and carriage return pass where `multiLine`.
 */
export function hasControlCharacter(value: string, multiLine = false): boolean {
  return firstControlCharacter(value, multiLine) !== null;
}

/** The first character `hasControlCharacter` refuses, or null. */
export function firstControlCharacter(value: string, multiLine = false): string | null {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return char;
  }
  return null;
}

/**
 * Characters a terminal or a reader would act on or hide rather than show: controls (C0, DEL, C1: the
 * escape codes that move a cursor, recolour or retitle a terminal), line and paragraph separators, and
 * the bidirectional marks, embeddings, overrides and isolates that reorder what is shown.
 */
const UNSHOWABLE = /[\p{Cc}\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/gu;

/** The text with every unshowable character written as its escape (`\x1B`, `\u2028`), to print safely. */
export function printable(value: string): string {
  return value.replace(UNSHOWABLE, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return code <= 0xff
      ? `\\x${code.toString(16).toUpperCase().padStart(2, "0")}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}
