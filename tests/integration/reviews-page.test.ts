import { beforeAll, describe, expect, it } from "vitest";
import { SERVER_START_MS } from "../../scripts/lib/server-process";
import { databaseTargets } from "../../scripts/lib/test-database";
import { expectedSummary, type FixtureReview, fixtureReviews } from "../support/review-fixtures";
import { type TestShop, useShop } from "../support/shop";
import { formPoster, textOf } from "./order-pages-support";

/**
 * Issue 18 item 4 over HTTP, on PGlite and PostgreSQL: `/reviews` shows the rating, the distribution
 * and the list of exactly the published reviews (never a held or rejected one, a one-star review like
 * a five-star one), filters, sorts and pages by its query string (hostile ones answer the default
 * list, never a 500), counts a "helpful" vote once per visitor, and says in JSON-LD only what real
 * reviews back. The shop runs the sandbox (samples listed); TRUST_PROXY_HOPS=1 lets each request speak
 * from its own address.
 */
let lastClient = 20;
const newClient = () => `198.51.100.${++lastClient}`;

const REAL = fixtureReviews(23);
const SAMPLE = { title: "Sandbox sample title", rating: 4 };
const HELD = "Held title never shown";
const REJECTED = "Rejected title never shown";

/** A seed stops and starts the server: time for a start on a busy machine. */
const SEED_MS = SERVER_START_MS + 60_000;

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

type SeedReview = {
  title: string;
  rating: number;
  status?: "published" | "held" | "rejected";
  source?: "imported" | "sample" | "invited";
  writtenAt: string;
  verified?: boolean;
  reply?: string;
  helpful?: number;
  key?: string;
};

/** One statement for all of them (each PGlite query opens the directory again). */
function insertReviews(rows: SeedReview[]): string {
  const values = rows.map((review) => {
    const status = review.status ?? "published";
    const at = `${sqlText(review.writtenAt)}::timestamptz`;
    return `('forge-enhancer', ${review.rating}, ${sqlText(review.title)}, ${sqlText(`Body of ${review.title}`)}, 'Pat Q.',
      ${review.verified ? "true" : "false"}, '${status}', '${review.source ?? "imported"}',
      ${review.key ? sqlText(review.key) : "null"}, ${review.reply ? sqlText(review.reply) : "null"},
      ${review.reply ? at : "null"}, ${at}, ${status === "published" ? at : "null"}, ${review.helpful ?? 0})`;
  });
  return `insert into reviews (product, rating, title, body, display_name, verified, status, source, external_key,
      reply, reply_at, created_at, published_at, helpful_count) values ${values.join(",\n")}`;
}

const realRow = (review: FixtureReview, index: number): SeedReview => ({
  title: review.title === "" ? `Review ${index}` : `${review.title} ${index + 1}`,
  rating: review.rating,
  writtenAt: review.date.replace(" UTC", "Z").replace(" ", "T"),
  verified: review.verified,
  reply: review.reply,
  key: review.id,
  // Two clear leaders for "most helpful": the 20th and the 15th review.
  helpful: index === 19 ? 50 : index === 14 ? 40 : 0,
});

async function seed(shop: TestShop, statements: string[]) {
  // Stopped: PGlite's directory is the server's alone, and a fresh process has no cached rating.
  await shop.whileStopped(async () => {
    for (const statement of statements) await shop.store.query(statement);
  });
}

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>)
    .filter((data) => data["@type"] === "Product");

