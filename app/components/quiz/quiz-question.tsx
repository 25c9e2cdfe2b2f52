import { type MouseEvent, useEffect, useRef } from "react";
import { Icon } from "~/components/ui/icon";
import { QUIZ_QUESTION_COUNT, type QuizQuestion, quizPage } from "~/content/quiz";

/**
 * One question: its progress ("Question 3 of 9"), a fieldset whose legend is the question, and one
 * button per answer (a submit button carrying the answer, so it works as a plain form post). The
 * answer chosen before is marked (aria-pressed), and when a step is shown after a tap, focus moves to
 * it (or to the first answer), so a keyboard goes on where the eye does.
 */
/** The progress bar's segments, one per question. */
const SEGMENTS = Array.from({ length: QUIZ_QUESTION_COUNT }, (_, index) => index);

export function QuizQuestionStep({
  step,
  question,
  chosen,
  error,
  focusOnShow,
  busy,
  onChoose,
}: {
  step: number;
  question: QuizQuestion;
  chosen: string | undefined;
  error: string | undefined;
  focusOnShow: boolean;
  busy: boolean;
  onChoose: (event: MouseEvent<HTMLButtonElement>, value: string) => void;
}) {
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!focusOnShow) return;
    const target =
      group.current?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]') ??
      group.current?.querySelector<HTMLButtonElement>("button");
    target?.focus();
  }, [focusOnShow]);
  const errorId = `${question.id}-error`;
  const hintId = `${question.id}-hint`;
  const described = [question.hint || question.list ? hintId : null, error ? errorId : null].filter(Boolean);

  return (
    <>
      <p className="text-sm font-bold text-ink-200">{quizPage.progress(step + 1)}</p>
      <div aria-hidden="true" className="mt-2 grid grid-cols-9 gap-1">
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={`h-1.5 rounded-full ${segment <= step ? "bg-ember-500" : "bg-ink-600"}`}
          />
        ))}
      </div>
      <fieldset
        ref={group}
        className="mt-6"
        aria-describedby={described.length > 0 ? described.join(" ") : undefined}
      >
        <legend className="text-xl font-extrabold leading-tight text-white sm:text-3xl">
          {question.legend}
        </legend>
        {question.hint || question.list ? (
          <div id={hintId} className="mt-3 text-ink-200 max-sm:text-sm">
            {question.list ? (
              <ul className="space-y-1.5">
                {question.list.map((item) => (
                  <li key={item} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-ember-400" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {question.hint ? (
              <p className={question.list ? "mt-3 text-sm text-ink-300" : ""}>{question.hint}</p>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="mt-4 font-bold text-danger-400">
            {error}
          </p>
        ) : null}
        <div className="mt-5 grid gap-3">
          {question.options.map((option) => {
            const pressed = chosen === option.value;
            return (
              <button
                key={option.value}
                type="submit"
                name={question.id}
                value={option.value}
                aria-pressed={pressed}
                disabled={busy}
                onClick={(event) => onChoose(event, option.value)}
                className={`flex min-h-13 w-full items-center justify-between gap-3 rounded-xl border px-5 py-2.5 text-left text-lg font-bold transition-colors hover:border-ember-400 hover:text-white ${
                  pressed
                    ? "border-ember-400 bg-ember-500/15 text-white"
                    : "border-ink-500 bg-ink-800 text-ink-100"
                }`}
              >
                <span>{option.label}</span>
                {pressed ? <Icon name="check" className="size-5 shrink-0 text-ember-400" /> : null}
              </button>
            );
          })}
        </div>
      </fieldset>
    </>
  );
}
