import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFailed,
  onTestFinished,
} from "vitest";
import { z } from "zod";
import { type Database, openDatabase } from "~/server/db/client.server";
import { LOCK_FILE } from "~/server/db/pglite-lock.server";
import { createRateLimiter, type RateLimiter } from "~/server/http/rate-limits.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { createOutbox, defineEmailTemplate } from "~/server/mail/outbox.server";
import type { RunningServer } from "../../scripts/lib/server-process";
import {
  type SilenceableProxy,
  type SilenceMode,
  startSilenceableProxy,
} from "../../scripts/lib/silenceable-proxy";
import {
  createStore,
  type Emulators,
  eventually,
  mailsTo,
  postJson,
  type StoreTarget,
  startEmulators,
  startShop,
} from "./checkout-harness";
import { httpRequest } from "./resilience-support";

/**
 * Issue 15 items 1 and 4 (docs/decisions/060-database-timeouts-and-pglite-lock.md).
 *
 * A PostgreSQL that stops answering: the server's database sits behind a TCP proxy in this process that
 * goes silent (connections stay open, nothing comes back), either holding what is sent until it speaks
 * again (a frozen server) or dropping it for good (a network that lost the connections). The server must
 * not wedge: /readyz says 503 within 5 s, calls that need the database fail within their bounds, the
 * e-mails queued before go out within 30 s of the database answering again, each once, and SIGTERM
 * ends the process within SHUTDOWN_TIMEOUT_MS + 5 s while it is silent. PostgreSQL only (skipped
 * without TEST_DATABASE_URL).
 *
 * One process per PGlite directory: a second server on a directory in use refuses to start and says
 * why; a lock left by a killed server does not block the restart. Always runs.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const SHUTDOWN_TIMEOUT_MS = 3_000;
const json = { "content-type": "application/json" };

/** Resolves with the exit code, or "still running" once `ms` have passed. */
function exitWithin(server: RunningServer, ms: number, signal: NodeJS.Signals) {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    server.stop(signal),
    new Promise<"still running">((resolve) => {
      timer = setTimeout(() => resolve("still running"), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function readyz(server: RunningServer) {
  const started = performance.now();
  const response = await httpRequest(`${server.url}/readyz`, { timeoutMs: 15_000 });
  return { status: response.status, ms: performance.now() - started, body: response.text };
}

describe.runIf(postgresUrl)("a PostgreSQL that stops answering", () => {
  describe.each<{ mode: SilenceMode }>([{ mode: "drop" }, { mode: "hold" }])("silent, $mode", ({ mode }) => {
    let emulators: Emulators;
    const queued = [`queued-a-${mode}@example.com`, `queued-b-${mode}@example.com`];
    /** What the running test started, taken down after it whatever happened. */
    let cleanups: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      emulators = await startEmulators();
    });
    afterEach(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups = [];
    });
    afterAll(async () => {
      await emulators?.close();
    });

    /** A shop of the test's own (database, proxy, server), so no test meets another's silence or rows. */
    async function startSilenceableShop() {
      const store = await createStore("postgres");
      cleanups.push(() => store.drop());
      const proxy = await startSilenceableProxy({
        host: "127.0.0.1",
        port: Number(new URL(postgresUrl as string).port || 5432),
      });
      cleanups.push(() => proxy.close());
      const server = await startShop({
        ...emulators.env,
        // Both pools (the app's and the rate limiter's) go through the proxy.
        DATABASE_URL: proxy.urlFor(store.env.DATABASE_URL as string),
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        RATE_LIMIT_MULTIPLIER: "1000",
      });
      cleanups.push(() => server.stop("SIGKILL"));
      return { store, proxy, server };
    }

    // One test for the silence and the recovery after it: the recovery is that of the e-mails queued
    // during the silence.
    it("while silent: /readyz answers 503 within 5 s, a sign-up fails within its bounds, /healthz answers; once it answers again: /readyz 200, and the queued e-mails go out within 30 s, each once", async () => {
      const { store, proxy, server } = await startSilenceableShop();
      // What the outbox did, should the e-mails be late (its lines name deliveries, not addresses).
      onTestFailed(() => {
        console.error(server.logs.filter((line) => line.includes("e-mail")).join("\n"));
      });
      // Two confirmations queued and waiting: the mail server refuses them for now.
      await emulators.mail.refuseConnections(600_000, "reply");
      for (const email of queued) {
        const signUp = await postJson(`${server.url}/api/newsletter-subscribe`, { email });
        expect(signUp.status).toBe(200);
      }
      await eventually(async () => {
        const rows = await store.query<{ status: string; attempts: number }>(
          "select status, attempts from email_deliveries",
        );
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row.attempts).toBeGreaterThanOrEqual(1);
          expect(row.status).not.toBe("sent");
        }
      });

      proxy.silence(mode);
      await emulators.mail.acceptConnections();
      // Three probes in a row: the outbox loop (every 2 s) meets the silence meanwhile.
      for (let probe = 0; probe < 3; probe++) {
        const ready = await readyz(server);
        expect(ready.status, ready.body).toBe(503);
        expect(ready.ms).toBeLessThan(5_000);
      }
      expect(proxy.unansweredChunks).toBeGreaterThan(0);
      const health = await httpRequest(`${server.url}/healthz`, { timeoutMs: 2_000 });
      expect(health.status).toBe(200);

      // A call that needs the database is answered, with an error, rather than held for ever: the rate
      // limiter's counter gives up within 2 s, the app's queries within 6 s, a new connection within 5 s.
      // The error is 503, the site's own storage unavailable (try again), not 500 (the chaos run).
      const started = performance.now();
      const signUp = await httpRequest(`${server.url}/api/newsletter-subscribe`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: `during-${mode}@example.com` }),
        timeoutMs: 25_000,
      });
      expect(signUp.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(20_000);

      // Once it answers again.
      proxy.speak();
      const spoke = performance.now();
      await emulators.mail.waitFor(
        (messages) => queued.every((address) => mailsTo(messages, address).length > 0),
        30_000,
      );
      expect(performance.now() - spoke).toBeLessThan(30_000);
      await eventually(async () => expect((await readyz(server)).status).toBe(200), 10_000, 200);
      // Once their rows say sent, nothing sends them again: each went out exactly once.
      await eventually(async () => {
        const rows = await store.query<{ to_address: string; status: string }>(
          "select to_address, status from email_deliveries where to_address = any($1)",
          [queued],
        );
        expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
      }, 15_000);
      for (const address of queued) expect(mailsTo(emulators.mail.messages(), address)).toHaveLength(1);
    }, 150_000);

    it(`SIGTERM while silent, with a call and the outbox waiting on it: exits within SHUTDOWN_TIMEOUT_MS + 5 s`, async () => {
      const { proxy, server } = await startSilenceableShop();
      proxy.silence(mode);
      const waiting = httpRequest(`${server.url}/api/newsletter-subscribe`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: `at-shutdown-${mode}@example.com` }),
        timeoutMs: 30_000,
      }).catch((error: Error) => ({ status: 0, text: error.message }));
      // The call's counter and transaction, and the outbox loop's next claim, are sent and unanswered.
      await eventually(() => expect(proxy.unansweredChunks).toBeGreaterThanOrEqual(3), 10_000, 50);
      const signalled = performance.now();
      const exit = await exitWithin(server, SHUTDOWN_TIMEOUT_MS + 5_000, "SIGTERM");
      const tookMs = performance.now() - signalled;
      expect(exit).toBe(0);
      expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 5_000);
      expect(server.logs.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
      await waiting;
    }, 60_000);
  });

  describe("the bounds of each pool", () => {
    let store: StoreTarget;
    let proxy: SilenceableProxy;
    let database: Database | undefined;
    let rateLimiter: RateLimiter | undefined;
    const logger = pino({ level: "silent" });

    beforeAll(async () => {
      store = await createStore("postgres");
      proxy = await startSilenceableProxy({
        host: "127.0.0.1",
        port: Number(new URL(postgresUrl as string).port || 5432),
      });
    });
    afterEach(async () => {
      proxy.speak();
      await database?.close();
      await rateLimiter?.close();
      database = undefined;
      rateLimiter = undefined;
    });
    afterAll(async () => {
      await proxy?.close();
      await store?.drop();
    });

    it("a statement that runs too long is cancelled by PostgreSQL (statement timeout), and the pool goes on", async () => {
      database = await openDatabase({
        databaseUrl: store.env.DATABASE_URL,
        pgliteDir: "memory://",
        migrationsFolder: "drizzle",
      });
      const started = performance.now();
      const outcome = await database.db.execute(sql`select pg_sleep(20)`).then(
        () => "finished",
        (error: { cause?: { code?: string } }) => error.cause?.code ?? "other error",
      );
      // 57014: query_canceled, PostgreSQL's own answer to statement_timeout.
      expect(outcome).toBe("57014");
      expect(performance.now() - started).toBeLessThan(8_000);
      expect(await database.ping()).toBe(true);
    }, 30_000);

    it("transactions on a silent database fail within bounds and give their connections back: more of them than the pool holds, then it works again", async () => {
      database = await openDatabase({
        databaseUrl: proxy.urlFor(store.env.DATABASE_URL as string),
        pgliteDir: "memory://",
        migrationsFolder: "drizzle",
      });
      const db = database.db;
      // The pool full of open, idle connections before the silence, as in a busy server.
      await Promise.all(
        Array.from({ length: 10 }, () => db.transaction((tx) => tx.execute(sql`select pg_sleep(0.1)`))),
      );
      proxy.silence("drop");
      const started = performance.now();
      // Twelve at once, two more than the pool's ten: BEGIN itself is what goes unanswered.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, () => db.transaction((tx) => tx.execute(sql`select 1`))),
      );
      expect(outcomes.every((outcome) => outcome.status === "rejected")).toBe(true);
      expect(performance.now() - started).toBeLessThan(15_000);
      proxy.speak();
      // Every connection opened during the silence stays dead (drop): the pool must have let them go.
      const again = performance.now();
      for (let index = 0; index < 12; index++) {
        await db.transaction((tx) => tx.execute(sql`select 1`));
      }
      expect(performance.now() - again).toBeLessThan(3_000);
    }, 60_000);

    it("the rate-limit counters: a counter PostgreSQL cannot give within a second is given up on, and the call is limited in memory", async () => {
      rateLimiter = await createRateLimiter({ databaseUrl: store.env.DATABASE_URL, logger });
      const blocker = new pg.Client({ connectionString: store.env.DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query("begin");
        await blocker.query("lock table rate_limits in access exclusive mode");
        const started = performance.now();
        const decision = await rateLimiter.consume("newsletter-subscribe", "203.0.113.7");
        expect(decision).toMatchObject({ allowed: true });
        expect(performance.now() - started).toBeLessThan(2_000);
        await blocker.query("rollback");
        // The table answers again, and the counter is kept there.
        await rateLimiter.consume("newsletter-subscribe", "203.0.113.7");
        const rows = await store.query<{ key: string }>(
          "select key from rate_limits where key like '%203.0.113.7'",
        );
        expect(rows).toHaveLength(1);
      } finally {
        await blocker.end();
      }
    }, 30_000);

    it("a claim given up on while the database was frozen does not take effect when it wakes: the message is not left leased to no one", async () => {
      // A database of its own: the connection count and the due messages below are this test's alone.
      const store = await createStore("postgres");
      onTestFinished(() => store.drop());
      database = await openDatabase({
        databaseUrl: proxy.urlFor(store.env.DATABASE_URL as string),
        pgliteDir: "memory://",
        migrationsFolder: "drizzle",
      });
      const sent: string[] = [];
      const outbox = createOutbox({
        db: database.db,
        mailer: fakeMailer(sent),
        logger,
        templates: [note],
        claimInTransaction: true,
      });
      const { id } = await outbox.enqueue(database.db, {
        kind: "note",
        dedupeKey: "frozen-claim",
        to: "frozen.claim@example.com",
        payload: { text: "hello" },
      });
      proxy.silence("hold");
      // The claim goes out on the pool's open connection and is held; the outbox gives up on it.
      await expect(outbox.processDue()).rejects.toThrow();
      proxy.speak();
      // The server now reads what was held, then finds the connection closed.
      await eventually(async () => {
        const [row] = await store.query<{ backends: number }>(
          "select count(*)::int as backends from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        expect(row?.backends).toBe(0);
      }, 10_000);
      const [row] = await store.query<{ status: string; attempts: number }>(
        "select status, attempts from email_deliveries where id = $1",
        [id],
      );
      expect(row).toEqual({ status: "pending", attempts: 0 });
      expect(await outbox.processDue()).toBe(1);
      expect(sent).toEqual(["frozen.claim@example.com"]);
      await outbox.stop(1_000);
    }, 30_000);

    it("the outbox claims in a transaction: a page's deliverNow that meets another worker's claim not yet committed waits for it, and the message goes once", async () => {
      database = await openDatabase({
        databaseUrl: store.env.DATABASE_URL,
        pgliteDir: "memory://",
        migrationsFolder: "drizzle",
      });
      const sent: string[] = [];
      const outbox = createOutbox({
        db: database.db,
        mailer: fakeMailer(sent),
        logger,
        templates: [note],
        claimInTransaction: true,
      });
      const { id } = await outbox.enqueue(database.db, {
        kind: "note",
        dedupeKey: "claimed-elsewhere",
        to: "claimed.elsewhere@example.com",
        payload: { text: "hello" },
      });
      // Another worker's claim: the row locked, not yet committed. SKIP LOCKED passes it by.
      const other = new pg.Client({ connectionString: store.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("select id from email_deliveries where id = $1 for update", [id]);
        const delivered = outbox.deliverNow(id, { waitMs: 5_000 });
        // That worker gives up (its process died, say): the page's call takes the message itself.
        setTimeout(() => void other.query("rollback"), 300);
        expect(await delivered).toBe("sent");
        expect(sent).toEqual(["claimed.elsewhere@example.com"]);
      } finally {
        await other.end();
        await outbox.stop(1_000);
      }
    }, 30_000);

    it.runIf(existsSync("/proc/self/net/tcp"))(
      "every connection of both pools has TCP keep-alive on",
      async () => {
        const url = proxy.urlFor(store.env.DATABASE_URL as string);
        database = await openDatabase({
          databaseUrl: url,
          pgliteDir: "memory://",
          migrationsFolder: "drizzle",
        });
        rateLimiter = await createRateLimiter({ databaseUrl: url, logger });
        await database.ping();
        await rateLimiter.consume("shopify-get-product", "203.0.113.8");
        const sockets = socketsTo(proxy.port);
        // At least one of each pool's.
        expect(sockets.length).toBeGreaterThanOrEqual(2);
        // The kernel's timer on an idle connection: 2 is keep-alive (0: none).
        expect(sockets.map((socket) => socket.timer)).toEqual(sockets.map(() => 2));
      },
      30_000,
    );
  });
});

