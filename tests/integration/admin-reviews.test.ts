import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { adminSignIn, formPoster, textOf } from "./order-pages-support";

/**
 * Issue 18 item 3 over HTTP: `/admin/reviews`, the back office's held reviews and list. Only a
 * signed-in operator sees it; a held review is published or rejected with a recorded reason (and who
 * decided), never without one; the brand's reply is set and removed; and forged or oversized forms,
 * and forms from another site, change nothing. The reviews are written into the database once, before
 * the tests (PGlite can be written only while no server holds it); each test has its own.
 */
const ADMIN = "ops@forge.example";
let lastClient = 40;
const newClient = () => `203.0.113.${++lastClient}`;

type Seed = { key: string; status: "held" | "published"; reasons: string[]; body: string; rating: number };
/** Each test's own reviews: a held one per test that decides, a published one for replies. */
const seeds = {
  listed: { status: "held", reasons: ["link"], body: "Read more at www.example-blog.com please.", rating: 1 },
  older: { status: "held", reasons: ["disease_claim"], body: "It cured my low T, honestly.", rating: 5 },
  publish: { status: "held", reasons: ["link"], body: "Publish me: see example.com for my log.", rating: 2 },
  reject: { status: "held", reasons: ["profanity"], body: "Reject me please, rude words here.", rating: 4 },
  required: { status: "held", reasons: ["link"], body: "A reason is needed for me.", rating: 3 },
  reply: { status: "published", reasons: [], body: "Reply to me: good stuff.", rating: 4 },
  hostile: { status: "held", reasons: ["personal_data"], body: "Call me on 555 010 2030 4455.", rating: 1 },
} satisfies Record<string, Omit<Seed, "key">>;
type Key = keyof typeof seeds;

type Row = {
  status: string;
  moderation_note: string | null;
  moderated_by: string | null;
  moderated_at: string | null;
  published_at: string | null;
  reply: string | null;
};

