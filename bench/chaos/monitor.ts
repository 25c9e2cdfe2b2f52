/**
 * What the chaos run watches while it runs, besides the shoppers' requests: each instance's resident
 * memory (its current process's VmRSS, every 5 s), and the two queues' backlog (rows of
 * email_deliveries and shopify_syncs not yet sent, every second, read straight from PostgreSQL, not
 * through the freezable proxy).
 */
import { readFileSync } from "node:fs";
import pg from "pg";
import type { Instance } from "./stack";

export type MemorySample = { at: number; instance: number; rssMiB: number | null };
export type QueueSample = { at: number; email: number; shopify: number; failed: number };

export type Monitor = {
  memory: MemorySample[];
  queues: QueueSample[];
  /** The backlog now (null when the database did not answer). */
  backlog(): Promise<QueueSample | null>;
  stop(): Promise<void>;
};

function rss(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

export function startMonitor(directUrl: string, instances: Instance[], now: () => number): Monitor {
  const pool = new pg.Pool({ connectionString: directUrl, max: 1, connectionTimeoutMillis: 5_000 });
  pool.on("error", () => {});
  const memory: MemorySample[] = [];
  const queues: QueueSample[] = [];
  const backlog = async (): Promise<QueueSample | null> => {
    try {
      const { rows } = await pool.query<{ email: string; shopify: string; failed: string }>(
        `select
           (select count(*) from email_deliveries where status in ('pending', 'sending')) as email,
           (select count(*) from shopify_syncs where status in ('pending', 'sending')) as shopify,
           (select count(*) from email_deliveries where status = 'failed')
             + (select count(*) from shopify_syncs where status = 'failed') as failed`,
      );
      const row = rows[0];
      return row
        ? { at: now(), email: Number(row.email), shopify: Number(row.shopify), failed: Number(row.failed) }
        : null;
    } catch {
      return null;
    }
  };
  const memoryTimer = setInterval(() => {
    for (const instance of instances) {
      memory.push({ at: now(), instance: instance.index, rssMiB: rss(instance.server?.process.pid) });
    }
  }, 5_000);
  let polling = false;
  const queueTimer = setInterval(() => {
    if (polling) return;
    polling = true;
    void backlog()
      .then((sample) => sample && queues.push(sample))
      .finally(() => {
        polling = false;
      });
  }, 1_000);
  return {
    memory,
    queues,
    backlog,
    async stop() {
      clearInterval(memoryTimer);
      clearInterval(queueTimer);
      await pool.end().catch(() => undefined);
    },
  };
}
