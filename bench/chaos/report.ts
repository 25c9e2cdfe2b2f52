/**
 * bench/CHAOS.md from what the run recorded: the schedule as carried out, throughput, p50/p99 per
 * request kind before, during and after the fault window, the statuses shoppers saw, HAProxy's
 * retries, how long each fault took to recover from, each instance's memory over time, the queues'
 * backlog, and the reconciliation table.
 */
import { readFileSync } from "node:fs";
import type { FaultRecord } from "./faults";
import type { CheckoutRecord, RequestRecord } from "./load";
import type { MemorySample, QueueSample } from "./monitor";
import type { Reconciliation } from "./reconcile";
import type { IssuedRefund } from "./refunds";
import type { Schedule } from "./schedule";

export type RunFacts = {
  title: string;
  settings: Record<string, string | number>;
  schedule: Schedule;
  faults: FaultRecord[];
  requests: RequestRecord[];
  checkouts: CheckoutRecord[];
  refunds: IssuedRefund[];
  shed: number;
  verifyFailures: Map<string, number>;
  memory: MemorySample[];
  queues: QueueSample[];
  reconciliation: Reconciliation;
  drainSeconds: number;
  haproxyLog: string;
  notes: string[];
};

const s1 = (n: number) => n.toFixed(1);

function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] as number;
}

function phaseOf(schedule: Schedule, at: number): "before" | "during" | "after" {
  if (at < schedule.window.start) return "before";
  return at < schedule.window.end ? "during" : "after";
}

/** The first checkout begun after `t` that the shopper saw verified: seconds from `t` until it finished. */
function firstGoodCheckout(checkouts: CheckoutRecord[], t: number): number | null {
  const good = checkouts.filter((c) => c.started >= t && c.verified).sort((a, b) => a.finished - b.finished);
  return good[0] ? good[0].finished - t : null;
}

/** Seconds after `fault.ended` until the queue's backlog was back to what it was before the fault. */
function queueRecovered(queues: QueueSample[], fault: FaultRecord, key: "email" | "shopify", slack: number) {
  const before = queues.filter((q) => q.at >= fault.began - 10 && q.at < fault.began).map((q) => q[key]);
  const baseline = (percentile(before, 0.5) ?? 0) + slack;
  const back = queues.find((q) => q.at >= fault.ended && q[key] <= baseline);
  return back ? back.at - fault.ended : null;
}

function recovery(facts: RunFacts, fault: FaultRecord, slack: number): string {
  const seconds = (value: number | null, what: string) =>
    value === null ? `not within the run (${what})` : `${s1(value)} s (${what})`;
  if (fault.readyAfter !== undefined) {
    return seconds(fault.readyAfter, "signal to the instance's /readyz 200 again");
  }
  if (fault.kind === "smtp-refusing")
    return seconds(queueRecovered(facts.queues, fault, "email", slack), "e-mail backlog back");
  if (fault.kind === "shopify-failing" || fault.kind === "shopify-slow") {
    return seconds(queueRecovered(facts.queues, fault, "shopify", slack), "Shopify backlog back");
  }
  return seconds(
    firstGoodCheckout(facts.checkouts, fault.ended),
    "to the first verified checkout begun after",
  );
}

