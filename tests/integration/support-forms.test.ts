import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { support } from "~/content/site";
import { CONTACT_SENT_MESSAGE } from "~/contracts/support";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { eventually, mailsTo, sleep } from "./checkout-harness";
import { adminSignIn, buyOrder, type FormPostOptions, formPoster, textOf } from "./order-pages-support";
import { leaksIn } from "./resilience-support";

/**
 * Issue 17 items 2 and 3 over HTTP, on each database: the contact form (stored, e-mailed to support
 * with the sender as Reply-To, acknowledged once per address and window, the same answer for every
 * address, a honeypot, hostile input, the Origin check and the rate limit) and the guarantee request
 * (checked against the order, recorded once, both e-mails, the 60-day window, the back office's list).
 * Forms are posted as a browser without JavaScript posts them; TRUST_PROXY_HOPS=1 gives each test its
 * own client address, so one test's limit does not reach another.
 */
/** The sandbox build's support address (its fictional identity, decision 094). */
const SUPPORT = support.email;
const ADMIN = "ops@forge.example";
let lastClient = 20;
const newClient = () => `198.51.100.${++lastClient}`;

describe.each(databaseTargets)("support forms on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "1" },
  });

  const post = formPoster(shop, newClient);
  const contact = (fields: Record<string, string>, options?: FormPostOptions) =>
    post("/contact", fields, options);
  const message = (overrides: Record<string, string> = {}) => ({
    name: "Jordan Reyes",
    email: "jordan@example.com",
    orderNumber: "",
    topic: "product",
    message: "Can I take the Enhancer with my morning coffee?",
    website: "",
    ...overrides,
  });
  const storedMessages = (email: string) =>
    shop.store.query<{ name: string; topic: string; order_number: string | null; message: string }>(
      "select * from contact_messages where email = $1",
      [email],
    );
  const supportMailsAbout = (text: string) =>
    mailsTo(shop.emulators.mail.messages(), SUPPORT).filter((mail) => mail.text?.includes(text));

  it("stores a message, e-mails it to support with the sender as Reply-To, and acknowledges it", async () => {
    const email = "first.writer@example.com";
    const response = await contact(
      message({
        email,
        orderNumber: "#1042",
        topic: "order",
        message: "Where is my order? It's been a week.",
      }),
    );
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain(CONTACT_SENT_MESSAGE);

    // The two e-mails go out at once (the outbox sends several at a time): each found by whom it is to.
    await shop.emulators.mail.waitFor(
      () => supportMailsAbout("Where is my order? It's been a week.").length === 1,
    );
    const [toSupport] = supportMailsAbout("Where is my order? It's been a week.");
    expect(toSupport?.subject).toBe("Contact: An order or delivery (order #1042)");
    expect(toSupport?.replyTo).toBe(email);
    expect(toSupport?.text).toContain(`From: Jordan Reyes <${email}>`);
    await shop.emulators.mail.waitFor((all) => mailsTo(all, email).length === 1);
    const [ack] = mailsTo(shop.emulators.mail.messages(), email);
    expect(ack?.subject).toBe("We have your message | Forge");
    expect(ack?.replyTo).toBe(SUPPORT);
    expect(ack?.text).toContain("we reply by e-mail within one business day");
    // The acknowledgement goes to an address no one has proven: it quotes nothing typed (issue 38).
    expect(ack?.text).not.toContain("Where is my order? It's been a week.");

    const rows = await storedMessages(email);
    expect(rows).toEqual([
      expect.objectContaining({ name: "Jordan Reyes", topic: "order", order_number: "1042" }),
    ]);
  });

  it("says what to fix beside each field, keeps what was typed, and stores and sends nothing", async () => {
    const email = "typo.writer@example.com";
    const before = shop.emulators.mail.messages().length;
    const response = await contact(
      message({ name: "", email: "typo.writer@example", topic: "wishes", message: "Hi", orderNumber: "abc" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    const page = textOf(html);
    expect(page).toContain("Please fix 5 things");
    expect(page).toContain("Your name: Enter your name.");
    expect(page).toContain("Your e-mail: Enter a valid email address, like name@example.com.");
    expect(page).toContain("Topic: Choose a topic.");
    expect(page).toContain("Order number: Enter the number from your receipt, like 1042.");
    expect(page).toContain("Message: Write at least 10 characters.");
    // Each field is marked and points at its message; what was typed is kept.
    expect(html).toMatch(
      /<input[^>]*id="email"[^>]*aria-invalid="true"[^>]*aria-describedby="email-hint email-error"/,
    );
    expect(html).toMatch(/<input[^>]*id="email"[^>]*value="typo.writer@example"/);
    await sleep(300);
    expect(shop.emulators.mail.messages().length).toBe(before);
    expect(await storedMessages("typo.writer@example")).toEqual([]);
    expect(await storedMessages(email)).toEqual([]);
  });

  it.each([
    [
      "a line break in the name",
      { name: "Jo\r\nBcc: victim@example.com" },
      "Use letters, not special characters.",
    ],
    [
      "a line break in the address",
      { email: "jo@example.com\r\nBcc: victim@example.com" },
      "Enter a valid email address",
    ],
    ["two addresses", { email: "jo@example.com, victim@example.com" }, "Enter a valid email address"],
    [
      "a control character in the message",
      { message: "Hello there\u0000, friend" },
      "Remove the special characters.",
    ],
    ["a message over 5,000 characters", { message: "a".repeat(5_001) }, "Keep it under 5,000 characters."],
    ["an unknown topic", { topic: "__proto__" }, "Choose a topic."],
  ])("refuses %s (no header can be split, nothing is sent)", async (_label, overrides, error) => {
    const before = shop.emulators.mail.messages().length;
    const response = await contact(message(overrides));
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain(error);
    await sleep(200);
    expect(shop.emulators.mail.messages().length).toBe(before);
    expect(mailsTo(shop.emulators.mail.messages(), "victim@example.com")).toHaveLength(0);
  });

  it("refuses a body over 16 KB with 413 in words", async () => {
    const response = await contact(message({ message: "b".repeat(17_000) }));
    expect(response.status).toBe(413);
    expect(textOf(await response.text())).toContain("The request is too large");
  });

  it("gives the same page to every address, and to a bot that filled the honeypot (which stores nothing)", async () => {
    const real = await contact(message({ email: "same.answer@example.com" }));
    const other = await contact(message({ email: "someone.else@example.com" }));
    const bot = await contact(message({ email: "bot.filled@example.com", website: "http://spam.example" }));
    const texts = await Promise.all(
      [real, other, bot].map(async (response) => textOf(await response.text())),
    );
    expect([real.status, other.status, bot.status]).toEqual([200, 200, 200]);
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
    await shop.emulators.mail.waitFor((all) => mailsTo(all, "someone.else@example.com").length === 1);
    await sleep(500);
    expect(mailsTo(shop.emulators.mail.messages(), "bot.filled@example.com")).toHaveLength(0);
    expect(await storedMessages("bot.filled@example.com")).toEqual([]);
  });

  it("acknowledges an address once per 10 minutes, while support gets every message", async () => {
    const email = "twice.writer@example.com";
    expect((await contact(message({ email, message: "First question about zinc." }))).status).toBe(200);
    expect((await contact(message({ email, message: "Second question about zinc." }))).status).toBe(200);
    await shop.emulators.mail.waitFor(
      () =>
        supportMailsAbout("First question about zinc.").length === 1 &&
        supportMailsAbout("Second question about zinc.").length === 1,
    );
    await sleep(500);
    expect(mailsTo(shop.emulators.mail.messages(), email)).toHaveLength(1);
    expect(await storedMessages(email)).toHaveLength(2);
  });

  it("refuses another site's post without spending the visitor's limit, then limits at 5 messages", async () => {
    const client = newClient();
    for (let i = 0; i < 6; i++) {
      const foreign = await contact(message(), { client, origin: "https://evil.example" });
      expect([400, 403]).toContain(foreign.status);
    }
    const crossSite = await fetch(`${shop.origin}/contact`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": client,
        "sec-fetch-site": "cross-site",
      },
      body: new URLSearchParams(message()),
    });
    expect(crossSite.status).toBe(403);
    for (let i = 0; i < 5; i++) {
      const sent = await contact(message({ email: `limit${i}@example.com` }), { client });
      expect(sent.status).toBe(200);
    }
    const limited = await contact(message({ email: "limit5@example.com" }), { client });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(textOf(await limited.text())).toContain("Too many requests");
  });

  it("prefills the topic and order from the link, and ignores what is not one", async () => {
    const html = await (await fetch(`${shop.origin}/contact?topic=privacy&order=%231042`)).text();
    expect(html).toMatch(/<option value="privacy" selected="">/);
    expect(html).toMatch(/id="orderNumber"[^>]*value="1042"/);
    const odd = await (await fetch(`${shop.origin}/contact?topic=constructor`)).text();
    expect(odd).toMatch(/<option value="" disabled="" selected="">/);
    expect(odd).not.toMatch(/<option value="\w+" selected="">/);
  });

  it("answers any fields anyone can post with a page and a status below 500, never a stack or a path", async () => {
    const anyText = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom(
        "",
        " ",
        "\r\nBcc: x@example.com",
        "__proto__",
        "constructor",
        "%00",
        "<script>x</script>",
      ),
    );
    const fields = fc.record(
      {
        name: anyText,
        // One real address: valid posts are stored and mailed, without a flood of odd recipients.
        email: fc.oneof(anyText, fc.constant("property.writer@example.com")),
        orderNumber: anyText,
        topic: fc.oneof(anyText, fc.constantFrom("order", "product", "kit", "privacy")),
        message: fc.oneof(anyText, fc.lorem({ maxCount: 20 })),
        reason: anyText,
        website: fc.constantFrom("", "x"),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, fc.constantFrom("/contact", "/guarantee"), async (posted, path) => {
        const response = await post(path, posted as Record<string, string>);
        const body = await response.text();
        expect(response.status).toBeLessThan(500);
        expect([200, 400, 409]).toContain(response.status);
        expect(leaksIn(body)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  // --- The guarantee ---------------------------------------------------------------------------

  const guarantee = (fields: Record<string, string>, options?: FormPostOptions) =>
    post("/guarantee", { reason: "", website: "", ...fields }, options);

  it("opens a request once for an order within 60 days, e-mails support and the buyer, and finds it again", async () => {
    const buyer = "refund.buyer@example.com";
    const { orderNumber } = await buyOrder(shop, buyer);
    const first = await guarantee({
      orderNumber: `#${orderNumber}`,
      email: "Refund.Buyer@EXAMPLE.com",
      reason: "Not for me after three weeks.",
    });
    expect(first.status).toBe(200);
    expect(textOf(await first.text())).toContain(`Your request for order #${orderNumber} is open.`);

    const [toSupport] = await shop.emulators.mail
      .waitFor((all) =>
        mailsTo(all, SUPPORT).some((mail) => mail.subject === `Guarantee request: order #${orderNumber}`),
      )
      .then((all) =>
        mailsTo(all, SUPPORT).filter((mail) => mail.subject === `Guarantee request: order #${orderNumber}`),
      );
    expect(toSupport?.replyTo).toBe(buyer);
    expect(toSupport?.text).toContain("Not for me after three weeks.");
    // The button opens the order's own page in the back office (decision 088), where it is closed.
    expect(toSupport?.text).toMatch(new RegExp(`${shop.origin}/admin/orders/${orderNumber}(\\s|$)`));
    const ack = await eventually(() => {
      const found = mailsTo(shop.emulators.mail.messages(), buyer).find((mail) =>
        mail.subject.startsWith("Your money-back request"),
      );
      if (!found) throw new Error("no acknowledgement yet");
      return found;
    });
    expect(ack.subject).toBe(`Your money-back request for order #${orderNumber} | Forge`);
    expect(ack.text).toContain("You do not need to send anything back.");

    const again = await guarantee({ orderNumber: String(orderNumber), email: buyer });
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain(`A request for order #${orderNumber} is already open`);
    await sleep(500);
    expect(
      mailsTo(shop.emulators.mail.messages(), SUPPORT).filter(
        (m) => m.subject === `Guarantee request: order #${orderNumber}`,
      ),
    ).toHaveLength(1);
    const rows = await shop.store.query<{ status: string; reason: string }>(
      "select g.status, g.reason from guarantee_requests g join orders o on o.id = g.order_id where o.order_number = $1",
      [orderNumber],
    );
    expect(rows).toEqual([{ status: "open", reason: "Not for me after three weeks." }]);
  });

  it("answers a wrong address like a wrong number, and records nothing", async () => {
    const { orderNumber } = await buyOrder(shop, "careful.buyer@example.com");
    const wrongAddress = await guarantee({ orderNumber: String(orderNumber), email: "someone@example.com" });
    const wrongNumber = await guarantee({ orderNumber: "99999999", email: "careful.buyer@example.com" });
    expect(wrongAddress.status).toBe(409);
    expect(wrongNumber.status).toBe(409);
    const [a, b] = [textOf(await wrongAddress.text()), textOf(await wrongNumber.text())];
    expect(a).toContain("We couldn't find an order with that number and e-mail address.");
    expect(b).toContain("We couldn't find an order with that number and e-mail address.");
    const rows = await shop.store.query(
      "select g.id from guarantee_requests g join orders o on o.id = g.order_id where o.order_number = $1",
      [orderNumber],
    );
    expect(rows).toEqual([]);
  });

  it("refuses an order placed more than 60 days ago, saying when its guarantee ended", async () => {
    const buyer = "late.buyer@example.com";
    const { orderNumber } = await buyOrder(shop, buyer);
    await shop.store.query(
      "update orders set created_at = now() - interval '62 days' where order_number = $1",
      [orderNumber],
    );
    const late = await guarantee({ orderNumber: String(orderNumber), email: buyer });
    expect(late.status).toBe(409);
    const page = textOf(await late.text());
    expect(page).toMatch(
      new RegExp(`Order #${orderNumber} was placed on \\w+ \\d+, \\d{4}; its 60 days ended on`),
    );
    expect(page).toContain("Contact us");
  });

  it("lists the open request in the back office, where the operator closes it", async () => {
    const buyer = "listed.refund@example.com";
    const { orderNumber } = await buyOrder(shop, buyer);
    expect(
      (await guarantee({ orderNumber: String(orderNumber), email: buyer, reason: "Upset stomach." })).status,
    ).toBe(200);

    const cookie = await adminSignIn(shop, post, ADMIN);

    const list = await fetch(`${shop.origin}/admin/orders`, { headers: { cookie } });
    const html = await list.text();
    expect(textOf(html)).toContain(`Order #${orderNumber}`);
    expect(textOf(html)).toContain("Upset stomach.");
    const requestId = /name="requestId" value="([0-9a-f-]{36})"/.exec(
      html.slice(html.indexOf(`Order #${orderNumber}`)),
    )?.[1];
    expect(requestId).toBeDefined();

    const closed = await post(
      "/admin/orders",
      { intent: "close-guarantee", requestId: requestId ?? "" },
      { cookie },
    );
    expect(closed.status).toBe(303);
    expect(closed.headers.get("location")).toBe("/admin/orders?page=1&closed=1");
    const after = textOf(
      await (await fetch(`${shop.origin}/admin/orders?closed=1`, { headers: { cookie } })).text(),
    );
    expect(after).toContain("The guarantee request is closed.");
    expect(after).not.toContain("Upset stomach.");
    const again = await guarantee({ orderNumber: String(orderNumber), email: buyer });
    expect(textOf(await again.text())).toContain(
      `The request for order #${orderNumber} has already been handled.`,
    );
  });
});
