import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { adminLoginTokens, adminSessions } from "~/server/db/schema";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import {
  type AdminSignIn,
  adminSignInPayload,
  renderAdminSignIn,
} from "~/server/mail/templates/admin-sign-in";
import type { Logger } from "~/server/runtime/logger.server";

/**
 * Signing in to the back office (`/admin`): an e-mailed, single-use link for the addresses in
 * ADMIN_EMAILS, then a session cookie. Tokens and session ids are random 256-bit values stored only as
 * SHA-256 hashes, so a copy of the database signs no one in. Every address gets the same answer; only a
 * listed one gets mail (through the outbox, like every e-mail). The link's page only reads on GET (mail
 * scanners fetch links): its button posts, and the post spends the token.
 *
 * An address has at most one live link (sent, unused, unexpired): a request while one is live sends
 * nothing, so a burst of requests for the operator's address mails one link, to the operator, and
 * cannot spend, replace or block it (issue 38 item 3; docs/decisions/090). The sign-in page asks for a
 * link only once its answer is sent (admin.tsx), so no address answers sooner than another (item 4).
 */

export const ADMIN_SIGN_IN = "admin_sign_in";
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 12 * 3_600_000;

export const adminSignInTemplate = defineEmailTemplate<AdminSignIn>({
  kind: ADMIN_SIGN_IN,
  payload: adminSignInPayload,
  render: renderAdminSignIn,
});

export const newSecret = () => randomBytes(32).toString("base64url");
export const hashSecret = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");
/** The advisory lock's first half while a link is made (the second: the address's hash). */
const SIGN_IN_LOCK_CLASS = 380_003;
/** Tokens and session ids are 43 base64url characters; anything else is not worth a query. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a sign-in link stands for now: ready to use, used, too old, or nothing. */
export type SignInLinkState = "valid" | "used" | "expired" | "invalid";
export type AdminSession = { email: string; expiresAt: Date };

export interface AdminAuth {
  /** The sandbox's operator address when it is the one that may sign in (sandbox-operator.server.ts). */
  readonly sandboxOperator: string | null;
  /** Whether this address may sign in (ADMIN_EMAILS, any letter case). */
  mayUse(email: string): boolean;
  /**
   * Queues a sign-in link for a listed address unless it has a live one; does nothing for any other.
   * Answers nothing on purpose; run it after the answer is sent, so its time tells no one anything.
   */
  requestSignIn(email: string): Promise<void>;
  /** Reads only: what the link's page shows. */
  linkState(token: string): Promise<SignInLinkState>;
  /** Spends the token (once, atomically) and opens a session; null when it cannot be used. */
  signIn(token: string): Promise<{ sessionId: string; expiresAt: Date } | null>;
  /** The session a cookie's value names, if it is still open and its address still listed. */
  session(sessionId: string | null): Promise<AdminSession | null>;
  signOut(sessionId: string | null): Promise<void>;
}

export type AdminAuthDeps = {
  db: Db;
  outbox: Outbox;
  logger: Logger;
  siteUrl: string;
  /** ADMIN_EMAILS, lower case. */
  adminEmails: readonly string[];
  /** Set (and then the only address that may sign in) in the whole sandbox without ADMIN_EMAILS. */
  sandboxOperator?: string | null;
  now?: () => Date;
};

export function createAdminAuth(deps: AdminAuthDeps): AdminAuth {
  const { db, outbox, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const sandboxOperator = deps.sandboxOperator ?? null;
  const listed = new Set(
    (sandboxOperator ? [sandboxOperator] : deps.adminEmails).map((e) => e.toLowerCase()),
  );
  const mayUse = (email: string) => listed.has(email.trim().toLowerCase());

  return {
    sandboxOperator,
    mayUse,
    async requestSignIn(email) {
      if (!mayUse(email)) {
        logger.info("admin sign-in asked for an address that may not sign in");
        return;
      }
      const address = email.trim().toLowerCase();
      const token = newSecret();
      const tokenHash = hashSecret(token);
      const at = now();
      const queued = await db.transaction(async (tx) => {
        // Requests for one address one at a time (a lock held to the commit), so of a burst only the
        // first finds no live link.
        await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_CLASS}::int, hashtext(${address}))`);
        const [live] = await tx
          .select({ tokenHash: adminLoginTokens.tokenHash })
          .from(adminLoginTokens)
          .where(
            and(
              eq(adminLoginTokens.email, address),
              isNull(adminLoginTokens.usedAt),
              gt(adminLoginTokens.expiresAt, at),
            ),
          )
          .limit(1);
        if (live) return false;
        await tx.insert(adminLoginTokens).values({
          tokenHash,
          email: address,
          expiresAt: new Date(at.getTime() + SIGN_IN_LINK_TTL_MS),
          createdAt: at,
        });
        const payload: AdminSignIn = {
          signInUrl: `${deps.siteUrl}/admin/sign-in?token=${token}`,
          expiresInMinutes: SIGN_IN_LINK_TTL_MS / 60_000,
        };
        // Each link is its own message: the token's hash keeps it unique in the outbox.
        await outbox.enqueue(tx, { kind: ADMIN_SIGN_IN, dedupeKey: tokenHash, to: email.trim(), payload });
        return true;
      });
      if (!queued) {
        logger.info("admin sign-in link not sent: the address has an unused one");
        return;
      }
      outbox.nudge();
      logger.info("admin sign-in link queued");
    },

    async linkState(token) {
      if (!SECRET_PATTERN.test(token)) return "invalid";
      const [row] = await db
        .select()
        .from(adminLoginTokens)
        .where(eq(adminLoginTokens.tokenHash, hashSecret(token)));
      if (!row) return "invalid";
      if (row.usedAt) return "used";
      return row.expiresAt.getTime() <= now().getTime() ? "expired" : "valid";
    },

    async signIn(token) {
      if (!SECRET_PATTERN.test(token)) return null;
      const at = now();
      // One statement: of two posts at once, only one finds the token unused.
      const [spent] = await db
        .update(adminLoginTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(adminLoginTokens.tokenHash, hashSecret(token)),
            isNull(adminLoginTokens.usedAt),
            gt(adminLoginTokens.expiresAt, at),
          ),
        )
        .returning({ email: adminLoginTokens.email });
      // Taken off the list since the link was sent: the link no longer signs in.
      if (!spent || !mayUse(spent.email)) return null;
      const sessionId = newSecret();
      const expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
      await db
        .insert(adminSessions)
        .values({ idHash: hashSecret(sessionId), email: spent.email, expiresAt, createdAt: at });
      // Old sessions and links are of no use to anyone: cleared as new ones are made.
      await db.delete(adminSessions).where(lt(adminSessions.expiresAt, at));
      await db
        .delete(adminLoginTokens)
        .where(lt(adminLoginTokens.expiresAt, new Date(at.getTime() - 86_400_000)));
      logger.info({ admin: spent.email }, "admin signed in");
      return { sessionId, expiresAt };
    },

    async session(sessionId) {
      if (!sessionId || !SECRET_PATTERN.test(sessionId)) return null;
      const [row] = await db
        .select()
        .from(adminSessions)
        .where(and(eq(adminSessions.idHash, hashSecret(sessionId)), gt(adminSessions.expiresAt, now())));
      if (!row || !mayUse(row.email)) return null;
      return { email: row.email, expiresAt: row.expiresAt };
    },

    async signOut(sessionId) {
      if (!sessionId || !SECRET_PATTERN.test(sessionId)) return;
      await db.delete(adminSessions).where(eq(adminSessions.idHash, hashSecret(sessionId)));
    },
  };
}