const titlesIn = (html: string) =>
  [...html.matchAll(/<h3 id="review-[^"]+-title"[^>]*>([^<]*)</g)].map((match) => match[1] ?? "");

const idsIn = (html: string) => [...html.matchAll(/name="reviewId" value="([^"]+)"/g)].map((m) => m[1] ?? "");

describe.each(databaseTargets)("the /reviews page on $name", ({ name }) => {
  const shop = useShop({ store: name, ownOrigin: true, env: { TRUST_PROXY_HOPS: "1" } });
  const get = async (path: string) => {
    const response = await fetch(`${shop.origin}${path}`, { headers: { "x-forwarded-for": newClient() } });
    return { status: response.status, headers: response.headers, html: await response.text() };
  };
  const post = formPoster(shop, newClient);

  describe("with no review", () => {
    it('says "No reviews yet", shows no number, and claims no rating to search engines', async () => {
      const page = await get("/reviews");
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const text = textOf(page.html);
      expect(text).toContain("Reviews");
      expect(text).toContain("No reviews yet");
      expect(text).not.toMatch(/out of 5|Based on/);
      expect(jsonLdOf(page.html)).toEqual([]);
      expect(page.html).toContain("<title>Customer Reviews | Forge</title>");
    });
  });

  describe("with only sample reviews (the sandbox)", () => {
    beforeAll(async () => {
      await seed(shop, [
        insertReviews([
          { title: SAMPLE.title, rating: SAMPLE.rating, source: "sample", writtenAt: "2026-10-01T00:00:00Z" },
        ]),
      ]);
    }, SEED_MS);

    it("lists the sample, labelled, but gives search engines no rating", async () => {
      const page = await get("/reviews");
      const text = textOf(page.html);
      expect(text).toContain("4.0 out of 5");
      expect(text).toContain("Based on 1 review");
      expect(text).toContain("Sample review (sandbox)");
      expect(jsonLdOf(page.html)).toEqual([]);
    });
  });

  describe("with real reviews, a held and a rejected one", () => {
    const shown = [...REAL, SAMPLE];
    beforeAll(async () => {
      await seed(shop, [
        insertReviews([
          ...REAL.map(realRow),
          { title: HELD, rating: 5, status: "held", writtenAt: "2026-11-21T00:00:00Z" },
          { title: REJECTED, rating: 1, status: "rejected", writtenAt: "2026-11-21T00:00:00Z" },
        ]),
      ]);
    }, SEED_MS);

    it("shows the average, the count and the distribution of the published reviews", async () => {
      const expected = expectedSummary(shown);
      const page = await get("/reviews");
      const text = textOf(page.html);
      expect(text).toContain(`${expected.average} out of 5`);
      expect(text).toContain(`Based on ${expected.count} reviews`);
      for (const star of [5, 4, 3, 2, 1]) {
        const count = expected.stars[star] ?? 0;
        const percent = Math.round((100 * count) / expected.count);
        const row = new RegExp(
          `data-stars="${star}"[\\s\\S]*?data-testid="star-count">${count}<[\\s\\S]*?\\(${percent}%\\)`,
        );
        expect(page.html).toMatch(row);
      }
      expect(text).toContain("Showing 1–10 of 24");
      expect(page.html).toContain("We publish every review, good or bad, as soon as it is written");
    });

    it("never shows a held or rejected review, on any view", async () => {
      for (const path of [
        "/reviews",
        "/reviews?stars=5",
        "/reviews?stars=1",
        "/reviews?sort=helpful",
        "/reviews?page=3",
      ]) {
        const { html } = await get(path);
        expect(html).not.toContain(HELD);
        expect(html).not.toContain(REJECTED);
      }
    });

    it("shows a one-star review like a five-star one", async () => {
      const { html } = await get("/reviews?stars=1");
      const ones = REAL.filter((review) => review.rating === 1).length;
      expect(textOf(html)).toContain(`Showing 1–${ones} of ${ones}`);
      expect([...html.matchAll(/data-rating="(\d)"/g)].map((m) => m[1])).toEqual(Array(ones).fill("1"));
      expect(html).toContain("aria-labelledby");
      expect(html).toMatch(/<title id="[^"]+">Rated 1 out of 5<\/title>/);
      expect(html).toMatch(/aria-current="page"[^>]*href="\/reviews\?stars=1"/);
      expect(textOf(html)).toContain("Reply from Forge");
    });

    it("sorts newest first, or most helpful first then newest", async () => {
      const newest = titlesIn((await get("/reviews")).html);
      expect(newest[0]).toBe(`${REAL[0]?.title} 1`);
      expect(newest[1]).toBe(`${REAL[1]?.title} 2`);
      const helpful = titlesIn((await get("/reviews?sort=helpful")).html);
      expect(helpful.slice(0, 3)).toEqual([
        `${REAL[19]?.title} 20`,
        `${REAL[14]?.title} 15`,
        `${REAL[0]?.title} 1`,
      ]);
    });

    it("pages ten at a time, with previous and next links, a page past the end showing the last", async () => {
      const second = await get("/reviews?page=2");
      expect(titlesIn(second.html)).toHaveLength(10);
      expect(second.html).toMatch(/<a[^>]*href="\/reviews"[^>]*rel="prev"|rel="prev"[^>]*href="\/reviews"/);
      expect(second.html).toMatch(
        /href="\/reviews\?page=3"[^>]*rel="next"|rel="next"[^>]*href="\/reviews\?page=3"/,
      );
      expect(second.html).toContain('<link rel="canonical" href="');
      expect(second.html).toMatch(/rel="canonical" href="[^"]*\/reviews\?page=2"/);
      const last = await get("/reviews?page=99");
      expect(last.status).toBe(200);
      expect(textOf(last.html)).toContain("Showing 21–24 of 24");
      expect(last.html).toMatch(/rel="canonical" href="[^"]*\/reviews\?page=3"/);
      expect(textOf(last.html)).toContain("Sample review (sandbox)");
      const all = new Set([
        ...titlesIn((await get("/reviews")).html),
        ...titlesIn(second.html),
        ...titlesIn(last.html),
      ]);
      expect(all.size).toBe(24);
    });

    it("answers hostile query strings with a list, never an error", async () => {
      for (const search of [
        "stars=6&sort=oldest&page=-1",
        "stars[]=1&page=1e9",
        "stars=%00&sort=%3Cscript%3E",
        "page=99999999999999999999999",
        `sort=${"x".repeat(5000)}`,
        "stars=1&stars=5",
        "page=NaN&stars=Infinity",
      ]) {
        const page = await get(`/reviews?${search}`);
        expect(page.status, search).toBe(200);
        expect(page.html).not.toContain("<script>");
        expect(titlesIn(page.html).length, search).toBeGreaterThan(0);
      }
    });

    it("counts a helpful vote once per visitor, and again for another visitor", async () => {
      const page = await get("/reviews?stars=2");
      const [id] = idsIn(page.html);
      expect(id).toBeDefined();
      const vote = (client: string) =>
        post("/reviews?stars=2", { intent: "helpful", reviewId: id as string }, { client });
      const first = await vote("192.0.2.10");
      expect(first.status).toBe(200);
      const firstHtml = await first.text();
      expect(firstHtml).toContain("Thanks, you found this helpful.");
      expect(firstHtml).toMatch(/aria-pressed="true"[\s\S]*?data-testid="helpful-count">\(1\)/);
      const again = await vote("192.0.2.10");
      expect(again.status).toBe(200);
      expect(await again.text()).toMatch(/data-testid="helpful-count">\(1\)/);
      const twice = await Promise.all([vote("192.0.2.11"), vote("192.0.2.11")]);
      expect(twice.map((response) => response.status)).toEqual([200, 200]);
      const after = await get("/reviews?stars=2");
      const count = new RegExp(`value="${id}"[\\s\\S]*?data-testid="helpful-count">\\((\\d+)\\)`).exec(
        after.html,
      )?.[1];
      expect(count).toBe("2");
    });

    it("refuses hostile votes without counting them", async () => {
      const { html } = await get("/reviews?stars=3");
      const [id] = idsIn(html);
      const held = await shop.store
        .query<{ id: string }>(`select id from reviews where title = ${sqlText(HELD)}`)
        .catch(() => []);
      const cases: [Record<string, string>, number[]][] = [
        [{ intent: "helpful", reviewId: "not-a-uuid" }, [400]],
        [{ intent: "helpful", reviewId: "00000000-0000-4000-8000-000000000000" }, [404]],
        [{ intent: "delete", reviewId: id as string }, [400]],
        [{ reviewId: id as string }, [400]],
        [{ intent: "helpful", reviewId: `${id}' or 1=1 --` }, [400]],
        [{ intent: "helpful", reviewId: "x".repeat(5000) }, [413]],
      ];
      if (held[0]) cases.push([{ intent: "helpful", reviewId: held[0].id }, [404]]);
      for (const [fields, statuses] of cases) {
        const response = await post("/reviews", fields);
        expect(statuses, JSON.stringify(fields).slice(0, 80)).toContain(response.status);
        expect(response.headers.get("cache-control")).toBe("private, no-store");
      }
      const foreign = await post(
        "/reviews",
        { intent: "helpful", reviewId: id as string },
        { origin: "https://evil.example" },
      );
      expect([400, 403]).toContain(foreign.status);
      const text = await fetch(`${shop.origin}/reviews`, {
        method: "POST",
        headers: { "content-type": "text/plain", origin: shop.origin, "x-forwarded-for": newClient() },
        body: `intent=helpful&reviewId=${id}`,
      });
      expect([400, 415]).toContain(text.status);
      const after = await get("/reviews?stars=3");
      expect(new RegExp(`value="${id}"[\\s\\S]*?data-testid="helpful-count">\\(0\\)`).test(after.html)).toBe(
        true,
      );
    });

    it("gives search engines the rating and reviews of real reviews only", async () => {
      const { html } = await get("/reviews");
      const [product] = jsonLdOf(html);
      const real = expectedSummary(REAL);
      expect(product?.aggregateRating).toEqual({
        "@type": "AggregateRating",
        ratingValue: real.average,
        bestRating: "5",
        worstRating: "1",
        reviewCount: REAL.length,
      });
      const reviews = product?.review as { name?: string; reviewRating: { ratingValue: string } }[];
      expect(reviews.length).toBeGreaterThan(0);
      expect(reviews.map((review) => review.name)).not.toContain(SAMPLE.title);
      expect(reviews[0]?.name).toBe(`${REAL[0]?.title} 1`);
    });
  });
});
