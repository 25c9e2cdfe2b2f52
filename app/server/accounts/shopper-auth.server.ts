import { eq } from "drizzle-orm";
import { createEmailLinkAuth, type SignInLinkState } from "~/server/auth/email-link-auth.server";
import type { Db } from "~/server/db/client.server";
import { shopperSessions, shopperSignInLinks, shoppers } from "~/server/db/schema";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import {
  type AccountSignIn,
  accountSignInPayload,
  renderAccountSignIn,
} from "~/server/mail/templates/account-sign-in";
import type { Logger } from "~/server/runtime/logger.server";

/**
 * A shopper's account with no password (issue 35 item 2): an e-mail address signs in by a single-use
 * link, the back office's mechanism (app/server/auth/email-link-auth.server.ts, decision 107). Any
 * address may ask; the account is made when its first link is used, so an address that never opens its
 * mail has no account. Sessions last 7 days; the address is never written to the log.
 */

export const ACCOUNT_SIGN_IN = "account_sign_in";
export const ACCOUNT_LINK_TTL_MS = 15 * 60_000;
export const ACCOUNT_SESSION_TTL_MS = 7 * 24 * 3_600_000;
const ACCOUNT_SIGN_IN_LOCK_CLASS = 380_035;

export const accountSignInTemplate = defineEmailTemplate<AccountSignIn>({
  kind: ACCOUNT_SIGN_IN,
  payload: accountSignInPayload,
  render: renderAccountSignIn,
});

/** Where a sign-in may lead once done: the account's own pages, nothing a link could point elsewhere. */
export const ACCOUNT_DESTINATIONS = [
  "/account",
  "/results",
  "/results/register",
  "/account/subscription",
  "/account/subscription/cancel",
] as const;
export type AccountDestination = (typeof ACCOUNT_DESTINATIONS)[number];
export const destinationOf = (value: string | null | undefined): AccountDestination =>
  (ACCOUNT_DESTINATIONS as readonly string[]).includes(value ?? "")
    ? (value as AccountDestination)
    : "/account";

export type ShopperSession = { shopperId: string; email: string; expiresAt: Date };

export interface ShopperAuth {
  /** Queues a link unless the address has a live one. Run it after the answer is sent. */
  requestSignIn(email: string, next?: AccountDestination): Promise<void>;
  linkState(token: string): Promise<SignInLinkState>;
  signIn(token: string): Promise<{ sessionId: string; expiresAt: Date } | null>;
  session(sessionId: string | null): Promise<ShopperSession | null>;
  signOut(sessionId: string | null): Promise<void>;
  /** A session for an account a passkey proved (decision 116): the same as a link's. */
  openSession(email: string, how: string): Promise<{ sessionId: string; expiresAt: Date }>;
  /** Every session of the account but `keep` ends (a passkey was removed). */
  endOtherSessions(email: string, keep: string | null): Promise<void>;
}

export type ShopperAuthDeps = { db: Db; outbox: Outbox; logger: Logger; siteUrl: string; now?: () => Date };

export function createShopperAuth(deps: ShopperAuthDeps): ShopperAuth {
  const { db } = deps;
  const auth = createEmailLinkAuth({
    db,
    outbox: deps.outbox,
    logger: deps.logger,
    audience: "shopper",
    logAddress: false,
    tables: { links: shopperSignInLinks, sessions: shopperSessions },
    lockClass: ACCOUNT_SIGN_IN_LOCK_CLASS,
    linkTtlMs: ACCOUNT_LINK_TTL_MS,
    sessionTtlMs: ACCOUNT_SESSION_TTL_MS,
    mayUse: () => true,
    async enqueueLink(tx, { to, token, tokenHash, next: destination }) {
      const next = destination && destination !== "/account" ? `&next=${destination}` : "";
      const payload: AccountSignIn = {
        signInUrl: `${deps.siteUrl}/account/sign-in?token=${token}${next}`,
        expiresInMinutes: ACCOUNT_LINK_TTL_MS / 60_000,
      };
      await deps.outbox.enqueue(tx, { kind: ACCOUNT_SIGN_IN, dedupeKey: tokenHash, to, payload });
    },
    async onSignIn(email, at) {
      await db
        .insert(shoppers)
        .values({ email, createdAt: at, lastSignInAt: at })
        .onConflictDoUpdate({ target: shoppers.email, set: { lastSignInAt: at } });
    },
    now: deps.now,
  });

  return {
    ...auth,
    requestSignIn: (email, next = "/account") => auth.requestSignIn(email, next),
    async signIn(token) {
      const session = await auth.signIn(token);
      return session ? { sessionId: session.sessionId, expiresAt: session.expiresAt } : null;
    },
    async session(sessionId) {
      const session = await auth.session(sessionId);
      if (!session) return null;
      const [shopper] = await db
        .select({ id: shoppers.id })
        .from(shoppers)
        .where(eq(shoppers.email, session.email));
      return shopper ? { shopperId: shopper.id, email: session.email, expiresAt: session.expiresAt } : null;
    },
  };
}
