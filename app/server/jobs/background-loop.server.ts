import type { Logger } from "~/server/runtime/logger.server";

/**
 * The loop behind each durable queue of the app (the e-mail outbox, the Shopify sync): a pass over the
 * due rows every `pollIntervalMs`, or at once when nudged; never two passes of one queue at a time in a
 * process; each pass bounded by a deadline it cannot overrun, however its database or provider behaves;
 * and a stop that waits, up to a bound, for the pass in progress (docs/decisions/030-exactly-once-fulfilment.md,
 * 060, 076). What a pass claims and how is the queue's own.
 */

export type BackgroundLoopOptions = {
  /** For the log: "e-mail outbox", "shopify sync". */
  name: string;
  logger: Logger;
  /** One pass; it should claim nothing after `deadline` (epoch ms). */
  pass(deadline: number): Promise<unknown>;
  pollIntervalMs: number;
  passDeadlineMs: number;
};

export type BackgroundLoop = {
  /** Runs a pass now (or right after the one in progress). */
  nudge(): void;
  start(): void;
  /** No new pass; waits up to `waitMs` (default: as long as it takes) for the one in progress. */
  stop(waitMs?: number): Promise<void>;
  /** True once stopped: a pass in progress claims nothing more. */
  readonly stopped: boolean;
  /** Work started outside a pass that stop() must also wait for (a record being retried). */
  track(work: Promise<unknown>): void;
};

export function createBackgroundLoop(options: BackgroundLoopOptions): BackgroundLoop {
  const { name, logger, pollIntervalMs, passDeadlineMs } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  /** Passes the loop stopped waiting for (each still bounded: its queries and calls time out). */
  const overran = new Set<Promise<unknown>>();
  const background = new Set<Promise<unknown>>();

  function nudge() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        const pass = options.pass(Date.now() + passDeadlineMs).catch((error) => {
          logger.error({ err: error }, `${name} pass failed`);
        });
        // Whatever a pass waits for has its own timeout; this deadline stands even if one did not. A
        // pass left behind keeps the rows it claimed, so the next pass cannot handle them twice.
        if (!(await settlesWithin(pass, passDeadlineMs))) {
          logger.warn({ deadlineMs: passDeadlineMs }, `${name} pass overran its deadline: going on`);
          overran.add(pass);
          void pass.finally(() => overran.delete(pass));
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  return {
    nudge,
    get stopped() {
      return stopped;
    },
    track(work) {
      background.add(work);
      void work.finally(() => background.delete(work));
    },
    start() {
      stopped = false;
      if (timer) return;
      timer = setInterval(nudge, pollIntervalMs);
      timer.unref();
      nudge();
    },
    async stop(waitMs = Number.POSITIVE_INFINITY) {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      const inProgress = Promise.all([running, ...overran, ...background]);
      if (await settlesWithin(inProgress, waitMs)) return;
      // Its rows stay claimed until their lease ends; then any worker takes them.
      logger.warn({ waitedMs: waitMs }, `${name} stopped while a pass was still in progress`);
    },
  };
}

/** Exponential backoff: base · 2^(attempt-1), capped, ±20 % jitter. */
export function backoffMs(attempts: number, baseMs: number, maxMs: number): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(raw * (0.8 + Math.random() * 0.4));
}

/**
 * Runs `work` until it succeeds, waiting 250 ms, then twice as long each time up to 5 s, between tries;
 * gives up (false) rather than start a try that would end its wait at or after `until` (epoch ms). For
 * a record that failed (a dead connection, a moment of silence) and must land while the claim it
 * records still holds: each try is a new query, so on another connection once the pool drops the dead one.
 */
export async function retryUntil(work: () => Promise<unknown>, until: number): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const wait = Math.min(5_000, 250 * 2 ** attempt);
    if (Date.now() + wait >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await work();
      return true;
    } catch {
      // tried again after the next wait
    }
  }
}

/** Resolves true when `work` settles within `ms`, false when the time is up first. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  if (!Number.isFinite(ms)) {
    await work.catch(() => {});
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, ms));
    }),
  ]);
  clearTimeout(timer);
  return settled;
}
