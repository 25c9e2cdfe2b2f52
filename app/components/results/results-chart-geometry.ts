import { formatNumber } from "~/shared/number-format";
import { DAY_MS, type Timeline } from "~/shared/results-timeline";

/**
 * Where each part of the results chart is drawn, in the SVG's own units. Pure, so the scales are tested
 * without a browser: the time axis spans every event with a margin (at least 60 days), the value axis
 * starts at 0 and reaches past the highest value or range end on a round step.
 */

export const CHART = {
  left: 56,
  right: 16,
  top: 16,
  /** The value plot ends here; the month labels sit under it, then a lane for each kind of event shown. */
  plotBottom: 236,
  axisLabelsY: 254,
  firstLaneY: 282,
  laneStep: 30,
  laneHeight: 14,
  bottomMargin: 12,
} as const;

/** Two drawings of one chart: a narrow one for phones (its 11-unit labels stay about 11 px), a wide one. */
export const CHART_LAYOUTS = {
  narrow: { width: 360, maxXTicks: 4 },
  wide: { width: 960, maxXTicks: 8 },
} as const;
export type ChartLayout = keyof typeof CHART_LAYOUTS;

const MIN_SPAN_DAYS = 60;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export interface ChartGeometry {
  points: { x: number; y: number; rangeTop: number | null; rangeBottom: number | null }[];
  line: string;
  supply: { x: number; width: number }[];
  quiz: { x: number }[];
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string }[];
  plot: { left: number; right: number; top: number; bottom: number };
  width: number;
  height: number;
  /** The middle of each lane drawn; a lane with nothing in it is left out. */
  lanes: { supply: number | null; quiz: number | null };
}

/** The first and last instant the axis shows. */
export function timeDomain(timeline: Timeline): { start: number; end: number } {
  const instants = [
    ...timeline.results.map((result) => result.at.getTime()),
    ...timeline.supply.flatMap((period) => [period.start.getTime(), period.end.getTime()]),
    ...timeline.quiz.map((entry) => entry.at.getTime()),
  ];
  if (instants.length === 0) {
    const now = Date.now();
    return { start: now - MIN_SPAN_DAYS * DAY_MS, end: now };
  }
  let start = Math.min(...instants);
  let end = Math.max(...instants);
  const margin = Math.max((end - start) * 0.06, 7 * DAY_MS);
  start -= margin;
  end += margin;
  const short = MIN_SPAN_DAYS * DAY_MS - (end - start);
  if (short > 0) {
    start -= short / 2;
    end += short / 2;
  }
  return { start, end };
}

/** The value axis' top and step: a round step (50, 100, 200, 250 or 500 ng/dL) giving 4-6 gridlines. */
export function valueScale(timeline: Timeline): { max: number; step: number } {
  const highest = Math.max(
    300,
    ...timeline.results.flatMap((result) => [result.valueNgDl, result.rangeNgDl?.high ?? 0]),
  );
  const step = [50, 100, 200, 250, 500, 1000].find((candidate) => highest / candidate <= 5) ?? 2000;
  return { max: Math.ceil((highest * 1.08) / step) * step, step };
}

/** Month starts inside the domain, thinned so labels do not crowd. */
function monthTicks(start: number, end: number, maxTicks: number): { at: number; label: string }[] {
  const ticks: { at: number; label: string }[] = [];
  const first = new Date(start);
  let year = first.getUTCFullYear();
  let month = first.getUTCMonth() + 1;
  for (;;) {
    if (month === 12) {
      month = 0;
      year += 1;
    }
    const at = Date.UTC(year, month, 1);
    if (at > end) break;
    ticks.push({ at, label: month === 0 ? `${MONTHS[month]} ${year}` : (MONTHS[month] ?? "") });
    month += 1;
  }
  const every = Math.ceil(ticks.length / maxTicks);
  const shown = ticks.filter((_, index) => index % every === 0);
  // The first label names its year, so the axis can be read from its start.
  const head = shown[0];
  if (head && !/\d/.test(head.label)) head.label = `${head.label} ${new Date(head.at).getUTCFullYear()}`;
  return shown;
}

export function chartGeometry(timeline: Timeline, layout: ChartLayout): ChartGeometry {
  const { width, maxXTicks } = CHART_LAYOUTS[layout];
  const plot = { left: CHART.left, right: width - CHART.right, top: CHART.top, bottom: CHART.plotBottom };
  const { start, end } = timeDomain(timeline);
  const { max, step } = valueScale(timeline);
  const x = (instant: number) => plot.left + ((instant - start) / (end - start)) * (plot.right - plot.left);
  const y = (value: number) => plot.bottom - (Math.max(0, value) / max) * (plot.bottom - plot.top);
  const round = (value: number) => Math.round(value * 10) / 10;
  const lanes = [
    ...(timeline.supply.length > 0 ? ["supply" as const] : []),
    ...(timeline.quiz.length > 0 ? ["quiz" as const] : []),
  ];
  const laneY = (lane: "supply" | "quiz") => {
    const index = lanes.indexOf(lane);
    return index < 0 ? null : CHART.firstLaneY + index * CHART.laneStep;
  };

  const points = timeline.results.map((result) => ({
    x: round(x(result.at.getTime())),
    y: round(y(result.valueNgDl)),
    rangeTop: result.rangeNgDl ? round(y(result.rangeNgDl.high ?? max)) : null,
    rangeBottom: result.rangeNgDl ? round(y(result.rangeNgDl.low ?? 0)) : null,
  }));
  return {
    points,
    line: points.map((point, index) => `${index === 0 ? "M" : "L"}${point.x} ${point.y}`).join(" "),
    supply: timeline.supply.map((period) => {
      const from = round(x(period.start.getTime()));
      return { x: from, width: Math.max(2, round(x(period.end.getTime()) - from)) };
    }),
    quiz: timeline.quiz.map((entry) => ({ x: round(x(entry.at.getTime())) })),
    yTicks: Array.from({ length: max / step + 1 }, (_, index) => ({
      y: round(y(index * step)),
      label: formatNumber(index * step),
    })),
    xTicks: monthTicks(start, end, maxXTicks).map((tick) => ({ x: round(x(tick.at)), label: tick.label })),
    plot,
    width,
    height:
      CHART.firstLaneY + (lanes.length - 1) * CHART.laneStep + CHART.laneHeight / 2 + CHART.bottomMargin,
    lanes: {
      supply: laneY("supply"),
      quiz: laneY("quiz"),
    },
  };
}
