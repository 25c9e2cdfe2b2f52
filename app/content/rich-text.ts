/**
 * Copy with links and emphasis, as plain data: the FAQ and the legal pages write paragraphs that link
 * to other pages, and the same words must also exist as plain text (FAQPage JSON-LD, the FAQ search).
 * Plain objects, so the copy can travel as loader data instead of JavaScript (decision 011).
 */

/** A run of text: plain, a link (a site path, `mailto:` or `https:`), or bold. */
export type Inline = string | { text: string; to: string } | { text: string; strong: true };

/** A paragraph, a bulleted list whose items are runs of text, or a paragraph set apart as a notice. */
export type Block =
  | { p: readonly Inline[] }
  | { list: readonly (readonly Inline[])[] }
  | { notice: readonly Inline[] };

export type RichText = readonly Block[];

export const link = (text: string, to: string): Inline => ({ text, to });
export const strong = (text: string): Inline => ({ text, strong: true });
export const mailto = (address: string): Inline => link(address, `mailto:${address}`);

export const p = (...parts: Inline[]): Block => ({ p: parts });
export const notice = (...parts: Inline[]): Block => ({ notice: parts });
export const list = (...items: (Inline | readonly Inline[])[]): Block => ({
  list: items.map((item) => (Array.isArray(item) ? (item as readonly Inline[]) : [item as Inline])),
});

function inlineText(parts: readonly Inline[]): string {
  return parts.map((part) => (typeof part === "string" ? part : part.text)).join("");
}

/** The runs of a block: one run list per paragraph or notice, one per list item. */
function runsOf(block: Block): readonly (readonly Inline[])[] {
  if ("p" in block) return [block.p];
  if ("notice" in block) return [block.notice];
  return block.list;
}

/** The words a reader sees, in order: blocks and list items separated by one space. */
export function plainText(blocks: RichText): string {
  return blocks.flatMap((block) => runsOf(block).map(inlineText)).join(" ");
}

/** Every link target in the copy (tests check that each points somewhere real). */
export function linkTargets(blocks: RichText): string[] {
  const parts = blocks.flatMap(runsOf).flat();
  return parts.flatMap((part) => (typeof part !== "string" && "to" in part ? [part.to] : []));
}
