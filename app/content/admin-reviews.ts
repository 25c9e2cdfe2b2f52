/**
 * The back office's reviews page copy (issue 18 item 3), apart from the site's reviews copy
 * (`./reviews`): the shop's pages never load it, and the bundle split keeps the two with their own
 * pages (decision 082).
 */
/** The back office's reviews page: what an operator's action did, and what it could not do. */
export const adminReviewsCopy = {
  outcomes: {
    published: "The review is published: it shows on the site and counts in the rating.",
    rejected: "The review is rejected: it is never shown. Your reason is recorded.",
    replied: "The reply is saved: it shows under the review.",
    reply_removed: "The reply is removed.",
  },
  notWaiting: "That review is not waiting for a decision (it may have been decided meanwhile).",
  notFound: "That review does not exist.",
  noneOnPage: "No reviews on this page.",
  noneMatch: "No review matches.",
} as const;
