import { Fragment, type ReactNode } from "react";

/**
 * The privacy policy's building blocks: a numbered-free long-form section with its H2, and a table that
 * stacks into one card per row on narrow screens (no sideways scrolling at 390 px). Kept simple: the
 * legal pages' shared layout (legal-document.tsx) will take these over.
 */
export function PrivacySection({
  id,
  title,
  children,
  compact = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  /** The summary's parts: a plainer heading and less space, for a short read. */
  compact?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 border-t border-white/10 ${compact ? "py-8" : "py-12"}`}
    >
      <h2
        id={`${id}-title`}
        className={
          compact
            ? "text-2xl font-black text-white sm:text-3xl"
            : "heading-display text-3xl text-white sm:text-4xl"
        }
      >
        {title}
      </h2>
      <div className={`${compact ? "mt-4" : "mt-6"} space-y-4 leading-relaxed text-ink-200`}>{children}</div>
    </section>
  );
}

/** A bulleted list of sentences. */
export function PrivacyList({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-ember-400">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export type PrivacyTableRow = { key: string; header: ReactNode; cells: readonly ReactNode[] };

/**
 * A table whose first column names each row. From the md breakpoint up it is a table; below it, each
 * row is a card and each cell carries its column's name (hidden from assistive technology, which has
 * the table's own headers).
 */
export function PrivacyTable({
  caption,
  headings,
  rows,
}: {
  caption: string;
  headings: readonly string[];
  rows: readonly PrivacyTableRow[];
}) {
  return (
    <table className="w-full text-left text-sm max-md:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b border-white/15 text-ink-300">
          {headings.map((heading) => (
            <th key={heading} scope="col" className="py-2 pr-4 align-bottom font-bold">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {rows.map((row) => (
          <tr
            key={row.key}
            className="border-b border-white/5 last:border-0 max-md:block max-md:rounded-xl max-md:border max-md:border-white/10 max-md:p-4 max-md:last:border"
          >
            <th scope="row" className="py-3 pr-4 align-top font-semibold text-white max-md:block max-md:p-0">
              {breakAfterSeparators(row.header)}
            </th>
            {row.cells.map((cell, index) => (
              <td
                key={headings[index + 1] ?? index}
                className="py-3 pr-4 align-top text-ink-100 [overflow-wrap:anywhere] max-md:block max-md:p-0 max-md:pt-3"
              >
                <span
                  aria-hidden="true"
                  className="block text-xs font-bold uppercase tracking-wide text-ink-300 md:hidden"
                >
                  {headings[index + 1]}
                </span>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Storage and cookie names (FORGE_ENHANCER_VARIANT_ID, forge:admin-api-token) may wrap after an
 * underscore or a colon in a narrow column, never in the middle of a name part.
 */
function breakAfterSeparators(text: ReactNode): ReactNode {
  if (typeof text !== "string") return text;
  const parts = text.split(/(?<=[_:])/);
  if (parts.length === 1) return text;
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
