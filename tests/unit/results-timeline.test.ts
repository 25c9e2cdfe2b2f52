import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { chartGeometry, timeDomain, valueScale } from "~/components/results/results-chart-geometry";
import { ResultsTimelineChart } from "~/components/results/results-timeline-chart";
import { buildTimeline, supplyPeriods, timelineRows } from "~/shared/results-timeline";

/** Issue 35 item 6: the results timeline, its supply periods, scales and the chart's table equivalent. */

const result = (
  collectedAt: string,
  valueNgDl: number,
  flag: "low" | "normal" | "high" | null = "normal",
) => ({
  kitId: "K",
  collectedAt,
  valueNgDl,
  flag,
  rangeNgDl: { low: 264, high: 916 },
});

describe("the Enhancer supply from orders", () => {
  it("counts 30 days a bottle from the order's date", () => {
    expect(supplyPeriods([{ orderedAt: "2026-01-10T12:00:00Z", supplyDays: 30 }])).toEqual([
      { start: new Date("2026-01-10T12:00:00Z"), end: new Date("2026-02-09T12:00:00Z"), days: 30 },
    ]);
  });

  it("continues a supply when the next order comes before it runs out, and starts anew after a gap", () => {
    const periods = supplyPeriods([
      { orderedAt: "2026-03-20T00:00:00Z", supplyDays: 30 }, // out of order on purpose
      { orderedAt: "2026-01-01T00:00:00Z", supplyDays: 30 },
      { orderedAt: "2026-01-25T00:00:00Z", supplyDays: 90 },
      { orderedAt: "2026-08-01T00:00:00Z", supplyDays: 30 },
    ]);
    expect(
      periods.map((period) => [
        period.start.toISOString().slice(0, 10),
        period.end.toISOString().slice(0, 10),
        period.days,
      ]),
    ).toEqual([
      // 1 Jan + 30 days = 31 Jan; the 25 Jan order adds 90 days: 1 May; the 20 Mar order adds 30: 31 May.
      ["2026-01-01", "2026-05-31", 150],
      ["2026-08-01", "2026-08-31", 30],
    ]);
  });

  it("ignores orders that bought no Enhancer", () => {
    expect(supplyPeriods([{ orderedAt: "2026-01-01T00:00:00Z", supplyDays: 0 }])).toEqual([]);
  });
});

describe("the table equivalent", () => {
  it("lists results, supply and saved quizzes in time order, in words", () => {
    const timeline = buildTimeline({
      results: [result("2026-05-02T08:00:00Z", 412.6), result("2026-02-01T08:00:00Z", 251, "low")],
      orders: [{ orderedAt: "2026-02-10T00:00:00Z", supplyDays: 90 }],
      quiz: [{ savedAt: "2026-01-20T00:00:00Z", outcome: "A blood test tells" }],
    });
    expect(timelineRows(timeline).map((row) => [row.event, row.detail])).toEqual([
      ["Quiz saved", "A blood test tells"],
      ["Test result", "251 ng/dL, below the lab's range"],
      ["Enhancer supply", "90 days bought, to May 11, 2026"],
      ["Test result", "413 ng/dL, within the lab's range"],
    ]);
  });
});

describe("the chart's scales", () => {
  it("spans at least 60 days around a single result, centred on it", () => {
    const timeline = buildTimeline({ results: [result("2026-06-15T00:00:00Z", 500)], orders: [], quiz: [] });
    const { start, end } = timeDomain(timeline);
    expect((end - start) / 86_400_000).toBeCloseTo(60, 5);
    const [point] = chartGeometry(timeline, "wide").points;
    expect(point?.x).toBeCloseTo((56 + 944) / 2, 0);
  });

  it("reaches past the highest value or range end on a round step, from 0", () => {
    expect(
      valueScale(buildTimeline({ results: [result("2026-06-15T00:00:00Z", 500)], orders: [], quiz: [] })),
    ).toEqual({
      max: 1000,
      step: 200,
    });
    const high = buildTimeline({
      results: [{ ...result("2026-06-15T00:00:00Z", 1_240, "high") }],
      orders: [],
      quiz: [],
    });
    const scale = valueScale(high);
    expect(scale.max).toBeGreaterThanOrEqual(1_240);
    expect(scale.max / scale.step).toBeLessThanOrEqual(6);
  });

  it("draws a higher value higher, and each point inside the plot", () => {
    const timeline = buildTimeline({
      results: [result("2026-01-01T00:00:00Z", 250, "low"), result("2026-04-01T00:00:00Z", 600)],
      orders: [{ orderedAt: "2026-01-05T00:00:00Z", supplyDays: 60 }],
      quiz: [],
    });
    for (const layout of ["narrow", "wide"] as const) {
      const geometry = chartGeometry(timeline, layout);
      const [first, second] = geometry.points;
      expect(second?.y).toBeLessThan(first?.y ?? 0);
      for (const point of geometry.points) {
        expect(point.x).toBeGreaterThan(geometry.plot.left);
        expect(point.x).toBeLessThan(geometry.plot.right);
      }
      expect(geometry.xTicks.length).toBeLessThanOrEqual(layout === "narrow" ? 4 : 8);
      expect(geometry.xTicks[0]?.label).toMatch(/^[A-Z][a-z]{2} 2026$/);
    }
  });
});

describe("the chart as markup", () => {
  it("is an image with a text alternative, and a table of every event", () => {
    const timeline = buildTimeline({
      results: [result("2026-02-01T08:00:00Z", 251, "low"), result("2026-05-02T08:00:00Z", 413)],
      orders: [{ orderedAt: "2026-02-10T00:00:00Z", supplyDays: 30 }],
      quiz: [],
    });
    const html = renderToStaticMarkup(ResultsTimelineChart({ timeline, id: "chart" }));
    expect(html).toContain('role="img"');
    expect(html).toContain("Total testosterone in ng/dL over time");
    expect(html).toContain("2 results; the latest, May 2, 2026, 413 ng/dL, within the lab&#x27;s range.");
    expect(html.match(/<tr/g)?.length).toBe(1 + 3);
    // No script is needed to see it: no event handler in the markup.
    expect(html).not.toMatch(/on[A-Z][a-z]+=/);
  });
});
