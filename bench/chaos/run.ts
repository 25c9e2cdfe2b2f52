/**
 * `npm run chaos` (issue 37; not part of `npm test`, whose short run is tests/chaos/): three instances
 * behind HAProxy on a fresh PostgreSQL database and a Redis of the run's own, the emulators as their
 * own process, page views, real checkouts and the merchant's refunds for CHAOS_MINUTES, faults on a
 * seeded schedule, a bounded drain, then a reconciliation of every paid Stripe session and every
 * refund (chaos.ts). Writes bench/CHAOS.md; exits 1 on any mismatch. Everything it starts is stopped
 * however it ends (SIGINT included).
 *
 * Options (environment): CHAOS_MINUTES (10; fractions allowed), CHAOS_RATE (checkouts a second, 50),
 * CHAOS_CONCURRENCY (checkouts in flight at most, 8 or 6 × the rate), CHAOS_PAGE_RATE (page views a
 * second, 10), CHAOS_REFUNDS_PER_MINUTE (12), CHAOS_SEED (random; printed), CHAOS_DRAIN_SECONDS
 * (600), CHAOS_POSTGRES_URL (the admin URL of the PostgreSQL to make the database in; default the
 * machine's; when it does not answer, a throwaway cluster made with initdb; CHAOS_POSTGRES=throwaway
 * always makes one), CHAOS_PORTS (the range the run's own ports come from, 5600-5699), CHAOS_PROFILE (full;
 * short is the schedule `npm test` runs), CHAOS_SKIP_BUILD=1 (serve the last bench build),
 * CHAOS_BUILD_DIR (serve that build instead, e.g. `build` after `npm run build`), CHAOS_NOTE (a line
 * at the top of the report), CHAOS_REPORT (where to write it; bench/CHAOS.md).
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { buildDir, root } from "../support";
import { LOCAL_POSTGRES } from "./backing";
import { startChaos, stopOnSignals } from "./chaos";
import { DEFAULT_PORT_RANGE } from "./ports";
import type { ScheduleProfile } from "./schedule";
import { buildOnce } from "./stack";

const minutes = Number(process.env.CHAOS_MINUTES ?? 10);
/**
 * The rate: about 50 checkouts a second, each four requests through HAProxy, a Stripe and a
 * Shopify call, a webhook, an e-mail and a Shopify order. A 2-core machine running every process of the
 * run begins about 29 a second and turns the rest away at the in-flight bound (the report counts them);
 * CHAOS_RATE=5 is a lighter run (decision 138).
 */
const rate = Number(process.env.CHAOS_RATE ?? 50);
const profile = (process.env.CHAOS_PROFILE ?? "full") as ScheduleProfile;
if (profile !== "full" && profile !== "short") throw new Error("CHAOS_PROFILE must be full or short");

const notes = [
  ...(process.env.CHAOS_NOTE ? [`**${process.env.CHAOS_NOTE}**`] : []),
  ...(profile === "full" && minutes < 5
    ? [
        `**A short trial run (${minutes} min) on a shared 2-core machine, not the 10-minute run the issue asks for: the faults' durations are scaled to fit the window (a "minute" is at most a third of it), and the figures say more about the machine's other work than about the shop.**`,
      ]
    : []),
];

if (!process.env.CHAOS_BUILD_DIR) buildOnce();
const log = (line: string) => console.log(line);
const run = startChaos({
  title: "Chaos run: three instances behind HAProxy, under load and faults",
  profile,
  seconds: minutes * 60,
  rate,
  concurrency: Number(process.env.CHAOS_CONCURRENCY ?? Math.max(8, Math.ceil(rate * 6))),
  pageRate: Number(process.env.CHAOS_PAGE_RATE ?? 10),
  refundsPerMinute: Number(process.env.CHAOS_REFUNDS_PER_MINUTE ?? 12),
  seed: Number(process.env.CHAOS_SEED ?? randomBytes(4).readUInt32BE(0)),
  // A backlog built up while two cores serve 50 a second is sent after the load (decision 138).
  drainSeconds: Number(process.env.CHAOS_DRAIN_SECONDS ?? 600),
  postgresUrl: process.env.CHAOS_POSTGRES_URL ?? LOCAL_POSTGRES,
  // The machine's PostgreSQL, or a cluster of the run's own when none answers (issue 37 item 1); a
  // server named in CHAOS_POSTGRES_URL must answer. CHAOS_POSTGRES=throwaway always makes its own.
  throwawayPostgres:
    process.env.CHAOS_POSTGRES === "throwaway"
      ? "always"
      : process.env.CHAOS_POSTGRES_URL
        ? "never"
        : "when-none-answers",
  buildDir: process.env.CHAOS_BUILD_DIR ?? buildDir,
  portRange: process.env.CHAOS_PORTS ?? DEFAULT_PORT_RANGE,
  notes,
  reportFile: process.env.CHAOS_REPORT ?? path.join(root, "bench/CHAOS.md"),
  log,
});
stopOnSignals(run, log);
const code = await run.result.then(
  (outcome) => {
    console.log(outcome.report);
    console.log(`chaos: HAProxy's and the instances' logs are in ${outcome.logDir}`);
    return outcome.reconciliation.ok ? 0 : 1;
  },
  (error) => {
    console.error(error);
    return 1;
  },
);
// Everything started is stopped; keep-alive sockets and timers must not hold the exit.
process.exit(code);
