/**
 * Carries out the schedule (schedule.ts) against the running shop: each fault at its second, through
 * the processes' signals, the database proxy, the run's own Redis, and the emulators' test hooks.
 * What happened is recorded for the report: when each fault began and ended, and for an instance
 * brought down, how long until its /readyz answered again.
 */
import type { ChaosDatabase, ChaosRedis } from "./backing";
import type { Schedule, ScheduledFault } from "./schedule";
import type { Instance, Stack } from "./stack";

export type FaultRecord = ScheduledFault & {
  began: number;
  ended: number;
  /** For kills and restarts: seconds from the signal until the instance was ready again. */
  readyAfter?: number;
  note: string;
};

export type FaultContext = {
  stack: Stack;
  database: ChaosDatabase;
  /** None when redis-server is not installed: the Redis fault is then recorded as not carried out. */
  redis: ChaosRedis | undefined;
  now: () => number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function control(url: string, method: string, body?: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
}

async function claim(instances: Instance[], preferred: number): Promise<Instance> {
  for (;;) {
    const ordered = [...instances.slice(preferred - 1), ...instances.slice(0, preferred - 1)];
    const free = ordered.find((instance) => !instance.busy);
    if (free) {
      free.busy = true;
      return free;
    }
    await sleep(200);
  }
}

/** Brings an instance down with `signal` and starts it again; seconds until it was ready. */
async function bounce(ctx: FaultContext, instance: Instance, signal: "SIGKILL" | "SIGTERM") {
  const at = ctx.now();
  const code = await instance.server?.stop(signal, { killAfterMs: 30_000 });
  await ctx.stack.start(instance);
  return { readyAfter: ctx.now() - at, code };
}

async function run(ctx: FaultContext, fault: ScheduledFault): Promise<FaultRecord> {
  const began = ctx.now();
  const { stack } = ctx;
  const done = (note: string, extra: Partial<FaultRecord> = {}): FaultRecord => ({
    ...fault,
    began,
    ended: ctx.now(),
    note,
    ...extra,
  });
  const during = async (start: () => Promise<void> | void, end: () => Promise<void> | void) => {
    await start();
    try {
      await sleep(fault.seconds * 1000);
    } finally {
      await end();
    }
  };
  switch (fault.kind) {
    case "kill": {
      const instance = await claim(stack.instances, fault.instance ?? 1);
      try {
        const { readyAfter } = await bounce(ctx, instance, "SIGKILL");
        return done(`instance ${instance.index} killed (SIGKILL) and restarted`, {
          instance: instance.index,
          readyAfter,
        });
      } finally {
        instance.busy = false;
      }
    }
    case "deploy": {
      const instance = await claim(stack.instances, fault.instance ?? 1);
      try {
        const { readyAfter, code } = await bounce(ctx, instance, "SIGTERM");
        return done(`instance ${instance.index} sent SIGTERM (exit ${code}) and started again`, {
          instance: instance.index,
          readyAfter,
        });
      } finally {
        instance.busy = false;
      }
    }
    case "rolling-restart": {
      const notes: string[] = [];
      let slowest = 0;
      for (const target of stack.instances) {
        const instance = await claim([target], 1);
        try {
          const { readyAfter, code } = await bounce(ctx, instance, "SIGTERM");
          slowest = Math.max(slowest, readyAfter);
          notes.push(`${instance.index}: exit ${code}, ready ${readyAfter.toFixed(1)} s after SIGTERM`);
        } finally {
          instance.busy = false;
        }
      }
      return done(`SIGTERM to each instance in turn (${notes.join("; ")})`, { readyAfter: slowest });
    }
    case "postgres-freeze":
      await during(ctx.database.freeze, ctx.database.thaw);
      return done("every database connection held silent, then released");
    case "redis-restart":
      if (!ctx.redis) return done("not carried out: the run has no Redis (redis-server is not installed)");
      await ctx.redis.restart(fault.seconds * 1000);
      return done("Redis stopped (SIGTERM) and started again, empty");
    case "shopify-failing":
      await during(
        () =>
          control(`${stack.shopifyUrl}/__control/faults`, "POST", {
            kind: "status",
            status: 503,
            api: "admin",
            times: -1,
          }),
        () => control(`${stack.shopifyUrl}/__control/faults`, "DELETE"),
      );
      return done("the Admin API answered 503 to every call");
    case "shopify-slow":
      await during(
        () =>
          control(`${stack.shopifyUrl}/__control/faults`, "POST", {
            kind: "latency",
            ms: 3_000,
            api: "any",
            times: -1,
          }),
        () => control(`${stack.shopifyUrl}/__control/faults`, "DELETE"),
      );
      return done("every Storefront and Admin call answered 3 s late");
    case "smtp-refusing":
      await during(
        () => control(`${stack.controlUrl}/mail/refuse`, "POST", { ms: fault.seconds * 1000 }),
        () => control(`${stack.controlUrl}/mail/refuse`, "DELETE"),
      );
      return done("SMTP greeted every connection with 421");
    case "stripe-disorder":
      await during(
        () =>
          control(`${stack.controlUrl}/stripe/webhook-disorder`, "PUT", {
            duplicate: true,
            maxDelayMs: 5_000,
          }),
        () => control(`${stack.controlUrl}/stripe/webhook-disorder`, "DELETE"),
      );
      return done("every webhook event delivered twice, each copy up to 5 s late (out of order)");
  }
}

/** Runs every fault at its second (the clock's zero is the load's start); resolves with the records. */
export async function runSchedule(ctx: FaultContext, schedule: Schedule): Promise<FaultRecord[]> {
  const records = await Promise.all(
    schedule.faults.map(async (fault) => {
      await sleep(Math.max(0, (fault.at - ctx.now()) * 1000));
      const began = ctx.now();
      try {
        return await run(ctx, fault);
      } catch (error) {
        const why = String(error).split("\n")[0];
        return { ...fault, began, ended: ctx.now(), note: `FAILED: ${why}` };
      }
    }),
  );
  return records.sort((a, b) => a.began - b.began);
}

/** Ends every lasting fault at once (a run that stops early), whatever state it is in. */
export async function clearFaults(ctx: Omit<FaultContext, "now">): Promise<void> {
  ctx.database.thaw();
  await Promise.allSettled([
    control(`${ctx.stack.shopifyUrl}/__control/faults`, "DELETE"),
    control(`${ctx.stack.controlUrl}/mail/refuse`, "DELETE"),
    control(`${ctx.stack.controlUrl}/stripe/webhook-disorder`, "DELETE"),
  ]);
}
