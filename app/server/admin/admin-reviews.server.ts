import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { heldReasonLabels } from "~/content/reviews";
import {
  ADMIN_REVIEW_LIMITS,
  ADMIN_REVIEW_STATUSES,
  type AdminReview,
  type AdminReviewFilter,
  type AdminReviewFormError,
  type AdminReviewSource,
  type AdminReviewStatus,
  type AdminReviewsPage,
} from "~/contracts/admin-reviews";
import type { Db } from "~/server/db/client.server";
import { orders, reviews } from "~/server/db/schema";
import type { Reviews } from "~/server/reviews/reviews.server";

/**
 * The back office's reviews (issue 18 item 3; docs/decisions/081-review-moderation-by-rule.md): the held
 * reviews first, the longest waiting first and with how long, then every review, filtered and paged; and
 * the operator's decisions, each with a reason and who made it, through the reviews service (which
 * publishes or rejects only a held review, and clears the rating's cache when it publishes).
 */

export const REVIEWS_PER_PAGE = 20;
/** The queue shows this many at once; the heading says how many wait in all. */
export const HELD_SHOWN = 50;
/** A held review waiting longer than this is marked on the page. */
const OVERDUE_MS = 2 * 86_400_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface AdminReviews {
  list(filter: AdminReviewFilter): Promise<AdminReviewsPage>;
  /** How many reviews wait for a person (the back office's navigation shows it). */
  heldCount(): Promise<number>;
  /** Carries out a checked action as the signed-in operator `by`; "not_found" when it cannot apply. */
  act(action: AdminReviewAction, by: string): Promise<AdminReviewOutcome>;
}

export type AdminReviewsDeps = {
  db: Db;
  reviews: Pick<Reviews, "publish" | "reject" | "reply">;
  now?: () => Date;
};

// ---------------------------------------------------------------------------------------------------
// What the page's address and forms may say

/** The list's filter from the page's address; anything unreadable is simply no filter. */
export function parseReviewFilter(params: URLSearchParams): AdminReviewFilter {
  const status = params.get("status");
  const stars = Number(params.get("stars"));
  const product = params.get("product") ?? "";
  const search = (params.get("q") ?? "").trim().slice(0, ADMIN_REVIEW_LIMITS.search);
  const page = Number(params.get("page") ?? "1");
  return {
    status: ADMIN_REVIEW_STATUSES.includes(status as AdminReviewStatus)
      ? (status as AdminReviewStatus)
      : null,
    stars: Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null,
    product: product.length <= 100 && HANDLE.test(product) ? product : null,
    search: search || null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

const reviewId = z.string().regex(UUID, "That review does not exist.");
const note = z
  .string()
  .trim()
  .min(1, "Write the reason for your decision: it is recorded.")
  .max(ADMIN_REVIEW_LIMITS.note, `Keep the reason under ${ADMIN_REVIEW_LIMITS.note} characters.`);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), reviewId, note }),
  z.object({ intent: z.literal("reject"), reviewId, note }),
  z.object({
    intent: z.literal("reply"),
    reviewId,
    reply: z
      .string()
      .trim()
      .min(1, "Write the reply, or remove it.")
      .max(ADMIN_REVIEW_LIMITS.reply, `Keep the reply under ${ADMIN_REVIEW_LIMITS.reply} characters.`),
  }),
  z.object({ intent: z.literal("remove-reply"), reviewId }),
]);

export type AdminReviewAction = z.infer<typeof actionSchema>;
export type AdminReviewOutcome = "published" | "rejected" | "replied" | "reply_removed" | "not_found";

