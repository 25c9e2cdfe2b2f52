import { formatDay } from "~/shared/dates";
import { flagWords, formatNgDl, type Timeline, timelineRows } from "~/shared/results-timeline";
import { CHART, type ChartLayout, chartGeometry } from "./results-chart-geometry";

/**
 * Every result over time, drawn on the server as SVG (no script), with the Enhancer supply the person's
 * orders bought and their saved quiz results in lanes below it, and the same events as a table for anyone
 * who does not read the picture. Each result's own lab range is the bar behind its point.
 */
export function ResultsTimelineChart({ timeline, id }: { timeline: Timeline; id: string }) {
  const latest = timeline.results.at(-1);
  const summary = latest
    ? `${timeline.results.length} ${timeline.results.length === 1 ? "result" : "results"}; the latest, ${formatDay(latest.at)}, ${formatNgDl(latest.valueNgDl)} ng/dL, ${flagWords(latest.flag)}.`
    : "No results yet.";

  return (
    <figure
      className="rounded-card border border-white/10 bg-ink-900 p-4 sm:p-6"
      aria-labelledby={`${id}-caption`}
    >
      <figcaption id={`${id}-caption`} className="text-lg font-black text-white">
        Your results over time
      </figcaption>
      <p className="mt-1 text-sm text-ink-300">{summary}</p>
      <ChartDrawing
        timeline={timeline}
        layout="narrow"
        id={id}
        summary={summary}
        className="mt-4 sm:hidden"
      />
      <ChartDrawing
        timeline={timeline}
        layout="wide"
        id={id}
        summary={summary}
        className="mt-4 hidden sm:block"
      />
      <ChartKey timeline={timeline} />
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-bold text-ember-300">The chart as a table</summary>
        <TimelineTable timeline={timeline} />
      </details>
    </figure>
  );
}

/** One drawing of the chart at one width; the page holds a narrow one and a wide one, one shown. */
function ChartDrawing({
  timeline,
  layout,
  id,
  summary,
  className,
}: {
  timeline: Timeline;
  layout: ChartLayout;
  id: string;
  summary: string;
  className: string;
}) {
  const geometry = chartGeometry(timeline, layout);
  const { plot } = geometry;
  const supplyY = geometry.lanes.supply;
  const quizY = geometry.lanes.quiz;
  const key = `${id}-${layout}`;
  return (
    <svg
      viewBox={`0 0 ${geometry.width} ${geometry.height}`}
      className={`h-auto w-full ${className}`}
      role="img"
      aria-labelledby={`${key}-title ${key}-desc`}
    >
      <title id={`${key}-title`}>Total testosterone in ng/dL over time</title>
      <desc id={`${key}-desc`}>{`${summary} The table below the chart lists every event it shows.`}</desc>
      {geometry.yTicks.map((tick) => (
        <g key={tick.label}>
          <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} className="stroke-white/10" />
          <text x={plot.left - 8} y={tick.y + 4} textAnchor="end" className="fill-ink-300 text-[11px]">
            {tick.label}
          </text>
        </g>
      ))}
      <text x={plot.left} y={plot.top - 4} className="fill-ink-300 text-[11px]">
        ng/dL
      </text>
      {geometry.points.map((point, index) =>
        point.rangeTop === null || point.rangeBottom === null ? null : (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: points are in time order and never reordered
            key={`range-${index}`}
            x={point.x - 5}
            width={10}
            y={point.rangeTop}
            height={Math.max(1, point.rangeBottom - point.rangeTop)}
            rx={3}
            className="fill-success-400/25 stroke-success-400/70"
          />
        ),
      )}
      {geometry.points.length > 1 ? (
        <path d={geometry.line} fill="none" strokeWidth={2} className="stroke-ember-400" />
      ) : null}
      {geometry.points.map((point, index) => {
        const result = timeline.results[index];
        const flagged = result?.flag === "low" || result?.flag === "high";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: points are in time order and never reordered
          <g key={`point-${index}`}>
            {flagged ? (
              <rect x={point.x - 6} y={point.y - 6} width={12} height={12} className="fill-ember-300" />
            ) : (
              <circle cx={point.x} cy={point.y} r={6} className="fill-ember-400" />
            )}
          </g>
        );
      })}
      {supplyY === null ? null : (
        <g>
          <LaneLabel x={plot.left - 8} y={supplyY}>
            Enhancer
          </LaneLabel>
          <line x1={plot.left} x2={plot.right} y1={supplyY} y2={supplyY} className="stroke-white/10" />
          {geometry.supply.map((period) => (
            <rect
              key={`supply-${period.x}`}
              x={period.x}
              y={supplyY - CHART.laneHeight / 2}
              width={period.width}
              height={CHART.laneHeight}
              rx={4}
              className="fill-ink-300"
            />
          ))}
        </g>
      )}
      {quizY === null ? null : (
        <g>
          <LaneLabel x={plot.left - 8} y={quizY}>
            Quiz
          </LaneLabel>
          <line x1={plot.left} x2={plot.right} y1={quizY} y2={quizY} className="stroke-white/10" />
          {geometry.quiz.map((entry) => (
            <path
              key={`quiz-${entry.x}`}
              d={`M${entry.x} ${quizY - 7} l7 7 l-7 7 l-7 -7 z`}
              className="fill-gold-400"
            />
          ))}
        </g>
      )}
      {geometry.xTicks.map((tick) => (
        <g key={`x-${tick.x}`}>
          <line x1={tick.x} x2={tick.x} y1={plot.bottom} y2={plot.bottom + 4} className="stroke-ink-400" />
          <text x={tick.x} y={CHART.axisLabelsY} textAnchor="middle" className="fill-ink-300 text-[11px]">
            {tick.label}
          </text>
        </g>
      ))}
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className="stroke-ink-400" />
    </svg>
  );
}

