import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { enhancerHandle, paths } from "~/content/site";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { ENHANCER, eventually, sleep } from "./checkout-harness";
import { BOT_UA, BROWSER_UA } from "./resilience-support";

/**
 * Issue 8 item 3, the shutdown half: SIGTERM while the server is busy. Shopify answers after 2 s and
 * Stripe after 1 s, so pages, product lookups and checkouts are all still running when the signal
 * lands; some uploads are still sending their bodies. Every request the server had accepted must
 * finish with its normal answer (no 5xx, no reset), what they wrote must be in the database, new
 * connections must be refused while the others drain, and the process must exit 0 without the forced
 * close of SHUTDOWN_TIMEOUT_MS. On PGlite and, when TEST_DATABASE_URL is set, PostgreSQL: closing the
 * database is part of the shutdown.
 */

const SHOPIFY_DELAY_MS = 2_000;
const STRIPE_DELAY_MS = 1_000;

type Outcome = { status: number; body: string } | { error: string };

type Tracked = {
  name: string;
  /** Resolves once the connection is open and the request line and headers are on their way. */
  sent: Promise<void>;
  outcome: Promise<Outcome>;
  done: boolean;
  /** For uploads held back: sends the rest of the body. */
  finish?: () => void;
};

function track(
  base: string,
  name: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; holdBack?: number } = {},
): Tracked {
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    markSent = resolve;
  });
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const tracked: Tracked = { name, sent, outcome: Promise.resolve({ error: "not started" }), done: false };
  tracked.outcome = new Promise<Outcome>((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: options.method ?? "GET",
        agent: false,
        // Bounded: a request the server never answers ends as an error, not a hung test.
        timeout: 60_000,
        headers: { ...options.headers, ...(body ? { "content-length": String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", (error) => resolve({ error: error.message }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer within 60 s")));
    req.on("error", (error) => {
      markSent();
      resolve({ error: `${(error as NodeJS.ErrnoException).code ?? ""} ${error.message}` });
    });
    req.on("socket", (socket) => socket.once("connect", () => setImmediate(markSent)));
    const holdBack = options.holdBack ?? 0;
    if (body && holdBack > 0) {
      req.write(body.subarray(0, body.length - holdBack));
      tracked.finish = () => req.end(body.subarray(body.length - holdBack));
    } else {
      req.end(body);
    }
  }).finally(() => {
    tracked.done = true;
  });
  return tracked;
}

