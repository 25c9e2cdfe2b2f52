import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { reviewHelpfulVotes, reviews } from "~/server/db/schema";
import { createRetentionJob } from "~/server/privacy/retention.server";
import { createReviewListing, type ReviewListing } from "~/server/reviews/listing.server";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../../scripts/lib/test-database";
import { openTestDatabase } from "../support/memory-database";

/**
 * The reviews listing service on the real database, PGlite and PostgreSQL (issue 18 item 4; decision
 * 084): samples listed only in the sandbox and never in `realSummary`; `latest` newest first and bounded;
 * a helpful vote counted once per visitor, even sent many times at once; only a listed review can be
 * voted on; and the retention job deletes year-old votes while the review keeps its count.
 */
const logger = pino({ level: "silent" });
let voters = 0;
/** A voter at `address`: the id their cookie carries (a new one unless named). */
const voter = (address: string, id = `voter-${++voters}`) => ({ address, id });

type Seed = {
  title: string;
  rating: number;
  status?: string;
  source?: string;
  day: number;
  product?: string;
};

describe.each(databaseTargets)("review listing on $name", ({ name }) => {
  let target: TestDatabase;
  let database: Database;
  const listing = (includeSamples: boolean): ReviewListing =>
    createReviewListing({ db: database.db, logger, includeSamples, secret: "test-secret" });

  beforeAll(async () => {
    target = await createTestDatabase(name, { prefix: "forge_review_listing" });
    database = await openTestDatabase(target.url);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });

  const seed = async (rows: Seed[]) => {
    const inserted = await database.db
      .insert(reviews)
      .values(
        rows.map((row) => {
          const at = new Date(Date.UTC(2026, 9, row.day));
          const status = row.status ?? "published";
          return {
            product: row.product ?? "forge-enhancer",
            rating: row.rating,
            title: row.title,
            body: `Body of ${row.title}`,
            displayName: "Pat Q.",
            status,
            source: row.source ?? "imported",
            createdAt: at,
            publishedAt: status === "published" ? at : null,
          };
        }),
      )
      .returning({ id: reviews.id, title: reviews.title });
    return Object.fromEntries(inserted.map((row) => [row.title, row.id])) as Record<string, string>;
  };

  beforeEach(async () => {
    await database.db.delete(reviews);
  });

  it("lists samples only in the sandbox, and never counts them for search engines", async () => {
    await seed([
      { title: "real five", rating: 5, day: 3 },
      { title: "sample one", rating: 1, day: 4, source: "sample" },
      { title: "held", rating: 5, day: 5, status: "held" },
      { title: "other product", rating: 2, day: 6, product: "forge-test-kit" },
    ]);
    const sandbox = await listing(true).list({ stars: null, sort: "newest", page: 1 });
    expect(sandbox.reviews.map((review) => review.title)).toEqual([
      "other product",
      "sample one",
      "real five",
    ]);
    const store = await listing(false).list({ stars: null, sort: "newest", page: 1 });
    expect(store.reviews.map((review) => review.title)).toEqual(["other product", "real five"]);
    const enhancer = await listing(true).list({
      stars: null,
      sort: "newest",
      page: 1,
      product: "forge-enhancer",
    });
    expect(enhancer.total).toBe(2);
    expect(await listing(true).realSummary("forge-enhancer")).toEqual({
      count: 1,
      average: 5,
      stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
    });
    expect((await listing(true).latest("forge-enhancer", 5, { realOnly: true })).map((r) => r.title)).toEqual(
      ["real five"],
    );
  });

  it("gives a product's latest reviews newest first, bounded", async () => {
    await seed(
      Array.from({ length: 25 }, (_, index) => ({ title: `r${index + 1}`, rating: 4, day: index + 1 })),
    );
    const latest = await listing(false).latest("forge-enhancer", 3);
    expect(latest.map((review) => review.title)).toEqual(["r25", "r24", "r23"]);
    expect(await listing(false).latest("forge-enhancer", 500)).toHaveLength(20);
    expect(await listing(false).latest("forge-enhancer", -1)).toEqual([]);
    expect(await listing(false).latest("no-such-product", 3)).toEqual([]);
  });

  it("counts a visitor's vote once, even sent many times at once, and each visitor's", async () => {
    const ids = await seed([{ title: "voted", rating: 1, day: 1 }]);
    const id = ids.voted as string;
    const service = listing(false);
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => service.voteHelpful(id, voter("203.0.113.5", "one"))),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === "counted")).toHaveLength(1);
    expect(await service.voteHelpful(id, voter("2001:db8:1:2::5"))).toEqual({
      outcome: "counted",
      helpfulCount: 2,
    });
    // The same /64: the same visitor.
    expect(await service.voteHelpful(id, voter("2001:db8:1:2::99"))).toEqual({
      outcome: "already",
      helpfulCount: 2,
    });
    expect(await service.votedOn({ address: "203.0.113.5", id: null }, [id, "not-a-uuid"])).toEqual([id]);
    expect(await service.votedOn({ address: "203.0.113.6", id: null }, [id])).toEqual([]);
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.helpfulCount).toBe(2);
    const keys = await database.db.select().from(reviewHelpfulVotes);
    // Each counted vote is two keys: its voter's and its address's.
    expect(keys).toHaveLength(4);
    // No address is stored: the key is an HMAC.
    expect(JSON.stringify(keys)).not.toMatch(/203\.0\.113|2001:db8/);
  });

  it("refuses votes on what is not listed: held, rejected, samples outside the sandbox, unknown ids", async () => {
    const ids = await seed([
      { title: "held", rating: 5, day: 1, status: "held" },
      { title: "rejected", rating: 5, day: 2, status: "rejected" },
      { title: "sample", rating: 5, day: 3, source: "sample" },
    ]);
    const store = listing(false);
    for (const id of [ids.held, ids.rejected, ids.sample, "00000000-0000-4000-8000-000000000000", "x'--"]) {
      expect(await store.voteHelpful(id as string, voter("203.0.113.7"))).toEqual({ outcome: "not_found" });
    }
    expect(await listing(true).voteHelpful(ids.sample as string, voter("203.0.113.7"))).toMatchObject({
      outcome: "counted",
    });
  });

  it("sorts by helpful count, then newest", async () => {
    const ids = await seed([
      { title: "old", rating: 5, day: 1 },
      { title: "new", rating: 5, day: 9 },
      { title: "mid", rating: 3, day: 5 },
    ]);
    await listing(false).voteHelpful(ids.old as string, voter("203.0.113.8"));
    const helpful = await listing(false).list({ stars: null, sort: "helpful", page: 1 });
    expect(helpful.reviews.map((review) => review.title)).toEqual(["old", "new", "mid"]);
    const fives = await listing(false).list({ stars: 5, sort: "newest", page: 1 });
    expect(fives.reviews.map((review) => review.title)).toEqual(["new", "old"]);
    const past = await listing(false).list({ stars: null, sort: "newest", page: 40 });
    expect(past).toMatchObject({ page: 1, pageCount: 1, total: 3 });
  });

  it("deletes votes a year old and keeps the review's count", async () => {
    const ids = await seed([{ title: "kept", rating: 4, day: 1 }]);
    const id = ids.kept as string;
    await listing(false).voteHelpful(id, voter("203.0.113.9"));
    await listing(false).voteHelpful(id, voter("203.0.113.10"));
    await database.db.execute(
      sql`update review_helpful_votes set created_at = now() - interval '400 days' where voter_key in (select voter_key from review_helpful_votes limit 1)`,
    );
    const report = await createRetentionJob({ db: database.db, logger }).runOnce();
    expect(report["helpful-votes"]).toBe(1);
    // Two votes are four keys (each its voter's and its address's): one was made old.
    expect(await database.db.select().from(reviewHelpfulVotes)).toHaveLength(3);
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.helpfulCount).toBe(2);
  });
});
