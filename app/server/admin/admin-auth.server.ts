import {
  createEmailLinkAuth,
  type EmailLinkAuth,
  type SignInLinkState,
} from "~/server/auth/email-link-auth.server";
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
 * ADMIN_EMAILS, then a session cookie, through the one sign-in-by-link module shoppers use too
 * (app/server/auth/email-link-auth.server.ts, decision 107). Every address gets the same answer; only a
 * listed one gets mail (through the outbox, like every e-mail).
 *
 * An address has at most one live link (sent, unused, unexpired): a request while one is live sends
 * nothing, so a burst of requests for the operator's address mails one link, to the operator, and
 * cannot spend, replace or block it (issue 38 item 3; docs/decisions/090). The sign-in page asks for a
 * link only once its answer is sent (admin.tsx), so no address answers sooner than another (item 4).
 */

export { hashSecret, newSecret, type SignInLinkState } from "~/server/auth/email-link-auth.server";

export const ADMIN_SIGN_IN = "admin_sign_in";
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 12 * 3_600_000;

export const adminSignInTemplate = defineEmailTemplate<AdminSignIn>({
  kind: ADMIN_SIGN_IN,
  payload: adminSignInPayload,
  render: renderAdminSignIn,
});

/** The advisory lock's first half while a link is made (the second: the address's hash). */
const SIGN_IN_LOCK_CLASS = 380_003;

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
  const sandboxOperator = deps.sandboxOperator ?? null;
  const listed = new Set(
    (sandboxOperator ? [sandboxOperator] : deps.adminEmails).map((e) => e.toLowerCase()),
  );
  const auth: EmailLinkAuth = createEmailLinkAuth({
    db: deps.db,
    outbox: deps.outbox,
    logger: deps.logger,
    audience: "admin",
    logAddress: true,
    tables: { links: adminLoginTokens, sessions: adminSessions },
    lockClass: SIGN_IN_LOCK_CLASS,
    linkTtlMs: SIGN_IN_LINK_TTL_MS,
    sessionTtlMs: SESSION_TTL_MS,
    mayUse: (email) => listed.has(email.trim().toLowerCase()),
    async enqueueLink(tx, { to, token, tokenHash }) {
      const payload: AdminSignIn = {
        signInUrl: `${deps.siteUrl}/admin/sign-in?token=${token}`,
        expiresInMinutes: SIGN_IN_LINK_TTL_MS / 60_000,
      };
      // Each link is its own message: the token's hash keeps it unique in the outbox.
      await deps.outbox.enqueue(tx, { kind: ADMIN_SIGN_IN, dedupeKey: tokenHash, to, payload });
    },
    now: deps.now,
  });
  return {
    sandboxOperator,
    mayUse: auth.mayUse,
    requestSignIn: auth.requestSignIn,
    linkState: auth.linkState,
    async signIn(token) {
      const session = await auth.signIn(token);
      return session ? { sessionId: session.sessionId, expiresAt: session.expiresAt } : null;
    },
    session: auth.session,
    signOut: auth.signOut,
  };
}
