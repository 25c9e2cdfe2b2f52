import { createHash } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { passkeyChallenges, shopperPasskeys, shoppers } from "~/server/db/schema";
import type { Logger } from "~/server/runtime/logger.server";
import { passkeyName } from "./passkey-name";

/**
 * Passkeys, a shopper's second way in (issue 35 item 2, decision 116), with SimpleWebAuthn. The store
 * gives out a challenge, kept server-side (a hash of it), single-use and good for 5 minutes; the
 * browser's answer is checked against it, against the site's own origin and RP ID (PUBLIC_SITE_URL),
 * and against the credential's public key and signature counter. User verification is required. A
 * passkey that signs in opens the same session as a link (shopper-auth.server.ts).
 */

export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
type Purpose = "register" | "sign-in";

export type PasskeySummary = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };
export type PasskeyOwner = { shopperId: string; email: string };

export interface Passkeys {
  registrationOptions(owner: PasskeyOwner): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** Keeps the new passkey; null when the answer does not hold. */
  register(
    owner: PasskeyOwner,
    response: RegistrationResponseJSON,
    userAgent: string | null,
  ): Promise<PasskeySummary | null>;
  signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The session a passkey opens; null when the answer does not hold. */
  signIn(response: AuthenticationResponseJSON): Promise<{ sessionId: string; expiresAt: Date } | null>;
  list(shopperId: string): Promise<PasskeySummary[]>;
  /** Removes one of the owner's passkeys and ends the account's other sessions; false if none was. */
  remove(owner: PasskeyOwner, id: string, currentSessionId: string | null): Promise<boolean>;
}

export type PasskeysDeps = {
  db: Db;
  logger: Logger;
  /** PUBLIC_SITE_URL: its origin is the one expected, its host name the RP ID. */
  siteUrl: string;
  rpName: string;
  openSession(email: string, how: string): Promise<{ sessionId: string; expiresAt: Date }>;
  endOtherSessions(email: string, keep: string | null): Promise<void>;
  now?: () => Date;
};

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");
/** The WebAuthn user handle: the account's random id, never the address. */
export const userHandleOf = (shopperId: string) => Buffer.from(shopperId, "utf8").toString("base64url");

/** The challenge the browser signed, from its client data (checked again by the library). */
function challengeIn(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    return typeof challenge === "string" && challenge.length <= 256 ? challenge : null;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createPasskeys(deps: PasskeysDeps): Passkeys {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const site = new URL(deps.siteUrl);
  const rp = { origin: site.origin, id: site.hostname };

  async function keepChallenge(challenge: string, purpose: Purpose, shopperId: string | null) {
    const at = now();
    await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, at));
    await db.insert(passkeyChallenges).values({
      challengeHash: sha256(challenge),
      purpose,
      shopperId,
      expiresAt: new Date(at.getTime() + PASSKEY_CHALLENGE_TTL_MS),
      createdAt: at,
    });
  }

  /** Deletes the challenge (one statement: of two answers with it, one finds it); true if it was ours. */
  async function spendChallenge(clientDataJSON: string, purpose: Purpose, shopperId: string | null) {
    const challenge = challengeIn(clientDataJSON);
    if (!challenge) return null;
    const [row] = await db
      .delete(passkeyChallenges)
      .where(eq(passkeyChallenges.challengeHash, sha256(challenge)))
      .returning();
    const fits =
      row &&
      row.purpose === purpose &&
      row.shopperId === shopperId &&
      row.expiresAt.getTime() > now().getTime();
    return fits ? challenge : null;
  }

  const refused = (what: string, reason: string) => {
    logger.info({ reason }, `passkey ${what} refused`);
    return null;
  };

  const summary = (row: typeof shopperPasskeys.$inferSelect): PasskeySummary => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  });

  return {
    async registrationOptions(owner) {
      const existing = await db
        .select({ id: shopperPasskeys.credentialId, transports: shopperPasskeys.transports })
        .from(shopperPasskeys)
        .where(eq(shopperPasskeys.shopperId, owner.shopperId));
      const options = await generateRegistrationOptions({
        rpName: deps.rpName,
        rpID: rp.id,
        userName: owner.email,
        userDisplayName: owner.email,
        userID: new Uint8Array(Buffer.from(owner.shopperId, "utf8")),
        attestationType: "none",
        excludeCredentials: existing,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      await keepChallenge(options.challenge, "register", owner.shopperId);
      return options;
    },

    async register(owner, response, userAgent) {
      const challenge = await spendChallenge(response.response.clientDataJSON, "register", owner.shopperId);
      if (!challenge) return refused("registration", "unknown, used or expired challenge");
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch (error) {
        return refused("registration", error instanceof Error ? error.message : "not verified");
      }
      if (!verified.verified) return refused("registration", "not verified");
      const { credential } = verified.registrationInfo;
      const at = now();
      const [row] = await db
        .insert(shopperPasskeys)
        .values({
          shopperId: owner.shopperId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: passkeyName(userAgent, at),
          createdAt: at,
        })
        .onConflictDoNothing({ target: shopperPasskeys.credentialId })
        .returning();
      if (!row) return refused("registration", "credential already kept");
      logger.info("shopper added a passkey");
      return summary(row);
    },

    async signInOptions() {
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: "required",
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      await keepChallenge(options.challenge, "sign-in", null);
      return options;
    },

    async signIn(response) {
      const challenge = await spendChallenge(response.response.clientDataJSON, "sign-in", null);
      if (!challenge) return refused("sign-in", "unknown, used or expired challenge");
      const [found] = await db
        .select({ passkey: shopperPasskeys, email: shoppers.email })
        .from(shopperPasskeys)
        .innerJoin(shoppers, eq(shoppers.id, shopperPasskeys.shopperId))
        .where(eq(shopperPasskeys.credentialId, response.id));
      if (!found) return refused("sign-in", "no such passkey");
      const { passkey } = found;
      // The account the authenticator names must be the passkey's own.
      const handle = response.response.userHandle;
      if (handle !== undefined && handle !== userHandleOf(passkey.shopperId))
        return refused("sign-in", "user handle of another account");
      let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        });
      } catch (error) {
        return refused("sign-in", error instanceof Error ? error.message : "not verified");
      }
      if (!verified.verified) return refused("sign-in", "not verified");
      // The counter moves only forward; of two answers at once, one moves it.
      const [used] = await db
        .update(shopperPasskeys)
        .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now() })
        .where(and(eq(shopperPasskeys.id, passkey.id), eq(shopperPasskeys.counter, passkey.counter)))
        .returning({ id: shopperPasskeys.id });
      if (!used) return refused("sign-in", "counter changed meanwhile");
      const session = await deps.openSession(found.email, "by passkey");
      return { sessionId: session.sessionId, expiresAt: session.expiresAt };
    },

    async list(shopperId) {
      const rows = await db
        .select()
        .from(shopperPasskeys)
        .where(eq(shopperPasskeys.shopperId, shopperId))
        .orderBy(asc(shopperPasskeys.createdAt));
      return rows.map(summary);
    },

    async remove(owner, id, currentSessionId) {
      if (!UUID.test(id)) return false;
      const removed = await db
        .delete(shopperPasskeys)
        .where(and(eq(shopperPasskeys.id, id), eq(shopperPasskeys.shopperId, owner.shopperId)))
        .returning({ id: shopperPasskeys.id });
      if (removed.length === 0) return false;
      // A passkey is removed when its device is lost or passed on: that device is signed out too.
      await deps.endOtherSessions(owner.email, currentSessionId);
      logger.info("shopper removed a passkey");
      return true;
    },
  };
}
