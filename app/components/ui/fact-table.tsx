/**
 * A small table of facts: column headings, then rows whose first cell names the row. `accentLast`
 * colours the last column (the serving's own figure beside a limit).
 */
export function FactTable({
  headings,
  rows,
  accentLast = false,
  className = "",
}: {
  headings: readonly string[];
  rows: readonly (readonly string[])[];
  accentLast?: boolean;
  className?: string;
}) {
  return (
    <table className={`w-full text-left text-sm ${className}`}>
      <thead>
        <tr className="border-b border-white/10 text-ink-300">
          {headings.map((heading) => (
            <th key={heading} scope="col" className="py-2 pr-3 font-bold">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, ...cells]) => (
          <tr key={name} className="border-b border-white/5 last:border-0">
            <th scope="row" className="py-2.5 pr-3 align-top font-semibold text-white">
              {name}
            </th>
            {cells.map((cell, index) => (
              <td
                key={`${name}-${headings[index + 1] ?? index}`}
                className={`py-2.5 pr-3 align-top ${accentLast && index === cells.length - 1 ? "text-ember-300" : "text-ink-100"}`}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
