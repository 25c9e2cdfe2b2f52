/**
 * Reviews' copy (issue 18): the moderation policy the site states in one sentence next to the reviews
 * (docs/decisions/081-review-moderation-by-rule.md), and the words for what the server decides.
 */

/** The moderation policy, in one sentence, shown next to the reviews. */
export const moderationPolicy =
  "We publish every review, good or bad, as soon as it is written, unless it contains profanity, personal details such as a phone number or e-mail address, a link, or a claim that the product treats or cures a disease; those wait until a person has checked them.";

/** Why a review was held, in the back office's words (the server's ModerationReason codes and the import's). */
export const heldReasonLabels = {
  profanity: "Profanity",
  personal_data: "Personal data (a phone number or e-mail address)",
  link: "A link",
  disease_claim: "A disease claim",
  hidden_before_import: "Hidden or marked as spam on the previous review platform",
} as const satisfies Record<string, string>;

/** What the site says where a rating would be, while no review is published. */
export const noReviewsYet = "No reviews yet";

/** The label every sample review carries while the sandbox is in use. */
export const sampleReviewLabel = "Sample review (sandbox)";
