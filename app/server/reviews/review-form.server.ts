import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { PurchasableItem } from "~/content/catalog";
import {
  REVIEW_BODY_MIN,
  REVIEW_EDIT_DAYS,
  type ReviewFormPage,
  type ReviewFormValues,
  type ReviewSaved,
} from "~/contracts/review-form";
import { REVIEW_LIMITS } from "~/contracts/reviews";
import type { Db } from "~/server/db/client.server";
import { orders, reviews } from "~/server/db/schema";
import { hasControlCharacter } from "~/server/text-input.server";
import { displayNameOf } from "./import.server";
import { EDITED_AFTER_REJECTION, moderate } from "./moderation";
import type { ReviewLinks } from "./review-link.server";
import { reviewableProducts } from "./reviewable-products.server";
import type { Reviews } from "./reviews.server";

/**
 * The write-a-review form's server side (issue 18 item 2; decision 083): the signed link names the
 * order and the product, so the review it records is `verified` and `invited` by the server, never by
 * anything the form sends. One review per product per order (the table's unique index): the first post
 * records it through the moderation rules; a later post from the same link within REVIEW_EDIT_DAYS of
 * the first changes it, and the rules run again while a person's decision stays in force
 * (`moderationOfEdit`); after that it can no longer be changed.
 */

const DAY_MS = 86_400_000;

/** The form's fields, in the words the page shows beside each. */
export const reviewInput = z.object({
  rating: z
    .string()
    .regex(/^[1-5]$/, { message: "Choose a rating from 1 to 5 stars." })
    .transform(Number),
  title: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.title, { message: `Keep it under ${REVIEW_LIMITS.title} characters.` })
    .refine((value) => !hasControlCharacter(value), { message: "Use letters, not special characters." }),
  body: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.body, {
      message: `Keep it under ${REVIEW_LIMITS.body.toLocaleString("en-US")} characters.`,
    })
    .refine((value) => value.length >= REVIEW_BODY_MIN, {
      message: `Write at least ${REVIEW_BODY_MIN} characters.`,
    })
    .refine((value) => !hasControlCharacter(value, true), { message: "Remove the special characters." }),
  displayName: z
    .string()
    .trim()
    .min(1, { message: "Enter the name to show with your review." })
    .max(REVIEW_LIMITS.displayName, {
      message: `Keep it under ${REVIEW_LIMITS.displayName} characters.`,
    })
    .refine((value) => !hasControlCharacter(value), { message: "Use letters, not special characters." }),
});

export type ReviewInput = z.output<typeof reviewInput>;

/** Where a link leads: the page, or why there is none (404 forged, 410 expired). */
export type ReviewLinkPage = ReviewFormPage | { kind: "not_found" } | { kind: "expired" };

export type SubmitOutcome =
  | { kind: "saved"; saved: ReviewSaved }
  | { kind: "locked" }
  | { kind: "not_found" }
  | { kind: "expired" };

export interface ReviewForm {
  page(token: string): Promise<ReviewLinkPage>;
  submit(token: string, input: ReviewInput): Promise<SubmitOutcome>;
}

export type ReviewFormDeps = {
  db: Db;
  links: Pick<ReviewLinks, "verify">;
  reviews: Pick<Reviews, "record" | "invalidate">;
  itemOf: (variantId: string) => PurchasableItem | undefined;
  now?: () => Date;
};

type ReviewRow = typeof reviews.$inferSelect;

const valuesOf = (row: ReviewRow): ReviewFormValues => ({
  rating: String(row.rating),
  title: row.title ?? "",
  body: row.body,
  displayName: row.displayName,
});

/**
 * What an edit does to the review's standing (issue 38 item 1, decision 089): a person's decision stays
 * in force. The rules read the new words; then
 * - a review a person rejected goes back to the queue, whatever the rules say, for a person to decide
 *   again (never published by the author's edit);
 * - a review a person published after the rules held it stays published, with that decision, as long
 *   as the rules find nothing the person did not see: a finding not in the words they published holds
 *   it again, as a new question for a person;
 * - otherwise (no person has decided) the rules decide, as for a new review.
 */
