import { randomUUID } from "node:crypto";
import { pushBounded } from "../retention";
import { signedHeaders } from "./fhir";

/**
 * How the lab emulator delivers to the store, as a lab's integration engine does: each message POSTed
 * to the store's FHIR endpoint, signed afresh on every attempt; a 2xx or 4xx is the store's answer
 * (a 4xx is not retried: sending the same thing again would be refused again); no answer, a 5xx or a
 * 429 is retried with exponential backoff (1 s, 2 s, 4 s, … capped at 30 s), at most 8 attempts, then
 * given up and shown as such. The operator can make the store look down for a while: attempts in that
 * window fail as a refused connection would.
 */

export type LabLink = {
  /** The lab id and secret the store gave the sandbox's lab (its site_secrets row). */
  labId: string;
  secret: string;
  /** The lab's name as the store's pages give it (LAB_NAME). */
  labName: string;
  /** Sandbox-only: the kits people registered, as the operator's shortcut (a real lab sees only the samples that arrive). */
  registeredKits(): Promise<{ kitId: string; state: string }[]>;
};

export type Delivery = {
  id: string;
  what: string;
  kitId: string;
  createdAt: Date;
  attempts: number;
  status: "sending" | "waiting to retry" | "delivered" | "refused" | "given up";
  /** The store's last answer: its status and OperationOutcome diagnostics, or why there was none. */
  answer: string;
};

export type DeliveryOptions = {
  endpoint: string;
  link: () => LabLink | null;
  baseDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  timeoutMs?: number;
};

const MAX_LOG = 200;

export function createDeliveries(options: DeliveryOptions) {
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const log: Delivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let downUntil = 0;
  let closed = false;

  async function attempt(delivery: Delivery, body: string): Promise<void> {
    if (closed) return;
    const link = options.link();
    delivery.attempts += 1;
    delivery.status = "sending";
    let retry = false;
    try {
      if (!link) throw new Error("the store has not connected the lab yet");
      if (Date.now() < downUntil)
        throw new Error("connection refused (the store is down: a fault injected here)");
      const response = await fetch(options.endpoint, {
        method: "POST",
        headers: signedHeaders(link.labId, link.secret, body),
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const outcome = (await response.json().catch(() => null)) as {
        issue?: { diagnostics?: string }[];
      } | null;
      delivery.answer = `${response.status} ${outcome?.issue?.[0]?.diagnostics ?? response.statusText}`;
      retry = response.status >= 500 || response.status === 429;
      if (!retry) delivery.status = response.ok ? "delivered" : "refused";
    } catch (error) {
      delivery.answer = `no answer: ${(error as Error).message}`;
      retry = true;
    }
    if (!retry) return;
    if (delivery.attempts >= maxAttempts) {
      delivery.status = "given up";
      return;
    }
    delivery.status = "waiting to retry";
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (delivery.attempts - 1));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, delay);
      timer.unref();
      timers.add(timer);
    });
    return attempt(delivery, body);
  }

  return {
    /** Sends a FHIR resource; resolves when it is delivered, refused or given up (the page does not wait). */
    send(what: string, kitId: string, resource: unknown): Promise<void> {
      const delivery: Delivery = {
        id: randomUUID(),
        what,
        kitId,
        createdAt: new Date(),
        attempts: 0,
        status: "sending",
        answer: "",
      };
      pushBounded(log, delivery, MAX_LOG);
      return attempt(delivery, JSON.stringify(resource));
    },
    /** Newest first. */
    log: () => [...log].reverse(),
    storeDownFor(ms: number) {
      downUntil = Date.now() + ms;
    },
    storeBack() {
      downUntil = 0;
    },
    downUntil: () => (downUntil > Date.now() ? new Date(downUntil) : null),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type Deliveries = ReturnType<typeof createDeliveries>;
