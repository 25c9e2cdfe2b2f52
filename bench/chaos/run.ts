/**
 * `npm run chaos` (issue 37; not part of `npm test`): three instances behind HAProxy on a fresh
 * PostgreSQL database and a Redis of the run's own, the emulators as their own process, page views
 * and real checkouts through HAProxy for CHAOS_MINUTES, faults on a seeded schedule, a bounded drain,
 * then a reconciliation of every paid Stripe session against the orders, the e-mails and the Shopify
 * orders. Writes bench/CHAOS.md; exits 1 on any mismatch. Everything it starts is stopped however it
 * ends (SIGINT included).
 *
 * Options (environment): CHAOS_MINUTES (10; fractions allowed), CHAOS_RATE (checkouts a second, 5),
 * CHAOS_CONCURRENCY (checkouts in flight at most, 8 or 6 × the rate), CHAOS_PAGE_RATE (page views a
 * second, 10), CHAOS_SEED (random; printed), CHAOS_DRAIN_SECONDS (180), CHAOS_POSTGRES_URL (the admin
 * URL of the PostgreSQL to make the database in; default the machine's), CHAOS_SKIP_BUILD=1,
 * CHAOS_NOTE (a line at the top of the report), CHAOS_REPORT (where to write it; bench/CHAOS.md).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { root } from "../support";
import { type ChaosDatabase, type ChaosRedis, startDatabase, startRedis } from "./backing";
import { clearFaults, runSchedule } from "./faults";
import { startLoad } from "./load";
import { startMonitor } from "./monitor";
import { reconcile } from "./reconcile";
import { renderReport } from "./report";
import { buildSchedule } from "./schedule";
import { buildOnce, type Stack, startStack } from "./stack";

const minutes = Number(process.env.CHAOS_MINUTES ?? 10);
/**
 * The issue's target is about 50 checkouts a second. Each is four requests through HAProxy to the
 * instances, a Stripe and a Shopify call, a webhook, an e-mail and a Shopify order; on this 2-core
 * machine, shared with other work, 50 a second would measure the CPU queue, not the guarantees. The
 * default is 5; a bigger machine sets CHAOS_RATE=50.
 */
const rate = Number(process.env.CHAOS_RATE ?? 5);
const concurrency = Number(process.env.CHAOS_CONCURRENCY ?? Math.max(8, Math.ceil(rate * 6)));
const pageRate = Number(process.env.CHAOS_PAGE_RATE ?? 10);
const seed = Number(process.env.CHAOS_SEED ?? randomBytes(4).readUInt32BE(0));
const drainLimit = Number(process.env.CHAOS_DRAIN_SECONDS ?? 180);
const reportFile = process.env.CHAOS_REPORT ?? path.join(root, "bench/CHAOS.md");
const totalSeconds = Math.round(minutes * 60);

