import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The quiz's two tokens (decision 102): the answers so far, carried by each step's form without
 * JavaScript (a "draft"), and the result link's token (`/results/quiz/<token>`), which carries the nine
 * answers so no database row is needed. Both hold health data, and a link lands in browser history and
 * in access logs, so they are not only signed but sealed: AES-256-GCM under a key derived (HKDF) from
 * the site's secret with a purpose label each, so neither token can pass for the other or for any other
 * signed thing of the site, and a token shows nothing of its contents. Any process with the secret
 * opens it; nothing is stored.
 *
 * Layout, base64url as a whole: 12 bytes IV · ciphertext of a small JSON · 16 bytes tag.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** No token we make is longer; anything longer is not worth opening. */
const MAX_TOKEN_CHARS = 400;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;
const DAY_MS = 86_400_000;
/** A token issued later than now by more than this is not ours (two servers' clocks differ a little). */
const CLOCK_SKEW_MS = 5 * 60_000;

type Purpose = "draft" | "result";

const contents = z.object({
  /** The answers, encoded (app/content/quiz.ts encodeAnswers). */
  a: z.string().max(20),
  /** Issued, Unix seconds. */
  t: z.number().int().positive(),
  /** The draft's current question (0-based). */
  q: z.number().int().min(0).max(20).optional(),
  /** The saved answers' row, once saved. */
  s: z.uuid().optional(),
});

export type QuizTokenContents = {
  answers: string;
  issuedAt: Date;
  step?: number;
  savedId?: string;
};

export type QuizTokenCheck =
  | ({ status: "valid"; expiresAt: Date } & QuizTokenContents)
  | ({ status: "expired"; expiresAt: Date } & QuizTokenContents)
  | { status: "invalid" };

export interface QuizTokens {
  seal(purpose: Purpose, value: Omit<QuizTokenContents, "issuedAt"> & { issuedAt?: Date }): string;
  open(purpose: Purpose, token: string): QuizTokenCheck;
}

export type QuizTokenOptions = {
  secret: string;
  /** How long a result link works. */
  resultDays: number;
  /** How long a step's carried answers stay good (a quiz takes minutes). */
  draftDays?: number;
  now?: () => Date;
};

export function createQuizTokens(options: QuizTokenOptions): QuizTokens {
  const now = options.now ?? (() => new Date());
  const keyOf = (purpose: Purpose) =>
    Buffer.from(hkdfSync("sha256", options.secret, "forge:quiz", `forge:quiz-${purpose}:v1`, 32));
  const keys = { draft: keyOf("draft"), result: keyOf("result") } as const;
  const lifeMs = { draft: (options.draftDays ?? 1) * DAY_MS, result: options.resultDays * DAY_MS };

  return {
    seal(purpose, value) {
      const issuedAt = value.issuedAt ?? now();
      const plain = JSON.stringify({
        a: value.answers,
        t: Math.floor(issuedAt.getTime() / 1000),
        ...(value.step === undefined ? {} : { q: value.step }),
        ...(value.savedId === undefined ? {} : { s: value.savedId }),
      });
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", keys[purpose], iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return Buffer.concat([iv, body]).toString("base64url");
    },
    open(purpose, token) {
      if (token.length > MAX_TOKEN_CHARS || !TOKEN_PATTERN.test(token)) return { status: "invalid" };
      const bytes = Buffer.from(token, "base64url");
      if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== token)
        return { status: "invalid" };
      let plain: string;
      try {
        const decipher = createDecipheriv("aes-256-gcm", keys[purpose], bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return { status: "invalid" };
      }
      let parsed: z.infer<typeof contents>;
      try {
        parsed = contents.parse(JSON.parse(plain));
      } catch {
        return { status: "invalid" };
      }
      const issuedAt = new Date(parsed.t * 1000);
      const at = now().getTime();
      if (issuedAt.getTime() > at + CLOCK_SKEW_MS) return { status: "invalid" };
      const expiresAt = new Date(issuedAt.getTime() + lifeMs[purpose]);
      const value: QuizTokenContents = {
        answers: parsed.a,
        issuedAt,
        ...(parsed.q === undefined ? {} : { step: parsed.q }),
        ...(parsed.s === undefined ? {} : { savedId: parsed.s }),
      };
      return expiresAt.getTime() <= at
        ? { status: "expired", expiresAt, ...value }
        : { status: "valid", expiresAt, ...value };
    },
  };
}
