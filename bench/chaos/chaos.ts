/**
 * One chaos run (issue 37), as `npm run chaos` (run.ts) and the short run in `npm test`
 * (tests/chaos/short-run.test.ts, decision 134) both make it: three instances behind HAProxy on a
 * fresh PostgreSQL database and a Redis of the run's own, the emulators as their own process, page
 * views and real checkouts through HAProxy, the merchant's refunds in Stripe, faults on a seeded
 * schedule, a bounded drain, then a reconciliation of every paid Stripe session and every refund
 * against the orders, the e-mails, the Shopify orders and their refunds. Everything it starts is
 * stopped however it ends: when the run returns or throws, when `stop()` is called (a test's
 * afterAll), and on SIGINT or SIGTERM once `stopOnSignals` is installed.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SEEDED_STOCK } from "../../sandbox/shopify/store";
import {
  type ChaosDatabase,
  type ChaosRedis,
  type CloseOptions,
  postgresProblem,
  redisInstalled,
  startDatabase,
  startRedis,
} from "./backing";
import { clearFaults, type FaultRecord, runSchedule } from "./faults";
import { type CheckoutRecord, type Load, startLoad } from "./load";
import { type Monitor, startMonitor } from "./monitor";
import { parsePortRange, portAllocator } from "./ports";
import { type Reconciliation, reconcile } from "./reconcile";
import { type IssuedRefund, type RefundLoad, startRefunds } from "./refunds";
import { renderReport } from "./report";
import { buildSchedule, type Schedule, type ScheduleProfile } from "./schedule";
import { type Stack, startStack } from "./stack";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

export type ChaosOptions = {
  title: string;
  profile: ScheduleProfile;
  /** How long the load runs. */
  seconds: number;
  /** Checkouts begun a second, at most `concurrency` in flight. */
  rate: number;
  concurrency: number;
  pageRate: number;
  /** Refunds the merchant makes a minute while the faults run (0: none). */
  refundsPerMinute: number;
  seed: number;
  /** The longest the queues are given to empty once the load is over. */
  drainSeconds: number;
  /** The admin URL of the PostgreSQL the run makes its database in. */
  postgresUrl: string;
  /**
   * A cluster of the run's own (initdb; throwaway-postgres.ts) when none answers at `postgresUrl`
   * ("when-none-answers"), always, or never (the default: the run stops, saying why).
   */
  throwawayPostgres?: "never" | "when-none-answers" | "always";
  /** The build the instances serve (BUILD_DIR; it must exist). */
  buildDir: string;
  /** CHAOS_PORTS: the range the run's own ports come from ("5600-5699"). */
  portRange: string;
  /** Lines at the top of the report. */
  notes: string[];
  /** Where the report is written (none: only returned). */
  reportFile?: string;
  log: (line: string) => void;
};

export type ChaosOutcome = {
  schedule: Schedule;
  faults: FaultRecord[];
  checkouts: CheckoutRecord[];
  refunds: IssuedRefund[];
  reconciliation: Reconciliation;
  /** Seconds the drain took, and whether the queues emptied within its bound. */
  drainSeconds: number;
  drained: boolean;
  /** False when redis-server is not installed (the instances count rate limits in memory). */
  withRedis: boolean;
  report: string;
  logDir: string;
};

