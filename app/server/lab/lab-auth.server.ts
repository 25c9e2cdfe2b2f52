import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How a lab proves a delivery is its own (issue 35 item 4, decision 113): each lab integration has an
 * id and a secret (LAB_INTEGRATIONS, `id:secret,…`); a delivery carries `X-Lab-Id`, `X-Lab-Timestamp`
 * (Unix seconds) and `X-Lab-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<raw body>` with
 * the lab's secret. Compared in constant time; a timestamp more than 5 minutes from ours is refused,
 * so a captured delivery cannot be replayed later (and a replay within that window changes nothing:
 * deliveries are idempotent).
 */

export type LabIntegration = { id: string; secret: string };

export const LAB_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
export const LAB_SECRET_MIN_LENGTH = 32;
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const LAB_HEADERS = {
  id: "x-lab-id",
  timestamp: "x-lab-timestamp",
  signature: "x-lab-signature",
} as const;

/** LAB_INTEGRATIONS as written in the environment; throws a message for the environment check. */
export function parseLabIntegrations(value: string): LabIntegration[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("must list at least one id:secret");
  const labs = entries.map((entry) => {
    const colon = entry.indexOf(":");
    const id = colon < 0 ? "" : entry.slice(0, colon);
    const secret = entry.slice(colon + 1);
    if (!LAB_ID.test(id))
      throw new Error("must be id:secret pairs, the id of lower-case letters, digits or -");
    if (secret.length < LAB_SECRET_MIN_LENGTH || /\s/.test(secret))
      throw new Error(
        `the secret of "${id}" must be at least ${LAB_SECRET_MIN_LENGTH} characters, no spaces`,
      );
    return { id, secret };
  });
  if (new Set(labs.map((lab) => lab.id)).size !== labs.length) throw new Error("lists a lab id twice");
  return labs;
}

export function labSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Equal strings in time that depends on their lengths only (both are hashed to one length first). */
function sameSecretly(given: string, expected: string): boolean {
  const a = createHmac("sha256", "compare").update(given).digest();
  const b = createHmac("sha256", "compare").update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** The lab that signed this delivery, or null (unknown lab, stale timestamp, wrong signature). */
export function verifyLabDelivery(
  labs: readonly LabIntegration[],
  headers: Headers,
  body: string,
  nowMs: number,
): LabIntegration | null {
  const id = headers.get(LAB_HEADERS.id) ?? "";
  const timestamp = headers.get(LAB_HEADERS.timestamp) ?? "";
  const signature = headers.get(LAB_HEADERS.signature) ?? "";
  if (!/^\d{1,12}$/.test(timestamp)) return null;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return null;
  // Every configured lab is tried, so the time taken does not say whether the id exists.
  let found: LabIntegration | null = null;
  for (const lab of labs) {
    const matches = sameSecretly(signature, labSignature(lab.secret, timestamp, body));
    if (matches && lab.id === id) found = lab;
  }
  return found;
}
