import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { ReceivedMail } from "../../sandbox/mail/emulator";
import { type StandaloneEmulators, startStandaloneEmulators } from "../../sandbox/standalone-emulators";
import { type RunningServer, startServer } from "../../scripts/lib/server-process";
import { createTestDatabase, type TestDatabase } from "../../scripts/lib/test-database";

/**
 * Shared by the checkout-* and fulfilment-* integration tests: standalone emulators in the test
 * process (so a test can inject faults, count outside calls, and share them between server processes),
 * the server's environment pointing at them, and a look into the database the servers wrote.
 */

export const ENHANCER = "gid://shopify/ProductVariant/49100000000001";
export const TEST_KIT = "gid://shopify/ProductVariant/49100000000002";
export const KIT_BUNDLE = "gid://shopify/ProductVariant/49100000000003";

export type Emulators = StandaloneEmulators;

export function startEmulators(): Promise<Emulators> {
  // Webhooks retried quickly: a test waits for them.
  return startStandaloneEmulators({ stripe: { webhookRetry: { baseDelayMs: 200, maxAttempts: 8 } } });
}

/** A port that was free a moment ago (so PUBLIC_SITE_URL can name the server's own origin). */
export { freePort } from "../../scripts/lib/server-process";

/**
 * Where the servers of one test keep their data: PostgreSQL (a fresh database, several processes at
 * once), or PGlite in a directory (one process at a time; readable here once that process stopped).
 */
export type StoreTarget = {
  name: "pglite" | "postgres";
  env: Record<string, string>;
  /** Runs a query against the database (PGlite: only while no server holds the directory). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
};

export async function createStore(name: "pglite" | "postgres"): Promise<StoreTarget> {
  if (name === "postgres") {
    const database: TestDatabase = await createTestDatabase("postgres");
    return {
      name,
      env: database.env,
      async query<T>(sql: string, params: unknown[] = []) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          return (await client.query(sql, params)).rows as T[];
        } finally {
          await client.end();
        }
      },
      drop: () => database.drop(),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "forge-checkout-"));
  return {
    name,
    env: { PGLITE_DIR: dir },
    async query<T>(sql: string, params: unknown[] = []) {
      const db = await PGlite.create(dir);
      try {
        return (await db.query<T>(sql, params)).rows;
      } finally {
        await db.close();
      }
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Counts = { checkouts: number; orders: number; deliveries: number; sent: number };

export async function counts(store: StoreTarget): Promise<Counts> {
  const [row] = await store.query<{ checkouts: number; orders: number; deliveries: number; sent: number }>(
    `select (select count(*)::int from checkouts) as checkouts,
            (select count(*)::int from orders) as orders,
            (select count(*)::int from email_deliveries) as deliveries,
            (select count(*)::int from email_deliveries where status = 'sent') as sent`,
  );
  if (!row) throw new Error("no counts");
  return row;
}

export const baseServerEnv = {
  LOG_LEVEL: "info",
  // Tests call the functions far more often than a visitor: lift the per-IP limits.
  RATE_LIMIT_MULTIPLIER: "100",
};

export async function startShop(env: Record<string, string>): Promise<RunningServer> {
  return startServer({ ...baseServerEnv, ...env });
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: left empty, the status tells
  }
  return { status: response.status, json, text, headers: response.headers };
}

export async function createCheckout(
  server: RunningServer,
  products: { shopifyVariantId: string; quantity: number }[],
  headers: Record<string, string> = {},
) {
  const result = await postJson(`${server.url}/api/hybrid-checkout`, { products }, headers);
  if (result.status !== 200) throw new Error(`hybrid-checkout answered ${result.status}: ${result.text}`);
  return result.json as { success: true; checkoutUrl: string; sessionId: string };
}

export function verify(server: RunningServer, sessionId: string) {
  return postJson(`${server.url}/api/verify-and-send-confirmation`, { sessionId });
}

/** The pay page's fields as a visitor fills them (the card is the only thing tests vary). */
export function payFields(card = "4242 4242 4242 4242", overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    email: "sam.buyer@example.com",
    cardNumber: card,
    cardExpiry: "12 / 34",
    cardCvc: "123",
    name: "Sam Buyer",
    line1: "500 Congress Ave",
    line2: "Apt 4",
    city: "Austin",
    state: "TX",
    postalCode: "78701",
    country: "US",
    ...overrides,
  });
}

/** Submits the pay page's form like a browser without JavaScript (no redirect followed). */
export async function submitPayPage(payUrl: string, fields: URLSearchParams) {
  const response = await fetch(payUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields,
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** Bounded waits, shared by the whole suite. */
export { eventually, sleep } from "../support/wait";

export function mailsTo(messages: ReceivedMail[], address: string) {
  return messages.filter((mail) => mail.to.includes(address));
}
