import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { eventually, mailsTo, sleep } from "./checkout-harness";
import { buyOrder, formPoster, linkIn, refuseSync, textOf } from "./order-pages-support";

/**
 * Issue 16 item 7 over HTTP: the back office's sign-in (the same answer for every address, mail only
 * to a listed one, a link that signs in once and dies after 15 minutes, the session cookie's
 * attributes), the order list behind it, "Retry sync", and the guards: Origin and rate limits.
 * TRUST_PROXY_HOPS=1 lets each test speak from its own client address (X-Forwarded-For), so the
 * per-client limits of one test do not reach another.
 */
const ADMIN = "ops@forge.example";
const SENT =
  "If that address may sign in, a link is on its way, unless an unused one is already in its inbox. Each link works once, for 15 minutes.";
let lastClient = 10;
const newClient = () => `203.0.113.${++lastClient}`;

/** The visible text of the order list's row for one order. */
function rowOf(html: string, orderNumber: number): string {
  const start = html.indexOf(`data-order="${orderNumber}"`);
  return start < 0 ? "" : textOf(html.slice(start, html.indexOf("</tr>", start)));
}

/**
 * A foreign Origin is refused by React Router itself (400) before the action runs; the action's own
 * check (403) also refuses `Sec-Fetch-Site: cross-site` and an Origin React Router lets through.
 */
const expectRefused = (status: number) => expect([400, 403]).toContain(status);

