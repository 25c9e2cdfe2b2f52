import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { postgresProblem } from "../../bench/chaos/backing";
import { type ChaosOutcome, type ChaosRun, startChaos, stopOnSignals } from "../../bench/chaos/chaos";
import { DEFAULT_PORT_RANGE } from "../../bench/chaos/ports";
import { haproxyInstalled } from "../../bench/chaos/stack";

/**
 * The chaos run's short version (issue 37 item 4, decision 134), in `npm test`: the code of
 * `npm run chaos` (bench/chaos/chaos.ts) with the "short" schedule. Three instances of the build
 * behind HAProxy (deploy/haproxy.cfg) on a fresh database of the machine's PostgreSQL
 * (TEST_DATABASE_URL, which .ci/run sets) reached through the freezable proxy, a Redis of the run's
 * own, the emulators in their own process; about a minute of page views, 1.5 checkouts a second and
 * the merchant's refunds while two instances are killed (SIGKILL), one is replaced (SIGTERM), the
 * database is frozen once, Redis restarts, Shopify fails, SMTP refuses and Stripe's deliveries come
 * twice and out of order. Then a bounded drain and the reconciliation: every paid session exactly
 * one order, one e-mail, one Shopify order; every refund recorded once and mirrored once; no queue
 * left. Where PostgreSQL does not answer or HAProxy is not installed, the test is skipped and says
 * why, loudly. Everything it starts is stopped however it ends (a failed expectation, a timeout, SIGINT).
 *
 * Options (environment): CHAOS_SEED (random; printed: the same seed repeats the schedule),
 * CHAOS_SHORT_SECONDS (70), CHAOS_PORTS (5600-5699), BUILD_DIR (build).
 */

const SECONDS = Number(process.env.CHAOS_SHORT_SECONDS ?? 70);
const RATE = 1.5;
const buildDir = process.env.BUILD_DIR ?? "build";

async function whyNotRun(): Promise<string | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    return "TEST_DATABASE_URL is not set: the short chaos run needs the machine's PostgreSQL (.ci/run sets it when one answers)";
  const problem = await postgresProblem(adminUrl);
  if (problem) return `${problem}: the short chaos run needs the machine's PostgreSQL`;
  if (!haproxyInstalled())
    return "HAProxy is not installed (apt-get install -y haproxy; .ci/run installs it)";
  return null;
}

const skipped = await whyNotRun();
if (skipped) {
  const line = "*".repeat(100);
  console.warn(`\n${line}\n*** THE SHORT CHAOS RUN IS SKIPPED: ${skipped}\n${line}\n`);
}

/** The reconciliation's table and what broke, for a failure's message. */
function verdict(outcome: ChaosOutcome): string {
  const rows = outcome.reconciliation.rows.map(
    (row) => `${row.ok ? "  ok " : "  NO "} ${row.check}: expected ${row.expected}, found ${row.found}`,
  );
  const problems = outcome.reconciliation.problems.slice(0, 20).map((p) => `  - ${p}`);
  return [...rows, ...problems].join("\n");
}

describe("the short chaos run: three instances behind HAProxy, under faults (decision 134)", () => {
  let run: ChaosRun | undefined;
  let removeSignalHandlers: (() => void) | undefined;
  afterAll(async () => {
    // After a timeout the run may still be going: everything it started is stopped here.
    await run?.stop({ graceMs: 5_000 });
    removeSignalHandlers?.();
  });

  it.skipIf(skipped !== null)(
    `every paid checkout is one order, one e-mail, one Shopify order, every refund mirrored once${skipped ? ` (SKIPPED: ${skipped})` : ""}`,
    async () => {
      if (!existsSync(path.join(buildDir, "server"))) {
        throw new Error(`no build in ${buildDir}/: run \`npm run build\` first (npm test does)`);
      }
      const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 32));
      const reportFile = path.join(tmpdir(), `forge-chaos-short-${seed}.md`);
      const log = (line: string) => console.log(line);
      run = startChaos({
        title: "Short chaos run (npm test): three instances behind HAProxy, under faults",
        profile: "short",
        seconds: SECONDS,
        rate: RATE,
        concurrency: 8,
        pageRate: 4,
        refundsPerMinute: 15,
        seed,
        // A claim held by an instance killed mid-call is taken over once its lease (120 s, decisions 076
        // and 097) lapses: a kill at the window's end (55 s) can hold a row until about 175 s.
        drainSeconds: 150,
        postgresUrl: process.env.TEST_DATABASE_URL as string,
        buildDir,
        portRange: process.env.CHAOS_PORTS ?? DEFAULT_PORT_RANGE,
        notes: [
          `The short run of \`npm test\` (tests/chaos/short-run.test.ts, decision 134), CHAOS_SEED=${seed}.`,
        ],
        reportFile,
        log,
      });
      removeSignalHandlers = stopOnSignals(run);
      const outcome = await run.result;
      log(`chaos: the short run's report: ${reportFile}; logs: ${outcome.logDir}`);
      log(verdict(outcome));

      // It did what it is for: the faults all happened, and there was enough to count.
      const failedFaults = outcome.faults.filter((f) => f.note.startsWith("FAILED"));
      expect(failedFaults, `faults not carried out (CHAOS_SEED=${seed})`).toEqual([]);
      expect(outcome.faults.filter((f) => f.readyAfter !== undefined)).toHaveLength(3);
      expect(outcome.faults.filter((f) => f.kind === "postgres-freeze")).toHaveLength(1);
      const paid = Number(outcome.reconciliation.rows[0]?.found);
      expect(paid, "paid checkouts").toBeGreaterThanOrEqual(Math.floor(SECONDS * RATE * 0.25));
      const refunded = outcome.refunds.filter((r) => r.refundId !== null);
      expect(refunded.length, "refunds made in Stripe").toBeGreaterThanOrEqual(3);

      // The guarantee, counted in full once the queues had drained.
      expect(outcome.drained, `the queues did not drain within 150 s (CHAOS_SEED=${seed})`).toBe(true);
      expect(
        outcome.reconciliation.rows.filter((row) => !row.ok),
        `reconciliation (CHAOS_SEED=${seed}, report ${reportFile}):\n${verdict(outcome)}`,
      ).toEqual([]);
    },
  );
});
