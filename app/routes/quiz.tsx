import { type MouseEvent, useEffect, useRef, useState } from "react";
import {
  Link,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useNavigation,
  useSubmit,
} from "react-router";
import { readProgress, writeProgress } from "~/components/quiz/quiz-progress";
import { QuizQuestionStep } from "~/components/quiz/quiz-question";
import { FormNotice } from "~/components/support/form-fields";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import {
  endsTheQuiz,
  type PartialQuizAnswers,
  QUIZ_QUESTION_COUNT,
  quizPage,
  quizQuestions,
} from "~/content/quiz";
import { pages } from "~/content/routes";
import { paths } from "~/content/site";
import type { QuizStepView } from "~/contracts/quiz";
import { pageMeta } from "~/lib/seo";
import { quizStepAction } from "~/server/http/quiz-pages.server";
import type { Route } from "./+types/quiz";

/**
 * The T-Quiz (issue 34): nine questions, one a screen. Each answer is a button: one tap answers and
 * moves on (decision 103). Without JavaScript each tap is a form post carrying the answers so far in a
 * sealed value, and the last one leads to the result link. With JavaScript the steps change on the
 * page (`?q=3` in the address, so Back and reload work) and the answers stay in this tab's session
 * storage until the last tap posts them all.
 */
export const meta = () => pageMeta(pages.quiz);

export async function action({ request, context }: Route.ActionArgs) {
  return quizStepAction(request, context);
}

/** Moving between questions changes only the address: nothing to ask the server. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

/** The 0-based step `?q=` names (1-based), no further than the first unanswered question. */
function stepFrom(query: string | null, answers: PartialQuizAnswers): number {
  const asked = Number(query ?? "1");
  const wanted = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), QUIZ_QUESTION_COUNT) - 1 : 0;
  const firstOpen = quizQuestions.findIndex((question) => !answers[question.id]);
  return firstOpen < 0 ? wanted : Math.min(wanted, firstOpen);
}

export default function QuizPage({ actionData }: Route.ComponentProps) {
  const served: QuizStepView | undefined = actionData;
  const location = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(location.search).get("q");
  // useSearchParams would add to the JavaScript every page loads (react-router is in the shared entry).
  // Each step pushed after a tap remembers the step it came from, so the quiz's Back is the browser's Back.
  const goTo = (question: number, replace: boolean) =>
    navigate(`?q=${question}`, { replace, preventScrollReset: true, state: replace ? null : { from: step } });
  const submit = useSubmit();
  const navigation = useNavigation();
  const [answers, setAnswers] = useState<PartialQuizAnswers>(served?.answers ?? {});
  const [restored, setRestored] = useState(false);
  const [error, setError] = useState<string | undefined>(served?.error);
  const moved = useRef(false);

  // The page the server answered a post with shows that step; otherwise the address and the tab's answers say.
  const step = served && !restored ? served.step : stepFrom(query, answers);

  // Once, as the page opens (later steps are the taps' own): the tab's answers, and the step they allow.
  // biome-ignore lint/correctness/useExhaustiveDependencies: restoring runs when the page opens, not on each step
  useEffect(() => {
    if (served) return;
    const saved = readProgress();
    setAnswers(saved);
    setRestored(true);
    const at = stepFrom(query, saved);
    if (query && Number(query) !== at + 1) void goTo(at + 1, true);
  }, [served]);

  useEffect(() => {
    if (served?.error || served?.ended) moved.current = true;
  }, [served]);

  if (served?.ended) return <QuizEnded />;

  const question = quizQuestions[step] ?? quizQuestions[0];
  const busy = navigation.state !== "idle";

  /** With JavaScript: the answer is kept in the tab, and the next question shown (or every answer posted). */
  const choose = (event: MouseEvent<HTMLButtonElement>, value: string) => {
    if (served && !restored && served.state) return; // The server's own step: the post carries its state.
    event.preventDefault();
    const next = { ...answers, [question.id]: value } as PartialQuizAnswers;
    setAnswers(next);
    writeProgress(next);
    setError(undefined);
    moved.current = true;
    if (endsTheQuiz(next) || step === QUIZ_QUESTION_COUNT - 1) {
      const form = new FormData();
      for (const [id, answer] of Object.entries(next)) form.set(id, answer);
      form.set("intent", endsTheQuiz(next) ? "next" : "finish");
      void submit(form, { method: "post", action: paths.quiz });
      return;
    }
    void goTo(step + 2, false);
  };

  const back = (event: MouseEvent<HTMLButtonElement>) => {
    if (served && !restored && served.state) return;
    event.preventDefault();
    moved.current = true;
    setError(undefined);
    const from = (location.state as { from?: number } | null)?.from;
    if (from === step - 1) void navigate(-1);
    else void goTo(step, true);
  };

  return (
    <>
      <section className="relative overflow-hidden border-b border-white/10 bg-ink-950">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
        <div className="container-page relative py-5 sm:py-10">
          <h1 className="heading-display text-2xl text-white sm:text-4xl">{pages.quiz.heading}</h1>
          <p className="mt-3 max-w-2xl text-ink-200 max-sm:hidden">{quizPage.lead}</p>
        </div>
      </section>
      <div className="container-page py-4 sm:py-10">
        <div className="card mx-auto max-w-2xl p-5 sm:p-8">
          {served?.lost ? (
            <div>
              <FormNotice tone="problem">{served.error}</FormNotice>
              <a href={paths.quiz} className={`mt-6 ${buttonClass("primary", "lg")}`}>
                {quizPage.startAgain}
              </a>
            </div>
          ) : (
            <form method="post" action={paths.quiz} noValidate>
              <QuizQuestionStep
                key={`${step}-${restored}`}
                step={step}
                question={question}
                chosen={answers[question.id]}
                error={error}
                focusOnShow={moved.current}
                busy={busy}
                onChoose={choose}
              />
              {served?.state && !restored ? <input type="hidden" name="state" value={served.state} /> : null}
              {step > 0 ? (
                <div className="mt-6 border-t border-white/10 pt-5">
                  <button
                    type="submit"
                    name="intent"
                    value="back"
                    onClick={back}
                    className={buttonClass("ghost", "md", "-ml-4")}
                  >
                    <span aria-hidden="true">←</span> {quizPage.back}
                  </button>
                </div>
              ) : null}
            </form>
          )}
        </div>
        <p className="mx-auto mt-5 max-w-2xl text-sm text-ink-300">{quizPage.privacy}</p>
      </div>
    </>
  );
}

function QuizEnded() {
  return (
    <div className="container-page py-14 sm:py-20">
      <div className="card mx-auto max-w-2xl p-6 sm:p-10">
        <p className="eyebrow">{quizPage.eyebrow}</p>
        <h1 className="heading-display mt-2 text-3xl text-white sm:text-4xl">{quizPage.ended.heading}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-200">{quizPage.ended.text}</p>
        <Link to={paths.home} className={`mt-6 inline-block ${TEXT_LINK}`}>
          {quizPage.ended.home}
        </Link>
      </div>
    </div>
  );
}
