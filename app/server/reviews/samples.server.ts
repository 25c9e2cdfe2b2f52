import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { reviews } from "~/server/db/schema";
import type { Logger } from "~/server/runtime/logger.server";

/**
 * Records the sandbox's sample reviews (issue 18 item 7, decision 085). server.ts calls this only while
 * its own sandbox runs the Shopify emulator, with the samples from sandbox/reviews/samples.ts: the app
 * knows how to store them, never what they say. They are stored published, as source `sample` and not
 * verified, once (each has a stable key: a restart or a second process adds nothing), and count only
 * while the Shopify emulator is in use (createReviews' `includeSamples`).
 */
export type SampleReviewRow = {
  key: string;
  product: string;
  rating: number;
  title: string;
  body: string;
  displayName: string;
  writtenAt: Date;
};

/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const BATCH = 400;

export async function recordSampleReviews(
  db: Db,
  samples: readonly SampleReviewRow[],
  logger: Logger,
): Promise<number> {
  const [present] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.source, "sample")));
  if (Number(present?.count ?? 0) >= samples.length) return 0;
  let added = 0;
  for (let start = 0; start < samples.length; start += BATCH) {
    const rows = samples.slice(start, start + BATCH).map((sample) => ({
      product: sample.product,
      rating: sample.rating,
      title: sample.title,
      body: sample.body,
      displayName: sample.displayName,
      verified: false,
      status: "published",
      heldReasons: [],
      source: "sample",
      externalKey: sample.key,
      createdAt: sample.writtenAt,
      publishedAt: sample.writtenAt,
      updatedAt: sample.writtenAt,
    }));
    const inserted = await db
      .insert(reviews)
      .values(rows)
      .onConflictDoNothing({ target: reviews.externalKey })
      .returning({ id: reviews.id });
    added += inserted.length;
  }
  logger.info({ added, samples: samples.length }, "sandbox sample reviews recorded");
  return added;
}
