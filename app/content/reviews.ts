/**
 * Reviews' copy (issue 18): the moderation policy the site states in one sentence next to the reviews
 * (docs/decisions/081-review-moderation-by-rule.md), and the words for what the server decides.
 */

/**
 * The moderation policy, in one sentence, shown next to the reviews: when a review waits, and that it is
 * rejected only for breaking one of those rules, never for its rating (16 CFR 465.7; decision 081).
 */
export const moderationPolicy =
  "We publish every review, good or bad, as soon as it is written, unless it contains profanity, personal details such as a phone number or e-mail address, a link, or a claim that the product treats or cures a disease: such a review waits for a person, who publishes it, or rejects it only if it does break one of those rules, never for its stars or its tone.";

/** Why a review was held, in the back office's words (the server's ModerationReason codes and the import's). */
export const heldReasonLabels = {
  profanity: "Profanity",
  personal_data: "Personal data (a phone number or e-mail address)",
  link: "A link",
  disease_claim: "A disease claim",
  hidden_before_import: "Hidden or marked as spam on the previous review platform",
  edited_after_rejection: "Edited by its author after it was rejected",
} as const satisfies Record<string, string>;

/** What the site says where a rating would be, while no review is published. */
export const noReviewsYet = "No reviews yet";

/** The label every sample review carries while the sandbox is in use. */
export const sampleReviewLabel = "Sample review (sandbox)";

const policyHeading = "How we moderate reviews";

/** The `/reviews` page's words (issue 18 item 4). */
export const reviewsPage = {
  /** "All published reviews": a held or rejected review is in neither the list nor the average (issue 32). */
  lead: `What customers say, good and bad: all published reviews, as written, with the average computed from all published reviews. When a review waits for a person, and why one can be rejected, is under “${policyHeading}”.`,
  outOf: (average: string) => `${average} out of 5`,
  basedOn: (count: string, one: boolean) => `Based on ${count} ${one ? "review" : "reviews"}`,
  distributionHeading: "Reviews by rating",
  starsLabel: (stars: number) => `${stars} ${stars === 1 ? "star" : "stars"}`,
  ratedLabel: (stars: number) => `Rated ${stars} out of 5`,
  filterLabel: "Filter by rating",
  allStars: "All",
  sortLabel: "Sort by",
  sorts: { newest: "Newest", helpful: "Most helpful" },
  listHeading: "Customer reviews",
  showing: (from: string, to: string, total: string) => `Showing ${from}–${to} of ${total}`,
  noneWithStars: (stars: number) => `No ${stars === 1 ? "1-star" : `${stars}-star`} reviews yet.`,
  showAll: "Show all reviews",
  verified: "Verified buyer",
  reply: (brandName: string) => `Reply from ${brandName}`,
  helpful: "Helpful",
  voted: "Thanks, you found this helpful.",
  pagination: "Review pages",
  previous: "Previous",
  next: "Next",
  pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
  policyHeading,
  writeNote: "Bought from us? We e-mail you a link to review each product after your order ships.",
} as const;
