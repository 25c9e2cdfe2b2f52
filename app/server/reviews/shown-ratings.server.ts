import { enhancerHandle } from "~/content/site";
import type { RatingFigure, ReviewSummary, ShownRatings } from "~/contracts/reviews";
import type { Logger } from "~/server/runtime/logger.server";
import { withinTime } from "~/server/time-limit.server";
import type { Reviews } from "./reviews.server";

/**
 * The ratings the pages carry in their runtime configuration (issue 18 item 5, decision 085), read
 * without waiting, like the shown prices (decision 080): a page is never held up by the database. The
 * figures come from the reviews' summaries (cached 60 s there); they are asked for again at most every
 * `recheckMs` as pages are served, and at once when this process publishes a review, so the review a
 * shopper has just written counts on the next page they open.
 *
 * The same object is returned while the figures are unchanged: the page templates encode their parts
 * once per runtime configuration (server/public-config.ts compares by identity first).
 */
export interface ShownRatingsSource {
  /** The last figures read; undefined until the first read has answered (the pages then state none). */
  current(): ShownRatings | undefined;
  /** The first read, awaited by the server before its first request (at most `timeoutMs`); never rejects. */
  warm(timeoutMs: number): Promise<void>;
}

export type ShownRatingsDeps = {
  reviews: Pick<Reviews, "summary" | "onChange">;
  logger: Logger;
  /** How long figures are served before the summaries are asked again (default 5 s). */
  recheckMs?: number;
  now?: () => number;
};

const figureOf = (summary: ReviewSummary): RatingFigure => ({
  count: summary.count,
  average: summary.average,
  ...(summary.samples ? { samples: summary.samples } : {}),
});

const sameFigure = (a: RatingFigure, b: RatingFigure) =>
  a.count === b.count && a.average === b.average && a.samples === b.samples;

export function createShownRatings(deps: ShownRatingsDeps): ShownRatingsSource {
  const recheckMs = deps.recheckMs ?? 5_000;
  const now = deps.now ?? Date.now;
  let current: ShownRatings | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  function read(): Promise<void> {
    if (reading) return reading;
    checkedAt = now();
    reading = Promise.all([
      deps.reviews.summary(),
      deps.reviews.summary(enhancerHandle),
      deps.reviews.summary(enhancerHandle, { samples: false }),
    ])
      .then(([all, enhancer, enhancerReal]) => {
        const next = {
          all: figureOf(all),
          enhancer: figureOf(enhancer),
          enhancerReal: figureOf(enhancerReal),
        };
        const unchanged =
          current &&
          sameFigure(current.all, next.all) &&
          sameFigure(current.enhancer, next.enhancer) &&
          sameFigure(current.enhancerReal, next.enhancerReal);
        if (!unchanged) current = next;
      })
      .catch((error: unknown) => {
        // The last figures stay; the next page served asks again after `recheckMs`.
        deps.logger.warn({ err: error }, "ratings not read: pages keep the last figures");
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }

  deps.reviews.onChange(() => {
    checkedAt = Number.NEGATIVE_INFINITY;
    void read();
  });

  return {
    current() {
      if (now() - checkedAt >= recheckMs) void read();
      return current;
    },
    async warm(timeoutMs) {
      // read() never rejects; a slow one is left to finish on its own.
      await withinTime(read(), timeoutMs, () => new Error("ratings not read in time")).catch(() => {});
    },
  };
}
