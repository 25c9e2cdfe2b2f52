import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killGroup, spawnTracked } from "../../scripts/lib/processes";
import { serverEntryArgs } from "../../scripts/lib/server-entry";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { call } from "./catalog-support";
import {
  type Emulators,
  ENHANCER,
  payFields,
  postJson,
  startEmulators,
  submitPayPage,
} from "./checkout-harness";
import { leaksIn, rawRequest } from "./resilience-support";

/**
 * Issue 15 items 2, 6, 7, 9, 11 and 13 over HTTP against the production build
 * (docs/decisions/061-real-money-and-hostile-edges.md):
 *
 * - `newcomer`: the server entry with a PORT and nothing else (every emulator in-process, NODE_ENV unset,
 *   as `node build/server.mjs` runs it; `npm start` sets it to production when unset, decision 154);
 * - `external`: Shopify and Stripe emulators started elsewhere (SHOPIFY_API_URL, STRIPE_API_URL), an
 *   ADMIN_API_TOKEN, one trusted proxy hop (the tests pick their client addresses), limits as shipped;
 * - `realPayments`: the in-process Shopify emulator with a Stripe test key (here the standalone Stripe
 *   emulator), an ADMIN_API_TOKEN, NODE_ENV=test.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ADMIN_API_TOKEN = "admin-token-for-edge-tests-0123456789";
const FOREIGN = "https://evil.example";

const product = (handle: string) => ({
  title: "Edge Test Product",
  handle,
  price: "0.50",
  currency: "USD",
  sku: `EDGE-${handle}`,
  descriptionHtml: "",
});

/** The Cancel link of the in-process Stripe emulator's pay page: the session's cancel_url. */
async function cancelLinkOf(payUrl: string): Promise<string | undefined> {
  const html = await (await fetch(payUrl)).text();
  return /<a href="([^"]*)">Cancel and return to the store<\/a>/.exec(html)?.[1]?.replaceAll("&amp;", "&");
}

type Spawned = { child: ChildProcess; logs: string[]; exited: Promise<number | null>; stop(): Promise<void> };

/** server.ts as `npm start` runs it, with exactly `env` over the test defaults (undefined: unset). */
function spawnServer(env: Record<string, string | undefined>): Spawned {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PGLITE_DIR: "memory://",
    LOG_LEVEL: "info",
    PUBLIC_SITE_URL: undefined,
    ...env,
  };
  const child = spawnTracked(process.execPath, serverEntryArgs(), {
    cwd: root,
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) logs.push(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", () => resolve(null));
  });
  return {
    child,
    logs,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000).unref()),
      ]);
      if (!killed && child.pid !== undefined) killGroup(child.pid);
    },
  };
}

type ListeningEntry = { msg: string; url: string; publicSiteUrl?: string };

/** The "server listening" line, or what ended the wait: the process exiting, or `timeoutMs`. */
async function listeningOrExit(
  server: { logs: string[]; exited: Promise<number | null> },
  timeoutMs = 90_000,
): Promise<{ listening: ListeningEntry } | { exitCode: number | null } | { timedOut: true }> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of server.logs) {
      if (!line.includes('"server listening"')) continue;
      const entry = JSON.parse(line) as ListeningEntry;
      if (entry.msg === "server listening") return { listening: entry };
    }
    if (exitCode !== undefined) return { exitCode };
    if (Date.now() > deadline) return { timedOut: true };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The "server listening" line of a server already answering (its stdout may lag behind an answer). */
async function listeningLine(server: RunningServer): Promise<ListeningEntry> {
  const exited = new Promise<number | null>((resolve) => {
    if (server.process.exitCode !== null) resolve(server.process.exitCode);
    else server.process.once("exit", (code) => resolve(code));
  });
  const outcome = await listeningOrExit({ logs: server.logs, exited }, 10_000);
  if ("listening" in outcome) return outcome.listening;
  throw new Error(`no 'server listening' line: ${JSON.stringify(outcome)}\n${server.logs.join("\n")}`);
}