/** The Shopify emulator's MAX_ORDERS (the Stripe emulator keeps twice as many sessions). */
const EMULATOR_ORDER_LIMIT = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function migrationsApplied(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
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

async function main(): Promise<number> {
  let database: ChaosDatabase | undefined;
  let redis: ChaosRedis | undefined;
  let stack: Stack | undefined;
  let stopMonitor: (() => Promise<void>) | undefined;
  const teardown = async () => {
    if (stack && database && redis) await clearFaults({ stack, database, redis }).catch(() => undefined);
    await stopMonitor?.();
    await stack?.close();
    await redis?.close();
    await database?.close();
  };
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    console.error("chaos: interrupted; stopping everything it started");
    void teardown().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    // The emulators keep at most 5,000 Shopify orders and 10,000 Stripe sessions (oldest out first): a
    // run that pays for more cannot be counted in full, so it is refused rather than half-reconciled.
    if (rate * totalSeconds > EMULATOR_ORDER_LIMIT) {
      throw new Error(
        `CHAOS_RATE × CHAOS_MINUTES would pay for about ${Math.round(rate * totalSeconds)} orders; the Shopify emulator keeps ${EMULATOR_ORDER_LIMIT} (sandbox/shopify/orders.ts MAX_ORDERS), so the reconciliation could not count them all`,
      );
    }
    const schedule = buildSchedule(seed, totalSeconds);
    console.log(`chaos: CHAOS_SEED=${seed}, ${totalSeconds} s at ${rate} checkouts/s; schedule:`);
    for (const fault of schedule.faults) {
      console.log(
        `  ${String(fault.at).padStart(4)} s  ${fault.kind}${fault.seconds ? ` ${fault.seconds} s` : ""}${fault.instance ? ` instance ${fault.instance}` : ""}`,
      );
    }
    buildOnce();
    database = await startDatabase();
    redis = await startRedis();
    const logDir = mkdtempSync(path.join(tmpdir(), "forge-chaos-"));
    stack = await startStack({
      databaseUrl: database.appUrl,
      redisUrl: redis.url,
      mailKeep: Math.ceil(rate * totalSeconds * 1.5) + 1_000,
      logDir,
    });
    const migrations = await migrationsApplied(database.directUrl);
    console.log(
      `chaos: three instances ready behind HAProxy at ${stack.url}; migrations applied once: ${migrations}`,
    );

    const t0 = performance.now();
    const now = () => (performance.now() - t0) / 1000;
    const monitor = startMonitor(database.directUrl, stack.instances, now);
    stopMonitor = () => monitor.stop();
    const load = startLoad({
      url: stack.url,
      seconds: totalSeconds,
      checkoutsPerSecond: rate,
      concurrency,
      pageViewsPerSecond: pageRate,
      runId: String(seed),
      now,
    });
    const faults = await runSchedule({ stack, database, redis, now }, schedule);
    await load.done;
    await clearFaults({ stack, database, redis });
    console.log(`chaos: load over at ${now().toFixed(0)} s; draining (at most ${drainLimit} s)`);

    const drainStarted = now();
    for (;;) {
      const backlog = await monitor.backlog();
      const settled = await fetch(`${stack.controlUrl}/stripe/webhooks-settled`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ timeoutMs: 0 }),
      })
        .then((r) => r.ok)
        .catch(() => false);
      if (backlog && backlog.email === 0 && backlog.shopify === 0 && settled) break;
      if (now() - drainStarted > drainLimit) break;
      await sleep(1_000);
    }
    const drainSeconds = now() - drainStarted;
    const reconciliation = await reconcile(stack.controlUrl, database.directUrl);
    await monitor.stop();
    stopMonitor = undefined;

    const trial = minutes < 5;
    const notes = [
      ...(process.env.CHAOS_NOTE ? [`**${process.env.CHAOS_NOTE}**`] : []),
      ...(trial
        ? [
            `**A short trial run (${minutes} min) on a shared 2-core machine, not the 10-minute run the issue asks for: the faults' durations are scaled to fit the window (a "minute" is at most a third of it), and the figures say more about the machine's other work than about the shop.**`,
          ]
        : []),
      `Measured by \`npm run chaos\` on ${new Date().toISOString()}: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), load average ${loadavg()[0]?.toFixed(2)} at the end, Node ${process.version}. Three instances of the same build behind HAProxy (deploy/haproxy.cfg), on one fresh PostgreSQL database (reached through a TCP proxy the run can freeze, decision 127) and a Redis of the run's own; the emulators in their own process.`,
      `Migrations: the three instances start at once; each takes \`pg_advisory_lock\` on a connection of its own before migrating (app/server/db/client.server.ts), so one migrates while the others wait and then find the schema current. The drizzle journal lists ${migrations} migrations, each applied once.`,
    ];
    const report = renderReport({
      title: "Chaos run: three instances behind HAProxy, under load and faults",
      settings: {
        CHAOS_MINUTES: minutes,
        CHAOS_RATE: rate,
        CHAOS_CONCURRENCY: concurrency,
        CHAOS_PAGE_RATE: pageRate,
        CHAOS_SEED: seed,
        CHAOS_DRAIN_SECONDS: drainLimit,
      },
      schedule,
      faults,
      requests: load.requests,
      checkouts: load.checkouts,
      shed: load.shed,
      verifyFailures: load.verifyFailures,
      memory: monitor.memory,
      queues: monitor.queues,
      reconciliation,
      drainSeconds,
      haproxyLog: stack.haproxyLog,
      notes,
    });
    writeFileSync(reportFile, report);
    console.log(report);
    console.log(`chaos: HAProxy's and the instances' logs are in ${logDir}`);
    return reconciliation.ok ? 0 : 1;
  } finally {
    await teardown();
  }
}

const code = await main().catch((error) => {
  console.error(error);
  return 1;
});
// Everything started is stopped; keep-alive sockets and timers must not hold the exit.
process.exit(code);
