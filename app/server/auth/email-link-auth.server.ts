import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import type { SignInLinkTable, SignInSessionTable } from "~/server/db/schema";
import type { Outbox } from "~/server/mail/outbox.server";
import type { Logger } from "~/server/runtime/logger.server";

/**
 * Sign-in by an e-mailed, single-use link, then a session cookie: the one mechanism the back office and
 * the shoppers' accounts share (decision 107, generalising decision 090's). Tokens and session ids are
 * random 256-bit values stored only as SHA-256 hashes, so a copy of the database signs no one in. The
 * link's page only reads on GET (mail scanners fetch links): its button posts, and the post spends the
 * token.
 *
 * An address has at most one live link (sent, unused, unexpired): a request while one is live sends
 * nothing, so a burst of requests mails one link, to the address's owner, and cannot spend, replace or
 * block it. Who may ask is the caller's rule (`mayUse`): the back office's allow-list, or any address.
 */

export const newSecret = () => randomBytes(32).toString("base64url");
export const hashSecret = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");
/** Tokens and session ids are 43 base64url characters; anything else is not worth a query. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What a sign-in link stands for now: ready to use, used, too old, or nothing. */
export type SignInLinkState = "valid" | "used" | "expired" | "invalid";
export type LinkSession = { email: string; expiresAt: Date };
export type OpenedSession = { sessionId: string; email: string; expiresAt: Date };

export interface EmailLinkAuth {
  /** Whether this address may sign in. */
  mayUse(email: string): boolean;
  /**
   * Queues a sign-in link for an address that may sign in unless it has a live one; does nothing for any
   * other; `next` is handed to the e-mail (where the link leads). Answers nothing on purpose; run it after the answer is sent, so its time tells no one anything.
   */
  requestSignIn(email: string, next?: string): Promise<void>;
  /** Reads only: what the link's page shows. */
  linkState(token: string): Promise<SignInLinkState>;
  /** Spends the token (once, atomically) and opens a session; null when it cannot be used. */
  signIn(token: string): Promise<OpenedSession | null>;
  /**
   * Opens a session for an address another way has proved (a passkey, decision 116): the same session,
   * cookie and sign-in hook as a link's. `how` is said in the log line.
   */
  openSession(email: string, how: string): Promise<OpenedSession>;
  /** Ends every session of the address but `keep` (a passkey was removed: decision 116). */
  endOtherSessions(email: string, keep: string | null): Promise<void>;
  /** The session a cookie's value names, if it is still open and its address may still sign in. */
  session(sessionId: string | null): Promise<LinkSession | null>;
  signOut(sessionId: string | null): Promise<void>;
}

export type EmailLinkAuthDeps = {
  db: Db;
  outbox: Outbox;
  logger: Logger;
  /** Who signs in, in the log's words ("admin", "shopper"). */
  audience: string;
  /** Whether the sign-in's log line names the address (staff: yes; shoppers: never). */
  logAddress: boolean;
  tables: { links: SignInLinkTable; sessions: SignInSessionTable };
  /** The advisory lock's first half while a link is made (the second: the address's hash). */
  lockClass: number;
  linkTtlMs: number;
  sessionTtlMs: number;
  mayUse(email: string): boolean;
  /** Queues the e-mail carrying the link, in the transaction that records it. */
  enqueueLink(tx: Db, input: { to: string; token: string; tokenHash: string; next?: string }): Promise<void>;
  /** Runs once a link is spent, before the session opens (the shopper's account is made here). */
  onSignIn?(email: string, at: Date): Promise<void>;
  now?: () => Date;
};

