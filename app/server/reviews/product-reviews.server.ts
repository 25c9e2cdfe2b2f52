import type { PublicReview } from "~/contracts/reviews";
import type { Logger } from "~/server/runtime/logger.server";
import { withinTime } from "~/server/time-limit.server";
import type { ReviewListing } from "./listing.server";

/** How long a product page waits for its latest reviews before showing none (they are deferred). */
const LATEST_TIMEOUT_MS = 2_000;

/**
 * A product page's latest published reviews (issue 18 item 4: the Enhancer's Reviews tab shows the
 * latest few and links to /reviews), deferred data: the page never waits for them, and a slow or
 * failing database gives an empty list (logged), never a broken page.
 */
export function latestProductReviews(
  services: { reviewListing: ReviewListing; logger: Logger },
  product: string,
  count: number,
  caller: { requestId: string },
): Promise<PublicReview[]> {
  const { reviewListing, logger } = services;
  return withinTime(
    reviewListing.latest(product, count),
    LATEST_TIMEOUT_MS,
    () => new Error("latest reviews timed out"),
  ).catch((error: unknown) => {
    logger.warn({ err: error, requestId: caller.requestId, product }, "latest reviews unavailable");
    return [];
  });
}
