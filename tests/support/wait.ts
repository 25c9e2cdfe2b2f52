import type { EventEmitter } from "node:events";

/**
 * The suite's only ways to wait (decision 071): each has a bound, and a wait on a socket or process
 * also ends when it closes or fails, so a peer that went away never holds a test until its timeout.
 */

/**
 * Resolves with whichever comes first: `event`, "close", "exit", "error", or "timeout" after `ms`.
 * Never rejects: the caller decides what an early end means.
 */
export function settle(emitter: EventEmitter, event: string, ms: number): Promise<string> {
  return new Promise((resolve) => {
    const ends = [event, "close", "exit", "error"];
    const handlers = ends.map((name) => [name, () => finish(name)] as const);
    const timer = setTimeout(() => finish("timeout"), ms);
    function finish(why: string) {
      clearTimeout(timer);
      for (const [name, handler] of handlers) emitter.off(name, handler);
      resolve(why);
    }
    for (const [name, handler] of handlers) emitter.once(name, handler);
  });
}

/** Waits until `check` passes (it throws until then), polling every `stepMs`, for at most `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 15_000,
  stepMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(stepMs);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
