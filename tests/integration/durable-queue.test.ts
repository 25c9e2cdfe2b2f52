import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { emailDeliveries } from "~/server/db/schema";
import { queueItemState, retryable, tableQueueStore } from "~/server/jobs/queue-rows.server";
import { killGroup, spawnTracked } from "../../scripts/lib/processes";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../../scripts/lib/test-database";
import { openTestDatabase } from "../support/memory-database";
import { createProbeQueue, enqueueProbes, PROBE } from "../support/queue-probe";
import { eventually, settle } from "../support/wait";

/**
 * The one durable queue worker's guarantees (issue 33 item 3, decision 097), which the e-mail outbox,
 * the Shopify sync and the review invitations inherit: on a probe queue whose outside system is
 * idempotent by key, as theirs are. Two worker processes on one queue: each item done once. A claim
 * whose worker died (its lease lapsed) is taken over. A worker killed (-9) between the outside call and
 * its record: the next worker repeats the call with the same key, and the outside system makes no
 * second effect. A transient failure backs off, growing to a cap. A permanent refusal is handed to a
 * person: `failed`, in the state the back office shows every queue in, with its Retry, which works it.
 * Separate processes share a database on PostgreSQL only (PGlite lives in one process).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const logger = pino({ level: process.env.DEBUG_QUEUE ? "debug" : "silent" });

/** An outside system that is idempotent by `Idempotency-Key`, and fails or holds its answer on demand. */
function outsideSystem() {
  const effects = new Map<string, string>();
  const calls = new Map<string, number>();
  const failures = new Map<string, number>();
  const refused = new Set<string>();
  let hold: { arrived: () => void; release: Promise<void> } | null = null;
  let made = 0;
  const pace = { delayMs: 0, inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", async () => {
      const key = String(request.headers["idempotency-key"]);
      calls.set(key, (calls.get(key) ?? 0) + 1);
      pace.inFlight += 1;
      pace.maxInFlight = Math.max(pace.maxInFlight, pace.inFlight);
      response.on("close", () => {
        pace.inFlight -= 1;
      });
      if (pace.delayMs) await new Promise((resolve) => setTimeout(resolve, pace.delayMs));
      if (refused.has(key)) {
        response.writeHead(422).end("the input cannot be accepted");
        return;
      }
      const failing = failures.get(key) ?? 0;
      if (failing > 0) {
        failures.set(key, failing - 1);
        response.writeHead(503).end("down");
        return;
      }
      if (!effects.has(key)) effects.set(key, `effect-${++made}`);
      const held = hold;
      if (held) {
        // The effect is made; its answer is kept until the test lets it go (its caller is dead by then).
        hold = null;
        held.arrived();
        await held.release;
      }
      response.writeHead(200).end(effects.get(key));
    });
  });
  return {
    server,
    effects,
    calls,
    failures,
    refused,
    /** Each answer's delay, and the most calls it has had in flight at once. */
    pace,
    /** The next call's answer is held; resolves when that call arrives. */
    holdNextAnswer(release: Promise<void>): Promise<void> {
      return new Promise((arrived) => {
        hold = { arrived, release };
      });
    },
    reset() {
      effects.clear();
      calls.clear();
      failures.clear();
      refused.clear();
      hold = null;
      Object.assign(pace, { delayMs: 0, inFlight: 0, maxInFlight: 0 });
    },
  };
}

