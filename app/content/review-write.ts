/**
 * The write-a-review page's words (`/reviews/write/<token>`, issue 18 item 2; decision 083). Neutral on
 * purpose: the page asks for an honest review, good or bad, and offers nothing for it (16 CFR 465).
 */
export const reviewWritePage = {
  eyebrow: "Write a review",
  lead: "Tell other shoppers what you think, whatever your experience. Your honest review helps them decide.",
  formHeading: "Write your review",
  editHeading: "Change your review",
  labels: {
    rating: "Your rating",
    title: "Title",
    body: "Your review",
    displayName: "Name shown with your review",
  },
  hints: {
    title: "A few words that sum it up.",
    body: "What did you buy it for, how did you use it, and what did you notice?",
    displayName: "Shown with your review. We suggest your first name and last initial.",
  },
  verifiedNote: "Your review will carry a “Verified buyer” badge: it comes from your order.",
  submit: "Publish my review",
  submitEdit: "Save my changes",
  sending: "Sending…",
  thanksHeading: "Thank you for your review",
  readReviews: "Read reviews",
  published: "Your review is published.",
  held: "Your review is saved. It waits for a quick check by a person before it is published, because it contains something our posting rules ask us to look at.",
  editedPublished: "Your changes are saved and published.",
  editedHeld:
    "Your changes are saved. They wait for a quick check by a person before they are published, because they contain something our posting rules ask us to look at.",
  lockedHeading: "This review can no longer be changed",
  locked:
    "Reviews can be changed for 30 days after they are written. This is the review as it stands. If something in it must change, contact us.",
  expiredHeading: "This review link has expired",
  expired:
    "Review links work for 90 days. If you still want to review your order, contact us and we'll send you a fresh link.",
  invalidHeading: "This review link doesn't work",
  invalid:
    "The link may have been cut short or changed when it was copied. Open it again from the e-mail we sent you, or contact us and we'll send you a fresh one.",
  failedHeading: "We couldn't show this page",
} as const;