describe.each(databaseTargets)("the back office's reviews on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "20" },
  });
  const ids = Object.fromEntries(Object.keys(seeds).map((key) => [key, randomUUID()])) as Record<Key, string>;
  let orderNumber = 0;

  beforeAll(async () => {
    const [order] = await shop.store.query<{ id: string; order_number: string }>(
      `insert into orders (stripe_session_id, email, customer_name, lines, amount_total, amount_subtotal, currency, payment_status)
         values ($1, 'reviewer@example.com', 'Rae Viewer', '[]'::jsonb, 3900, 3900, 'usd', 'paid') returning id, order_number`,
      [`cs_test_admin_reviews_${randomUUID()}`],
    );
    orderNumber = Number(order?.order_number);
    for (const [key, seed] of Object.entries(seeds) as [Key, Omit<Seed, "key">][]) {
      const invited = key === "older";
      await shop.store.query(
        `insert into reviews (id, product, order_id, rating, title, body, display_name, verified, status, held_reasons,
             source, created_at, published_at, updated_at)
           values ($1, 'forge-enhancer', $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10,
             now() - ($11 || ' hours')::interval, case when $8 = 'published' then now() end, now())`,
        [
          ids[key],
          invited ? order?.id : null,
          seed.rating,
          `Title ${key}`,
          seed.body,
          `Reviewer ${key}`,
          invited,
          seed.status,
          JSON.stringify(seed.reasons),
          invited ? "invited" : "imported",
          invited ? "74" : "0",
        ],
      );
    }
  }, 120_000);

  const post = formPoster(shop, newClient);
  const get = (path: string, cookie?: string) =>
    fetch(`${shop.origin}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const signIn = () => adminSignIn(shop, post, ADMIN);
  const page = async (cookie: string, path = "/admin/reviews") => {
    const response = await get(path, cookie);
    expect(response.status).toBe(200);
    return response.text();
  };
  /** The visible text of one review's card (`queue-<id>` in the held queue, `list-<id>` in the list). */
  const cardOf = (html: string, id: string) => {
    const start = html.indexOf(`id="${id}"`);
    return start < 0 ? "" : textOf(html.slice(start, html.indexOf("</article>", start)));
  };
  const rowOf = async (key: Key) => {
    const [row] = await shop.store.query<Row>(
      "select status, moderation_note, moderated_by, moderated_at, published_at, reply from reviews where id = $1",
      [ids[key]],
    );
    return row as Row;
  };
  const decide = (cookie: string, key: Key | string, intent: string, note: string) =>
    post("/admin/reviews", { intent, reviewId: key in ids ? ids[key as Key] : key, note }, { cookie });
  const expectRefused = (status: number) => expect([400, 403]).toContain(status);

  it("sends a signed-out visitor to the sign-in page, and changes nothing for one", async () => {
    const response = await get("/admin/reviews");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    expect((await get("/admin/reviews", "forge_admin=made-up")).status).toBe(302);
    const posted = await decide("", "hostile", "publish", "Fine by me");
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/admin");
  });

  it("lists the held reviews first, the longest waiting first, with the rules that held them", async () => {
    const cookie = await signIn();
    const response = await get("/admin/reviews", cookie);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    const text = textOf(html);
    expect(text).toContain("publish a held review unless it really breaks the rule, whatever its stars");
    const queue = html.slice(
      html.indexOf('data-testid="held-reviews"'),
      html.indexOf('data-testid="all-reviews"'),
    );
    // The invited review written 74 hours ago waits longest: first in the queue.
    expect(queue.indexOf(`id="queue-${ids.older}"`)).toBeGreaterThan(-1);
    expect(queue.indexOf(`id="queue-${ids.older}"`)).toBeLessThan(queue.indexOf(`id="queue-${ids.listed}"`));
    const older = cardOf(html, `queue-${ids.older}`);
    expect(older).toContain("waiting 3 days");
    expect(older).toContain("A disease claim");
    expect(older).toContain("It cured my low T, honestly.");
    expect(older).toContain("Verified buyer");
    expect(older).toContain(`Order #${orderNumber}`);
    const olderStart = html.indexOf(`id="queue-${ids.older}"`);
    expect(html.slice(olderStart, html.indexOf("</article>", olderStart))).toContain(
      'aria-label="5 out of 5 stars"',
    );
    const listed = cardOf(html, `queue-${ids.listed}`);
    expect(listed).toContain("A link");
    expect(listed).toContain("waiting less than an hour");
    expect(listed).toContain("Imported from the previous review platform");
    // The list can be narrowed: only held one-star reviews that mention the blog.
    const filtered = await page(cookie, "/admin/reviews?status=held&stars=1&q=example-blog");
    const all = filtered.slice(filtered.indexOf('data-testid="all-reviews"'));
    expect(all).toContain(`id="list-${ids.listed}"`);
    expect(all).not.toContain(`id="list-${ids.hostile}"`);
    expect(all).not.toContain(`id="list-${ids.older}"`);
    // The back office's navigation shows how many wait, on every page.
    expect(textOf(await page(cookie, "/admin/orders"))).toMatch(/Reviews \d+ held/);
  });

  it("publishes a held review with a reason, recording who and why; it then counts as published", async () => {
    const cookie = await signIn();
    const response = await decide(cookie, "publish", "publish", "The domain is the product's, not spam.");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/reviews?done=published");
    const html = await page(cookie, "/admin/reviews?done=published");
    expect(textOf(html)).toContain("The review is published");
    expect(html).not.toContain(`id="queue-${ids.publish}"`);
    const card = cardOf(html, `list-${ids.publish}`);
    expect(card).toContain("Published");
    expect(card).toContain(`Published by ${ADMIN}`);
    expect(card).toContain("The domain is the product's, not spam.");
    // Once decided it is not held: deciding again finds nothing to decide.
    expect((await decide(cookie, "publish", "reject", "Changed my mind")).status).toBe(404);
    const row = await rowOf("publish");
    expect(row).toMatchObject({
      status: "published",
      moderation_note: "The domain is the product's, not spam.",
      moderated_by: ADMIN,
    });
    expect(row.published_at).not.toBeNull();
    expect(row.moderated_at).not.toBeNull();
  });

  it("rejects a held review with a reason; a published review cannot be rejected", async () => {
    const cookie = await signIn();
    const response = await decide(cookie, "reject", "reject", "A slur in the second sentence.");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/reviews?done=rejected");
    const card = cardOf(await page(cookie), `list-${ids.reject}`);
    expect(card).toContain(`Rejected by ${ADMIN}`);
    expect(card).toContain("A slur in the second sentence.");
    const notHeld = await decide(cookie, "reply", "reject", "I dislike it");
    expect(notHeld.status).toBe(404);
    expect(textOf(await notHeld.text())).toContain("That review is not waiting for a decision");
    expect(cardOf(await page(cookie), `list-${ids.reply}`)).not.toContain("Rejected");
  });

  it("requires a reason: an empty or blank one is refused with a message, and nothing changes", async () => {
    const cookie = await signIn();
    for (const note of ["", "   \n "]) {
      for (const intent of ["publish", "reject"]) {
        const response = await decide(cookie, "required", intent, note);
        expect(response.status).toBe(400);
        const html = await response.text();
        expect(textOf(html)).toContain(
          "Nothing was changed. Write the reason for your decision: it is recorded.",
        );
        expect(html).toMatch(new RegExp(`id="queue-note-${ids.required}"[^>]*aria-invalid="true"`));
      }
    }
    expect(cardOf(await page(cookie), `queue-${ids.required}`)).toContain("Held");
  });

  it("sets, edits and removes the brand's public reply, up to 1,000 characters", async () => {
    const cookie = await signIn();
    const reply = (text: string, intent = "reply") =>
      post("/admin/reviews", { intent, reviewId: ids.reply, reply: text }, { cookie });
    const set = await reply("Thank you, Reviewer!");
    expect(set.status).toBe(303);
    expect(set.headers.get("location")).toBe(`/admin/reviews?done=replied#list-${ids.reply}`);
    expect(cardOf(await page(cookie), `list-${ids.reply}`)).toContain("Our public reply");
    expect((await reply("Thanks again, edited.")).status).toBe(303);
    expect(cardOf(await page(cookie), `list-${ids.reply}`)).toContain("Thanks again, edited.");

    const long = await reply("x".repeat(1_001));
    expect(long.status).toBe(400);
    expect(textOf(await long.text())).toContain("Keep the reply under 1000 characters.");
    expect((await reply("   ")).status).toBe(400);
    expect(cardOf(await page(cookie), `list-${ids.reply}`)).toContain("Thanks again, edited.");

    const removed = await reply("", "remove-reply");
    expect(removed.status).toBe(303);
    expect(cardOf(await page(cookie), `list-${ids.reply}`)).not.toContain("Our public reply");
    expect((await rowOf("reply")).reply).toBeNull();
  });

  it("refuses forged, malformed, oversized and cross-site forms, changing nothing", async () => {
    const cookie = await signIn();
    const forged = await decide(cookie, randomUUID(), "publish", "Looks fine");
    expect(forged.status).toBe(404);
    const forgedReply = await post(
      "/admin/reviews",
      { intent: "reply", reviewId: randomUUID(), reply: "Hello" },
      { cookie },
    );
    expect(forgedReply.status).toBe(404);
    for (const id of ["not-a-uuid", `${ids.hostile}x`, "' or 1=1 --", ""]) {
      const response = await decide(cookie, id, "publish", "Looks fine");
      expect(response.status).toBe(400);
      expect(textOf(await response.text())).toContain("That review does not exist.");
    }
    expect((await decide(cookie, "hostile", "delete", "Looks fine")).status).toBe(400);
    const longNote = await decide(cookie, "hostile", "publish", "n".repeat(501));
    expect(longNote.status).toBe(400);
    expect(textOf(await longNote.text())).toContain("Keep the reason under 500 characters.");
    expect((await decide(cookie, "hostile", "publish", "n".repeat(5_000))).status).toBe(413);
    expectRefused(
      (
        await post(
          "/admin/reviews",
          { intent: "publish", reviewId: ids.hostile, note: "Evil" },
          { cookie, origin: "https://evil.example" },
        )
      ).status,
    );
    const crossSite = await fetch(`${shop.origin}/admin/reviews`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
        "x-forwarded-for": newClient(),
        cookie,
      },
      body: new URLSearchParams({ intent: "publish", reviewId: ids.hostile, note: "Evil" }),
    });
    expect(crossSite.status).toBe(403);
    const json = await fetch(`${shop.origin}/admin/reviews`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/json",
        origin: shop.origin,
        "x-forwarded-for": newClient(),
        cookie,
      },
      body: JSON.stringify({ intent: "publish", reviewId: ids.hostile, note: "Evil" }),
    });
    expect(json.status).toBe(415);
    const row = await rowOf("hostile");
    expect(row).toMatchObject({ status: "held", moderation_note: null, moderated_by: null });
  });
});