export type ChaosRun = {
  result: Promise<ChaosOutcome>;
  /** Stops everything the run started (idempotent); the run's result then rejects or reports what it saw. */
  stop(options?: CloseOptions): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function migrationsApplied(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from drizzle.__drizzle_migrations",
    );
    return rows[0]?.n ?? "?";
  } catch (error) {
    return `unknown (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function startChaos(options: ChaosOptions): ChaosRun {
  const { rate, seed, log } = options;
  const totalSeconds = Math.round(options.seconds);
  let database: ChaosDatabase | undefined;
  let throwaway: ThrowawayPostgres | undefined;
  let redis: ChaosRedis | undefined;
  let closeStack: ((o?: CloseOptions) => Promise<void>) | undefined;
  let stack: Stack | undefined;
  let monitor: Monitor | undefined;
  let load: Load | undefined;
  let stopping: Promise<void> | undefined;
  let stopped = false;

  const stop = (closeOptions: CloseOptions = {}) => {
    stopped = true;
    stopping ??= (async () => {
      load?.stop();
      if (stack && database) await clearFaults({ stack, database, redis }).catch(() => undefined);
      await monitor?.stop();
      await closeStack?.(closeOptions).catch((error) => log(`chaos: stopping the stack: ${error}`));
      await redis?.close(closeOptions).catch(() => undefined);
      await database?.close(closeOptions).catch(() => undefined);
      await throwaway?.close(closeOptions).catch((error) => log(`chaos: stopping its PostgreSQL: ${error}`));
    })();
    return stopping;
  };
  const stillRunning = () => {
    if (stopped) throw new Error("the chaos run was stopped");
  };

  const run = async (): Promise<ChaosOutcome> => {
    const schedule = buildSchedule(seed, totalSeconds, options.profile);
    log(
      `chaos: CHAOS_SEED=${seed}, ${totalSeconds} s at ${rate} checkouts/s (${options.profile}); schedule:`,
    );
    for (const fault of schedule.faults) {
      log(
        `  ${String(fault.at).padStart(4)} s  ${fault.kind}${fault.seconds ? ` ${fault.seconds} s` : ""}${fault.instance ? ` instance ${fault.instance}` : ""}`,
      );
    }
    const port = portAllocator(parsePortRange(options.portRange));
    let postgresUrl = options.postgresUrl;
    const fallback = options.throwawayPostgres ?? "never";
    const problem = fallback === "when-none-answers" ? await postgresProblem(postgresUrl) : null;
    if (fallback === "always" || problem) {
      log(
        `\n*** chaos: ${problem ? `${problem}: ` : ""}starting a throwaway PostgreSQL cluster of the run's own (initdb) ***\n`,
      );
      throwaway = await startThrowawayPostgres(await port());
      stillRunning();
      postgresUrl = throwaway.adminUrl;
    }
    database = await startDatabase(postgresUrl, await port());
    stillRunning();
    const withRedis = redisInstalled();
    if (withRedis) redis = await startRedis(await port());
    else
      log(
        "\n*** chaos: redis-server is not installed: the instances count rate limits in memory, and Redis is not restarted ***\n",
      );
    stillRunning();
    const logDir = mkdtempSync(path.join(tmpdir(), "forge-chaos-"));
    stack = await startStack({
      databaseUrl: database.appUrl,
      redisUrl: redis?.url,
      // The emulators drop their oldest orders, sessions and e-mails past a bound: told to keep every
      // one this run can make, so the reconciliation counts them all.
      keep: Math.ceil(rate * totalSeconds * 1.5) + 1_000,
      logDir,
      buildDir: options.buildDir,
      port,
      // Every checkout of the run, twice over: the run measures faults, not a sold-out product.
      stock: Math.max(SEEDED_STOCK, Math.ceil(rate * totalSeconds * 2) + 100),
      onClose: (close) => {
        closeStack = close;
      },
    });
    stillRunning();
    const migrations = await migrationsApplied(database.directUrl);
    log(
      `chaos: three instances ready behind HAProxy at ${stack.url}; migrations applied once: ${migrations}`,
    );

    const t0 = performance.now();
    const now = () => (performance.now() - t0) / 1000;
    monitor = startMonitor(database.directUrl, stack.instances, now);
    load = startLoad({
      url: stack.url,
      seconds: totalSeconds,
      checkoutsPerSecond: rate,
      concurrency: options.concurrency,
      pageViewsPerSecond: options.pageRate,
      runId: String(seed),
      now,
    });
    const checkouts = load.checkouts;
    const refunds: RefundLoad = startRefunds({
      stripeUrl: stack.stripeUrl,
      secretKey: stack.stripeSecretKey,
      confirmed: () => checkouts.filter((c) => c.verified && c.sessionId).map((c) => c.sessionId as string),
      from: schedule.window.start,
      until: schedule.window.end - 5,
      perMinute: options.refundsPerMinute,
      seed,
      now,
    });
    const faults = await runSchedule({ stack, database, redis, now }, schedule);
    await Promise.all([load.done, refunds.done]);
    stillRunning();
    await clearFaults({ stack, database, redis });
    log(`chaos: load over at ${now().toFixed(0)} s; draining (at most ${options.drainSeconds} s)`);

    const drainStarted = now();
    let drained = false;
    for (;;) {
      stillRunning();
      const backlog = await monitor.backlog();
      const settled = await fetch(`${stack.controlUrl}/stripe/webhooks-settled`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ timeoutMs: 0 }),
        signal: AbortSignal.timeout(10_000),
      })
        .then((r) => r.ok)
        .catch(() => false);
      if (backlog && backlog.email === 0 && backlog.shopify === 0 && settled) {
        drained = true;
        break;
      }
      if (now() - drainStarted > options.drainSeconds) break;
      await sleep(1_000);
    }
    const drainSeconds = now() - drainStarted;
    const reconciliation = await reconcile({
      controlUrl: stack.controlUrl,
      directUrl: database.directUrl,
      stripeUrl: stack.stripeUrl,
      stripeSecretKey: stack.stripeSecretKey,
    });
    await monitor.stop();

    const notes = [
      ...options.notes,
      `Measured on ${new Date().toISOString()}: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), load average ${loadavg()[0]?.toFixed(2)} at the end, Node ${process.version}. Three instances of the same build behind HAProxy (deploy/haproxy.cfg), on one fresh PostgreSQL database (reached through a TCP proxy the run can freeze, decision 127) and ${withRedis ? "a Redis of the run's own" : "no Redis (redis-server is not installed)"}; the emulators in their own process.`,
      `Migrations: the three instances start at once; each takes \`pg_advisory_lock\` on a connection of its own before migrating (app/server/db/client.server.ts), so one migrates while the others wait and then find the schema current. The drizzle journal lists ${migrations} migrations, each applied once.`,
      ...(drained
        ? []
        : [
            `**The drain limit (${options.drainSeconds} s) ran out before the queues were empty and Stripe's deliveries settled.**`,
          ]),
    ];
    const report = renderReport({
      title: options.title,
      settings: {
        CHAOS_SECONDS: totalSeconds,
        CHAOS_RATE: rate,
        CHAOS_CONCURRENCY: options.concurrency,
        CHAOS_PAGE_RATE: options.pageRate,
        CHAOS_REFUNDS_PER_MINUTE: options.refundsPerMinute,
        CHAOS_SEED: seed,
        CHAOS_DRAIN_SECONDS: options.drainSeconds,
      },
      schedule,
      faults,
      requests: load.requests,
      checkouts,
      refunds: refunds.issued,
      shed: load.shed,
      verifyFailures: load.verifyFailures,
      memory: monitor.memory,
      queues: monitor.queues,
      reconciliation,
      drainSeconds,
      haproxyLog: stack.haproxyLog,
      notes,
    });
    if (options.reportFile) writeFileSync(options.reportFile, report);
    return {
      schedule,
      faults,
      checkouts,
      refunds: refunds.issued,
      reconciliation,
      drainSeconds,
      drained,
      withRedis,
      report,
      logDir,
    };
  };

  const result = (async () => {
    try {
      return await run();
    } finally {
      await stop();
    }
  })();
  return { result, stop };
}

/**
 * While a run goes on: SIGINT or SIGTERM stops everything it started (each process's group killed at
 * once, the database dropped), then the process exits 130. Returns the function that removes the
 * handlers. `log` only where writing cannot fail: a test worker's console goes to a runner that a
 * Ctrl-C is ending too (and the worker exits as soon as a write to it fails: then the processes go
 * with it, processes.ts, and the database is dropped by a process of its own, backing.ts).
 */
export function stopOnSignals(run: ChaosRun, log?: (line: string) => void): () => void {
  let caught = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (caught) return;
    caught = true;
    log?.(`chaos: ${signal}; stopping everything the run started`);
    void run.stop({ graceMs: 0 }).finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return () => {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
}
