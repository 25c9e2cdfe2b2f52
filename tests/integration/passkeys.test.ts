import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { shopperSignIn } from "./account-support";
import { formPoster, textOf } from "./order-pages-support";

/**
 * Issue 35 item 2's passkeys over HTTP (decision 116), with an authenticator made in the test
 * (node:crypto, ES256, "none" attestation): a signed-in shopper adds one; it signs in to the same
 * session as a link; a replayed challenge, another origin, a counter gone back, a removed passkey and
 * another account's passkey are refused; removing one signs the account's other devices out.
 */
let lastClient = 60;
const newClient = () => `203.0.113.${++lastClient}`;
const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
type Json = Record<string, unknown>;

describe.each(databaseTargets)("passkeys on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "1" },
  });
  const post = formPoster(shop, newClient);
  const page = async (cookie: string) =>
    textOf(await (await fetch(`${shop.origin}/account`, { headers: { cookie } })).text());

  /** A JSON call as the account page's script makes it. */
  async function call(path: string, body: Json, options: { cookie?: string; origin?: string } = {}) {
    const response = await fetch(`${shop.origin}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": CHROME_ON_LINUX,
        "x-forwarded-for": newClient(),
        origin: options.origin ?? shop.origin,
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Json, headers: response.headers };
  }
  const authenticator = () => new SoftwareAuthenticator(new URL(shop.origin).hostname, shop.origin);

  async function addPasskey(cookie: string, passkey = authenticator()) {
    const options = await call("/account/passkeys/register", { step: "options" }, { cookie });
    expect(options.status).toBe(200);
    const added = await call(
      "/account/passkeys/register",
      { step: "verify", response: passkey.register(options.json.options as Json) },
      { cookie },
    );
    expect(added.status).toBe(200);
    return { passkey, name: String((added.json.passkey as Json).name) };
  }

  const signInOptions = async () =>
    (await call("/account/passkeys/sign-in", { step: "options" })).json.options as Json;
  const signIn = (response: Json) =>
    call("/account/passkeys/sign-in", { step: "verify", response, next: "/account" });

  it("adds a passkey to the signed-in account with a challenge of its own, and signs in with it as with a link", async () => {
    const email = "passkey-pat@example.com";
    const cookie = await shopperSignIn(shop, post, email);
    expect((await call("/account/passkeys/register", { step: "options" })).status).toBe(401);

    const options = await call("/account/passkeys/register", { step: "options" }, { cookie });
    const creation = options.json.options as Json;
    expect(creation.rp).toMatchObject({ id: "127.0.0.1" });
    expect(creation.user).toMatchObject({ name: email });
    expect(creation.attestation).toBe("none");
    expect(creation.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    const passkey = authenticator();
    // Made for another page's origin: refused, and the challenge is spent.
    const foreign = passkey.register(creation, { origin: "https://evil.example" });
    const wrongOrigin = await call(
      "/account/passkeys/register",
      { step: "verify", response: foreign },
      { cookie },
    );
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.json.error).toBe("This passkey could not be added. Please try again.");
    const replayed = await call(
      "/account/passkeys/register",
      { step: "verify", response: passkey.register(creation) },
      { cookie },
    );
    expect(replayed.status).toBe(400);

    const { name: added } = await addPasskey(cookie, passkey);
    expect(added).toMatch(/^Chrome on Linux, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const listed = await page(cookie);
    expect(listed).toContain("Passkeys");
    expect(listed).toContain(added);
    expect(listed).toContain("Not used yet");

    // Another site's page cannot ask for a challenge.
    expect(
      (await call("/account/passkeys/sign-in", { step: "options" }, { origin: "https://evil.example" }))
        .status,
    ).toBe(403);
    const request = await signInOptions();
    expect(request.rpId).toBe("127.0.0.1");
    expect(request.userVerification).toBe("required");
    const answer = passkey.authenticate(request);
    const signedIn = await signIn(answer);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toEqual({ success: true, next: "/account" });
    const setCookie = signedIn.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^forge_account=[A-Za-z0-9_-]{43}; /);
    for (const attribute of ["HttpOnly", "SameSite=Lax", "Path=/"])
      expect(setCookie.split("; ")).toContain(attribute);
    const session = setCookie.split(";")[0] ?? "";
    const signedInPage = await page(session);
    expect(signedInPage).toContain(`Signed in as ${email}`);
    expect(signedInPage).toMatch(/Last used [A-Z][a-z]{2} \d{1,2}, \d{4}/);

    // The same answer again: its challenge was spent.
    expect((await signIn(answer)).status).toBe(400);
    // Another page's origin, with a fresh challenge.
    const elsewhere = passkey.authenticate(await signInOptions(), { origin: "https://evil.example" });
    expect((await signIn(elsewhere)).status).toBe(400);
    // A counter that goes back: a copied key. Refused.
    const copied = await signIn(passkey.authenticate(await signInOptions(), { counter: 1 }));
    expect(copied.status).toBe(400);
    expect(copied.json.error).toBe(
      "That passkey didn't sign you in. Try again, or e-mail yourself a sign-in link.",
    );
    expect(copied.headers.get("set-cookie")).toBeNull();
    // Signed out, the session the passkey opened ends like a link's.
    expect((await post("/account/sign-out", {}, { cookie: session })).status).toBe(303);
    expect(await page(session)).not.toContain("Signed in as");
  });

  it("signs no one in as another account, and a removed passkey no longer signs in and signs the other devices out", async () => {
    const alice = "passkey-alice@example.com";
    const bob = "passkey-bob@example.com";
    const aliceCookie = await shopperSignIn(shop, post, alice);
    const aliceElsewhere = await shopperSignIn(shop, post, alice);
    const bobCookie = await shopperSignIn(shop, post, bob);
    const { passkey: alicePasskey } = await addPasskey(aliceCookie);
    const { passkey: bobPasskey } = await addPasskey(bobCookie);

    // Bob's passkey, claiming to be Alice's account: refused.
    const claimed = bobPasskey.authenticate(await signInOptions(), { userHandle: alicePasskey.handle });
    expect((await signIn(claimed)).status).toBe(400);
    // Bob's passkey signs Bob in, never Alice.
    const asBob = await signIn(bobPasskey.authenticate(await signInOptions()));
    expect(asBob.status).toBe(200);
    const bobSession = (asBob.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const bobPage = await page(bobSession);
    expect(bobPage).toContain(`Signed in as ${bob}`);
    expect(bobPage).not.toContain(alice);

    // Bob cannot remove Alice's passkey.
    const aliceId = /name="passkey" value="([0-9a-f-]{36})"/.exec(
      await (await fetch(`${shop.origin}/account`, { headers: { cookie: aliceCookie } })).text(),
    )?.[1];
    expect(aliceId).toBeTruthy();
    const notHis = await post(
      "/account",
      { intent: "remove-passkey", passkey: aliceId ?? "" },
      { cookie: bobCookie },
    );
    expect(notHis.status).toBe(404);
    expect((await signIn(alicePasskey.authenticate(await signInOptions()))).status).toBe(200);

    // Alice removes it: it no longer signs in; her other device is signed out, this one is not.
    const removed = await post(
      "/account",
      { intent: "remove-passkey", passkey: aliceId ?? "" },
      { cookie: aliceCookie },
    );
    expect(removed.status).toBe(200);
    expect(textOf(await removed.text())).toContain("Passkey removed: it no longer signs in");
    expect(await page(aliceCookie)).toContain("No passkeys yet.");
    expect(await page(aliceElsewhere)).not.toContain("Signed in as");
    const afterRemoval = await signIn(alicePasskey.authenticate(await signInOptions()));
    expect(afterRemoval.status).toBe(400);
    expect(afterRemoval.headers.get("set-cookie")).toBeNull();
    // Bob's account is untouched.
    expect(await page(bobCookie)).toContain(`Signed in as ${bob}`);
  });
});
