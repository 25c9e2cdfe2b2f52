import { type AppLoadContext, data, redirect } from "react-router";
import { defaultOffers, formatUsd } from "~/content/pricing";
import {
  cycleCalendar,
  endsTheQuiz,
  goalNotes,
  habitNotes,
  isAnswerOf,
  isComplete,
  isoDay,
  type PartialQuizAnswers,
  parseStartDay,
  QUIZ_QUESTION_COUNT,
  quizPage,
  quizQuestions,
  resultPage,
  symptomNote,
} from "~/content/quiz";
import { normalizeEmailAddress } from "~/contracts/email-address";
import type { QuizResultActionData, QuizResultView, QuizStepView } from "~/contracts/quiz";
import { type QuizResult, resultPath } from "~/server/quiz/quiz.server";
import { formatWeekdayDay } from "~/shared/dates";
import { shopperOf } from "./account-routes.server";
import { failureFor } from "./failures.server";
import { enforceRateLimit } from "./guards.server";
import { readHtmlForm } from "./html-form.server";

/**
 * The quiz's pages at the edge (issue 34): the step form's post, and the result page's link, e-mail
 * and saving. Every refusal is a message on the page with a 4xx status, never a 500, and nothing is
 * stored for it. A quiz post is small: nine short answers and a sealed token.
 */
export const QUIZ_MAX_BYTES = 2_048;

const view = (body: QuizStepView, status = 200) => data(body, { status });

/** The step form's post: the carried answers, the one just given, then the next step or the result. */
export async function quizStepAction(request: Request, context: AppLoadContext) {
  const { quiz } = context.services;
  let fields: URLSearchParams;
  try {
    fields = await readHtmlForm(request, context, QUIZ_MAX_BYTES);
  } catch (error) {
    const failure = failureFor(error, { request, context });
    return view({ step: 0, answers: {}, state: "", error: failure.message, lost: true }, failure.status);
  }
  let answers: PartialQuizAnswers = {};
  let step = 0;
  const carried = fields.get("state");
  if (carried) {
    const draft = quiz.openDraft(carried);
    if (!draft) return view({ step: 0, answers: {}, state: "", error: quizPage.lostState, lost: true }, 400);
    ({ answers, step } = draft);
  }
  step = Math.min(Math.max(step, 0), QUIZ_QUESTION_COUNT - 1);
  const given: Record<string, string> = { ...answers };
  for (const question of quizQuestions) {
    const value = fields.get(question.id);
    if (value === null) continue;
    if (!isAnswerOf(question.id, value)) {
      const at = quizQuestions.indexOf(question);
      return view(
        { step: at, answers, state: quiz.sealDraft(answers, at), error: quizPage.unknownAnswer },
        400,
      );
    }
    given[question.id] = value;
  }
  answers = given as PartialQuizAnswers;
  const intent = fields.get("intent");
  if (intent === "back") {
    const back = Math.max(step - 1, 0);
    return view({ step: back, answers, state: quiz.sealDraft(answers, back) });
  }
  if (endsTheQuiz(answers)) {
    await quiz.recordEnded();
    return view({ step: 0, answers: {}, state: "", ended: true });
  }
  // "finish" (the page with JavaScript posts every answer at once) checks them all; a step its own question.
  const mustHave = intent === "finish" ? quizQuestions.length : step + 1;
  const missing = quizQuestions.slice(0, mustHave).findIndex((question) => !answers[question.id]);
  if (missing >= 0)
    return view(
      { step: missing, answers, state: quiz.sealDraft(answers, missing), error: quizPage.skipped },
      400,
    );
  const next = intent === "finish" ? QUIZ_QUESTION_COUNT : step + 1;
  if (next < QUIZ_QUESTION_COUNT) return view({ step: next, answers, state: quiz.sealDraft(answers, next) });
  if (!isComplete(answers)) {
    const first = quizQuestions.findIndex((question) => !answers[question.id]);
    return view(
      { step: first, answers, state: quiz.sealDraft(answers, first), error: quizPage.skipped },
      400,
    );
  }
  const { token } = await quiz.finish(answers);
  return redirect(resultPath(token), 303);
}