describe.each(databaseTargets)("back office on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { ADMIN_EMAILS: `${ADMIN},second@forge.example`, TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "1" },
  });

  const post = formPoster(shop, newClient);
  const get = (path: string, cookie?: string) =>
    fetch(path.startsWith("http") ? path : `${shop.origin}${path}`, {
      redirect: "manual",
      headers: cookie ? { cookie } : {},
    });
  const askForLink = (email: string, client?: string) => post("/admin", { email }, { client });
  const linksTo = (email: string) =>
    mailsTo(shop.emulators.mail.messages(), email).map((mail) =>
      linkIn(mail.text, shop.origin, "/admin/sign-in?token="),
    );
  /** Asks for a link for `email` and answers the new one (the mail emulator keeps every earlier one). */
  const signInLink = async (email: string) => {
    const before = new Set(linksTo(email));
    expect((await askForLink(email)).status).toBe(200);
    return eventually(() => {
      const fresh = linksTo(email).find((link) => !before.has(link));
      if (!fresh) throw new Error(`no new sign-in link for ${email}`);
      return fresh;
    });
  };
  const signIn = async (email = ADMIN) => {
    const response = await post(await signInLink(email), {});
    expect(response.status).toBe(303);
    const cookie = response.headers.get("set-cookie") ?? "";
    return cookie.split(";")[0] ?? "";
  };

  it("gives any address the same answer and status, and mails a link only to a listed one", async () => {
    const unknown = await askForLink("stranger@example.com");
    const listed = await askForLink("OPS@forge.example");
    expect(unknown.status).toBe(200);
    expect(listed.status).toBe(unknown.status);
    const [unknownText, listedText] = [textOf(await unknown.text()), textOf(await listed.text())];
    expect(unknownText).toContain(SENT);
    expect(listedText).toBe(unknownText);
    expect(unknown.headers.get("cache-control")).toBe("no-store");
    const [mail] = await shop.emulators.mail.waitFor((all) => mailsTo(all, "OPS@forge.example").length === 1);
    expect(mail?.subject).toBe("Your Forge back-office sign-in link");
    const link = linkIn(mail?.text ?? null, shop.origin, "/admin/sign-in?token=");
    await sleep(500);
    expect(mailsTo(shop.emulators.mail.messages(), "stranger@example.com")).toHaveLength(0);
    // Spent, so the next test's request makes a new one (one live link per address: decision 090).
    expect((await post(link, {})).status).toBe(303);
  });

  it("signs in once with the link (GET spends nothing), with a strict HttpOnly Secure cookie on /admin", async () => {
    const link = await signInLink(ADMIN);
    for (let scan = 0; scan < 2; scan++) {
      const page = await get(link);
      expect(page.status).toBe(200);
      expect(page.headers.get("set-cookie")).toBeNull();
      expect(textOf(await page.text())).toContain("Press the button to sign in");
    }
    const first = await post(link, {});
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/admin/orders");
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^forge_admin=[A-Za-z0-9_-]{43}; /);
    for (const attribute of ["HttpOnly", "SameSite=Strict", "Path=/admin", "Secure"])
      expect(cookie.split("; ")).toContain(attribute);
    expect(cookie).toMatch(/Max-Age=(43200|4319\d)/);

    const again = await post(link, {});
    expect(again.status).toBe(410);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(textOf(await again.text())).toContain("This link has been used");
    expect((await get("/admin/orders", cookie.split(";")[0])).status).toBe(200);
  });

  it("refuses a link after its 15 minutes", async () => {
    const link = await signInLink("second@forge.example");
    const token = new URL(link).searchParams.get("token") ?? "";
    await shop.store.query(
      "update admin_login_tokens set expires_at = now() - interval '1 second' where email = $1 and used_at is null",
      ["second@forge.example"],
    );
    expect(textOf(await (await get(link)).text())).toContain("This link has expired");
    const refused = await post(link, {});
    expect(refused.status).toBe(410);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect((await post(`/admin/sign-in?token=${token.slice(0, -1)}x`, {})).status).toBe(404);
  });

  it("lists orders only to a signed-in operator, and signing out ends the session", async () => {
    expect((await get("/admin/orders")).status).toBe(302);
    expect((await get("/admin/orders")).headers.get("location")).toBe("/admin");
    expect((await get("/admin/orders", "forge_admin=made-up")).status).toBe(302);
    const { orderNumber } = await buyOrder(shop, "listed.buyer@example.com");
    const cookie = await signIn();
    const list = await get("/admin/orders", cookie);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const html = await list.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    const row = rowOf(html, orderNumber);
    expect(row).toContain(`#${orderNumber}`);
    expect(row).toContain("listed.buyer@example.com");
    expect(row).toContain("Paid");
    expect(row).toContain("Sent");

    const out = await post("/admin/sign-out", {}, { cookie });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toMatch(/^forge_admin=; .*Max-Age=0/);
    expect((await get("/admin/orders", cookie)).status).toBe(302);
  });

  it("retries a failed Shopify sync: the retry wakes the sync and the row comes to say Sent", async () => {
    const { sessionId, orderNumber } = await buyOrder(shop, "retry.buyer@example.com");
    await refuseSync(shop, sessionId, 4, "Shopify refused the order: variant not found");
    const cookie = await signIn();
    const html = await (await get("/admin/orders", cookie)).text();
    expect(rowOf(html, orderNumber)).toContain("Failed after 4 attempts");
    expect(rowOf(html, orderNumber)).toContain("Shopify refused the order: variant not found");
    const syncId = /name="syncId" value="([0-9a-f-]{36})"/.exec(
      html.slice(html.indexOf(`data-order="${orderNumber}"`)),
    )?.[1];
    expect(syncId).toBeDefined();

    const foreign = await post(
      "/admin/orders",
      { intent: "retry-sync", syncId: syncId as string },
      {
        cookie,
        origin: "https://evil.example",
      },
    );
    expectRefused(foreign.status);
    const retried = await post(
      "/admin/orders",
      { intent: "retry-sync", syncId: syncId as string, page: "1" },
      { cookie },
    );
    expect(retried.status).toBe(303);
    expect(retried.headers.get("location")).toBe("/admin/orders?page=1&retried=1");
    // The retry made it due and woke the sync, which finds the order Shopify already holds (or makes
    // it): the row says sent, with the Shopify order's name.
    await eventually(async () => {
      const after = rowOf(await (await get("/admin/orders", cookie)).text(), orderNumber);
      expect(after).toMatch(/Sent · #\d+/);
      expect(after).not.toContain("Shopify refused the order");
    }, 30_000);
    // Without a session the same post changes nothing.
    expect((await post("/admin/orders", { intent: "retry-sync", syncId: syncId as string })).status).toBe(
      302,
    );
  });

  it("refuses a cross-origin POST on every form, sending nothing and spending no link", async () => {
    const before = mailsTo(shop.emulators.mail.messages(), ADMIN).length;
    const foreign = await post("/admin", { email: ADMIN }, { origin: "https://evil.example" });
    expectRefused(foreign.status);
    const crossSite = await fetch(`${shop.origin}/admin`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
        "x-forwarded-for": newClient(),
      },
      body: new URLSearchParams({ email: ADMIN }),
    });
    expect(crossSite.status).toBe(403);
    const link = await signInLink(ADMIN);
    expectRefused((await post(link, {}, { origin: "https://evil.example" })).status);
    expect((await post(link, {})).status).toBe(303);
    await sleep(300);
    expect(mailsTo(shop.emulators.mail.messages(), ADMIN)).toHaveLength(before + 1);
  });

  it("answers 429 past the per-client limit (none per address: decision 090)", async () => {
    const client = newClient();
    const answers: number[] = [];
    for (let index = 0; index < 10; index++)
      answers.push((await askForLink(`nobody${index}@example.com`, client)).status);
    expect(answers).toEqual(Array(10).fill(200));
    const limited = await askForLink("nobody-else@example.com", client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(textOf(await limited.text())).toContain("Too many requests");
  });
});
