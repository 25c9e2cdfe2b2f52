import { money, subscriptionPage } from "~/content/account-subscription";
import type { SubscriptionView } from "~/contracts/account-subscription";
import { formatMonth, formatMonthDay } from "~/shared/dates";
import { addDays, type CycleCharge, type CyclePeriod, daysBetween } from "~/shared/subscription-cycle";

/**
 * The subscription's calendar, drawn on the server from its real inputs (decision 132): a bar of the
 * on, off and paused weeks from four weeks back to six months ahead with each charge marked and today's
 * line, for the eye; and the same as a list of periods with their charges, for everyone (the bar is
 * hidden from assistive technology, the list says all it shows). No script.
 */

type Window = NonNullable<SubscriptionView["calendar"]>;

const words = subscriptionPage.calendar;

const fill: Record<CyclePeriod["kind"], string> = {
  on: "bg-ember-500",
  off: "bg-ink-600",
  paused: "bg-gold-400",
};
const chip: Record<CyclePeriod["kind"], string> = {
  on: "bg-ember-500",
  off: "bg-ink-500",
  paused: "bg-gold-400",
};

/** The first day of each month inside the window. */
function monthStarts(from: string, through: string): string[] {
  const out: string[] = [];
  let day = `${from.slice(0, 7)}-01`;
  while (day < through) {
    if (day > from) out.push(day);
    const [year, month] = day.split("-").map(Number) as [number, number];
    day = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
  }
  return out;
}

function chargeWords(charge: CycleCharge, lastChargeOn: string | null, amount: string): string {
  if (charge.skipped) return words.skipped;
  if (lastChargeOn && charge.date <= lastChargeOn) return words.past;
  return words.charge(amount);
}

export function CycleCalendarView({
  id,
  calendar,
  today,
  lastChargeOn,
  amount,
  currency,
}: {
  id: string;
  calendar: Window;
  today: string;
  lastChargeOn: string | null;
  /** Minor units of each charge ahead. */
  amount: number;
  currency: string;
}) {
  const total = Math.max(daysBetween(calendar.from, calendar.through), 1);
  const at = (date: string) => `${(daysBetween(calendar.from, date) / total) * 100}%`;
  const span = (period: CyclePeriod) => `${(daysBetween(period.start, period.end) / total) * 100}%`;
  const price = money(amount, currency);
  const kinds = [...new Set(calendar.periods.map((period) => period.kind))];
  return (
    <section
      aria-labelledby={`${id}-calendar`}
      className="rounded-card border border-white/10 bg-ink-900 p-5 sm:p-8"
    >
      <h2 id={`${id}-calendar`} className="text-xl font-extrabold text-white">
        {words.heading}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-ink-300">{words.lead}</p>

      <div aria-hidden="true" className="mt-6 select-none">
        <div className="relative h-7">
          {calendar.charges.map((charge) => (
            <span
              key={charge.bottle}
              className={`absolute bottom-1 size-3 -translate-x-1/2 rotate-45 rounded-[2px] border-2 ${
                charge.skipped ? "border-ink-300 bg-transparent" : "border-white bg-white"
              }`}
              style={{ left: at(charge.date) }}
            />
          ))}
        </div>
        <div className="relative h-9 overflow-hidden rounded-lg bg-ink-800">
          {calendar.periods.map((period) => (
            <span
              key={`${period.kind}-${period.start}`}
              className={`absolute inset-y-0 border-r-2 border-ink-900 ${fill[period.kind]}`}
              style={{ left: at(period.start), width: span(period) }}
            />
          ))}
          <span className="absolute inset-y-0 w-0.5 bg-white" style={{ left: at(today) }} />
        </div>
        <div className="relative mt-1 h-10 text-xs text-ink-300">
          {monthStarts(calendar.from, calendar.through).map((day) => (
            <span key={day} className="absolute top-0 -translate-x-1/2" style={{ left: at(day) }}>
              {formatMonth(day)}
            </span>
          ))}
          <span
            className="absolute top-5 -translate-x-1/2 font-bold whitespace-nowrap text-white"
            style={{ left: `clamp(1.5rem, ${at(today)}, calc(100% - 1.5rem))` }}
          >
            {words.legend.today}
          </span>
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-200">
          {kinds.map((kind) => (
            <li key={kind} className="flex items-center gap-2">
              <span className={`inline-block size-3 rounded-sm ${chip[kind]}`} />
              {words.legend[kind]}
            </li>
          ))}
          <li className="flex items-center gap-2">
            <span className="inline-block size-2.5 rotate-45 rounded-[2px] bg-white" />
            Charge and shipment
          </li>
          {calendar.charges.some((charge) => charge.skipped) ? (
            <li className="flex items-center gap-2">
              <span className="inline-block size-2.5 rotate-45 rounded-[2px] border-2 border-ink-300" />
              Skipped
            </li>
          ) : null}
        </ul>
      </div>

      <ol className="mt-6 divide-y divide-white/10 border-y border-white/10">
        {calendar.periods.map((period) => {
          const charges = calendar.charges.filter(
            (charge) => charge.date >= period.start && charge.date < period.end,
          );
          const current = period.start <= today && today < period.end;
          const last = addDays(period.end, -1);
          return (
            <li key={`${period.kind}-${period.start}`} className="flex gap-4 py-4">
              <span
                aria-hidden="true"
                className={`mt-1.5 h-3 w-3 shrink-0 rounded-sm ${chip[period.kind]}`}
              />
              <div className="min-w-0 flex-1">
                <p className="font-bold text-white">
                  {words.periodName[period.kind]}
                  <span className="font-normal text-ink-200">
                    {" "}
                    ·{" "}
                    {period.start === last
                      ? formatMonthDay(last)
                      : `${formatMonthDay(period.start)} to ${formatMonthDay(last)}`}
                  </span>
                  {current ? (
                    <span className="ml-2 rounded-full bg-white/10 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
                      Now
                    </span>
                  ) : null}
                </p>
                {period.kind === "off" && period.servingsCarried !== undefined ? (
                  <p className="mt-1 text-sm text-ink-300">{words.carried(period.servingsCarried)}</p>
                ) : null}
                {charges.length > 0 ? (
                  <ul className="mt-2 space-y-1 text-sm">
                    {charges.map((charge) => (
                      <li key={charge.bottle} className={charge.skipped ? "text-ink-300" : "text-ink-100"}>
                        <span className="font-bold">{formatMonthDay(charge.date)}</span>:{" "}
                        {chargeWords(charge, lastChargeOn, price)}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
