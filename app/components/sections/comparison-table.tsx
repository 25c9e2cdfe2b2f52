import { EvidenceBadge } from "~/components/ui/evidence-badge";
import { Icon } from "~/components/ui/icon";
import { type ComparisonRow, comparison } from "~/content/comparison";
import type { ShownItem } from "~/content/pricing";
import { useDocumentText } from "~/lib/document-text";

/** "$39 a month": the item's price as Shopify has it (a text slot, decision 091), then the cell's words. */
function PricedText({ item, text }: { item: ShownItem; text: string }) {
  return <span>{`${useDocumentText(`price:${item}`)} ${text}`}</span>;
}

/**
 * The Enhancer's cell: a check mark (with its text alternative) only on a plain fact about the
 * product; where the cell rests on research, its evidence grade in words instead (issue 20).
 */
function NaturalCell({ row }: { row: ComparisonRow }) {
  const { mark } = row;
  if (mark.kind === "evidence")
    return (
      <span className="flex flex-col items-start gap-2">
        <EvidenceBadge evidence={mark.evidence} />
        {row.natural}
      </span>
    );
  if (mark.kind === "check")
    return (
      <span className="flex gap-2">
        <Icon name="check" className="mt-0.5 size-4 text-ember-400 sm:size-5" />
        <span>
          <span className="sr-only">{comparison.checkLabel} </span>
          {row.natural}
        </span>
      </span>
    );
  return row.price ? <PricedText item={row.price} text={row.natural} /> : <span>{row.natural}</span>;
}

/** Natural support against TRT: a real table (row headers, column headers), scrollable on phones. */
export function ComparisonTable({ caption = comparison.title }: { caption?: string }) {
  return (
    <div>
      {/* On a narrow phone the three columns would break words; the table keeps a readable width and
          scrolls inside its card instead (focusable, so a keyboard can scroll it too). */}
      {/* A group, not a region: the section around it is already the landmark with this name. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must be reachable by keyboard (WCAG 2.1.1) */}
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this groups a table */}
      <div role="group" className="card overflow-x-auto p-0" aria-label={caption} tabIndex={0}>
        <table className="w-full min-w-[28rem] table-fixed border-collapse text-left text-sm sm:text-base">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-white/10">
              <td className="w-[28%] p-3 sm:w-1/4 sm:p-5" />
              <th
                scope="col"
                className="bg-ember-500/10 p-3 font-black uppercase tracking-wide text-ember-300 sm:p-5"
              >
                {comparison.columns.natural}
              </th>
              <th scope="col" className="p-3 font-black uppercase tracking-wide text-ink-200 sm:p-5">
                {comparison.columns.trt}
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row.label} className="border-b border-white/5 last:border-0">
                <th scope="row" className="p-3 align-top font-bold break-words text-white sm:p-5">
                  {row.label}
                </th>
                <td className="bg-ember-500/10 p-3 align-top text-ink-100 sm:p-5">
                  <NaturalCell row={row} />
                </td>
                <td className="p-3 align-top text-ink-200 sm:p-5">{row.trt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-4 text-sm text-ink-300">{comparison.note}</p>
    </div>
  );
}