function moderationOfEdit(row: ReviewRow, input: ReviewInput) {
  const verdict = moderate(input);
  const undecided = {
    status: verdict.status,
    heldReasons: verdict.reasons as string[],
    moderationNote: null,
    moderatedAt: null,
    moderatedBy: null,
  };
  if (row.status === "rejected") {
    return {
      ...undecided,
      status: "held" as const,
      heldReasons: [...verdict.reasons, EDITED_AFTER_REJECTION],
    };
  }
  if (row.status === "published" && row.moderatedAt !== null) {
    const seen = new Set(moderate(row).findings.map(({ reason, match }) => `${reason}\u0000${match}`));
    const unseen = verdict.findings.some(({ reason, match }) => !seen.has(`${reason}\u0000${match}`));
    if (!unseen) {
      return {
        status: "published" as const,
        heldReasons: row.heldReasons,
        moderationNote: row.moderationNote,
        moderatedAt: row.moderatedAt,
        moderatedBy: row.moderatedBy,
      };
    }
    return { ...undecided, status: "held" as const };
  }
  return undecided;
}

const dayOf = (date: Date) =>
  date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

export function createReviewForm(deps: ReviewFormDeps): ReviewForm {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const editableUntil = (row: ReviewRow) => new Date(row.createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

  /** The link's order and product, and the review already written from it. */
  async function open(token: string) {
    const link = deps.links.verify(token);
    if (link.status === "invalid") return { kind: "not_found" } as const;
    if (link.status === "expired") return { kind: "expired" } as const;
    const [order] = await db.select().from(orders).where(eq(orders.id, link.orderId));
    const product = order
      ? reviewableProducts(order.lines, deps.itemOf).find((candidate) => candidate.handle === link.product)
      : undefined;
    // A link for an order since deleted, or a product the order does not hold: nothing to review.
    if (!order || !product) return { kind: "not_found" } as const;
    const [existing] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.product, product.handle), eq(reviews.orderId, order.id)));
    return { kind: "open", order, product, existing } as const;
  }

  /** Changes the review (decision 089); null when it can no longer be changed. */
  async function edit(first: ReviewRow, input: ReviewInput): Promise<ReviewSaved | null> {
    let row: ReviewRow | undefined = first;
    // Written only over the status as it was read: a decision an operator made meanwhile is read again.
    for (let attempt = 0; row && attempt < 3; attempt += 1) {
      const at = now();
      if (editableUntil(row) <= at) return null;
      const moderation = moderationOfEdit(row, input);
      const changed = await db
        .update(reviews)
        .set({
          rating: input.rating,
          title: input.title || null,
          body: input.body,
          displayName: input.displayName,
          ...moderation,
          publishedAt: moderation.status === "published" ? (row.publishedAt ?? at) : null,
          updatedAt: at,
        })
        // An operator's decision always changes the status (held to published or rejected).
        .where(and(eq(reviews.id, row.id), eq(reviews.status, row.status)))
        .returning({ id: reviews.id });
      if (changed.length > 0) {
        // The published set may have changed either way (published now, or held again).
        deps.reviews.invalidate();
        return { status: moderation.status, edited: true };
      }
      [row] = await db.select().from(reviews).where(eq(reviews.id, row.id));
    }
    return null;
  }

  return {
    async page(token) {
      const opened = await open(token);
      if (opened.kind !== "open") return opened;
      const { order, product, existing } = opened;
      if (existing && editableUntil(existing) <= now())
        return { kind: "locked", product, values: valuesOf(existing) };
      return {
        kind: "form",
        product,
        orderNumber: order.orderNumber,
        mode: existing ? "edit" : "new",
        values: existing
          ? valuesOf(existing)
          : {
              rating: "",
              title: "",
              body: "",
              displayName: order.customerName ? displayNameOf(order.customerName) : "",
            },
        editableUntil: existing ? dayOf(editableUntil(existing)) : null,
      };
    },

    async submit(token, input) {
      const opened = await open(token);
      if (opened.kind !== "open") return opened;
      const { order, product } = opened;
      let existing = opened.existing;
      if (!existing) {
        const recorded = await deps.reviews.record({
          product: product.handle,
          orderId: order.id,
          rating: input.rating,
          title: input.title,
          body: input.body,
          displayName: input.displayName,
          // From the signed link: this order bought this product.
          verified: true,
          source: "invited",
        });
        if (recorded.outcome === "added")
          return { kind: "saved", saved: { status: recorded.status, edited: false } };
        // Another post of the same link got there first: this one changes it.
        [existing] = await db
          .select()
          .from(reviews)
          .where(and(eq(reviews.product, product.handle), eq(reviews.orderId, order.id)));
        if (!existing) throw new Error("review neither recorded nor found");
      }
      const saved = await edit(existing, input);
      return saved ? { kind: "saved", saved } : { kind: "locked" };
    },
  };
}