function connectOnce(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.setTimeout(10_000, () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe.each(databaseTargets)("SIGTERM under load ($name)", ({ name }) => {
  const shop = useShop({
    store: name,
    env: {
      // Every product read goes to Shopify, so each one is slow.
      PRODUCT_CACHE_TTL_SECONDS: "0",
      PRODUCT_CACHE_SWR_SECONDS: "0",
      // Nor a cached copy of the Enhancer page: every one renders, and waits for Shopify.
      PAGE_CACHE_FRESH_SECONDS: "0",
      RATE_LIMIT_MULTIPLIER: "1000",
      // What is measured is the drain, not the timeouts: on a starved machine (CI under stress-ng next
      // to other work, load 17 on 2 cores) a 2 s Shopify answer reached the server after its 5 s
      // timeout, and the listener closed more than 6 s after the signal. Neither is a shutdown defect.
      SHOPIFY_TIMEOUT_MS: "30000",
      SHUTDOWN_TIMEOUT_MS: "45000",
    },
  });

  it("finishes every accepted request without a 5xx, refuses new connections, and exits 0", async () => {
    shop.emulators.shopify.addFault({ kind: "latency", ms: SHOPIFY_DELAY_MS, api: "storefront", times: -1 });
    shop.emulators.stripe.faults.add({ kind: "latency", ms: STRIPE_DELAY_MS });
    const base = shop.server.url;
    const json = { "content-type": "application/json" };
    const requests: Tracked[] = [];
    const add = (count: number, make: (index: number) => Tracked) => {
      for (let index = 0; index < count; index++) requests.push(make(index));
    };
    /** The mix of pages and functions, `batch` naming the requests and their e-mail addresses. */
    const sendMix = (batch: string) => {
      add(8, (i) =>
        track(base, `${batch} enhancer page (person) ${i}`, paths.enhancer, {
          headers: { "user-agent": BROWSER_UA },
        }),
      );
      add(4, (i) =>
        track(base, `${batch} enhancer page (bot) ${i}`, paths.enhancer, {
          headers: { "user-agent": BOT_UA },
        }),
      );
      add(6, (i) =>
        track(base, `${batch} shopify-get-product ${i}`, "/api/shopify-get-product", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ handle: enhancerHandle }),
        }),
      );
      add(6, (i) =>
        track(base, `${batch} hybrid-checkout ${i}`, "/api/hybrid-checkout", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ products: [{ shopifyVariantId: ENHANCER, quantity: 1 }] }),
        }),
      );
      add(6, (i) =>
        track(base, `${batch} newsletter-subscribe ${i}`, "/api/newsletter-subscribe", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ email: `${batch}-drain-${i}@example.com` }),
        }),
      );
      add(4, (i) =>
        track(base, `${batch} verify-and-send-confirmation ${i}`, "/api/verify-and-send-confirmation", {
          method: "POST",
          headers: json,
          body: JSON.stringify({ sessionId: `cs_test_unknownSession${i}` }),
        }),
      );
      const pages = [paths.home, paths.deepDive, paths.videos, paths.broScience, paths.testKit, paths.faq];
      add(pages.length, (i) =>
        track(base, `${batch} page ${pages[i]}`, pages[i] as string, {
          headers: { "user-agent": BROWSER_UA },
        }),
      );
      add(2, (i) =>
        track(base, `${batch} payment-success ${i}`, `${paths.paymentSuccess}?session_id=cs_test_drain${i}`),
      );
      add(2, (i) => track(base, `${batch} not found ${i}`, `/no-such-page-${i}`));
    };

    // A keep-alive connection left idle after its request: it must not hold the shutdown up.
    const keepAlive = new http.Agent({ keepAlive: true });
    const idle = await new Promise<number>((resolve, reject) =>
      http
        .get(`${base}/healthz`, { agent: keepAlive, timeout: 20_000 }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        })
        .on("timeout", function (this: http.ClientRequest) {
          this.destroy(new Error("no answer within 20 s"));
        })
        .on("error", reject),
    );
    expect(idle).toBe(200);

    // Batch a: in the app when the signal comes (connected, sent, given time to arrive), with uploads
    // whose last bytes arrive only after the listener has closed.
    sendMix("a");
    add(4, (i) =>
      track(base, `a slow newsletter upload ${i}`, "/api/newsletter-subscribe", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: `a-slow-upload-${i}@example.com` }),
        holdBack: 10,
      }),
    );
    add(2, (i) =>
      track(base, `a slow checkout upload ${i}`, "/api/hybrid-checkout", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ products: [{ shopifyVariantId: ENHANCER, quantity: 2 }] }),
        holdBack: 5,
      }),
    );
    await Promise.all(requests.map((request) => request.sent));
    await sleep(300);
    expect(requests.filter((request) => !request.done).length).toBeGreaterThanOrEqual(30);

    // Batch b: sent while the process is frozen (a long GC pause, a starved CPU), so the signal and
    // these connections, completed by the kernel but not yet accepted or read, reach it together.
    shop.server.process.kill("SIGSTOP");
    const batchA = requests.length;
    sendMix("b");
    await Promise.all(requests.slice(batchA).map((request) => request.sent));
    await sleep(100);
    const exited = shop.server.stop("SIGTERM");
    const signalledAt = performance.now();
    shop.server.process.kill("SIGCONT");

    // Draining: new connections are refused (once those waiting when the signal came are taken)
    // while accepted requests still run; the uploads send their last bytes only after that.
    const port = Number(new URL(base).port);
    await eventually(async () => expect(await connectOnce(port)).toBe("ECONNREFUSED"), 30_000, 200);
    const uploads = requests.filter((request) => request.finish);
    expect(uploads.every((request) => !request.done)).toBe(true);
    for (const request of uploads) request.finish?.();

    const outcomes = await Promise.all(requests.map((request) => request.outcome));
    const exitCode = await exited;
    const tookMs = performance.now() - signalledAt;

    const byName = new Map(requests.map((request, index) => [request.name, outcomes[index] as Outcome]));
    const failures = [...byName].filter(([, outcome]) => "error" in outcome || outcome.status >= 500);
    expect(failures).toEqual([]);
    const statusOf = (kind: string) =>
      [...byName]
        .filter(([requestName]) => requestName.replace(/^[ab] /, "").startsWith(kind))
        .map(([, outcome]) => ("status" in outcome ? outcome.status : 0));
    const expected: [string, number][] = [
      ["enhancer page", 200],
      ["shopify-get-product", 200],
      ["hybrid-checkout", 200],
      ["slow checkout upload", 200],
      ["newsletter-subscribe", 200],
      ["slow newsletter upload", 200],
      ["verify-and-send-confirmation", 404],
      ["page ", 200],
      ["payment-success", 200],
      ["not found", 404],
    ];
    for (const [kind, status] of expected) {
      const statuses = statusOf(kind);
      expect(statuses.length, kind).toBeGreaterThan(0);
      expect(new Set(statuses), kind).toEqual(new Set([status]));
    }
    // The streamed pages were finished, live product included, not cut off.
    for (const [requestName, outcome] of byName) {
      if (!requestName.includes("enhancer page") || !("body" in outcome)) continue;
      expect(outcome.body.trimEnd().endsWith("</html>"), requestName).toBe(true);
      expect(outcome.body, requestName).toContain("Live Shopify pricing");
    }

    expect(exitCode).toBe(0);
    // Drained, not cut off: well inside SHUTDOWN_TIMEOUT_MS (a few seconds on a quiet machine).
    expect(tookMs).toBeLessThan(40_000);
    keepAlive.destroy();
    expect(shop.server.logs.some((line) => line.includes("shutdown timeout"))).toBe(false);
    expect(shop.server.logs.some((line) => line.includes('"msg":"stopped"'))).toBe(true);

    // What the drained requests did is in the database.
    const bodyOf = (outcome: Outcome) => ("body" in outcome ? outcome.body : "{}");
    const checkoutIds = [...byName]
      .filter(([requestName]) => /hybrid-checkout|checkout upload/.test(requestName))
      .map(([, outcome]) => (JSON.parse(bodyOf(outcome)) as { sessionId: string }).sessionId);
    expect(checkoutIds).toHaveLength(14);
    const recorded = await shop.store.query<{ stripe_session_id: string }>(
      "select stripe_session_id from checkouts",
    );
    expect(new Set(recorded.map((row) => row.stripe_session_id))).toEqual(new Set(checkoutIds));
    const subscribers = await shop.store.query<{ email: string }>("select email from newsletter_subscribers");
    const signedUp = [
      ...["a", "b"].flatMap((batch) =>
        Array.from({ length: 6 }, (_, i) => `${batch}-drain-${i}@example.com`),
      ),
      ...Array.from({ length: 4 }, (_, i) => `a-slow-upload-${i}@example.com`),
    ];
    expect(subscribers.map((row) => row.email).sort()).toEqual(signedUp.sort());
  }, 150_000);
});