describe("hostile edges", () => {
  let emulators: Emulators;
  let newcomer: RunningServer;
  let external: RunningServer;
  let realPayments: RunningServer;
  let newcomerPort = 0;
  /** Every start begun, so that one still starting when a hook gives up is stopped too. */
  const starts: Promise<RunningServer>[] = [];
  const start = (env: Record<string, string | undefined>) => {
    const started = startServer(env);
    starts.push(started);
    return started;
  };

  beforeAll(async () => {
    emulators = await startEmulators();
    // One after another: each start has its own bound, which three at once on a busy machine may miss.
    newcomer = await start({ NODE_ENV: undefined, PUBLIC_SITE_URL: undefined });
    external = await start({
      ...emulators.env,
      ADMIN_API_TOKEN,
      TRUST_PROXY_HOPS: "1",
      RATE_LIMIT_MULTIPLIER: "1",
    });
    realPayments = await start({
      STRIPE_SECRET_KEY: emulators.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: emulators.stripe.webhookSecret,
      STRIPE_API_URL: emulators.stripe.apiUrl,
      SMTP_URL: emulators.env.SMTP_URL,
      ADMIN_API_TOKEN,
      NODE_ENV: "test",
      PUBLIC_SITE_URL: undefined,
    });
    newcomerPort = Number(new URL(newcomer.url).port);
  }, 240_000);
  afterAll(async () => {
    await Promise.all(
      starts.map((started) => started.then((server) => server.stop()).catch(() => undefined)),
    );
    await emulators?.close();
  });

  // --- Item 13: the public origin follows the port ------------------------------------------------

  describe("a first run on any port (item 13)", () => {
    it("logs the public origin it uses: this port on localhost", async () => {
      expect(await listeningLine(newcomer)).toMatchObject({
        url: newcomer.url,
        publicSiteUrl: `http://localhost:${newcomerPort}`,
      });
    });

    it("sends the visitor to a pay page, a Cancel and a success page on the port it listens on", async () => {
      const site = `http://localhost:${newcomerPort}`;
      const started = await postJson(
        `${newcomer.url}/api/hybrid-checkout`,
        { products: [{ shopifyVariantId: ENHANCER, quantity: 1 }] },
        { referer: `${site}/product/forge-enhancer` },
      );
      expect(started.status).toBe(200);
      const { checkoutUrl, sessionId } = started.json as { checkoutUrl: string; sessionId: string };
      expect(checkoutUrl).toBe(`${site}/__sandbox/stripe/pay/${sessionId}`);
      // Reached here through 127.0.0.1 (localhost may be IPv6 first on this machine).
      const payUrl = `${newcomer.url}${new URL(checkoutUrl).pathname}`;
      expect(await cancelLinkOf(payUrl)).toBe(`${site}/product/forge-enhancer`);
      const paid = await submitPayPage(payUrl, payFields());
      expect(paid.status).toBe(303);
      expect(paid.location).toBe(`${site}/payment-success?session_id=${sessionId}`);
    });

    it("with PORT=0, the origin it logs and hands out is the port it was given", async () => {
      const server = spawnServer({ PORT: "0" });
      try {
        const outcome = await listeningOrExit(server);
        if (!("listening" in outcome))
          throw new Error(`no start: ${JSON.stringify(outcome)}\n${server.logs.join("\n")}`);
        const { url, publicSiteUrl } = outcome.listening;
        const port = new URL(url).port;
        expect(Number(port)).toBeGreaterThan(0);
        expect(publicSiteUrl).toBe(`http://localhost:${port}`);
        const started = await postJson(`${url}/api/hybrid-checkout`, {
          products: [{ shopifyVariantId: ENHANCER, quantity: 1 }],
        });
        expect(started.status).toBe(200);
        expect(started.json.checkoutUrl).toMatch(
          new RegExp(`^http://localhost:${port}/__sandbox/stripe/pay/cs_`),
        );
      } finally {
        await server.stop();
      }
    }, 120_000);
  });

  // --- Item 6: a Referer that is not a plain path of this site --------------------------------------

  describe("a hostile Referer (item 6)", () => {
    it.each([
      ["a bare double slash", "//"],
      ["another host after a double slash", "//evil.example/x"],
      ["a backslash after the slash", "/\\evil.example/x"],
    ])("%s: checkout starts, and Cancel goes to the home page", async (_what, pathPart) => {
      const started = await postJson(
        `${newcomer.url}/api/hybrid-checkout`,
        { products: [{ shopifyVariantId: ENHANCER, quantity: 1 }] },
        { referer: `${newcomer.url}${pathPart}` },
      );
      expect(started.status).toBe(200);
      const checkoutUrl = started.json.checkoutUrl as string;
      expect(await cancelLinkOf(`${newcomer.url}${new URL(checkoutUrl).pathname}`)).toBe(
        `http://localhost:${newcomerPort}/`,
      );
    });

    it("the same Referer on a session made at Stripe (external): cancel_url is the home page", async () => {
      const started = await call(
        external.url,
        "hybrid-checkout",
        { products: [{ shopifyVariantId: ENHANCER, quantity: 1 }] },
        { headers: { referer: `${external.url}//evil.example/x` } },
      );
      expect(started.status).toBe(200);
      const session = emulators.stripe.session((started.body as { sessionId: string }).sessionId);
      expect(session?.cancel_url).toBe(`${(await listeningLine(external)).publicSiteUrl}/`);
    });

    it("the no-JavaScript form's error page links back home, not a 500", async () => {
      const response = await fetch(`${newcomer.url}/api/hybrid-checkout`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", referer: `${newcomer.url}//` },
        body: "item=not-an-item",
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(
        `<a href="http://localhost:${newcomerPort}/">Back to the store</a>`,
      );
    });
  });

  // --- Item 7: another site cannot spend a visitor's rate limit -------------------------------------

  describe("refusals another site causes spend no rate limit (item 7)", () => {
    it("25 cross-site form posts and 25 text/plain posts to checkout (limit 20 a minute): the visitor still checks out", async () => {
      const ip = "198.51.100.71";
      for (let i = 0; i < 25; i++) {
        const forged = await call(external.url, "hybrid-checkout", null, {
          ip,
          raw: "item=enhancer",
          contentType: "application/x-www-form-urlencoded",
          headers: { origin: FOREIGN, "sec-fetch-site": "cross-site" },
        });
        expect(forged.status).toBe(403);
      }
      for (let i = 0; i < 25; i++) {
        const plain = await call(external.url, "hybrid-checkout", null, {
          ip,
          raw: '{"products":[]}',
          contentType: "text/plain",
        });
        expect(plain.status).toBe(415);
      }
      const own = await call(
        external.url,
        "hybrid-checkout",
        { products: [{ shopifyVariantId: ENHANCER, quantity: 1 }] },
        { ip, headers: { origin: external.url } },
      );
      expect(own.status).toBe(200);
    });

    it("6 cross-site sign-up forms (limit 5 per 10 minutes): the visitor still signs up", async () => {
      const ip = "198.51.100.72";
      for (let i = 0; i < 6; i++) {
        const forged = await fetch(`${external.url}/api/newsletter-subscribe`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": ip,
            origin: FOREIGN,
            referer: `${FOREIGN}/`,
          },
          body: `email=victim${i}%40example.com`,
          redirect: "manual",
        });
        // The form's answer to a refusal: back to a page, saying it failed.
        expect(forged.status).toBe(303);
        expect(forged.headers.get("location")).toBe("/?newsletter=error#newsletter");
      }
      const own = await call(
        external.url,
        "newsletter-subscribe",
        { email: "edge-visitor@example.com" },
        { ip, headers: { origin: external.url } },
      );
      expect(own.status).toBe(200);
    });

    it("this site's own bad requests still count: 5 too large sign-ups, then 429", async () => {
      const ip = "198.51.100.73";
      for (let i = 0; i < 5; i++) {
        const large = await call(external.url, "newsletter-subscribe", { email: "x".repeat(20_000) }, { ip });
        expect(large.status).toBe(413);
      }
      const limited = await call(
        external.url,
        "newsletter-subscribe",
        { email: "edge-late@example.com" },
        { ip },
      );
      expect(limited.status).toBe(429);
    });
  });

  // --- Item 9: IPv6 clients per /64 -----------------------------------------------------------------

  describe("IPv6 clients are limited per /64 (item 9)", () => {
    const subscribe = (ip: string) =>
      call(external.url, "newsletter-subscribe", { email: "not an address" }, { ip });

    it("five addresses of one /64 spend its sign-up limit; a sixth is refused, another /64 is not", async () => {
      for (let i = 1; i <= 5; i++) expect((await subscribe(`2001:db8:e6:1::${i}`)).status).toBe(400);
      const sixth = await subscribe("2001:db8:e6:1:ffff:ffff:ffff:ffff");
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await subscribe("2001:db8:e6:2::1")).status).toBe(400);
    });

    it("an IPv4 client is one client whether it is written as IPv4 or IPv4-mapped IPv6", async () => {
      for (let i = 0; i < 5; i++) expect((await subscribe("::ffff:198.51.100.74")).status).toBe(400);
      expect((await subscribe("198.51.100.74")).status).toBe(429);
    });
  });

  // --- Item 2: the admin token's waiver, and live keys next to emulators ------------------------------

  describe("no real money next to an emulated system (item 2)", () => {
    it("the all-in-process sandbox creates products without an admin token", async () => {
      const created = await call(newcomer.url, "shopify-create-product", product("edge-sandbox"));
      expect(created.status).toBe(200);
    });

    it.each([
      ["a Shopify emulator reached through SHOPIFY_API_URL", () => external],
      ["the in-process Shopify emulator while payments go to a Stripe key", () => realPayments],
    ])("%s: the admin token is required", async (_what, server) => {
      const refused = await call(server().url, "shopify-create-product", product("edge-no-token"));
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        success: false,
        error: "An admin token is required: send Authorization: Bearer <token>.",
      });
      const created = await call(
        server().url,
        "shopify-create-product",
        product(`edge-token-${Date.now()}`),
        {
          headers: { authorization: `Bearer ${ADMIN_API_TOKEN}` },
        },
      );
      expect(created.status).toBe(200);
    });

    it.each([
      [
        "with the in-process Shopify emulator",
        {},
        "SHOPIFY_STORE_DOMAIN is required when STRIPE_SECRET_KEY is a live key (without it the store is the local Shopify emulator)",
      ],
      [
        "with a Shopify emulator elsewhere (SHOPIFY_API_URL, no store domain)",
        { SHOPIFY_API_URL: "http://127.0.0.1:9", SHOPIFY_STOREFRONT_TOKEN: "storefront-token-0123456789" },
        "SHOPIFY_STORE_DOMAIN is required when STRIPE_SECRET_KEY is a live key (SHOPIFY_API_URL without a store domain is an emulator, not a store)",
      ],
    ])(
      "a live Stripe key %s refuses to start, naming the variables",
      async (_what, shopify, message) => {
        const server = spawnServer({
          PORT: "0",
          STRIPE_SECRET_KEY: "sk_live_edgeTestKey0123456789",
          STRIPE_WEBHOOK_SECRET: "whsec_edgeTestSecret0123456789",
          SMTP_URL: "smtp://127.0.0.1:9",
          ...shopify,
        });
        try {
          const outcome = await listeningOrExit(server);
          expect(outcome).toEqual({ exitCode: 1 });
          expect(server.logs.join("\n")).toContain(message);
        } finally {
          await server.stop();
        }
      },
      120_000,
    );
  });

  // --- Item 11: no stack or path, whatever NODE_ENV is ---------------------------------------------

  describe("no stack trace or server path in an error, whatever NODE_ENV is (item 11)", () => {
    it.each([
      ["NODE_ENV unset", () => newcomer],
      ["NODE_ENV=test", () => realPayments],
    ])("%s: assets that are missing, climb out, or are malformed", async (_what, server) => {
      const port = Number(new URL(server().url).port);
      for (const [target, status, text] of [
        ["/assets/nope.js", 404, "Not Found"],
        ["/assets/../x", 403, "Forbidden"],
        ["/assets/..%2f..%2fpackage.json", 403, "Forbidden"],
        ["/assets/%E0%A4%A", 400, "Bad Request"],
      ] as const) {
        const result = await rawRequest(
          port,
          `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
        );
        expect(result.status, target).toBe(status);
        expect(leaksIn(result.text), target).toEqual([]);
        const [head = "", body = ""] = result.text.split("\r\n\r\n");
        expect(head, target).toMatch(/content-type: text\/plain/i);
        expect(head, target).toMatch(/cache-control: no-store/i);
        expect(body, target).toBe(text);
      }
    });
  });
});
