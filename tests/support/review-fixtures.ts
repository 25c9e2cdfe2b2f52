/**
 * Reviews for tests and screenshots of `/reviews` (issue 18 item 4): a Judge.me-shaped CSV of `count`
 * reviews with a known spread of stars, a few verified, some with the brand's reply, written on
 * consecutive days before `newest`, so each test knows the average, the count, the distribution and
 * the order. Import it with `npm run reviews:import -- <file>` or importReviewsCsv.
 */
export type FixtureReview = {
  id: string;
  rating: number;
  title: string;
  body: string;
  name: string;
  date: string;
  verified: boolean;
  reply: string;
};

const TITLES: Record<number, string[]> = {
  5: ["Steady energy all day", "Easy to take", "Noticeably better workouts", "Worth it", "Great routine"],
  4: ["Good, not magic", "Solid formula", "Decent results"],
  3: ["It's okay", "Mixed feelings"],
  2: ["Not much change", "Expected more"],
  1: ["Did nothing for me", "Not for me"],
};
const BODIES: Record<number, string> = {
  5: "Three capsules with breakfast and I feel more even through the afternoon. Sleep is better too.",
  4: "Took it for six weeks. More energy in the gym, less of a slump after lunch. Capsules are big.",
  3: "Some days I notice a difference, some days I don't. The label is clear about doses, which I like.",
  2: "Finished a bottle and could not tell much difference. Shipping was quick though.",
  1: "Gave it a full month and felt no different at all. Waste of money for me.",
};
const NAMES = ["Jordan Reyes", "Kim Park", "Sam Lee", "Ann Bell", "Marcus Webb", "Luis Ortega", "Dev Patel"];

/** The stars of review `index` in a pattern with 60% fives (so the average is not a round number). */
const STARS_PATTERN = [5, 5, 4, 5, 3, 5, 4, 5, 1, 5, 2, 4, 5, 5, 4, 5, 5, 3, 5, 5];

export function fixtureReviews(count: number, newest = new Date("2026-11-20T10:00:00Z")): FixtureReview[] {
  return Array.from({ length: count }, (_, index) => {
    const rating = STARS_PATTERN[index % STARS_PATTERN.length] as number;
    const titles = TITLES[rating] as string[];
    const date = new Date(newest.getTime() - index * 86_400_000);
    return {
      id: `fixture-${index + 1}`,
      rating,
      title: titles[index % titles.length] as string,
      body: `${BODIES[rating]} (#${index + 1})`,
      name: NAMES[index % NAMES.length] as string,
      date: date
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, " UTC"),
      verified: index % 3 !== 2,
      reply:
        rating <= 2
          ? "Sorry it did not work for you. Our 60-day guarantee covers this: write to us and we will refund you."
          : "",
    };
  });
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function fixtureCsv(reviews: readonly FixtureReview[], product = "forge-enhancer"): string {
  const header = "id,title,body,rating,review_date,reviewer_name,verified,product_handle,reply,reply_date";
  const rows = reviews.map((review) =>
    [
      review.id,
      review.title,
      review.body,
      String(review.rating),
      review.date,
      review.name,
      review.verified ? "true" : "false",
      product,
      review.reply,
      review.reply ? review.date : "",
    ]
      .map(quote)
      .join(","),
  );
  return [header, ...rows].join("\n");
}

/** Counts per star and the average to one decimal, as the page should show them. */
export function expectedSummary(reviews: readonly { rating: number }[]) {
  const stars: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  for (const review of reviews) {
    stars[review.rating] = (stars[review.rating] ?? 0) + 1;
    sum += review.rating;
  }
  const tenths = Math.floor((20 * sum + reviews.length) / (2 * reviews.length));
  return { count: reviews.length, stars, average: (tenths / 10).toFixed(1) };
}
