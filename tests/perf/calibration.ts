/**
 * How `npm run perf` emulates the same mid-tier phone on any host (issue 39, decision 098): CPU
 * throttling divides the host's own speed, so a fixed 4x hides the cost of a page on a fast host and
 * exaggerates it on a slow one. Lighthouse measures the host's speed in each run (`benchmarkIndex`);
 * its throttling guide calls 4x right for a host whose index is 1500-2000 (a high-end desktop, to reach
 * a mid-tier phone) and asks for more on a faster host and less on a slower one. Outside that bracket
 * the multiplier scales with the index (the phone's speed is the constant: index / multiplier), which
 * meets 4x at both of the bracket's ends.
 *
 * The run also refuses to judge a noisy machine: when the floor (a bare React Router page, measured in
 * the same run) blocks the main thread for more than 60 ms, or its runs spread wider than their median
 * (and by more than 20 ms, since a spread of a few milliseconds around a median of 0 says nothing about
 * the machine), no route's figure can be told from the noise.
 */

/** Lighthouse's documented bracket for which its default 4x reaches a mid-tier phone. */
export const CALIBRATED_BRACKET = { low: 1500, high: 2000, multiplier: 4 } as const;

/** The CPU slowdown that makes this host a mid-tier phone, to one decimal. */
export function cpuMultiplierFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`benchmarkIndex must be a positive number, got ${benchmarkIndex}`);
  const { low, high, multiplier } = CALIBRATED_BRACKET;
  const scaled =
    benchmarkIndex < low
      ? (multiplier * benchmarkIndex) / low
      : benchmarkIndex > high
        ? (multiplier * benchmarkIndex) / high
        : multiplier;
  // Below 1x would speed the host up: a host slower than the phone is emulated as it is.
  return Math.max(1, Math.round(scaled * 10) / 10);
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (!values.length) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const FLOOR_LIMITS = { maxTbtMs: 60, minSpreadMs: 20 } as const;

/** Why the floor's own runs leave nothing to judge by, or null when they are steady enough. */
export function noisyFloorReason(floorTbt: { median: number; min: number; max: number }): string | null {
  if (floorTbt.median > FLOOR_LIMITS.maxTbtMs)
    return `the floor's own TBT is ${Math.round(floorTbt.median)} ms (over ${FLOOR_LIMITS.maxTbtMs} ms): the machine is too busy to judge`;
  const spread = floorTbt.max - floorTbt.min;
  if (spread > floorTbt.median && spread > FLOOR_LIMITS.minSpreadMs)
    return `the floor's TBT runs spread ${Math.round(floorTbt.min)}-${Math.round(floorTbt.max)} ms, wider than their median of ${Math.round(floorTbt.median)} ms: the machine is too noisy to judge`;
  return null;
}
