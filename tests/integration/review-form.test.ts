import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createReviewLinks } from "~/server/reviews/review-link.server";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { formPoster, textOf } from "./order-pages-support";
import { leaksIn } from "./resilience-support";
import { invitedLink } from "./review-support";

/**
 * Issue 18 item 2 over HTTP: the invitation's link opens a form that works without JavaScript (posted
 * here as a browser without it posts); the server sets "verified" and the source, never the form; one
 * review per product per order, changed (not added to) by a second post; forged and expired links
 * refused with a page that says what to do; hostile input answered in words, never stored as markup.
 */
let lastClient = 40;
const newClient = () => `198.51.100.${++lastClient}`;

type StoredReview = {
  rating: number;
  title: string | null;
  body: string;
  display_name: string;
  verified: boolean;
  source: string;
  status: string;
  held_reasons: string[];
};

describe.each(databaseTargets)("the write-a-review form on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: {
      REVIEW_INVITE_DAYS: "0",
      REVIEW_INVITE_POLL_SECONDS: "1",
      TRUST_PROXY_HOPS: "1",
      RATE_LIMIT_MULTIPLIER: "1",
    },
  });
  const post = formPoster(shop, newClient);
  const review = (overrides: Record<string, string> = {}) => ({
    rating: "2",
    title: "Did little for me",
    body: "Took it for eight weeks with my first meal. Slept a bit better, otherwise not much changed.",
    displayName: "Sam B.",
    ...overrides,
  });
  const reviewsOf = (sessionId: string) =>
    shop.store.query<StoredReview>(
      "select r.* from reviews r join orders o on o.id = r.order_id where o.stripe_session_id = $1",
      [sessionId],
    );

  it("shows the product and the form, private and unindexed, with the buyer's first name and initial", async () => {
    const { link, orderNumber } = await invitedLink(shop, "form.page@example.com");
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect(html).toContain("<legend");
    expect(html.match(/<input[^>]*type="radio"[^>]*name="rating"/g)).toHaveLength(5);
    expect(html).not.toMatch(/checked=""/);
    expect(html).toMatch(/name="displayName"[^>]*value="Sam B\."|value="Sam B\."[^>]*name="displayName"/);
    const page = textOf(html);
    expect(page).toContain("Forge Enhancer");
    expect(page).toContain(`Order #${orderNumber}`);
    expect(page).toContain("We publish every review, good or bad");
  });

  it("records one verified, invited review; a second post changes it; form fields cannot set the badge", async () => {
    const { link, sessionId } = await invitedLink(shop, "form.once@example.com");
    const first = await post(link, {
      ...review(),
      verified: "false",
      source: "imported",
      status: "published",
    });
    expect(first.status).toBe(200);
    const thanks = textOf(await first.text());
    expect(thanks).toContain("Thank you for your review");
    expect(thanks).toContain("Your review is published.");
    expect(thanks).toContain("We publish every review");
    expect(thanks).toContain("Read reviews");

    const second = await post(
      link,
      review({ rating: "4", body: "Changed my mind after twelve weeks: steady energy." }),
    );
    expect(second.status).toBe(200);
    expect(textOf(await second.text())).toContain("Your changes are saved and published.");

    const rows = await reviewsOf(sessionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rating: 4,
      body: "Changed my mind after twelve weeks: steady energy.",
      verified: true,
      source: "invited",
      status: "published",
    });
    // The link now opens the review to change it.
    const again = textOf(await (await fetch(link)).text());
    expect(again).toContain("Change your review");
    expect(again).toContain("Changed my mind after twelve weeks");
  });

  it("holds a review a rule catches and says so; an edit runs the rules again", async () => {
    const { link, sessionId } = await invitedLink(shop, "form.held@example.com");
    const held = await post(
      link,
      review({ rating: "5", body: "It cured my low T in three weeks, amazing." }),
    );
    expect(textOf(await held.text())).toContain("waits for a quick check by a person");
    expect((await reviewsOf(sessionId))[0]).toMatchObject({
      status: "held",
      held_reasons: ["disease_claim"],
    });
    const fixed = await post(link, review({ rating: "5", body: "Felt more energetic in three weeks." }));
    expect(textOf(await fixed.text())).toContain("Your changes are saved and published.");
    expect((await reviewsOf(sessionId))[0]).toMatchObject({ status: "published", held_reasons: [] });
  });

  it("says what to fix beside each field, keeps what was typed, renders markup as text, and stores nothing", async () => {
    const { link, sessionId } = await invitedLink(shop, "form.invalid@example.com");
    const response = await post(link, {
      rating: "7",
      title: "<script>alert(1)</script>",
      body: "short",
      displayName: "x".repeat(61),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toMatch(/aria-describedby="[^"]*body-error/);
    const page = textOf(html);
    expect(page).toContain("Choose a rating from 1 to 5 stars.");
    expect(page).toContain("Write at least 10 characters.");
    expect(page).toContain("Keep it under 60 characters.");
    expect(await reviewsOf(sessionId)).toEqual([]);

    // A title with markup is stored and shown as text.
    expect((await post(link, review({ title: "<b>bold</b> & <img src=x onerror=alert(1)>" }))).status).toBe(
      200,
    );
    const edit = await (await fetch(link)).text();
    expect(edit).not.toContain("<img src=x");
    expect(edit).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("refuses a forged link (404) and an expired one (410), each saying what to do, for GET and POST", async () => {
    const { link, token } = await invitedLink(shop, "form.links@example.com");
    const changed = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    for (const response of [
      await fetch(`${shop.origin}/reviews/write/${changed}`),
      await fetch(`${shop.origin}/reviews/write/nonsense`),
      await post(`/reviews/write/${changed}`, review()),
    ]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const page = textOf(await response.text());
      expect(page).toContain("This review link doesn't work");
      expect(page).toContain("contact page");
    }

    // A link the site signed 91 days ago, with its own secret.
    const [row] = await shop.store.query<{ id: string; secret: string }>(
      "select o.id, (select value from site_secrets where name = 'signing') as secret from orders o where o.email = $1",
      ["form.links@example.com"],
    );
    if (!row) throw new Error("no order row");
    const old = createReviewLinks({
      secret: row.secret,
      siteUrl: shop.origin,
      now: () => new Date(Date.now() - 91 * 86_400_000),
    });
    const expiredLink = old.writeUrl(row.id, "forge-enhancer");
    for (const response of [await fetch(expiredLink), await post(expiredLink, review())]) {
      expect(response.status).toBe(410);
      const page = textOf(await response.text());
      expect(page).toContain("This review link has expired");
      expect(page).toContain("contact page");
    }
    // Signed now for a product the order does not hold: not found.
    const fresh = createReviewLinks({ secret: row.secret, siteUrl: shop.origin });
    expect((await fetch(fresh.writeUrl(row.id, "test-kit"))).status).toBe(404);
    expect((await fetch(link)).status).toBe(200);
  });

  it("after 30 days the review can no longer be changed: the page says so, a post changes nothing", async () => {
    const { link, sessionId } = await invitedLink(shop, "form.locked@example.com");
    expect((await post(link, review())).status).toBe(200);
    await shop.store.query(
      "update reviews set created_at = now() - interval '31 days' where order_id = (select id from orders where stripe_session_id = $1)",
      [sessionId],
    );
    const page = textOf(await (await fetch(link)).text());
    expect(page).toContain("This review can no longer be changed");
    expect(page).toContain("Did little for me");
    const refused = await post(link, review({ rating: "5", body: "Trying to change an old review now." }));
    expect(refused.status).toBe(409);
    expect((await reviewsOf(sessionId))[0]).toMatchObject({ rating: 2, title: "Did little for me" });
  });

  it("refuses another site's post, a JSON body and an oversized one, in words", async () => {
    const { link, sessionId } = await invitedLink(shop, "form.hostile@example.com");
    // Another site's post: refused (React Router's own check answers 400, ours 403), nothing stored.
    expect([400, 403]).toContain((await post(link, review(), { origin: "https://evil.example" })).status);
    const crossSite = await fetch(link, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": newClient(),
        "sec-fetch-site": "cross-site",
      },
      body: new URLSearchParams(review()),
    });
    expect(crossSite.status).toBe(403);
    const json = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin, "x-forwarded-for": newClient() },
      body: JSON.stringify(review()),
    });
    expect(json.status).toBe(415);
    expect((await post(link, review({ body: "x".repeat(17_000) }))).status).toBe(413);
    expect(await reviewsOf(sessionId)).toEqual([]);

    // Rate-limited like the other forms: 10 saved posts per client in 10 minutes, then 429 in words.
    const client = newClient();
    for (let index = 0; index < 10; index++)
      expect((await post(link, review({ title: `Edit ${index}` }), { client })).status).toBe(200);
    const limited = await post(link, review(), { client });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(textOf(await limited.text())).toContain("Too many requests");
    expect((await reviewsOf(sessionId))[0]).toMatchObject({ title: "Edit 9" });
  });

  it("answers any fields anyone can post with a page and a status below 500, never a stack or a path", async () => {
    const { link } = await invitedLink(shop, "form.property@example.com");
    const anyText = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom("", " ", "0", "6", "1.5", "-1", "__proto__", "%00", "<script>x</script>", "\r\nBcc: x"),
    );
    const fields = fc.record(
      {
        rating: fc.oneof(anyText, fc.constantFrom("1", "3", "5")),
        title: anyText,
        body: fc.oneof(anyText, fc.lorem({ maxCount: 20 })),
        displayName: anyText,
        verified: anyText,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fields, async (posted) => {
        const response = await post(link, posted as Record<string, string>);
        const body = await response.text();
        expect([200, 400]).toContain(response.status);
        expect(leaksIn(body)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