const note = defineEmailTemplate({
  kind: "note",
  payload: z.object({ text: z.string() }),
  render: ({ text }) => ({ subject: text, html: `<p>${text}</p>`, text }),
});

/** A mailer that only notes to whom it sent. */
function fakeMailer(sent: string[]): Mailer {
  return {
    domain: "forge.example",
    async send(mail) {
      sent.push(mail.to);
      return { messageId: mail.messageId ?? "", response: "250 OK" };
    },
    close() {},
  };
}

/** This process's established TCP connections to 127.0.0.1:`port`, with their kernel timer (Linux). */
function socketsTo(port: number): { timer: number }[] {
  const ours = new Set<string>();
  for (const fd of readdirSync("/proc/self/fd")) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match?.[1]) ours.add(match[1]);
    } catch {
      // closed meanwhile
    }
  }
  const remote = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  return readFileSync("/proc/self/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[2] === remote && fields[3] === "01" && ours.has(fields[9] ?? ""))
    .map((fields) => ({ timer: Number.parseInt((fields[5] ?? "0").split(":")[0] ?? "0", 16) }));
}

describe("one server per PGlite directory", () => {
  let emulators: Emulators;
  let store: StoreTarget;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    emulators = await startEmulators();
  });
  // A directory per test, and its servers killed after it: no test meets another's lock or rows.
  beforeEach(async () => {
    store = await createStore("pglite");
  });
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
    servers = [];
    await store?.drop();
  });
  afterAll(async () => {
    await emulators?.close();
  });

  const start = async () => {
    const server = await startShop({ ...emulators.env, ...store.env });
    servers.push(server);
    return server;
  };
  const lockPath = () => `${store.env.PGLITE_DIR}/${LOCK_FILE}`;

  it("a second server on the same PGLITE_DIR refuses to start, naming the directory and the holder; the first serves on", async () => {
    const first = await start();
    const refusal = await start().then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(refusal).toContain("server exited with 1");
    expect(refusal).toMatch(
      new RegExp(
        `PGLITE_DIR \\S*${path.basename(store.env.PGLITE_DIR as string)} is in use by another server process`,
      ),
    );
    expect(refusal).toContain(`pid ${first.process.pid}`);
    expect(refusal).toContain("DATABASE_URL");
    // Said plainly: no stack trace.
    expect(refusal).not.toMatch(/\n\s+at /);
    expect((await httpRequest(`${first.url}/readyz`)).status).toBe(200);
    const signUp = await postJson(`${first.url}/api/newsletter-subscribe`, { email: "one-dir@example.com" });
    expect(signUp.status).toBe(200);
    await emulators.mail.waitFor((messages) => mailsTo(messages, "one-dir@example.com").length > 0);
  }, 120_000);

  it("a lock left by a killed server does not block a restart, which finds the data", async () => {
    const first = await start();
    const signUp = await postJson(`${first.url}/api/newsletter-subscribe`, { email: "one-dir@example.com" });
    expect(signUp.status).toBe(200);
    await emulators.mail.waitFor((messages) => mailsTo(messages, "one-dir@example.com").length > 0);
    expect(await first.stop("SIGKILL")).toBeNull();
    // Killed: its lock is still there.
    expect(existsSync(lockPath())).toBe(true);
    const restarted = await start();
    expect((await httpRequest(`${restarted.url}/readyz`)).status).toBe(200);
    expect(JSON.parse(readFileSync(lockPath(), "utf8"))).toMatchObject({ pid: restarted.process.pid });
    // A clean stop releases the lock.
    expect(await restarted.stop("SIGTERM")).toBe(0);
    expect(existsSync(lockPath())).toBe(false);
    // The sign-up made before the kill is in the directory the restarted server used.
    const rows = await store.query<{ email: string }>("select email from newsletter_subscribers");
    expect(rows.map((row) => row.email)).toEqual(["one-dir@example.com"]);
  }, 120_000);
});
