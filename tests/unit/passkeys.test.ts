import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import { createPasskeys, PASSKEY_CHALLENGE_TTL_MS } from "~/server/accounts/passkeys.server";
import { createShopperAuth } from "~/server/accounts/shopper-auth.server";
import {
  passkeyChallenges,
  shopperPasskeys,
  shopperSessions,
  shopperSignInLinks,
  shoppers,
} from "~/server/db/schema";
import { recordingOutbox, useMemoryDatabase } from "../support/memory-database";
import { SoftwareAuthenticator } from "../support/software-authenticator";

/**
 * Decision 116's challenge rules on a real database (PGlite): a challenge answers within 5 minutes, for
 * its own purpose and its own account, once. The HTTP tests (tests/integration/passkeys.test.ts) cover
 * the ceremonies end to end.
 */
const logger = pino({ level: "silent" });
const SITE = "https://forge.example";

describe("passkey challenges", () => {
  const database = useMemoryDatabase();
  let clock: Date;
  const now = () => clock;

  beforeEach(async () => {
    clock = new Date("2026-11-28T12:00:00Z");
    for (const table of [passkeyChallenges, shopperPasskeys, shopperSessions, shopperSignInLinks, shoppers])
      await database.db.delete(table);
  });

  function services() {
    const { queued, outbox } = recordingOutbox();
    const auth = createShopperAuth({ db: database.db, outbox, logger, siteUrl: SITE, now });
    const passkeys = createPasskeys({
      db: database.db,
      logger,
      siteUrl: SITE,
      rpName: "Forge",
      openSession: auth.openSession,
      endOtherSessions: auth.endOtherSessions,
      now,
    });
    async function owner(email: string) {
      await auth.requestSignIn(email);
      const token = new URL(String(queued.at(-1)?.payload.signInUrl)).searchParams.get("token") ?? "";
      const session = await auth.signIn(token);
      const who = await auth.session(session?.sessionId ?? null);
      if (!who) throw new Error("no session");
      return who;
    }
    return { auth, passkeys, owner };
  }
  const authenticator = () => new SoftwareAuthenticator("forge.example", SITE);

  it("refuses an answer to a challenge older than 5 minutes, and to one made for another account", async () => {
    const { passkeys, owner } = services();
    const pat = await owner("pat@example.com");
    const sam = await owner("sam@example.com");
    const late = await passkeys.registrationOptions(pat);
    clock = new Date(clock.getTime() + PASSKEY_CHALLENGE_TTL_MS + 1_000);
    expect(await passkeys.register(pat, authenticator().register(late) as never, null)).toBeNull();
    const forSam = await passkeys.registrationOptions(sam);
    expect(await passkeys.register(pat, authenticator().register(forSam) as never, null)).toBeNull();
    // Spent by the refusal: Sam cannot use it either.
    expect(await passkeys.register(sam, authenticator().register(forSam) as never, null)).toBeNull();
    const inTime = await passkeys.registrationOptions(pat);
    clock = new Date(clock.getTime() + PASSKEY_CHALLENGE_TTL_MS - 1_000);
    expect(await passkeys.register(pat, authenticator().register(inTime) as never, null)).toMatchObject({
      name: "Passkey, Nov 28, 2026",
    });
  });

  it("refuses a challenge given for adding a passkey as one to sign in, and the other way round", async () => {
    const { passkeys, owner } = services();
    const pat = await owner("pat@example.com");
    const passkey = authenticator();
    const signInChallenge = await passkeys.signInOptions();
    expect(
      await passkeys.register(
        pat,
        passkey.register({ ...signInChallenge, user: { id: "x" } }) as never,
        null,
      ),
    ).toBeNull();
    expect(
      await passkeys.register(pat, passkey.register(await passkeys.registrationOptions(pat)) as never, null),
    ).not.toBeNull();
    const addChallenge = await passkeys.registrationOptions(pat);
    expect(await passkeys.signIn(passkey.authenticate(addChallenge) as never)).toBeNull();
    const session = await passkeys.signIn(passkey.authenticate(await passkeys.signInOptions()) as never);
    expect(session?.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await passkeys.list(pat.shopperId)).toEqual([
      expect.objectContaining({ lastUsedAt: clock, createdAt: clock }),
    ]);
  });
});
