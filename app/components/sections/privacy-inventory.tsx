import type { InventoryTableView, OtherRecordView } from "~/content/legal/privacy";
import { PrivacyTable } from "./privacy-section";

/** The kinds of personal data a record holds, as small labels. */
function KindList({ kinds, label }: { kinds: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {kinds.map((kind) => (
        <li key={kind} className="rounded-full bg-white/5 px-3 py-1 text-xs font-bold text-ink-100">
          {kind}
        </li>
      ))}
    </ul>
  );
}

const shared = (names: readonly string[]) => (names.length > 0 ? names.join(", ") : "No one else");

/**
 * One table of the data inventory: what it is for, the kinds of personal data in it, how long its rows
 * are kept, and its personal columns (grouped where they share a purpose) with who else receives them.
 */
export function InventoryTableCard({
  table,
  noPersonalData,
}: {
  table: InventoryTableView;
  noPersonalData: string;
}) {
  const headingId = `data-${table.name}`;
  return (
    <article aria-labelledby={headingId} className="card p-5 sm:p-8">
      <h3 id={headingId} className="text-xl font-black uppercase text-white sm:text-2xl">
        {table.title}
      </h3>
      <p className="mt-3 leading-relaxed text-ink-200">{table.purpose}</p>
      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-bold text-ink-300">Personal data</dt>
        <dd>
          {table.kinds.length > 0 ? (
            <KindList kinds={table.kinds} label={`Personal data in ${table.title}`} />
          ) : (
            <span className="text-ink-100">{noPersonalData}</span>
          )}
        </dd>
        <dt className="font-bold text-ink-300">Kept for</dt>
        <dd className="text-ink-100">
          <ul className="space-y-1">
            {table.keptFor.map((kept) => (
              <li key={`${kept.for}-${kept.summary}`}>
                {kept.for ? <span className="font-semibold text-white">{kept.for}: </span> : null}
                {kept.summary}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {table.rows.length > 0 ? (
        <div className="mt-6">
          <PrivacyTable
            caption={`Personal data in ${table.title}`}
            headings={["Data", "Why we keep it", "Shared with"]}
            rows={table.rows.map((row) => ({
              key: row.labels.join("|"),
              header: (
                <>
                  {row.labels.join(", ")}
                  <span className="mt-1 block text-xs font-normal text-ink-300">{row.kinds.join(", ")}</span>
                </>
              ),
              cells: [
                <>
                  {row.purpose}
                  {row.keptFor ? (
                    <span className="mt-1 block text-ember-300">Kept for {lowerFirst(row.keptFor)}.</span>
                  ) : null}
                </>,
                shared(row.sharedWith),
              ],
            }))}
          />
        </div>
      ) : null}
    </article>
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Personal data outside our tables: logs, request counters, what passes to Shopify. */
export function OtherRecordCard({ record }: { record: OtherRecordView }) {
  const headingId = `data-${record.id}`;
  return (
    <article aria-labelledby={headingId} className="card p-5 sm:p-8">
      <h3 id={headingId} className="text-xl font-black uppercase text-white sm:text-2xl">
        {record.title}
      </h3>
      <p className="mt-3 leading-relaxed text-ink-200">{record.what}</p>
      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-bold text-ink-300">Personal data</dt>
        <dd>
          <KindList kinds={record.kinds} label={`Personal data in ${record.title}`} />
        </dd>
        <dt className="font-bold text-ink-300">Why</dt>
        <dd className="text-ink-100">{record.purpose}</dd>
        <dt className="font-bold text-ink-300">Kept for</dt>
        <dd className="text-ink-100">{record.keptFor}</dd>
        <dt className="font-bold text-ink-300">Shared with</dt>
        <dd className="text-ink-100">{shared(record.sharedWith)}</dd>
      </dl>
    </article>
  );
}
