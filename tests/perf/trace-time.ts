/**
 * How much of a Lighthouse run's main-thread time the page spent running (issue 39, decision 110).
 *
 * Lighthouse's default (simulated) throttling loads the page at the host's full speed and multiplies
 * each task's wall time by the CPU slowdown. A task's wall time also holds the moments the main thread
 * was not running at all: another process on the same two cores, or the hypervisor lending the core
 * elsewhere. That time is multiplied too: 10 ms of it in one task is 55 ms of simulated blocking at 5.5x.
 * Chromium's trace gives each task both clocks (`dur`, wall; `tdur`, the thread's own CPU time), so the
 * ratio of the two over a run says how much of its figures is the machine rather than the page.
 */

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

/** Tasks shorter than this (wall) are left out: they cannot block, and their clocks are coarse. */
const MIN_TASK_US = 1000;

/**
 * The page's main thread in a trace: of the renderer main threads (the blank page's before navigation,
 * the page's own, Chromium's own pages), the one whose tasks took the longest. Its complete events.
 */
export function pageMainThread<E extends TraceEvent>(events: readonly E[]): E[] {
  const mainThreads = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  let best: E[] = [];
  let bestTotal = -1;
  for (const thread of mainThreads) {
    const own = events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X" && e.dur !== undefined,
    );
    const total = own.filter((e) => e.name === "RunTask").reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (total > bestTotal) {
      bestTotal = total;
      best = own;
    }
  }
  return best;
}

/**
 * The page's main-thread tasks summed on both clocks, in milliseconds; null when the trace holds no
 * such tasks.
 */
export function mainThreadTaskTime(
  events: readonly TraceEvent[],
): { wallMs: number; threadMs: number } | null {
  let wall = 0;
  let cpu = 0;
  for (const e of pageMainThread(events)) {
    if (e.name !== "RunTask" || (e.dur ?? 0) < MIN_TASK_US || e.tdur === undefined) continue;
    wall += e.dur ?? 0;
    cpu += e.tdur;
  }
  return cpu > 0 ? { wallMs: wall / 1000, threadMs: cpu / 1000 } : null;
}

/** Wall time over thread time of the page's tasks: 1 when the main thread ran throughout. */
export function wallOverThread(events: readonly TraceEvent[]): number {
  const time = mainThreadTaskTime(events);
  return time ? time.wallMs / time.threadMs : Number.NaN;
}

/**
 * The wall time, in milliseconds, of the task that commits the navigation on the page's main thread:
 * the `RunTask` holding `DocumentLoader::CommitNavigation` (decision 156). Its CPU time is nearly the same
 * on every route; the rest of its wall time is a new renderer process waiting for a core as it starts,
 * which Lighthouse multiplies by the slowdown like the rest. Not a number when the trace holds no commit.
 */
export function commitTaskMs(events: readonly TraceEvent[]): number {
  const own = pageMainThread(events);
  const start = (e: TraceEvent) => e.ts ?? 0;
  const end = (e: TraceEvent) => start(e) + (e.dur ?? 0);
  const holding = own
    .filter((e) => e.name === "DocumentLoader::CommitNavigation")
    .map((commit) =>
      own.find((e) => e.name === "RunTask" && start(e) <= start(commit) && end(e) >= end(commit)),
    )
    .filter((task) => task !== undefined);
  return holding.length ? Math.max(...holding.map((task) => (task.dur ?? 0) / 1000)) : Number.NaN;
}