export function createEmailLinkAuth(deps: EmailLinkAuthDeps): EmailLinkAuth {
  const { db, outbox, logger, audience, mayUse } = deps;
  const { links, sessions } = deps.tables;
  const now = deps.now ?? (() => new Date());

  async function openSession(email: string, how: string, at: Date): Promise<OpenedSession> {
    await deps.onSignIn?.(email, at);
    const sessionId = newSecret();
    const expiresAt = new Date(at.getTime() + deps.sessionTtlMs);
    await db.insert(sessions).values({ idHash: hashSecret(sessionId), email, expiresAt, createdAt: at });
    // Old sessions are of no use to anyone: cleared as new ones are made.
    await db.delete(sessions).where(lt(sessions.expiresAt, at));
    if (deps.logAddress) logger.info({ [audience]: email }, `${audience} signed in ${how}`);
    else logger.info(`${audience} signed in ${how}`);
    return { sessionId, email, expiresAt };
  }

  return {
    mayUse,
    async requestSignIn(email, next) {
      if (!mayUse(email)) {
        logger.info(`${audience} sign-in asked for an address that may not sign in`);
        return;
      }
      const address = email.trim().toLowerCase();
      const token = newSecret();
      const tokenHash = hashSecret(token);
      const at = now();
      const queued = await db.transaction(async (tx) => {
        // Requests for one address one at a time (a lock held to the commit), so of a burst only the
        // first finds no live link.
        await tx.execute(sql`select pg_advisory_xact_lock(${deps.lockClass}::int, hashtext(${address}))`);
        const [live] = await tx
          .select({ tokenHash: links.tokenHash })
          .from(links)
          .where(and(eq(links.email, address), isNull(links.usedAt), gt(links.expiresAt, at)))
          .limit(1);
        if (live) return false;
        await tx.insert(links).values({
          tokenHash,
          email: address,
          expiresAt: new Date(at.getTime() + deps.linkTtlMs),
          createdAt: at,
        });
        await deps.enqueueLink(tx, { to: email.trim(), token, tokenHash, next });
        return true;
      });
      if (!queued) {
        logger.info(`${audience} sign-in link not sent: the address has an unused one`);
        return;
      }
      outbox.nudge();
      logger.info(`${audience} sign-in link queued`);
    },

    async linkState(token) {
      if (!SECRET_PATTERN.test(token)) return "invalid";
      const [row] = await db
        .select()
        .from(links)
        .where(eq(links.tokenHash, hashSecret(token)));
      if (!row) return "invalid";
      if (row.usedAt) return "used";
      return row.expiresAt.getTime() <= now().getTime() ? "expired" : "valid";
    },

    async signIn(token) {
      if (!SECRET_PATTERN.test(token)) return null;
      const at = now();
      // One statement: of two posts at once, only one finds the token unused.
      const [spent] = await db
        .update(links)
        .set({ usedAt: at })
        .where(and(eq(links.tokenHash, hashSecret(token)), isNull(links.usedAt), gt(links.expiresAt, at)))
        .returning({ email: links.email });
      // No longer allowed since the link was sent: the link no longer signs in.
      if (!spent || !mayUse(spent.email)) return null;
      await db.delete(links).where(lt(links.expiresAt, new Date(at.getTime() - 86_400_000)));
      return openSession(spent.email, "by link", at);
    },

    openSession: (email, how) => openSession(email, how, now()),

    async endOtherSessions(email, keep) {
      const kept = keep && SECRET_PATTERN.test(keep) ? hashSecret(keep) : "";
      await db.delete(sessions).where(and(eq(sessions.email, email), ne(sessions.idHash, kept)));
    },

    async session(sessionId) {
      if (!sessionId || !SECRET_PATTERN.test(sessionId)) return null;
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.idHash, hashSecret(sessionId)), gt(sessions.expiresAt, now())));
      if (!row || !mayUse(row.email)) return null;
      return { email: row.email, expiresAt: row.expiresAt };
    },

    async signOut(sessionId) {
      if (!sessionId || !SECRET_PATTERN.test(sessionId)) return;
      await db.delete(sessions).where(eq(sessions.idHash, hashSecret(sessionId)));
    },
  };
}
