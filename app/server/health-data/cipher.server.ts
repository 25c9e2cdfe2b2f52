import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Health data at rest (quiz answers, dates of birth, test results): sealed by the application with
 * AES-256-GCM before it reaches the database, so a copy of the database, a backup or a log of its
 * queries shows no value (decision 100). Each sealed value names the key that sealed it, so keys can
 * rotate: the first key seals, every listed key still opens.
 *
 * A sealed value: `hd1.<key id>.<iv>.<ciphertext and tag>` (base64url). The caller's `context` (for
 * example `quiz_answers:<row id>`) is authenticated with it, so a value copied into another row or
 * field does not open there.
 */

export type HealthDataKey = { id: string; key: Buffer };

export type HealthDataCipher = {
  /** The id of the key new values are sealed with. */
  readonly currentKeyId: string;
  seal(plaintext: string, context: string): string;
  /** Throws HealthDataSealError when the value was altered, is bound to another context or its key is not configured. */
  open(sealed: string, context: string): string;
  /** The id of the key a sealed value was made with (to find values still under a retired key). */
  keyIdOf(sealed: string): string;
};

export class HealthDataSealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HealthDataSealError";
  }
}

const FORMAT = "hd1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const HEALTH_DATA_KEY_BYTES = 32;
export const HEALTH_DATA_KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

const associatedData = (keyId: string, context: string) =>
  Buffer.from(`${FORMAT}|${keyId}|${context}`, "utf8");

export function createHealthDataCipher(keys: readonly HealthDataKey[]): HealthDataCipher {
  const [current] = keys;
  if (!current) throw new Error("health data: at least one key is needed");
  const byId = new Map<string, Buffer>();
  for (const { id, key } of keys) {
    if (!HEALTH_DATA_KEY_ID.test(id))
      throw new Error(`health data: key id "${id}" is not [A-Za-z0-9_-]{1,32}`);
    if (key.length !== HEALTH_DATA_KEY_BYTES) throw new Error(`health data: key "${id}" is not 32 bytes`);
    if (byId.has(id)) throw new Error(`health data: key id "${id}" is listed twice`);
    byId.set(id, key);
  }

  const parse = (sealed: string) => {
    const parts = sealed.split(".");
    if (parts.length !== 4 || parts[0] !== FORMAT) throw new HealthDataSealError("not a sealed health value");
    const [, keyId, iv, body] = parts as [string, string, string, string];
    return { keyId, iv: Buffer.from(iv, "base64url"), body: Buffer.from(body, "base64url") };
  };

  return {
    currentKeyId: current.id,
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current.key, iv);
      cipher.setAAD(associatedData(current.id, context));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return [FORMAT, current.id, iv.toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed, context) {
      const { keyId, iv, body } = parse(sealed);
      const key = byId.get(keyId);
      if (!key) throw new HealthDataSealError(`sealed with key "${keyId}", which is not configured`);
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
        throw new HealthDataSealError("malformed sealed value");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv);
        decipher.setAAD(associatedData(keyId, context));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new HealthDataSealError("the sealed value was altered or belongs elsewhere");
      }
    },
    keyIdOf(sealed) {
      return parse(sealed).keyId;
    },
  };
}

/**
 * HEALTH_DATA_KEYS as written in the environment: `id:key,id:key`, each key 32 bytes in base64 or
 * base64url, the first the one that seals (`openssl rand -base64 32` makes one). Throws a message for
 * the environment check on anything else.
 */
export function parseHealthDataKeys(value: string): HealthDataKey[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("must list at least one id:key");
  const keys = entries.map((entry) => {
    const colon = entry.indexOf(":");
    const id = colon < 0 ? "" : entry.slice(0, colon);
    if (!HEALTH_DATA_KEY_ID.test(id))
      throw new Error("must be id:key pairs, the id of letters, digits, _ or -");
    const key = Buffer.from(
      entry
        .slice(colon + 1)
        .replace(/\+/g, "-")
        .replace(/\//g, "_"),
      "base64url",
    );
    if (key.length !== HEALTH_DATA_KEY_BYTES)
      throw new Error(
        `key "${id}" must be ${HEALTH_DATA_KEY_BYTES} bytes in base64 (openssl rand -base64 32)`,
      );
    return { id, key };
  });
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new Error("lists a key id twice");
  return keys;
}
