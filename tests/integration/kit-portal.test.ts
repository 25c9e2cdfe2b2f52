import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { mailsTo } from "./checkout-harness";
import { ADULT, kitPortal } from "./kit-portal-support";
import { adminSignIn, formPoster, textOf } from "./order-pages-support";

/**
 * Issue 35 items 1-3 over HTTP: the back office makes a batch of kit IDs (CSV to print) and marks it
 * shipped; a shopper signs in by an e-mailed single-use link (no password) and registers a kit at
 * /results/register: the check character caught before any lookup, 18 or over, consent on its own, one
 * registration per kit, no word about other kits; the date of birth is not in the database in the clear.
 */
const ADMIN = "ops@forge.example";
let lastClient = 40;
const newClient = () => `203.0.113.${++lastClient}`;

describe.each(databaseTargets)("kit portal on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "1" },
  });
  const post = formPoster(shop, newClient);
  const { get, accountLinkIn, shopperSignIn, batchOfKits, register } = kitPortal(shop, post, ADMIN);

  it("signs a shopper in by a single-use link, with a Lax HttpOnly cookie, and back where they were going", async () => {
    const email = "pat@example.com";
    const asked = await post("/account", { email, next: "/results/register" });
    expect(asked.headers.get("cache-control")).toBe("no-store");
    const [mail] = await shop.emulators.mail.waitFor((all) => mailsTo(all, email).length === 1);
    expect(mail?.subject).toBe("Your Forge sign-in link");
    const link = accountLinkIn(mail?.text ?? null);
    expect(link).toMatch(/&next=\/results\/register$/);
    // Mail scanners fetch links: GET spends nothing.
    const page = await get(link);
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
    const first = await post(link, {});
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/results/register");
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^forge_account=[A-Za-z0-9_-]{43}; /);
    for (const attribute of ["HttpOnly", "SameSite=Lax", "Path=/"])
      expect(cookie.split("; ")).toContain(attribute);
    const again = await post(link, {});
    expect(again.status).toBe(410);
    expect(textOf(await again.text())).toContain("This link has been used");
    const session = cookie.split(";")[0] ?? "";
    expect(textOf(await (await get("/account", session)).text())).toContain(`Signed in as ${email}`);
    // Signing out ends the session in the database.
    expect((await post("/account/sign-out", {}, { cookie: session })).status).toBe(303);
    expect(textOf(await (await get("/account", session)).text())).not.toContain("Signed in as");
  });

  it("sends a visitor who is not signed in to sign in first, and refuses a post from another site", async () => {
    const page = await get("/results/register");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/account?next=%2Fresults%2Fregister");
    const cookie = await shopperSignIn("quinn@example.com");
    const foreign = await post(
      "/results/register",
      { kitId: "x" },
      { cookie, origin: "https://evil.example" },
    );
    expect([400, 403]).toContain(foreign.status);
  });

  it("registers a shipped kit once; a typo, an unknown, an unshipped or a taken ID gets a clear message and nothing more", async () => {
    const shipped = await batchOfKits(2);
    const unshipped = await batchOfKits(1, false);
    const [kit, other] = shipped.kits as [string, string];
    const alice = await shopperSignIn("alice@example.com");
    const bob = await shopperSignIn("bob@example.com");

    // One symbol changed: the check character catches it before any lookup.
    const typo = kit.slice(0, 3) + (kit[3] === "A" ? "B" : "A") + kit.slice(4);
    const typed = await register(alice, { kitId: typo });
    expect(typed.status).toBe(400);
    expect(textOf(await typed.text())).toContain("This kit ID has a typing mistake");

    const unknown = await register(alice, { kitId: "7K3M-Q9TX-2HWD" });
    const notShipped = await register(alice, { kitId: unshipped.kits[0] ?? "" });
    const [unknownText, notShippedText] = [textOf(await unknown.text()), textOf(await notShipped.text())];
    expect(unknownText).toContain("We can't find a kit with this ID");
    expect(notShippedText).toContain("We can't find a kit with this ID");
    expect(notShipped.status).toBe(unknown.status);

    // Lower case, spaces: read as printed.
    const done = await register(alice, { kitId: kit.toLowerCase().replace(/-/g, " ") });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/results/register?registered=${kit}`);
    const listed = textOf(await (await get(done.headers.get("location") ?? "", alice)).text());
    expect(listed).toContain(`Kit ${kit} is registered to your account`);
    expect(listed).not.toContain(other);

    const taken = await register(bob, { kitId: kit });
    expect(taken.status).toBe(400);
    const takenText = textOf(await taken.text());
    expect(takenText).toContain("This kit is already registered");
    expect(takenText).not.toContain("alice");
    expect(textOf(await (await get("/results/register", bob)).text())).not.toContain(kit);

    // The back office sees the state, never the date of birth.
    const admin = await adminSignIn(shop, post, ADMIN);
    const batchPage = textOf(await (await get(`/admin/kits/${shipped.id}`, admin)).text());
    expect(batchPage).toMatch(new RegExp(`${kit}\\s*Registered`));
    expect(batchPage).not.toContain("1984");
  });

  it("registers no tester under 18, and only with the consent ticked", async () => {
    const { kits } = await batchOfKits(1);
    const kit = kits[0] ?? "";
    const cookie = await shopperSignIn("young@example.com");
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const young = await register(cookie, { kitId: kit, dateOfBirth: seventeen });
    expect(young.status).toBe(400);
    expect(textOf(await young.text())).toContain("only be registered for a tester aged 18 or over");
    const noConsent = await post("/results/register", { kitId: kit, dateOfBirth: ADULT }, { cookie });
    expect(noConsent.status).toBe(400);
    expect(textOf(await noConsent.text())).toContain("agree that we receive and store its result");
    const badDate = await register(cookie, { kitId: kit, dateOfBirth: "1984-02-30" });
    expect(textOf(await badDate.text())).toContain("Enter the tester's date of birth");
    expect((await register(cookie, { kitId: kit })).status).toBe(303);
  });

  it("keeps the date of birth sealed at rest: the raw rows hold no plaintext", async () => {
    const { kits } = await batchOfKits(1);
    const kit = kits[0] ?? "";
    const cookie = await shopperSignIn("sealed@example.com");
    expect((await register(cookie, { kitId: kit, dateOfBirth: "1971-08-09" })).status).toBe(303);
    const compact = kit.replace(/-/g, "");
    const rows = await shop.store.query<Record<string, unknown>>(
      "select * from kit_registrations where kit_id = $1",
      [compact],
    );
    expect(rows).toHaveLength(1);
    const raw = JSON.stringify(rows);
    expect(raw).not.toMatch(/1971|08-09|0809/);
    expect(String(rows[0]?.date_of_birth_sealed)).toMatch(
      /^hd1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
    );
    expect(rows[0]?.consent_version).toBeTruthy();
  });
});
