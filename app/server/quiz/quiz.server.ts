import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import {
  cyclePlan,
  decodeAnswers,
  encodeAnswers,
  isComplete,
  type OutcomeId,
  outcomeOf,
  type PartialQuizAnswers,
  type QuizAnswers,
  type QuizOutcome,
  SAVED_ANSWERS_MONTHS,
  sampleTiming,
} from "~/content/quiz";
import type { Db } from "~/server/db/client.server";
import { quizOutcomeCounts, savedQuizAnswers } from "~/server/db/schema";
import type { HealthDataCipher } from "~/server/health-data/cipher.server";
import { defineEmailTemplate, type Outbox } from "~/server/mail/outbox.server";
import { type QuizPlanEmail, quizPlanPayload, renderQuizPlan } from "~/server/mail/templates/quiz-plan";
import type { Logger } from "~/server/runtime/logger.server";
import { formatWeekdayDay } from "~/shared/dates";
import type { QuizTokens } from "./quiz-tokens.server";

/**
 * The T-Quiz's server side (issue 34; decisions 102-104). Nothing about a person's answers is stored
 * unless they ask: the answers travel in sealed tokens (quiz-tokens.server.ts), the back office gets a
 * count per outcome and ISO week, "Save my answers" keeps them sealed (decision 100), and "E-mail me my
 * plan" mails the plan's wording and the link, never an answer.
 */
export const QUIZ_PLAN = "quiz_plan";
/** One plan e-mail per address in this window (a typed address is not proven to be the sender's). */
export const PLAN_EMAIL_WINDOW_MS = 10 * 60_000;

export const quizPlanTemplate = defineEmailTemplate<QuizPlanEmail>({
  kind: QUIZ_PLAN,
  payload: quizPlanPayload,
  render: renderQuizPlan,
});

/** An opened result link: the answers, their outcome, and whether they are saved. */
export type QuizResult = {
  answers: QuizAnswers;
  outcome: QuizOutcome;
  issuedAt: Date;
  expiresAt: Date;
  /** The saved row and until when it is kept; null when not saved (or deleted since). */
  saved: { until: Date } | null;
  savedId: string | null;
};

export type ResultCheck =
  | { status: "valid"; result: QuizResult }
  | { status: "expired" }
  | { status: "invalid" };

export type WeeklyCount = { isoWeek: string; outcome: OutcomeId; count: number };

export interface Quiz {
  /** The answers a step's form carried, or null when the value was altered, is too old or unreadable. */
  openDraft(token: string): { answers: PartialQuizAnswers; step: number } | null;
  sealDraft(answers: PartialQuizAnswers, step: number): string;
  /** A finished quiz: its outcome counted for this week, and the result link's token. */
  finish(answers: QuizAnswers): Promise<{ token: string; outcome: OutcomeId }>;
  /** A quiz that ended at its first question (under 18): only counted, no result link. */
  recordEnded(): Promise<void>;
  openResult(token: string): Promise<ResultCheck>;
  /**
   * Keeps the answers sealed (the person's consent); answers the result token that names the row. Saved
   * while signed in, the row belongs to that account too (shown on its results timeline).
   */
  save(result: QuizResult, shopperId?: string | null): Promise<string>;
  /** The outcomes of the answers an account saved, oldest first. */
  savedFor(shopperId: string): Promise<{ savedAt: Date; outcome: QuizOutcome }[]>;
  /** Deletes the saved answers; answers the result token without the row. */
  forget(result: QuizResult): Promise<string>;
  /** Queues the plan e-mail, at most once per address per PLAN_EMAIL_WINDOW_MS. */
  emailPlan(result: QuizResult, token: string, email: string): Promise<void>;
  /** Counts per outcome and ISO week, newest week first, for the last `weeks` weeks. */
  weeklyCounts(weeks?: number): Promise<WeeklyCount[]>;
}

export type QuizDeps = {
  db: Db;
  tokens: QuizTokens;
  healthData: HealthDataCipher;
  outbox: Outbox;
  logger: Logger;
  siteUrl: string;
  now?: () => Date;
};

/** ISO 8601 week of a date (UTC), `2026-W48`. */
export function isoWeekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

const sealContext = (id: string) => `saved_quiz_answers:${id}`;
const addressKey = (email: string) => createHash("sha256").update(email.toLowerCase()).digest("hex");

export function resultPath(token: string): string {
  return `/results/quiz/${token}`;
}

/** What the plan e-mail says: the outcome's summary and the plan's general steps, no answer. */
export function planEmailSteps(outcome: QuizOutcome): string[] {
  const steps: string[] = [];
  if (outcome.offersKit) steps.push(sampleTiming.steps[0]);
  if (outcome.offersEnhancer)
    steps.push(`${cyclePlan.dose} 8 to 12 weeks on, then 2 to 4 weeks off; then test again.`);
  if (outcome.offersKit) steps.push(sampleTiming.afterResult);
  return steps;
}

