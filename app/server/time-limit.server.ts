/**
 * Waits for `work` at most `ms`: after that the returned promise rejects with `timeoutError()` (the work
 * itself goes on; its late result is dropped). The timer is cleared as soon as either settles, so a
 * fast answer leaves nothing pending, and it never keeps the process alive on its own.
 * One place for the race the server runs against every slow outside system (Shopify, the database).
 */
export function withinTime<T>(work: Promise<T>, ms: number, timeoutError: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
