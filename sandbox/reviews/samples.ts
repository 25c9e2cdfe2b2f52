import { brand } from "../../app/content/site";

/**
 * The sandbox's sample reviews (issue 18 item 7, decision 085): while the Shopify emulator stands in
 * for the store, server.ts records these so a newcomer sees reviews working, and so the rating the pages
 * compute is the spec's "4.8/5 from 2,847 reviews" and true there (spec §9: a store with these reviews
 * shows exactly that). Every page labels each of them "Sample review (sandbox)"; they are recorded as
 * source `sample`, which counts only while the Shopify emulator is in use, so they never show with a
 * real store; they are not verified buyers.
 *
 * A modest set of texts (below), each used for many rows: the figure needs 2,847 reviews, and nobody
 * is served by 2,847 invented stories. The texts are about using the product, never about a health
 * outcome (a disease claim would be held by moderation; tests/unit/sample-reviews.test.ts runs them
 * through it), and the low ones are as plain as the high ones.
 */
export type SampleReview = {
  /** Stable across starts: recording twice adds nothing (`sample:<n>`). */
  key: string;
  product: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  displayName: string;
  writtenAt: Date;
};

/** How many reviews give each number of stars: 2,847 in all, averaging 13,599 / 2,847 = 4.78 → 4.8. */
export const sampleStarCounts = { 5: 2391, 4: 341, 3: 71, 2: 23, 1: 21 } as const;

const texts: Record<SampleReview["rating"], readonly { title: string; body: string }[]> = {
  5: [
    {
      title: "Easy to make a habit",
      body: "Three capsules with breakfast and that is it. The bottle lasts the month, and the reorder arrived before I ran out.",
    },
    {
      title: "Clear label, no guessing",
      body: "I like that every ingredient and its amount is on the label and the Deep Dive explains the studies behind each one, including the ones that found nothing.",
    },
    {
      title: "Fits my training routine",
      body: "Been taking it daily through a full training block alongside sleep and diet changes. No stomach trouble with food, and the capsules are easy to swallow.",
    },
    {
      title: "Good with the test kit",
      body: "Did the finger-prick kit before starting so I have a baseline to compare against later. The instructions were simple and the results page was easy to read.",
    },
    {
      title: "Fast shipping",
      body: "Ordered on a Monday, shipped the next day. Packaging was plain and the bottle was sealed.",
    },
    {
      title: "Straight answers from support",
      body: "Asked whether I could take it with my usual multivitamin. Support told me to check the zinc total and ask my doctor, which was the honest answer.",
    },
  ],
  4: [
    {
      title: "Good, capsules are big",
      body: "Happy with it overall and I will keep going for the full cycle. The capsules are on the large side, so I take them one at a time with water.",
    },
    {
      title: "Worth a cycle",
      body: "Solid product and clear instructions. One star off because three capsules a day means a bottle goes fast.",
    },
    {
      title: "Does what it says on the label",
      body: "No surprises: the dose and the ingredients are what the site lists. I would like a smaller bottle option for travel.",
    },
  ],
  3: [
    {
      title: "Too early to tell",
      body: "Four weeks in and I cannot say much yet. The site says to give it six to eight weeks, so I will update then.",
    },
    {
      title: "Fine, not for me",
      body: "Nothing wrong with it, but taking it with the first meal does not fit my schedule, and I kept forgetting doses.",
    },
  ],
  2: [
    {
      title: "Did not notice a difference",
      body: "Took it every day for the full eight weeks and honestly did not feel any different. Shipping and packaging were fine.",
    },
  ],
  1: [
    {
      title: "Upset stomach",
      body: "Gave me an upset stomach even with food, so I stopped after a week and asked for a refund under the guarantee.",
    },
    {
      title: "Not for me",
      body: "Did not notice anything after a full bottle. It is not what I was hoping for.",
    },
  ],
};

/** The first sample's date; the rest follow, spread over the two years before SAMPLES_END. */
const SAMPLES_END = Date.UTC(2026, 10, 20);
const SPAN_MS = 730 * 86_400_000;

/** The 2,847 samples, always the same ones in the same order. */
export function sampleReviews(): SampleReview[] {
  const total = Object.values(sampleStarCounts).reduce((sum, count) => sum + count, 0);
  // Interleave the stars the way reviews arrive (not all five-star reviews first): each star's reviews
  // are spread evenly over the whole sequence.
  const slots: { rating: SampleReview["rating"]; at: number; nth: number }[] = [];
  for (const [star, count] of Object.entries(sampleStarCounts)) {
    for (let nth = 0; nth < count; nth += 1) {
      slots.push({ rating: Number(star) as SampleReview["rating"], at: (nth + 0.5) / count, nth });
    }
  }
  slots.sort((a, b) => a.at - b.at || b.rating - a.rating);
  return slots.map((slot, index) => {
    const pool = texts[slot.rating];
    const text = pool[slot.nth % pool.length] as { title: string; body: string };
    return {
      key: `sample:${String(index + 1).padStart(4, "0")}`,
      // The emulator's Enhancer (sandbox/shopify/seed.ts).
      product: `${brand.slug}-enhancer`,
      rating: slot.rating,
      title: text.title,
      body: text.body,
      displayName: `Sample shopper ${index + 1}`,
      writtenAt: new Date(SAMPLES_END - SPAN_MS + Math.round(((index + 1) / total) * SPAN_MS)),
    };
  });
}
