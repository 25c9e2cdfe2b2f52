import { REVIEW_STARS, type ReviewStar, type ReviewSummary } from "~/contracts/reviews";

/**
 * The rating arithmetic (issue 18 item 5), pure: from how many published reviews gave each number of
 * stars to the count, the distribution and the average to one decimal. The average is computed in
 * integers, so 4.75 is 4.8 (half up) and never 4.7 by a floating-point accident.
 */

/** No reviews: count 0, no average, every star at 0. */
export function emptySummary(): ReviewSummary {
  return { count: 0, average: null, stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } };
}

/** `sum / count` to one decimal, rounded half up, without floating-point error. */
export function averageToOneDecimal(sum: number, count: number): number | null {
  if (!Number.isSafeInteger(sum) || !Number.isSafeInteger(count) || count <= 0) return null;
  // round(10 · sum / count) half up = floor((20 · sum + count) / (2 · count)), all in integers.
  const tenths = Math.floor((20 * sum + count) / (2 * count));
  return tenths / 10;
}

/**
 * The summary of counts per star (stars outside 1-5 are not counted: the database refuses them anyway),
 * with how many of them are the sandbox's sample reviews where any are (`samples`, decision 091).
 */
export function summarize(
  countsByStar: Iterable<{ rating: number; count: number; samples?: number }>,
): ReviewSummary {
  const summary = emptySummary();
  let samples = 0;
  for (const { rating, count, samples: sampled = 0 } of countsByStar) {
    if (!(REVIEW_STARS as readonly number[]).includes(rating) || !Number.isSafeInteger(count) || count <= 0) {
      continue;
    }
    summary.stars[rating as ReviewStar] += count;
    if (Number.isSafeInteger(sampled) && sampled > 0) samples += Math.min(sampled, count);
  }
  if (samples > 0) summary.samples = samples;
  let sum = 0;
  for (const star of REVIEW_STARS) {
    summary.count += summary.stars[star];
    sum += star * summary.stars[star];
  }
  summary.average = averageToOneDecimal(sum, summary.count);
  return summary;
}