/** The result page's link opened: the plan's sentences, or why the link does not work (404, 410). */
export async function quizResultLoader(request: Request, context: AppLoadContext, token: string) {
  const check = await context.services.quiz.openResult(token);
  if (check.status !== "valid") {
    const status = check.status === "expired" ? 410 : 404;
    return data(
      { problem: check.status, view: null, token: null, prices: null },
      { status, headers: RESULT_HEADERS },
    );
  }
  const today = new Date(`${isoDay(new Date())}T00:00:00Z`);
  const start = parseStartDay(new URL(request.url).searchParams.get("start"), today) ?? today;
  // Shopify's prices from the offer cache (decision 080), the spec's until Shopify has answered once.
  const offers = context.services.productLookup.shown();
  const prices = {
    kit: formatUsd(offers?.test_kit?.price ?? defaultOffers.test_kit.price, { cents: true }),
    enhancer: formatUsd(offers?.enhancer?.price ?? defaultOffers.enhancer.price),
  };
  return data(
    { problem: null, view: resultView(check.result, start), token, prices },
    { headers: RESULT_HEADERS },
  );
}

/** The link is the key to the page: never cached by a shared cache, never indexed, never sent on as a referrer. */
export const RESULT_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

function resultView(result: QuizResult, start: Date): QuizResultView {
  const { answers, outcome } = result;
  return {
    outcome: outcome.id,
    goalNote: outcome.offersEnhancer ? goalNotes[answers.goal] : null,
    symptomNote: outcome.offersKit && symptomNote.when(answers) ? symptomNote.text : null,
    habitNotes: outcome.offersEnhancer
      ? habitNotes.filter((note) => note.when(answers)).map((note) => note.text)
      : [],
    calendar: outcome.offersEnhancer
      ? cycleCalendar(start).map((row) => ({ label: row.label, from: isoDay(row.from), to: isoDay(row.to) }))
      : [],
    startDay: isoDay(start),
    validUntil: formatWeekdayDay(result.expiresAt),
    savedUntil: result.saved ? formatWeekdayDay(result.saved.until) : null,
  };
}

const answer = (body: QuizResultActionData, status: number) =>
  data(body, { status, headers: RESULT_HEADERS });

/** The result page's forms: "E-mail me my plan", "Save my answers" and deleting them. */
export async function quizResultAction(request: Request, context: AppLoadContext, token: string) {
  const { quiz, newsletter } = context.services;
  let form: QuizResultActionData["form"] = "email";
  try {
    const fields = await readHtmlForm(request, context, QUIZ_MAX_BYTES);
    const intent = fields.get("intent");
    form = intent === "email" ? "email" : "save";
    const check = await quiz.openResult(token);
    if (check.status !== "valid")
      return answer(
        {
          form,
          status: "refused",
          message: check.status === "expired" ? resultPage.expiredLink.text : resultPage.invalidLink.text,
        },
        check.status === "expired" ? 410 : 404,
      );
    const { result } = check;
    if (intent === "email") {
      const email = normalizeEmailAddress(fields.get("email"));
      if (!email)
        return answer(
          { form, status: "invalid", message: resultPage.email.invalid, email: fields.get("email") ?? "" },
          400,
        );
      await enforceRateLimit(context, "quiz-result");
      await quiz.emailPlan(result, token, email);
      if (fields.get("newsletter") === "yes") await newsletter.subscribe({ email, sourcePage: "/quiz" });
      return answer({ form, status: "sent", message: resultPage.email.sent }, 200);
    }
    if (intent === "save") {
      if (fields.get("consent") !== "yes")
        return answer({ form, status: "invalid", message: resultPage.save.needsConsent }, 400);
      await enforceRateLimit(context, "quiz-result");
      const shopper = await shopperOf(request, context);
      return redirect(resultPath(await quiz.save(result, shopper?.shopperId)), {
        status: 303,
        headers: RESULT_HEADERS,
      });
    }
    if (intent === "forget") {
      await enforceRateLimit(context, "quiz-result");
      return redirect(`${resultPath(await quiz.forget(result))}?removed=1`, {
        status: 303,
        headers: RESULT_HEADERS,
      });
    }
    return answer({ form, status: "invalid", message: "Choose one of the page's buttons." }, 400);
  } catch (error) {
    const failure = failureFor(error, { request, context });
    return data({ form, status: "refused", message: failure.message } satisfies QuizResultActionData, {
      status: failure.status,
      headers: { ...RESULT_HEADERS, ...failure.headers },
    });
  }
}