describe.each(databaseTargets)("the durable queue worker on $name", ({ name }) => {
  const outside = outsideSystem();
  let outsideUrl = "";
  let store: TestDatabase;
  let database: Database;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    await new Promise<void>((resolve) => outside.server.listen(0, "127.0.0.1", resolve));
    outsideUrl = `http://127.0.0.1:${(outside.server.address() as AddressInfo).port}`;
    store = await createTestDatabase(name);
    database = await openTestDatabase(store.url);
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.pid) killGroup(worker.pid, "SIGKILL");
    await database?.close();
    await store?.drop();
    outside.server.closeAllConnections();
    await new Promise((resolve) => outside.server.close(resolve));
  });
  beforeEach(async () => {
    outside.reset();
    await database.db.delete(emailDeliveries).where(eq(emailDeliveries.kind, PROBE));
  });

  const probeQueue = (
    leaseMs: number,
    backoff?: { baseMs: number; maxMs: number },
    pace?: { concurrency?: number; batch?: number; pollIntervalMs?: number },
  ) =>
    createProbeQueue({
      db: database.db,
      logger,
      outsideUrl,
      leaseMs,
      inTransaction: name === "postgres",
      backoff,
      ...pace,
    });
  const rowOf = async (id: string) =>
    (await database.db.select().from(emailDeliveries).where(eq(emailDeliveries.id, id)))[0];
  const allRows = () => database.db.select().from(emailDeliveries).where(eq(emailDeliveries.kind, PROBE));

  /** A worker process of the probe queue (tests/support/queue-probe-worker.ts), ready to claim. */
  async function startWorker(leaseMs: number): Promise<ChildProcess> {
    const worker = spawnTracked(
      process.execPath,
      ["--import", "tsx", "tests/support/queue-probe-worker.ts"],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: store.url, OUTSIDE_URL: outsideUrl, LEASE_MS: String(leaseMs) },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    workers.push(worker);
    const ready = new Promise<string>((resolve) => {
      worker.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("ready")) resolve("ready");
      });
    });
    expect(await Promise.race([ready, settle(worker, "never", 120_000)])).toBe("ready");
    return worker;
  }

  async function kill(worker: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    const exited = settle(worker, "exit", 30_000);
    if (worker.pid) killGroup(worker.pid, signal);
    expect(await exited).not.toBe("timeout");
  }

  it("works up to its concurrency of rows at once in a pass, each claimed and done once", async () => {
    const ids = await enqueueProbes(database.db, 12, "together");
    outside.pace.delayMs = 200;
    const queue = probeQueue(10_000, undefined, { concurrency: 4 });
    expect(await queue.processDue()).toBe(12);
    // Four calls overlapped (one at a time took the chaos run's queues minutes to drain), never more.
    expect(outside.pace.maxInFlight).toBe(4);
    for (const id of ids) expect(outside.calls.get(id)).toBe(1);
    const rows = await allRows();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(12).fill(["sent", 1]));
  });

  it("goes on at once after a full batch, not at the next poll: a backlog drains at the calls' pace", async () => {
    await enqueueProbes(database.db, 30, "backlog");
    // A poll a minute: without going on after a full batch, 5 rows would be sent and 25 would wait.
    const queue = probeQueue(10_000, undefined, { batch: 5, pollIntervalMs: 60_000 });
    queue.start();
    try {
      await eventually(async () => {
        const rows = await allRows();
        expect(rows.filter((row) => row.status === "sent")).toHaveLength(30);
      }, 20_000);
    } finally {
      await queue.stop(10_000);
    }
    expect([...outside.calls.values()].every((count) => count === 1)).toBe(true);
  });

  it("a claim whose worker died (its lease lapsed) is left alone until then, and taken over once", async () => {
    const [id] = await enqueueProbes(database.db, 1, "lapsed");
    // A worker claims the row, leased for 1.5 s, and dies before it works it.
    const dead = tableQueueStore(database.db, emailDeliveries, {
      leaseMs: 1_500,
      inTransaction: name === "postgres",
      filter: eq(emailDeliveries.kind, PROBE),
    });
    expect(await dead.claim({ id: id as string })).toMatchObject({ status: "sending", attempts: 1 });
    const next = probeQueue(10_000);
    expect(await next.runNow(id as string)).toBeNull();
    expect(outside.calls.size).toBe(0);
    await eventually(
      async () => expect(await next.runNow(id as string)).toMatchObject({ status: "sent" }),
      15_000,
    );
    expect(await rowOf(id as string)).toMatchObject({ status: "sent", attempts: 2, lockedUntil: null });
    expect(outside.calls.get(id as string)).toBe(1);
  });

  it("a transient failure backs off, and the backoff grows to its cap and stays there", async () => {
    const [id] = await enqueueProbes(database.db, 1, "backoff");
    outside.failures.set(id as string, 7);
    const queue = probeQueue(10_000, { baseMs: 20, maxMs: 300 });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      const outcome = await eventually(
        async () => {
          const tried = await queue.runNow(id as string);
          if (!tried) throw new Error("not due yet");
          return tried;
        },
        15_000,
        20,
      );
      expect(outcome.status).toBe("pending");
      const [row] = await database.db
        .select({
          attempts: emailDeliveries.attempts,
          lastError: emailDeliveries.lastError,
          delay: sql<number>`extract(epoch from ${emailDeliveries.nextAttemptAt} - ${emailDeliveries.updatedAt}) * 1000`,
        })
        .from(emailDeliveries)
        .where(eq(emailDeliveries.id, id as string));
      expect(row).toMatchObject({ attempts: attempt, lastError: "outside system answered 503" });
      delays.push(Number(row?.delay));
    }
    // base · 2^(attempt-1) ± 20 %: 20, 40, 80, 160, then the cap of 300 (± 20 %).
    expect(delays[0]).toBeLessThanOrEqual(24 + 1);
    for (const delay of delays.slice(4)) {
      expect(delay).toBeGreaterThanOrEqual(240 - 1);
      expect(delay).toBeLessThanOrEqual(360 + 1);
    }
    await eventually(
      async () => expect(await queue.runNow(id as string)).toMatchObject({ status: "sent" }),
      15_000,
    );
    expect(outside.effects.size).toBe(1);
  });

  it("a permanent refusal is handed to a person: failed, shown with Retry, and their Retry works it", async () => {
    const [id] = await enqueueProbes(database.db, 1, "refused");
    outside.refused.add(id as string);
    const queue = probeQueue(10_000);
    expect(await queue.runNow(id as string)).toMatchObject({ status: "failed" });
    const row = await rowOf(id as string);
    expect(row).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "refused: the input cannot be accepted",
    });
    // The state and the action the back office reads for every queue.
    const state = queueItemState(row as NonNullable<typeof row>);
    expect(state).toBe("failed");
    expect(retryable(state)).toBe(true);
    // Handed over: no worker takes it again by itself.
    expect(await queue.processDue()).toBe(0);
    expect(outside.calls.get(id as string)).toBe(1);

    outside.refused.delete(id as string);
    // Retry makes it due now and wakes the worker, which works it.
    expect(await queue.retry(id as string)).toBe(true);
    await eventually(
      async () =>
        expect(await rowOf(id as string)).toMatchObject({ status: "sent", attempts: 2, lastError: null }),
      15_000,
    );
    const done = await rowOf(id as string);
    expect(queueItemState(done as NonNullable<typeof done>)).toBe("sent");
    // Nothing to retry once it is done.
    expect(await queue.retry(id as string)).toBe(false);
    await queue.stop(5_000);
  });

  it.runIf(name === "postgres")("two processes on one queue: every item is done once", async () => {
    const pair = await Promise.all([startWorker(30_000), startWorker(30_000)]);
    const ids = await enqueueProbes(database.db, 40, "pair");
    await eventually(
      async () => expect((await allRows()).filter((row) => row.status === "sent")).toHaveLength(40),
      60_000,
      200,
    );
    for (const id of ids) expect(outside.calls.get(id), id).toBe(1);
    expect(outside.effects.size).toBe(40);
    expect(new Set((await allRows()).map((row) => row.attempts))).toEqual(new Set([1]));
    await Promise.all(pair.map((worker) => kill(worker, "SIGTERM")));
  });

  it.runIf(name === "postgres")(
    "a worker killed (-9) between the outside call and its record: the call is repeated by key, with one effect",
    async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const arrived = outside.holdNextAnswer(released);
      const first = await startWorker(3_000);
      const [id] = await enqueueProbes(database.db, 1, "killed");
      await Promise.race([arrived, settle(first, "never", 30_000)]);
      const effect = outside.effects.get(id as string);
      expect(effect).toMatch(/^effect-/);
      await kill(first, "SIGKILL");
      release();
      expect(await rowOf(id as string)).toMatchObject({ status: "sending", attempts: 1 });

      const second = await startWorker(3_000);
      await eventually(
        async () => expect(await rowOf(id as string)).toMatchObject({ status: "sent", attempts: 2 }),
        60_000,
        200,
      );
      // Called twice, made once: the record holds the first call's effect.
      expect(outside.calls.get(id as string)).toBe(2);
      expect(outside.effects.size).toBe(1);
      expect((await rowOf(id as string))?.messageId).toBe(effect);
      await kill(second, "SIGTERM");
    },
  );
});
