import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { orders, reviews } from "~/server/db/schema";
import { importReviewsCsv } from "~/server/reviews/import.server";
import { createReviews, type NewReview, type Reviews } from "~/server/reviews/reviews.server";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../../scripts/lib/test-database";
import { openTestDatabase } from "../support/memory-database";

/**
 * Issue 18 (the backend slice) on the real database, PGlite and PostgreSQL (TEST_DATABASE_URL): the
 * migrations applied, the reviews service over them. Importing a file twice adds nothing (also two
 * imports at once), held reviews are not in the rating until a person publishes them, and one review
 * per product per order is the database's rule, not the service's.
 */
const logger = pino({ level: "silent" });
const NOW = () => new Date("2026-11-25T12:00:00Z");

const CSV = [
  "title,body,rating,review_date,source,curated,reviewer_name,reviewer_email,product_id,product_handle,reply,reply_date,picture_urls,ip_address,location",
  'Great,"Works well, more energy.",5,2026-03-14 10:22:33 UTC,email,ok,Jordan Reyes,jordan@example.com,1,forge-enhancer,,,,,',
  'Solid,"Good, ""as advertised"".",5,2026-03-20 10:00:00 UTC,email,ok,Kim Park,kim@example.com,1,forge-enhancer,,,,,',
  'Fine,"Does the job.\r\nSecond line.",4,2026-04-01 08:00:00 UTC,web,ok,Sam Lee,sam@example.com,1,forge-enhancer,Thanks!,2026-04-02 09:00:00 UTC,,,',
  "Good,Decent value,5,2026-04-11,email,ok,Ann Bell,ann@example.com,2,test-kit,,,,,",
  "Miracle,It cured my low T,5,2026-05-01,email,ok,Al Cole,al@example.com,1,forge-enhancer,,,,,",
  "Nope,Did nothing for me. Waste of money.,1,2026-05-02,email,ok,Bo Diaz,bo@example.com,1,forge-enhancer,,,,,",
  "Bad,Text,9,2026-05-01,email,ok,Cy,cy@example.com,1,forge-enhancer,,,,,",
].join("\r\n");