export function createQuiz(deps: QuizDeps): Quiz {
  const { db, tokens, healthData, outbox, logger, siteUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const savedUntil = (createdAt: Date) => {
    const until = new Date(createdAt);
    until.setUTCMonth(until.getUTCMonth() + SAVED_ANSWERS_MONTHS);
    return until;
  };

  async function count(outcome: OutcomeId) {
    await db
      .insert(quizOutcomeCounts)
      .values({ outcome, isoWeek: isoWeekOf(now()), count: 1 })
      .onConflictDoUpdate({
        target: [quizOutcomeCounts.outcome, quizOutcomeCounts.isoWeek],
        set: { count: sql`${quizOutcomeCounts.count} + 1` },
      });
  }

  async function savedRow(id: string | undefined) {
    if (!id) return null;
    const [row] = await db
      .select({ createdAt: savedQuizAnswers.createdAt })
      .from(savedQuizAnswers)
      .where(eq(savedQuizAnswers.id, id))
      .limit(1);
    return row ?? null;
  }

  return {
    openDraft(token) {
      const check = tokens.open("draft", token);
      if (check.status !== "valid") return null;
      const answers = decodeAnswers(check.answers);
      if (!answers) return null;
      return { answers, step: check.step ?? 0 };
    },
    sealDraft(answers, step) {
      return tokens.seal("draft", { answers: encodeAnswers(answers), step });
    },
    async finish(answers) {
      const outcome = outcomeOf(answers);
      await count(outcome.id);
      return { token: tokens.seal("result", { answers: encodeAnswers(answers) }), outcome: outcome.id };
    },
    recordEnded: () => count("under-18"),
    async openResult(token) {
      const check = tokens.open("result", token);
      if (check.status === "invalid") return { status: "invalid" };
      const answers = decodeAnswers(check.answers);
      if (!answers || !isComplete(answers)) return { status: "invalid" };
      if (check.status === "expired") return { status: "expired" };
      const row = await savedRow(check.savedId);
      return {
        status: "valid",
        result: {
          answers,
          outcome: outcomeOf(answers),
          issuedAt: check.issuedAt,
          expiresAt: check.expiresAt,
          saved: row ? { until: savedUntil(row.createdAt) } : null,
          savedId: row ? (check.savedId ?? null) : null,
        },
      };
    },
    async save(result, shopperId = null) {
      let id = result.savedId;
      if (!id) {
        id = randomUUID();
        const answersSealed = healthData.seal(encodeAnswers(result.answers), sealContext(id));
        await db.insert(savedQuizAnswers).values({ id, answersSealed, shopperId });
      } else if (shopperId) {
        await db
          .update(savedQuizAnswers)
          .set({ shopperId })
          .where(and(eq(savedQuizAnswers.id, id), isNull(savedQuizAnswers.shopperId)));
      }
      return tokens.seal("result", {
        answers: encodeAnswers(result.answers),
        issuedAt: result.issuedAt,
        savedId: id,
      });
    },
    async savedFor(shopperId) {
      const rows = await db
        .select()
        .from(savedQuizAnswers)
        .where(eq(savedQuizAnswers.shopperId, shopperId))
        .orderBy(savedQuizAnswers.createdAt);
      return rows.flatMap((row) => {
        const answers = decodeAnswers(healthData.open(row.answersSealed, sealContext(row.id)));
        return answers && isComplete(answers)
          ? [{ savedAt: row.createdAt, outcome: outcomeOf(answers) }]
          : [];
      });
    },
    async forget(result) {
      if (result.savedId) await db.delete(savedQuizAnswers).where(eq(savedQuizAnswers.id, result.savedId));
      return tokens.seal("result", { answers: encodeAnswers(result.answers), issuedAt: result.issuedAt });
    },
    async emailPlan(result, token, email) {
      const window = Math.floor(now().getTime() / PLAN_EMAIL_WINDOW_MS);
      const queued = await outbox.enqueue(db, {
        kind: QUIZ_PLAN,
        dedupeKey: `${addressKey(email)}:${window}`,
        to: email,
        payload: {
          summary: result.outcome.summary,
          steps: planEmailSteps(result.outcome),
          resultUrl: `${siteUrl}${resultPath(token)}`,
          validUntil: formatWeekdayDay(result.expiresAt),
        } satisfies QuizPlanEmail,
      });
      if (queued.created) outbox.nudge();
      else logger.info("quiz plan e-mail already sent to this address in this window");
    },
    async weeklyCounts(weeks = 12) {
      const since = isoWeekOf(new Date(now().getTime() - weeks * 7 * 86_400_000));
      const rows = await db
        .select()
        .from(quizOutcomeCounts)
        .where(gte(quizOutcomeCounts.isoWeek, since))
        .orderBy(desc(quizOutcomeCounts.isoWeek), quizOutcomeCounts.outcome);
      return rows.map((row) => ({
        isoWeek: row.isoWeek,
        outcome: row.outcome as OutcomeId,
        count: row.count,
      }));
    },
  };
}
