import { Link } from "react-router";
import { paths } from "~/content/site";
import { type SupplementFactsRow, supplementFacts, supplementFactsNote } from "~/content/supplement-facts";

/** One ingredient: its name (a row header) with its form beneath, the amount, the %DV or †. */
function Row({ row, first = false }: { row: SupplementFactsRow; first?: boolean }) {
  return (
    <tr className={first ? "border-t-[6px] border-black" : "border-t border-black"}>
      <th scope="row" className="py-1 pr-2 text-left align-top font-bold">
        {row.name}
        {row.detail ? <span className="block text-xs font-normal">{row.detail}</span> : null}
      </th>
      <td className="whitespace-nowrap py-1 pr-2 text-right align-top">{row.amount}</td>
      <td className="py-1 text-right align-top font-bold">
        {row.dailyValue === "†" ? (
          <>
            <span aria-hidden="true">†</span>
            <span className="sr-only">Daily Value not established</span>
          </>
        ) : (
          row.dailyValue
        )}
      </td>
    </tr>
  );
}

/**
 * The Supplement Facts panel in the FDA's layout (21 CFR 101.36): black on white inside a hairline box,
 * heavy bars between its parts, as a label has them. A real table (caption, column and row headers), so a
 * screen reader reads each amount with its ingredient.
 */
export function SupplementFacts() {
  const { servingSize, servingsPerContainer, nutrients, others, footnote } = supplementFacts;
  return (
    <div className="w-full max-w-sm rounded-sm border border-black bg-white p-2 font-sans text-sm leading-snug text-black">
      <table className="w-full border-collapse">
        <caption className="border-b border-black pb-1 text-left">
          <span className="block text-3xl font-black leading-none tracking-tight">Supplement Facts</span>
          <span className="mt-1 block">Serving Size {servingSize}</span>
          <span className="block">Servings Per Container {servingsPerContainer}</span>
        </caption>
        <thead>
          <tr className="border-t-[10px] border-black">
            <th scope="col" className="py-1 text-left text-xs font-bold">
              <span className="sr-only">Ingredient</span>
            </th>
            <th scope="col" className="py-1 pr-2 text-right text-xs font-bold">
              Amount Per Serving
            </th>
            <th scope="col" className="py-1 text-right text-xs font-bold">
              % Daily Value
            </th>
          </tr>
        </thead>
        <tbody>
          {nutrients.map((row, index) => (
            <Row key={row.name} row={row} first={index === 0} />
          ))}
          {others.map((row, index) => (
            <Row key={row.name} row={row} first={index === 0} />
          ))}
        </tbody>
      </table>
      <p className="mt-1 border-t-[6px] border-black pt-1 text-xs">{footnote}</p>
    </div>
  );
}

/** The panel with a note beside it on wide screens (below it on phones): what %DV means, and the limits. */
export function SupplementFactsSection() {
  const note = supplementFactsNote;
  return (
    <div className="grid gap-6 lg:grid-cols-[24rem_1fr] lg:items-start">
      <SupplementFacts />
      <div className="max-w-prose text-ink-200">
        <h3 className="text-lg font-black uppercase text-white">{note.title}</h3>
        <p className="mt-2">{note.text}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 marker:text-ember-500">
          {note.limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
        <p className="mt-3">
          {note.advice}{" "}
          <Link to={paths.deepDive} className="font-bold text-ember-400 underline underline-offset-4">
            Read the Deep Dive
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