function haproxyRetries(logFile: string): { lines: number; retried: number; redispatched: number } {
  let text = "";
  try {
    text = readFileSync(logFile, "utf8");
  } catch {
    return { lines: 0, retried: 0, redispatched: 0 };
  }
  let lines = 0;
  let retried = 0;
  let redispatched = 0;
  // httplog: … actconn/feconn/beconn/srv_conn/retries srv_queue/backend_queue "request"; "+" = redispatched
  for (const match of text.matchAll(/ \d+\/\d+\/\d+\/\d+\/(\+?)(\d+) \d+\/\d+ "/g)) {
    lines += 1;
    if (Number(match[2]) > 0) retried += 1;
    if (match[1] === "+") redispatched += 1;
  }
  return { lines, retried, redispatched };
}

function refusedRefunds(refunds: IssuedRefund[]): string {
  const failed = refunds.filter((r) => !r.refundId);
  if (failed.length === 0) return "";
  return `; ${failed.length} not made (${[...new Set(failed.map((r) => r.error?.slice(0, 120)))].join("; ")})`;
}

export function renderReport(facts: RunFacts): string {
  const { schedule, requests, checkouts } = facts;
  const slack = Number(facts.settings.CHAOS_RATE) * 5;
  const out: string[] = [`# ${facts.title}`, ""];
  out.push(...facts.notes.map((note) => `${note}\n`));
  out.push("## Settings", "", "| Setting | Value |", "|---|---|");
  for (const [name, value] of Object.entries(facts.settings)) out.push(`| ${name} | ${value} |`);

  out.push("", `## Schedule (CHAOS_SEED=${schedule.seed})`, "");
  out.push(
    `Load for ${schedule.totalSeconds} s; faults between ${schedule.window.start} s and ${schedule.window.end} s ("during"); before and after are quiet.`,
    "",
    "| Planned at s | Began s | Ended s | Fault | Time to recover | What happened |",
    "|---|---|---|---|---|---|",
  );
  for (const fault of facts.faults) {
    out.push(
      `| ${fault.at} | ${s1(fault.began)} | ${s1(fault.ended)} | ${fault.kind}${fault.seconds ? ` (${fault.seconds} s)` : ""} | ${recovery(facts, fault, slack)} | ${fault.note} |`,
    );
  }

  const verified = checkouts.filter((c) => c.verified).length;
  const pageViews = requests.filter((r) => r.kind.startsWith("GET /") && !r.kind.includes("payment-success"));
  out.push("", "## Throughput", "");
  out.push(
    `- Checkouts begun: ${checkouts.length} (${s1(checkouts.length / schedule.totalSeconds)} a second); verified on the success page: ${verified}; not begun because ${facts.settings.CHAOS_CONCURRENCY} were in flight: ${facts.shed}.`,
    `- Page views (autocannon): ${pageViews.length} (${s1(pageViews.length / schedule.totalSeconds)} a second).`,
    `- Refunds the merchant made in Stripe while the faults ran: ${facts.refunds.filter((r) => r.refundId).length} on ${new Set(facts.refunds.map((r) => r.sessionId)).size} orders (in full, in part, or in two parts)${refusedRefunds(facts.refunds)}.`,
    `- Drain after the load: ${s1(facts.drainSeconds)} s until the queues were empty and Stripe's deliveries settled.`,
  );

  out.push(
    "",
    "## Latency by request kind (ms; p50 / p99, count)",
    "",
    "| Request | Before | During faults | After |",
    "|---|---|---|---|",
  );
  const kinds = [...new Set(requests.map((r) => r.kind))];
  for (const kind of kinds) {
    const cells = (["before", "during", "after"] as const).map((phase) => {
      const ms = requests
        .filter((r) => r.kind === kind && r.status > 0 && phaseOf(schedule, r.at) === phase)
        .map((r) => r.ms);
      const p50 = percentile(ms, 0.5);
      return p50 === null
        ? "-"
        : `${Math.round(p50)} / ${Math.round(percentile(ms, 0.99) ?? 0)} (${ms.length})`;
    });
    out.push(`| ${kind} | ${cells.join(" | ")} |`);
  }

  out.push(
    "",
    "## What shoppers saw (status: count; 0 = no HTTP answer)",
    "",
    "| Request | Before | During faults | After |",
    "|---|---|---|---|",
  );
  for (const kind of kinds) {
    const cells = (["before", "during", "after"] as const).map((phase) => {
      const counts = new Map<number, number>();
      for (const r of requests) {
        if (r.kind === kind && phaseOf(schedule, r.at) === phase)
          counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
      }
      return (
        [...counts.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}: ${n}`)
          .join(", ") || "-"
      );
    });
    out.push(`| ${kind} | ${cells.join(" | ")} |`);
  }
  const unanswered = new Map<string, number>();
  for (const r of requests) {
    if (r.status === 0)
      unanswered.set(`${r.kind}: ${r.error}`, (unanswered.get(`${r.kind}: ${r.error}`) ?? 0) + 1);
  }
  if (unanswered.size) {
    const list = [...unanswered.entries()].map(([why, n]) => `${why} (${n})`).join("; ");
    out.push("", `Requests with no HTTP answer, by why the client gave up: ${list}.`);
  }
  if (facts.verifyFailures.size) {
    const reasons = [...facts.verifyFailures.entries()].map(([why, n]) => `${why}: ${n}`).join(", ");
    out.push(
      "",
      `Verifications that failed, by status and the answer's reason: ${reasons}. (\`email_failed\`: the order is recorded and shown, the e-mail could not be sent yet and the outbox sends it later; the page says so, spec §4's error state.)`,
    );
  }
  const retries = haproxyRetries(facts.haproxyLog);
  out.push(
    "",
    `HAProxy logged ${retries.lines} requests; ${retries.retried} needed a retry (${retries.redispatched} of them redispatched to another instance), invisible to the shopper when the retry answered.`,
  );

  out.push(
    "",
    "## Memory of each instance (MiB resident, the highest sample in each 30 s; a restart starts a new process)",
    "",
  );
  const instances = [...new Set(facts.memory.map((m) => m.instance))].sort();
  out.push(
    `| From s | ${instances.map((i) => `Instance ${i}`).join(" | ")} | E-mails queued | Shopify syncs queued |`,
  );
  out.push(`|---|${instances.map(() => "---").join("|")}|---|---|`);
  for (let from = 0; from < schedule.totalSeconds + facts.drainSeconds; from += 30) {
    const inBucket = <T extends { at: number }>(list: T[]) =>
      list.filter((x) => x.at >= from && x.at < from + 30);
    const mem = instances.map((i) => {
      const values = inBucket(facts.memory)
        .filter((m) => m.instance === i && m.rssMiB !== null)
        .map((m) => m.rssMiB as number);
      return values.length ? String(Math.max(...values)) : "-";
    });
    const q = inBucket(facts.queues);
    const most = (key: "email" | "shopify") => (q.length ? String(Math.max(...q.map((x) => x[key]))) : "-");
    out.push(`| ${from} | ${mem.join(" | ")} | ${most("email")} | ${most("shopify")} |`);
  }

  const rec = facts.reconciliation;
  out.push(
    "",
    "## Reconciliation (every paid session and every refund counted, decision 128)",
    "",
    "| Check | Expected | Found | OK |",
    "|---|---|---|---|",
  );
  for (const row of rec.rows)
    out.push(`| ${row.check} | ${row.expected} | ${row.found} | ${row.ok ? "yes" : "**NO**"} |`);
  out.push(
    "",
    `Confirmations received twice with the same Message-ID (a crash between SMTP's acceptance and the row marked sent, decision 030; mail systems drop the copy): ${rec.resent}.`,
  );
  if (rec.problems.length) {
    out.push(
      "",
      "Sessions that broke the guarantee (first 20):",
      "",
      ...rec.problems.slice(0, 20).map((p) => `- ${p}`),
    );
  }
  out.push(
    "",
    `**Verdict: ${rec.ok ? "every paid session is one order, one e-mail, one Shopify order; every refund is recorded once and mirrored once in Shopify; no queue left" : "MISMATCH"}**`,
    "",
  );
  return out.join("\n");
}
