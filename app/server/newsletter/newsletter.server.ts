import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { newsletterSubscribers } from "~/server/db/schema";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import {
  type NewsletterConfirmation,
  newsletterConfirmationPayload,
  renderNewsletterConfirmation,
} from "~/server/mail/templates/newsletter-confirmation";
import type { Logger } from "~/server/runtime/logger.server";

/**
 * The newsletter list: double opt-in (docs/decisions/040-newsletter.md, 063). A sign-up stores the
 * address as pending with its consent time and source page and e-mails a confirmation link (its token
 * stored only as a SHA-256 hash, valid 48 hours) and an unsubscribe link (its token stored only as a
 * SHA-256 hash too: decision 093). The same address, in any letter case, never makes a
 * second row, is sent a confirmation at most once per 10 minutes, and gets the same answer whatever its
 * state. The links in e-mails only read on GET (mail scanners fetch them): `confirmationState` and
 * `subscriptionState` read, `confirm` and `unsubscribe` (POST) write.
 */
export const NEWSLETTER_CONFIRMATION = "newsletter_confirmation";
export const CONFIRM_TOKEN_TTL_HOURS = 48;
export const RESEND_INTERVAL_MS = 10 * 60_000;

export const newsletterConfirmationTemplate = defineEmailTemplate<NewsletterConfirmation>({
  kind: NEWSLETTER_CONFIRMATION,
  payload: newsletterConfirmationPayload,
  render: renderNewsletterConfirmation,
});

export type ConfirmResult = "confirmed" | "expired" | "invalid";
/** What a confirmation link stands for now: waiting for its button, done, too old, or nothing. */
export type ConfirmationState = "pending" | ConfirmResult;
export type UnsubscribeResult = "unsubscribed" | "invalid";
/** What an unsubscribe link stands for now: an address still on the list, one taken off, or nothing. */
export type SubscriptionState = "subscribed" | UnsubscribeResult;

export interface Newsletter {
  /** Records the sign-up and queues the confirmation e-mail when one is due. Answers nothing on purpose. */
  subscribe(input: { email: string; sourcePage: string | null }): Promise<void>;
  /** Reads only: what the confirmation page shows for this token. */
  confirmationState(token: string): Promise<ConfirmationState>;
  /** Confirms; a token that already confirmed its (still subscribed) address answers "confirmed" again. */
  confirm(token: string): Promise<ConfirmResult>;
  /** Reads only: what the unsubscribe page shows for this token. */
  subscriptionState(unsubscribeToken: string): Promise<SubscriptionState>;
  unsubscribe(token: string): Promise<UnsubscribeResult>;
}

export type NewsletterDeps = { db: Db; outbox: Outbox; logger: Logger; siteUrl: string; now?: () => Date };

const newToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
/** Tokens are 43 base64url characters; anything else is not worth a query. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

export function createNewsletter(deps: NewsletterDeps): Newsletter {
  const { db, outbox, logger, siteUrl } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async subscribe({ email, sourcePage }) {
      const at = now();
      const confirmToken = newToken();
      // Only its hash is stored, so a link can be written only when its token is made: a re-sent
      // confirmation carries new links, which replace the last e-mail's (as the confirmation link does).
      const unsubscribeToken = newToken();
      // Identity is the whole address lower-cased (the database's email_canonical, unique): the cap
      // below holds for Jo@, jo@ and JO@ together. The e-mail goes to the address as typed.
      const sameSubscriber = eq(newsletterSubscribers.emailCanonical, sql`lower(${email}::text)`);
      const queued = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(newsletterSubscribers)
          .values({
            email,
            status: "pending",
            consentAt: at,
            sourcePage,
            confirmTokenHash: hashToken(confirmToken),
            confirmTokenExpiresAt: new Date(at.getTime() + CONFIRM_TOKEN_TTL_HOURS * 3_600_000),
            unsubscribeTokenHash: hashToken(unsubscribeToken),
            confirmationSentAt: at,
          })
          .onConflictDoNothing({ target: newsletterSubscribers.emailCanonical })
          .returning();
        let row = inserted[0];
        if (!row) {
          // Already on the list: lock the row so two sign-ups at once cannot both re-send.
          const [existing] = await tx
            .select()
            .from(newsletterSubscribers)
            .where(sameSubscriber)
            .for("update");
          if (!existing) return null;
          const recentlySent =
            existing.confirmationSentAt !== null &&
            at.getTime() - existing.confirmationSentAt.getTime() < RESEND_INTERVAL_MS;
          if (existing.status === "confirmed" || recentlySent) return null;
          [row] = await tx
            .update(newsletterSubscribers)
            .set({
              // The confirmation goes where this sign-up asked, and so do later e-mails once confirmed.
              email,
              status: "pending",
              consentAt: at,
              sourcePage,
              confirmTokenHash: hashToken(confirmToken),
              confirmTokenExpiresAt: new Date(at.getTime() + CONFIRM_TOKEN_TTL_HOURS * 3_600_000),
              unsubscribeTokenHash: hashToken(unsubscribeToken),
              confirmationSentAt: at,
              unsubscribedAt: null,
              updatedAt: at,
            })
            .where(eq(newsletterSubscribers.id, existing.id))
            .returning();
          if (!row) return null;
        }
        const payload: NewsletterConfirmation = {
          confirmUrl: `${siteUrl}/newsletter/confirm?token=${confirmToken}`,
          unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe?token=${unsubscribeToken}`,
          expiresInHours: CONFIRM_TOKEN_TTL_HOURS,
        };
        return outbox.enqueue(tx, {
          kind: NEWSLETTER_CONFIRMATION,
          // One message per confirmation round: a re-send after 10 minutes is a new message.
          dedupeKey: `${row.id}:${at.toISOString()}`,
          to: email,
          payload,
        });
      });
      if (queued) {
        logger.info({ subscriber: "queued" }, "newsletter confirmation queued");
        outbox.nudge();
      }
    },

    async confirmationState(token) {
      if (!TOKEN_PATTERN.test(token)) return "invalid";
      const [row] = await db
        .select({
          status: newsletterSubscribers.status,
          expiresAt: newsletterSubscribers.confirmTokenExpiresAt,
        })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)));
      return row ? confirmationStateOf(row, now()) : "invalid";
    },

    async confirm(token) {
      if (!TOKEN_PATTERN.test(token)) return "invalid";
      const at = now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)))
          .for("update");
        if (!row) return "invalid";
        const state = confirmationStateOf({ status: row.status, expiresAt: row.confirmTokenExpiresAt }, at);
        if (state !== "pending") return state;
        // The hash stays, so the link keeps saying "You're subscribed" (a reload, a second click); it
        // can do nothing more: it is replaced by a re-sign-up's new link and cleared by an unsubscribe.
        await tx
          .update(newsletterSubscribers)
          .set({ status: "confirmed", confirmedAt: at, confirmTokenExpiresAt: null, updatedAt: at })
          .where(eq(newsletterSubscribers.id, row.id));
        return "confirmed";
      });
    },

    async subscriptionState(token) {
      if (!TOKEN_PATTERN.test(token)) return "invalid";
      const [row] = await db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.unsubscribeTokenHash, hashToken(token)));
      if (!row) return "invalid";
      return row.status === "unsubscribed" ? "unsubscribed" : "subscribed";
    },

    async unsubscribe(token) {
      if (!TOKEN_PATTERN.test(token)) return "invalid";
      const at = now();
      const updated = await db
        .update(newsletterSubscribers)
        .set({
          status: "unsubscribed",
          // Keep the first time: a second click changes nothing.
          unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${at.toISOString()}::timestamptz)`,
          confirmTokenHash: null,
          confirmTokenExpiresAt: null,
          updatedAt: at,
        })
        .where(eq(newsletterSubscribers.unsubscribeTokenHash, hashToken(token)))
        .returning({ id: newsletterSubscribers.id });
      return updated.length > 0 ? "unsubscribed" : "invalid";
    },
  };
}

/** A confirmation token's row → what its link stands for at `at`. */
function confirmationStateOf(row: { status: string; expiresAt: Date | null }, at: Date): ConfirmationState {
  if (row.status === "confirmed") return "confirmed";
  if (row.status !== "pending") return "invalid";
  if (!row.expiresAt || row.expiresAt.getTime() < at.getTime()) return "expired";
  return "pending";
}
