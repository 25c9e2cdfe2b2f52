import { remove as foldConfusables } from "confusables";

/**
 * The text the moderation rules read (issue 38 item 1; docs/decisions/089-moderation-reads-what-people-read.md):
 * what a reader sees, not the code points that spell it. Never stored or shown as the review: the
 * review keeps its own words; this is only for matching.
 *
 * 1. NFKC: compatibility forms to their plain letters (ｆｕｌｌ-width, ligatures, 𝐛𝐨𝐥𝐝, ①).
 * 2. Default-ignorable code points removed (Unicode's own property, as the engine ships it): zero-width
 *    spaces and joiners, the soft hyphen, the word joiner, the byte-order mark, variation selectors,
 *    tags. They draw nothing, so "cu\u200bred" reads "cured".
 * 3. Look-alikes folded to Latin letters with the `confusables` table (Cyrillic "с", "е", "р", "і",
 *    Greek, accented and mathematical forms; combining marks dropped): "pіlls.ru" reads "pills.ru".
 * 4. Lower case.
 * 5. Separators collapsed: every run of spaces (any Unicode space, tabs) is one space, every run of line
 *    breaks one line break; and letters spelled out one by one ("c.u.r.e.d", "c u r e d", "c-u-r-e-d")
 *    are joined into the word they spell.
 */
export function textForMatching(text: string): string {
  return (
    foldConfusables(text.normalize("NFKC").replace(/\p{Default_Ignorable_Code_Point}/gu, ""))
      .toLowerCase()
      // Unicode's line and paragraph separators, and CR, are line breaks like LF.
      .replace(/[\r\u2028\u2029\u0085]+/g, "\n")
      .replace(/[^\S\n]+/g, " ")
      .replace(/ ?\n[\s]*/g, "\n")
      .replace(SPELLED_OUT, (letters) => letters.replace(/[^a-z]/g, ""))
  );
}

/**
 * Three or more single letters, each followed by one separator (a space, dot, dash, underscore or
 * star), the last one alone: "c.u.r.e.d", "d i s e a s e". A lone letter between words ("a", "I") is
 * never three in a row in English prose; abbreviations ("i.e.", "e.g.") are two and stay as written.
 */
const SPELLED_OUT = /(?<![a-z0-9])[a-z](?:[ .\-_*][a-z]){2,}(?![a-z0-9])/g;