function LaneLabel({ x, y, children }: { x: number; y: number; children: string }) {
  return (
    <text x={x} y={y + 4} textAnchor="end" className="fill-ink-300 text-[11px]">
      {children}
    </text>
  );
}

function ChartKey({ timeline }: { timeline: Timeline }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-ink-300">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block size-3 rounded-full bg-ember-400" />
        Result in the lab's range
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block size-3 bg-ember-300" />
        Result outside it
      </li>
      <li className="flex items-center gap-1.5">
        <span
          aria-hidden="true"
          className="inline-block h-3 w-2 rounded-sm border border-success-400/70 bg-success-400/25"
        />
        The lab's range
      </li>
      {timeline.supply.length > 0 ? (
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-2 w-5 rounded-sm bg-ink-300" />
          Enhancer bought (30 days a bottle, from the order date)
        </li>
      ) : null}
      {timeline.quiz.length > 0 ? (
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-2.5 rotate-45 bg-gold-400" />
          Quiz result saved
        </li>
      ) : null}
    </ul>
  );
}

function TimelineTable({ timeline }: { timeline: Timeline }) {
  const rows = timelineRows(timeline);
  return (
    <table className="mt-3 w-full text-left">
      <thead>
        <tr className="border-b border-white/10 text-ink-300">
          <th scope="col" className="py-2 pr-3 font-bold">
            Date
          </th>
          <th scope="col" className="py-2 pr-3 font-bold">
            Event
          </th>
          <th scope="col" className="py-2 font-bold">
            Detail
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are in time order and never reordered
          <tr key={index} className="border-b border-white/5 last:border-0">
            <td className="py-2 pr-3 whitespace-nowrap text-ink-100">{formatDay(row.at)}</td>
            <th scope="row" className="py-2 pr-3 font-semibold text-white">
              {row.event}
            </th>
            <td className="py-2 text-ink-100">{row.detail}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