describe.each(databaseTargets)("reviews on $name", ({ name }) => {
  let target: TestDatabase;
  let database: Database;
  let service: Reviews;
  let orderId: string;

  beforeAll(async () => {
    target = await createTestDatabase(name, { prefix: "forge_reviews" });
    database = await openTestDatabase(target.url);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await target?.drop();
  });
  beforeEach(async () => {
    await database.db.delete(reviews);
    await database.db.delete(orders);
    const [order] = await database.db
      .insert(orders)
      .values({
        stripeSessionId: `cs_test_reviews_${Date.now()}`,
        email: "buyer@example.com",
        customerName: "Jordan Reyes",
        lines: [],
        amountTotal: 3900,
        currency: "usd",
        paymentStatus: "paid",
        amountSubtotal: 3900,
      })
      .returning({ id: orders.id });
    orderId = order?.id ?? "";
    service = createReviews({ db: database.db, logger, includeSamples: false, now: NOW });
  });

  const count = async () =>
    Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(reviews))[0]?.n ?? Number.NaN);

  it("imports a file once: the second import adds nothing", async () => {
    const first = await importReviewsCsv(service, CSV, { now: NOW });
    expect(first.published).toEqual([2, 3, 4, 6, 8]);
    expect(first.held).toEqual([{ line: 7, reasons: ["disease_claim"] }]);
    expect(first.rejected).toEqual([{ line: 9, problems: ["rating must be a whole number from 1 to 5"] }]);
    expect(await count()).toBe(6);

    const second = await importReviewsCsv(service, CSV, { now: NOW });
    expect(second.published).toEqual([]);
    expect(second.held).toEqual([]);
    expect(second.alreadyPresent).toEqual([2, 3, 4, 6, 7, 8]);
    expect(await count()).toBe(6);

    const rows = await database.db.select().from(reviews);
    expect(rows.every((row) => row.source === "imported" && row.orderId === null)).toBe(true);
    // No e-mail address anywhere in what was stored.
    expect(JSON.stringify(rows)).not.toContain("@example.com");
    const fine = rows.find((row) => row.title === "Fine");
    expect(fine).toMatchObject({
      body: "Does the job.\nSecond line.",
      displayName: "Sam L.",
      reply: "Thanks!",
      status: "published",
    });
    expect(fine?.createdAt.toISOString()).toBe("2026-04-01T08:00:00.000Z");
  });

  it("two imports of the same file at once add each review once", async () => {
    const other = createReviews({ db: database.db, logger, includeSamples: false, now: NOW });
    const [a, b] = await Promise.all([
      importReviewsCsv(service, CSV, { now: NOW }),
      importReviewsCsv(other, CSV, { now: NOW }),
    ]);
    const added = (report: typeof a) => report.published.length + report.held.length;
    expect(added(a) + added(b)).toBe(6);
    expect(a.alreadyPresent.length + b.alreadyPresent.length).toBe(6);
    expect(await count()).toBe(6);
  });

  it("counts published reviews only: a held one joins the rating once a person publishes it", async () => {
    await importReviewsCsv(service, CSV, { now: NOW });
    // Enhancer: 5, 5, 4, 1 published; the held 5 does not count.
    expect(await service.summary("forge-enhancer")).toEqual({
      count: 4,
      average: 3.8,
      stars: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 2 },
    });
    expect(await service.summary()).toMatchObject({ count: 5, average: 4 });
    expect(await service.summary("no-such-product")).toEqual({
      count: 0,
      average: null,
      stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });

    const [held] = await database.db.select().from(reviews).where(sql`${reviews.status} = 'held'`);
    expect(held?.heldReasons).toEqual(["disease_claim"]);
    expect(await service.reject("not-a-uuid", "x")).toBe(false);
    expect(
      await service.publish(
        held?.id ?? "",
        "A customer's own words about how they felt; not a claim we make.",
      ),
    ).toBe(true);
    // Publishing clears the cache: the new rating shows at once.
    expect(await service.summary("forge-enhancer")).toMatchObject({ count: 5, average: 4 });
    // Only a held review can be decided, once.
    expect(await service.publish(held?.id ?? "", "again")).toBe(false);
    expect(await service.reject(held?.id ?? "", "too late")).toBe(false);
    const [published] = await database.db.select().from(reviews).where(sql`${reviews.id} = ${held?.id}`);
    expect(published).toMatchObject({ status: "published", moderatedAt: NOW() });
  });

  it("keeps the summary briefly: a review published by another process shows after the cache ends", async () => {
    let clock = NOW();
    const cached = createReviews({
      db: database.db,
      logger,
      includeSamples: false,
      now: () => clock,
      ttlMs: 60_000,
    });
    expect((await cached.summary()).count).toBe(0);
    await service.record(review({ externalKey: "elsewhere" }));
    expect((await cached.summary()).count).toBe(0);
    clock = new Date(clock.getTime() + 61_000);
    expect(await cached.summary()).toMatchObject({ count: 1, average: 4 });
  });

  it("does not count sample reviews unless the sandbox is in use", async () => {
    await service.record(review({ source: "sample", rating: 1, externalKey: "sample-1" }));
    await service.record(review({ externalKey: "real-1", rating: 5 }));
    expect(await service.summary()).toMatchObject({ count: 1, average: 5 });
    const sandbox = createReviews({ db: database.db, logger, includeSamples: true, now: NOW });
    expect(await sandbox.summary()).toMatchObject({ count: 2, average: 3 });
  });

  it("one review per product per order: the second finds the first; the database refuses it too", async () => {
    const first = await service.record(review({ source: "invited", orderId, verified: true }));
    expect(first).toMatchObject({ outcome: "added", status: "published" });
    expect(await service.record(review({ source: "invited", orderId, rating: 1 }))).toEqual({
      outcome: "already_present",
    });
    // Another product of the same order is its own review.
    expect(
      await service.record(review({ source: "invited", orderId, product: "forge-test-kit" })),
    ).toMatchObject({
      outcome: "added",
    });
    await expect(
      database.db.insert(reviews).values({
        product: "forge-enhancer",
        orderId,
        rating: 2,
        body: "Again",
        displayName: "Jo R.",
        status: "held",
        source: "invited",
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(2);
  });

  it("the database refuses stars outside 1-5 and unknown statuses or sources", async () => {
    const base = {
      product: "forge-enhancer",
      body: "x",
      displayName: "Jo",
      source: "imported",
      status: "held",
    };
    await expect(database.db.insert(reviews).values({ ...base, rating: 0 })).rejects.toThrow();
    await expect(database.db.insert(reviews).values({ ...base, rating: 6 })).rejects.toThrow();
    await expect(
      database.db.insert(reviews).values({ ...base, rating: 3, status: "hidden" }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(reviews).values({ ...base, rating: 3, source: "form" }),
    ).rejects.toThrow();
    // Published needs its date.
    await expect(
      database.db.insert(reviews).values({ ...base, rating: 3, status: "published" }),
    ).rejects.toThrow();
    expect(await count()).toBe(0);
  });

  it("an order's deletion leaves its reviews, without the order", async () => {
    await service.record(review({ source: "invited", orderId, verified: true }));
    await database.db.delete(orders);
    const [row] = await database.db.select().from(reviews);
    expect(row).toMatchObject({ orderId: null, verified: true });
  });
});

function review(values: Partial<NewReview> = {}): NewReview {
  return {
    product: "forge-enhancer",
    rating: 4,
    title: "Good",
    body: "Steady energy through the day.",
    displayName: "Jo R.",
    verified: false,
    source: "imported",
    ...values,
  };
}
