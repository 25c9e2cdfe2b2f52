import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { eventually, mailsTo, postJson, sleep } from "./checkout-harness";

/**
 * Issue 7 over HTTP: the validation table, deduplication, identical answers, single-use confirmation,
 * unsubscribe, the honeypot and the no-JavaScript form post, on each database.
 */
describe.each(databaseTargets)("newsletter on $name", ({ name }) => {
  const shop = useShop({ store: name, ownOrigin: true });

  const subscribe = (body: unknown) =>
    postJson(`${shop.origin}/api/newsletter-subscribe`, body, { origin: shop.origin });
  const rows = (email?: string) =>
    shop.store.query<{
      email: string;
      status: string;
      source_page: string | null;
      confirm_token_hash: string | null;
    }>(
      email
        ? "select * from newsletter_subscribers where email = $1"
        : "select * from newsletter_subscribers",
      email ? [email] : [],
    );
  /** The button on a confirmation or unsubscribe page: a same-site form post (docs/decisions/063). */
  const pressButton = (link: string, fields: Record<string, string> = {}) =>
    fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.origin },
      body: new URLSearchParams(fields),
    });
  const linkIn = (text: string | null, path: string) => {
    const match = new RegExp(`${shop.origin.replace(/[.:/]/g, "\\$&")}${path}\\?token=[A-Za-z0-9_-]+`).exec(
      text ?? "",
    );
    if (!match) throw new Error(`no ${path} link in:\n${text}`);
    return match[0];
  };

  it.each([
    ["an empty address", { email: "" }, "Enter a valid email address"],
    ["no @", { email: "plainaddress" }, "Enter a valid email address"],
    ["no top-level domain", { email: "jo@example" }, "Enter a valid email address"],
    [
      "over 254 characters",
      { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com` },
      "Enter a valid email address",
    ],
    [
      "a header injection",
      { email: "jo@example.com\r\nBcc: victim@example.com" },
      "Enter a valid email address",
    ],
    ["a number", { email: 42 }, '"email" must be text'],
    ["no email", {}, '"email" is required'],
    ["an extra field", { email: "jo@example.com", admin: true }, 'Unknown field "admin"'],
  ])("refuses %s with 400 and stores nothing", async (_label, body, message) => {
    const before = shop.emulators.mail.messages().length;
    const reply = await subscribe(body);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ success: false });
    expect(String(reply.json.error)).toContain(message);
    await sleep(200);
    expect(shop.emulators.mail.messages().length).toBe(before);
  });

  it("stores a new address as pending and e-mails a confirmation link with List-Unsubscribe", async () => {
    const reply = await subscribe({ email: "  New.Person@Example.COM ", source: "/deep-dive" });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ success: true, message: expect.stringContaining("confirmation link") });
    const [mail] = await shop.emulators.mail.waitFor(
      (all) => mailsTo(all, "New.Person@example.com").length === 1,
    );
    expect(mail?.subject).toBe("Confirm your Forge newsletter subscription");
    linkIn(mail?.text ?? null, "/newsletter/confirm");
    expect(mail?.listUnsubscribe.url).toMatch(
      /<http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?token=[\w-]+>/,
    );
    expect(mail?.listUnsubscribe.post).toBe("List-Unsubscribe=One-Click");
    const [row] = await rows("New.Person@example.com");
    expect(row).toMatchObject({ status: "pending", source_page: "/deep-dive" });
    expect(row?.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    // The hash is stored, never the token itself.
    expect(mail?.text).not.toContain(row?.confirm_token_hash);
  });

  it("gives the same answer for a new, pending and confirmed address, with one row and no extra mail", async () => {
    const email = "repeat@example.com";
    const first = await subscribe({ email });
    await shop.emulators.mail.waitFor((all) => mailsTo(all, email).length === 1);
    const again = await subscribe({ email: "repeat@EXAMPLE.com" });
    expect(again.status).toBe(first.status);
    expect(again.json).toEqual(first.json);
    const confirmLink = linkIn(
      mailsTo(shop.emulators.mail.messages(), email)[0]?.text ?? null,
      "/newsletter/confirm",
    );
    const page = await pressButton(confirmLink);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You&#x27;re subscribed");
    const confirmed = await subscribe({ email });
    expect(confirmed.json).toEqual(first.json);
    await sleep(500);
    expect(mailsTo(shop.emulators.mail.messages(), email)).toHaveLength(1);
    const list = await rows(email);
    expect(list).toHaveLength(1);
    expect(list[0]?.status).toBe("confirmed");
  });

  it("confirms with a link once: used again it says You're subscribed; an unknown link doesn't work", async () => {
    const email = "once@example.com";
    await subscribe({ email });
    const [mail] = await shop.emulators.mail.waitFor((all) => mailsTo(all, email).length === 1);
    const link = linkIn(mail?.text ?? null, "/newsletter/confirm");
    expect(await (await pressButton(link)).text()).toContain("You&#x27;re subscribed");
    const second = await (await fetch(link)).text();
    expect(second).toContain("You&#x27;re subscribed");
    expect(
      await (await fetch(`${shop.origin}/newsletter/confirm?token=not-a-real-token-000000000`)).text(),
    ).toContain("This link doesn");
  });

  it("unsubscribes from the page's button, and with the RFC 8058 POST", async () => {
    const email = "leaving@example.com";
    await subscribe({ email });
    const [mail] = await shop.emulators.mail.waitFor((all) => mailsTo(all, email).length === 1);
    const link = linkIn(mail?.text ?? null, "/newsletter/unsubscribe");
    const page = await pressButton(link, { via: "page" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You&#x27;re unsubscribed");
    const post = await fetch(link, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.status).toBe(200);
    const [row] = await rows(email);
    expect(row?.status).toBe("unsubscribed");
  });

  it("answers a filled honeypot the same way, and stores and sends nothing", async () => {
    const email = "bot@example.com";
    const reply = await subscribe({ email, website: "http://spam.example" });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ success: true });
    await sleep(500);
    expect(mailsTo(shop.emulators.mail.messages(), email)).toHaveLength(0);
    expect(await rows(email)).toHaveLength(0);
  });

  it("sends a form post back to its page with the outcome", async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${shop.origin}/api/newsletter-subscribe`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.origin },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const ok = await post({ email: "form@example.com", source: "/videos", website: "" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/videos?newsletter=subscribed#newsletter");
    const bad = await post({ email: "nope", source: "/videos", website: "" });
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe("/videos?newsletter=invalid#newsletter");
    const offsite = await post({ email: "form2@example.com", source: "//evil.example/x" });
    expect(offsite.headers.get("location")).toBe("/?newsletter=subscribed#newsletter");
    // The page it lands on shows the message, even prerendered and without JavaScript.
    const landing = await (await fetch(`${shop.origin}/videos?newsletter=subscribed`)).text();
    expect(landing).toContain("Check your inbox.");
    // Both mails are waited for: one still on its way would be counted by a test that runs next.
    await eventually(() => {
      expect(mailsTo(shop.emulators.mail.messages(), "form@example.com")).toHaveLength(1);
      expect(mailsTo(shop.emulators.mail.messages(), "form2@example.com")).toHaveLength(1);
    });
  });

  it("refuses a cross-site post", async () => {
    const reply = await postJson(
      `${shop.origin}/api/newsletter-subscribe`,
      { email: "x@example.com" },
      { origin: "https://evil.example" },
    );
    expect(reply.status).toBe(403);
  });
});
