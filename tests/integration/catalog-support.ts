import pg from "pg";
import type { RunningServer } from "../../scripts/lib/server-process";

/** Helpers shared by the catalog integration tests: calls over HTTP, the emulator's test hooks. */

let ipCounter = 0;
/** A fresh client address per call (the servers trust one proxy hop), so limits do not interfere. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type CallOptions = {
  ip?: string;
  headers?: Record<string, string>;
  /** Send this text as the body instead of JSON.stringify(body). */
  raw?: string;
  contentType?: string | null;
};

export async function call(
  baseUrl: string,
  name: string,
  body: unknown,
  options: CallOptions = {},
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? freshIp(), ...options.headers };
  const contentType = options.contentType === undefined ? "application/json" : options.contentType;
  if (contentType !== null) headers["content-type"] = contentType;
  const response = await fetch(`${baseUrl}/api/${name}`, {
    method: "POST",
    headers,
    body: options.raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export type EmulatorCalls = { storefront: number; admin: number; total: number };

/** The emulator's hooks, wherever it runs (inside the server under /__sandbox/shopify, or standalone). */
export function emulatorHooks(emulatorBase: string) {
  return {
    async calls(): Promise<EmulatorCalls> {
      const response = await fetch(`${emulatorBase}/__control/calls`);
      return (await response.json()) as EmulatorCalls;
    },
    async fault(fault: Record<string, unknown>): Promise<void> {
      const response = await fetch(`${emulatorBase}/__control/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(fault),
      });
      if (response.status !== 201) throw new Error(`fault refused: ${await response.text()}`);
    },
    async clearFaults(): Promise<void> {
      await fetch(`${emulatorBase}/__control/faults`, { method: "DELETE" });
    },
    async productCount(): Promise<number> {
      const response = await fetch(`${emulatorBase}/`);
      return ((await response.json()) as { products: unknown[] }).products.length;
    },
  };
}

/** Rows in the app's tables (PostgreSQL only; PGlite lives inside the server process). */
export async function appRowCount(databaseUrl: string | undefined): Promise<number | undefined> {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select (select count(*) from checkouts) + (select count(*) from orders)
        + (select count(*) from email_deliveries) + (select count(*) from newsletter_subscribers) as n`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

export function serverEmulatorBase(server: RunningServer): string {
  return `${server.url}/__sandbox/shopify`;
}

/**
 * The server's "server listening" log entry. Logs are written asynchronously, so the line may reach
 * the test's pipe after /healthz has already answered: it is waited for, up to 5 s.
 */
export async function listeningEntry(server: RunningServer): Promise<{ url: string; emulators: string[] }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    for (const line of server.logs) {
      try {
        const entry = JSON.parse(line) as { msg?: string; url: string; emulators: string[] };
        if (entry.msg === "server listening") return entry;
      } catch {
        // not a JSON log line
      }
    }
    if (Date.now() > deadline) throw new Error("no 'server listening' line in the logs");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
