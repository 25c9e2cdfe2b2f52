import { describe, expect, it } from "vitest";
import type { ReceivedMail } from "../../sandbox/mail/emulator";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { postJson } from "./checkout-harness";

/**
 * Issue 15, items 8 and 10 over HTTP (docs/decisions/063): letter-case variants of one address are one
 * subscriber with one confirmation e-mail; the links in the e-mails change nothing on GET or HEAD (mail
 * scanners fetch them); the pages' buttons POST; one-click unsubscribe (RFC 8058) POSTs without Origin;
 * another site cannot confirm anyone.
 */
describe.each(databaseTargets)("newsletter links and letter case on $name", ({ name }) => {
  const shop = useShop({ store: name, ownOrigin: true });

  const subscribe = (email: string) =>
    postJson(`${shop.origin}/api/newsletter-subscribe`, { email }, { origin: shop.origin });
  const mailsFor = (messages: ReceivedMail[], address: string) =>
    messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  /** Signs `email` up and answers the confirmation e-mail's two links. */
  async function signUp(email: string) {
    expect((await subscribe(email)).status).toBe(200);
    const [mail] = await shop.emulators.mail.waitFor((all) => mailsFor(all, email).length === 1);
    const link = (path: string) => {
      const match = new RegExp(`${shop.origin.replace(/[.:/]/g, "\\$&")}${path}\\?token=[A-Za-z0-9_-]+`).exec(
        mail?.text ?? "",
      );
      if (!match) throw new Error(`no ${path} link in:\n${mail?.text}`);
      return match[0];
    };
    return { mail, confirm: link("/newsletter/confirm"), unsubscribe: link("/newsletter/unsubscribe") };
  }
  const page = async (url: string) => {
    const response = await fetch(url);
    return { status: response.status, html: await response.text() };
  };
  /** A form that posts back to the page's own address (no action attribute) with this button. */
  const buttonForm = (label: string) =>
    new RegExp(`<form(?![^>]*\\baction=)[^>]*\\bmethod="post"[^>]*>(?:(?!</form>).)*>${label}</button>`, "s");
  const head = (url: string) => fetch(url, { method: "HEAD" });
  /** The page's own button: a same-site form post, as the browser sends it. */
  const pressButton = (
    url: string,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) =>
    fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: shop.origin,
        "sec-fetch-site": "same-origin",
        ...headers,
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  it("four letter cases of one address posted at once: the same answer, one subscriber, one confirmation e-mail", async () => {
    const variants = ["victim@example.com", "Victim@example.com", "VICTIM@EXAMPLE.COM", "victim@EXAMPLE.com"];
    const replies = await Promise.all(variants.map((email) => subscribe(email)));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual(replies[0]?.json);
    }
    await shop.emulators.mail.waitFor((all) => mailsFor(all, "victim@example.com").length >= 1);
    // Every request has answered, so every e-mail it queued is in the outbox: count there, no waiting.
    const [counts] = await shop.store.query<{ subscribers: number; queued: number }>(
      `select (select count(*)::int from newsletter_subscribers where lower(email) = 'victim@example.com') as subscribers,
              (select count(*)::int from email_deliveries where lower(to_address) = 'victim@example.com') as queued`,
    );
    expect(counts).toEqual({ subscribers: 1, queued: 1 });
    expect(mailsFor(shop.emulators.mail.messages(), "victim@example.com")).toHaveLength(1);
  });

  it("a confirmation link: GET and HEAD change nothing, the page's button confirms, and a reload says You're subscribed", async () => {
    const { confirm } = await signUp("scanned@example.com");
    // A mail scanner fetches the link, in both ways, more than once.
    for (let visit = 0; visit < 2; visit++) {
      expect((await head(confirm)).status).toBe(200);
      const shown = await page(confirm);
      expect(shown.status).toBe(200);
      expect(shown.html).toContain("Confirm your subscription");
      expect(shown.html).toMatch(buttonForm("Confirm subscription"));
      expect(shown.html).not.toContain("You&#x27;re subscribed");
    }
    const posted = await pressButton(confirm);
    expect(posted.status).toBe(303);
    expect(new URL(posted.headers.get("location") ?? "", shop.origin).href).toBe(confirm);
    for (let reload = 0; reload < 2; reload++) {
      const shown = await page(confirm);
      expect(shown.html).toContain("You&#x27;re subscribed");
      expect(shown.html).not.toContain("This link doesn");
    }
    // Pressing the button again (a second tab) changes nothing and says the same.
    expect((await pressButton(confirm)).status).toBe(303);
    expect((await page(confirm)).html).toContain("You&#x27;re subscribed");
  });

  it("another site's page cannot confirm anyone", async () => {
    const { confirm } = await signUp("target@example.com");
    const foreignOrigin = await pressButton(
      confirm,
      {},
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(foreignOrigin.status).toBeGreaterThanOrEqual(400);
    expect(foreignOrigin.status).toBeLessThan(500);
    const noOrigin = await fetch(confirm, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      redirect: "manual",
    });
    expect(noOrigin.status).toBe(403);
    expect(await noOrigin.text()).toContain("We couldn&#x27;t confirm this");
    expect((await page(confirm)).html).toContain("Confirm your subscription");
  });

  it("an unsubscribe link: GET and HEAD change nothing, the page's button unsubscribes, and a reload says so", async () => {
    const { confirm, unsubscribe } = await signUp("reader@example.com");
    expect((await pressButton(confirm)).status).toBe(303);
    for (let visit = 0; visit < 2; visit++) {
      expect((await head(unsubscribe)).status).toBe(200);
      const shown = await page(unsubscribe);
      expect(shown.status).toBe(200);
      expect(shown.html).toContain("Unsubscribe from the newsletter");
      expect(shown.html).toMatch(buttonForm("Unsubscribe"));
    }
    expect((await page(confirm)).html).toContain("You&#x27;re subscribed");
    const posted = await pressButton(unsubscribe, { via: "page" });
    expect(posted.status).toBe(303);
    expect(new URL(posted.headers.get("location") ?? "", shop.origin).href).toBe(unsubscribe);
    expect((await page(unsubscribe)).html).toContain("You&#x27;re unsubscribed");
    // The confirmation link no longer stands for a subscription.
    expect((await page(confirm)).html).toContain("This link doesn");
  });

  it("unsubscribes in one click with the RFC 8058 POST, sent without Origin, urlencoded or multipart", async () => {
    const urlencoded = await signUp("one-click@example.com");
    expect(urlencoded.mail?.listUnsubscribe.url).toContain(`<${urlencoded.unsubscribe}>`);
    expect(urlencoded.mail?.listUnsubscribe.post).toBe("List-Unsubscribe=One-Click");
    const first = await fetch(urlencoded.unsubscribe, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("You&#x27;re unsubscribed");
    expect((await page(urlencoded.unsubscribe)).html).toContain("You&#x27;re unsubscribed");

    const multipart = await signUp("one-click-multipart@example.com");
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const second = await fetch(multipart.unsubscribe, { method: "POST", body: form });
    expect(second.status).toBe(200);
    expect((await page(multipart.unsubscribe)).html).toContain("You&#x27;re unsubscribed");
  });
});