export function parseReviewAction(
  fields: URLSearchParams,
): { ok: true; action: AdminReviewAction } | { ok: false; error: AdminReviewFormError } {
  const intent = fields.get("intent") ?? "";
  const raw = {
    intent,
    reviewId: fields.get("reviewId") ?? "",
    note: fields.get("note") ?? "",
    reply: fields.get("reply") ?? "",
  };
  const parsed = actionSchema.safeParse(raw);
  if (parsed.success) return { ok: true, action: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === "note" ? "note" : issue?.path[0] === "reply" ? "reply" : "form";
  return {
    ok: false,
    error: {
      reviewId: UUID.test(raw.reviewId) ? raw.reviewId : null,
      field,
      message: field === "form" && issue?.path[0] !== "reviewId" ? "Unknown action." : (issue?.message ?? ""),
      value: field === "note" ? raw.note : field === "reply" ? raw.reply : "",
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The list

/** How long a held review has waited for a person, in the page's words. */
export function waitingFor(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return "waiting less than an hour";
  if (hours < 24) return `waiting ${hours} hour${hours === 1 ? "" : "s"}`;
  const days = Math.floor(hours / 24);
  return `waiting ${days} day${days === 1 ? "" : "s"}`;
}

const labelOf = (code: string) =>
  code in heldReasonLabels ? heldReasonLabels[code as keyof typeof heldReasonLabels] : code;

/**
 * When a review joined the queue: when it was written, except an imported one, whose written date is
 * the old platform's; it joined when it was imported (its last update, as nothing else changes a held
 * imported review but a reply).
 */
const queuedAt = sql<Date>`case when ${reviews.source} = 'imported' then ${reviews.updatedAt} else ${reviews.createdAt} end`;

const columns = {
  id: reviews.id,
  product: reviews.product,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  displayName: reviews.displayName,
  verified: reviews.verified,
  status: reviews.status,
  source: reviews.source,
  heldReasons: reviews.heldReasons,
  moderationNote: reviews.moderationNote,
  moderatedAt: reviews.moderatedAt,
  moderatedBy: reviews.moderatedBy,
  reply: reviews.reply,
  replyAt: reviews.replyAt,
  createdAt: reviews.createdAt,
  queuedAt,
  orderNumber: orders.orderNumber,
};

const selectReviews = (db: Db) =>
  db.select(columns).from(reviews).leftJoin(orders, eq(orders.id, reviews.orderId));
type Row = Awaited<ReturnType<typeof selectReviews>>[number];

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toReview(row: Row, now: Date): AdminReview {
  const held = row.status === "held";
  // A raw SQL expression comes back as the driver gives it (a string on some drivers).
  const waited = now.getTime() - new Date(row.queuedAt).getTime();
  return {
    id: row.id,
    product: row.product,
    rating: row.rating,
    title: row.title,
    body: row.body,
    displayName: row.displayName,
    verified: row.verified,
    status: row.status as AdminReviewStatus,
    source: row.source as AdminReviewSource,
    writtenAt: row.createdAt.toISOString(),
    heldReasons: row.heldReasons.map(labelOf),
    waiting: held ? waitingFor(Math.max(0, waited)) : null,
    overdue: held && waited > OVERDUE_MS,
    orderNumber: row.orderNumber,
    moderation: row.moderationNote
      ? { note: row.moderationNote, at: iso(row.moderatedAt), by: row.moderatedBy }
      : null,
    reply: row.reply ? { text: row.reply, at: iso(row.replyAt) } : null,
  };
}

/** `%` and `_` in what the operator searches for are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

function whereOf(filter: AdminReviewFilter): SQL | undefined {
  const pattern = filter.search ? likePattern(filter.search) : null;
  return and(
    filter.status ? eq(reviews.status, filter.status) : undefined,
    filter.stars ? eq(reviews.rating, filter.stars) : undefined,
    filter.product ? eq(reviews.product, filter.product) : undefined,
    pattern
      ? or(ilike(reviews.body, pattern), ilike(reviews.title, pattern), ilike(reviews.displayName, pattern))
      : undefined,
  );
}

export function createAdminReviews(deps: AdminReviewsDeps): AdminReviews {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const select = () => selectReviews(db);

  async function heldCount() {
    const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, "held"));
    return Number(row?.n ?? 0);
  }

  return {
    heldCount,

    async list(filter) {
      const where = whereOf(filter);
      const [held, waiting, page, [matching], products] = await Promise.all([
        select().where(eq(reviews.status, "held")).orderBy(asc(queuedAt), asc(reviews.id)).limit(HELD_SHOWN),
        heldCount(),
        select()
          .where(where)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(REVIEWS_PER_PAGE + 1)
          .offset((filter.page - 1) * REVIEWS_PER_PAGE),
        db.select({ n: count() }).from(reviews).where(where),
        db.selectDistinct({ product: reviews.product }).from(reviews).orderBy(asc(reviews.product)),
      ]);
      const at = now();
      return {
        held: held.map((row) => toReview(row, at)),
        heldCount: waiting,
        filter,
        reviews: page.slice(0, REVIEWS_PER_PAGE).map((row) => toReview(row, at)),
        total: Number(matching?.n ?? 0),
        hasPrevious: filter.page > 1,
        hasNext: page.length > REVIEWS_PER_PAGE,
        products: products.map((row) => row.product),
      };
    },

    async act(action, by) {
      switch (action.intent) {
        case "publish":
          return (await deps.reviews.publish(action.reviewId, action.note, by)) ? "published" : "not_found";
        case "reject":
          return (await deps.reviews.reject(action.reviewId, action.note, by)) ? "rejected" : "not_found";
        case "reply":
          return (await deps.reviews.reply(action.reviewId, action.reply)) ? "replied" : "not_found";
        case "remove-reply":
          return (await deps.reviews.reply(action.reviewId, null)) ? "reply_removed" : "not_found";
      }
    },
  };
}