// A shop of its own: the test stops its server itself (a PGlite directory takes one server at a time).
describe.each(databaseTargets)("SIGTERM with a checkout in flight ($name)", ({ name }) => {
  const shop = useShop({ store: name, env: { RATE_LIMIT_MULTIPLIER: "1000" } });

  it("a checkout whose client left before its answer still records its session before the exit", async () => {
    const server = shop.server;
    const before = new Set(shop.emulators.stripe.sessions().map((session) => session.id));
    shop.emulators.stripe.faults.add({ kind: "latency", ms: STRIPE_DELAY_MS });
    const body = JSON.stringify({ products: [{ shopifyVariantId: ENHANCER, quantity: 3 }] });
    const left = new Promise<string>((resolve) => {
      const req = http.request(`${server.url}/api/hybrid-checkout`, {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
      });
      req.on("error", (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
      req.end(body);
      // Gone while the server waits for Stripe.
      setTimeout(() => req.destroy(), 300);
    });
    expect(await left).toBe("ECONNRESET");
    const exitCode = await server.stop("SIGTERM");
    expect(exitCode).toBe(0);
    expect(server.logs.filter((line) => /"level":50/.test(line))).toEqual([]);
    const created = shop.emulators.stripe
      .sessions()
      .map((session) => session.id)
      .filter((id) => !before.has(id));
    expect(created).toHaveLength(1);
    const recorded = await shop.store.query<{ stripe_session_id: string }>(
      "select stripe_session_id from checkouts where stripe_session_id = $1",
      [created[0]],
    );
    expect(recorded).toHaveLength(1);
  });
});
