import { decodeAnswers, encodeAnswers, type PartialQuizAnswers, QUIZ_PROGRESS_KEY } from "~/content/quiz";

/**
 * The answers so far, in this tab's session storage (listed in the privacy inventory), so a reload or
 * the browser's back button keeps them. Only the browser holds them: the server sees them when the quiz
 * is finished. Stored in the compact code, never with anything else.
 */
export function readProgress(): PartialQuizAnswers {
  try {
    return decodeAnswers(window.sessionStorage.getItem(QUIZ_PROGRESS_KEY) ?? "") ?? {};
  } catch {
    return {};
  }
}

export function writeProgress(answers: PartialQuizAnswers): void {
  try {
    window.sessionStorage.setItem(QUIZ_PROGRESS_KEY, encodeAnswers(answers));
  } catch {
    // Storage refused (private mode, full): the quiz still works, without surviving a reload.
  }
}
