/**
 * The write-a-review page (`/reviews/write/<token>`, issue 18 item 2; decision 083): what the server
 * hands the page. No zod here: the page's component imports this module (the schema is in
 * app/server/reviews/review-form.server.ts).
 */

/** How long after writing it a review can be changed from its link. */
export const REVIEW_EDIT_DAYS = 30;
/** The fewest characters a review's text may have. */
export const REVIEW_BODY_MIN = 10;

export type ReviewFormValues = { rating: string; title: string; body: string; displayName: string };

export type ReviewFormProduct = { handle: string; name: string };

export type ReviewFormPage =
  | {
      kind: "form";
      product: ReviewFormProduct;
      orderNumber: number;
      /** "edit": a review of this product from this order exists and can still be changed. */
      mode: "new" | "edit";
      values: ReviewFormValues;
      /** Until when an existing review can be changed (a day, in words); null for a new one. */
      editableUntil: string | null;
    }
  | {
      kind: "locked";
      product: ReviewFormProduct;
      values: ReviewFormValues;
    };

/** What the form's post answers once the review is stored. */
export type ReviewSaved = { status: "published" | "held"; edited: boolean };
