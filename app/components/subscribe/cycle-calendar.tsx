import { Icon } from "~/components/ui/icon";
import { subscribePage as copy, formatRange } from "~/content/subscribe";
import type { CalendarEntry, SubscribeCalendar } from "~/contracts/subscribe";
import { formatWeekdayDay } from "~/shared/dates";
import { formatMoney } from "~/shared/money";

/**
 * The cycle's calendar as the server drew it (decision 131): a bar of the months ahead (weeks on,
 * weeks off, each charge: for the eye only) and the same dates as an ordered list, which is what
 * assistive technology reads. Dates are the store's calendar days.
 */
export function CycleCalendar({
  calendar,
  currency,
  bottleCount,
}: {
  calendar: SubscribeCalendar;
  currency: string;
  bottleCount: number;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <div>
      <CalendarBar calendar={calendar} />
      <ol className="mt-6 divide-y divide-white/10 border-y border-white/10" data-testid="cycle-calendar">
        {calendar.entries.map((entry) => (
          <CalendarRow
            key={`${entry.kind}-${entry.kind === "charge" ? entry.date : entry.start}`}
            entry={entry}
            money={money}
            bottleCount={bottleCount}
          />
        ))}
      </ol>
    </div>
  );
}

function CalendarRow({
  entry,
  money,
  bottleCount,
}: {
  entry: CalendarEntry;
  money: (amount: number) => string;
  bottleCount: number;
}) {
  if (entry.kind === "charge")
    return (
      <li className="flex items-start gap-3 py-3">
        <span
          aria-hidden="true"
          className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-ember-500 text-xs font-black text-ink-950"
        >
          {entry.delivery}
        </span>
        <p className="text-ink-100">
          <time dateTime={entry.date} className="font-extrabold text-white">
            {formatWeekdayDay(entry.date)}
          </time>
          {copy.row.charge(entry.delivery, money(entry.amount), bottleCount)}
        </p>
      </li>
    );
  if (entry.kind === "on")
    return (
      <li className="flex items-start gap-3 py-3 text-ink-200">
        <Icon name="bolt" className="mt-0.5 size-6 shrink-0 text-ember-400" />
        <p>
          <span className="font-bold text-ink-100">{copy.row.on}</span>
          {copy.row.onText(formatRange(entry.start, entry.last))}
        </p>
      </li>
    );
  return (
    <li className="flex items-start gap-3 py-3 text-ink-200">
      <Icon name="clock" className="mt-0.5 size-6 shrink-0 text-ink-300" />
      <p>
        <span className="font-bold text-ink-100">{copy.row.off(entry.days)}</span>
        {copy.row.offText(formatRange(entry.start, entry.last))}
        {entry.servingsCarried > 0 ? copy.row.carried(entry.servingsCarried) : ""}
      </p>
    </li>
  );
}

/** The months ahead as one bar: on in ember, off in steel, a numbered dot at each charge. */
function CalendarBar({ calendar }: { calendar: SubscribeCalendar }) {
  return (
    <div aria-hidden="true" className="px-3">
      <div className="relative h-7">
        {calendar.bar.charges.map((charge) => (
          <span
            key={charge.delivery}
            className="absolute top-0 grid size-6 -translate-x-1/2 place-items-center rounded-full bg-ember-500 text-xs font-black text-ink-950"
            style={{ left: `${charge.at}%` }}
          >
            {charge.delivery}
          </span>
        ))}
      </div>
      <div className="relative mt-1 h-4 overflow-hidden rounded-full bg-ink-700">
        {calendar.bar.segments.map((segment) => (
          <span
            key={`${segment.kind}-${segment.from}`}
            className={`absolute inset-y-0 ${segment.kind === "on" ? "bg-ember-500" : "bg-ink-400"}`}
            style={{ left: `${segment.from}%`, width: `${Math.max(0, segment.to - segment.from)}%` }}
          />
        ))}
      </div>
      <div className="relative mt-1 h-5 text-xs font-bold text-ink-300">
        {calendar.bar.months.map((month) => (
          <span key={month.at} className="absolute top-0 -translate-x-1/2" style={{ left: `${month.at}%` }}>
            {month.label}
          </span>
        ))}
      </div>
      <p className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs font-semibold text-ink-300">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-full bg-ember-500" />
          {copy.legend.on}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-full bg-ink-400" />
          {copy.legend.off}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="grid size-4 place-items-center rounded-full bg-ember-500 text-[0.6rem] font-black text-ink-950">
            1
          </span>
          {copy.legend.charge}
        </span>
      </p>
    </div>
  );
}
