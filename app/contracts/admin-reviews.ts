/**
 * The back office's reviews (`/admin/reviews`, issue 18 item 3) as its component receives them: the held
 * queue and a filtered list, everything in words, built by app/server/admin/admin-reviews.server.ts.
 * Types and limits only (browser code imports it).
 */

export const ADMIN_REVIEW_STATUSES = ["published", "held", "rejected"] as const;
export type AdminReviewStatus = (typeof ADMIN_REVIEW_STATUSES)[number];
export type AdminReviewSource = "invited" | "imported" | "sample";

/** What the operator may write: a decision's reason, the brand's public reply, a search. */
export const ADMIN_REVIEW_LIMITS = { note: 500, reply: 1_000, search: 100 } as const;

export type AdminReview = {
  id: string;
  /** The Shopify product handle. */
  product: string;
  rating: number;
  title: string | null;
  body: string;
  displayName: string;
  verified: boolean;
  status: AdminReviewStatus;
  source: AdminReviewSource;
  /** When it was written (an imported one: the date the previous platform gives). */
  writtenAt: string;
  /** The rules that held it, in words (heldReasonLabels); empty when none did. */
  heldReasons: string[];
  /** Held reviews: how long it has waited for a person, "waiting 3 days"; null otherwise. */
  waiting: string | null;
  /** Held for more than two days: the page marks it. */
  overdue: boolean;
  /** Invited reviews: the order's number (null for imported and sample reviews). */
  orderNumber: number | null;
  /** The recorded decision on a held review: the reason, when, and who (null when not recorded). */
  moderation: { note: string; at: string | null; by: string | null } | null;
  /** The brand's public reply. */
  reply: { text: string; at: string | null } | null;
};

/** The list's filter, from the page's address (`?status=held&stars=1&product=…&q=…&page=2`). */
export type AdminReviewFilter = {
  status: AdminReviewStatus | null;
  stars: number | null;
  product: string | null;
  search: string | null;
  page: number;
};

export type AdminReviewsPage = {
  /** Held reviews, the longest waiting first (the first HELD_SHOWN of them). */
  held: AdminReview[];
  /** How many are held in all. */
  heldCount: number;
  filter: AdminReviewFilter;
  /** The filtered list, newest first. */
  reviews: AdminReview[];
  /** How many match the filter. */
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** The products that have reviews (handles), for the filter. */
  products: string[];
};

/** A refused form's message, shown next to its field on the review it belongs to. */
export type AdminReviewFormError = {
  reviewId: string | null;
  field: "note" | "reply" | "form";
  message: string;
  /** What the operator typed, shown again. */
  value: string;
};
