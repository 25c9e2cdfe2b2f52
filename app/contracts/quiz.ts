import type { OutcomeId, PartialQuizAnswers } from "~/content/quiz";

/** What the quiz page's form post answers with when it does not move on to the result (no JavaScript, or a problem). */
export type QuizStepView = {
  /** The question shown (0-based). */
  step: number;
  /** The answers so far, to show the chosen one when the person comes back to a question. */
  answers: PartialQuizAnswers;
  /** The sealed answers so far, carried by the next post. Empty when nothing can be carried. */
  state: string;
  /** Why the step did not move on, in words (with a 4xx status). */
  error?: string;
  /** The carried answers could not be read: only "Start again" is offered. */
  lost?: boolean;
  /** Under 18: the quiz ended kindly. */
  ended?: boolean;
};

/** What the result page shows: the plan's sentences, worked out on the server (no answer is sent). */
export type QuizResultView = {
  outcome: OutcomeId;
  goalNote: string | null;
  symptomNote: string | null;
  habitNotes: string[];
  /** The cycle's milestones as `[label, from, to]` with `YYYY-MM-DD` days (the Enhancer's plan only). */
  calendar: { label: string; from: string; to: string }[];
  startDay: string;
  /** The day the link stops working, in words. */
  validUntil: string;
  /** Until when the saved answers are kept, in words; null when not saved. */
  savedUntil: string | null;
};

/** The result page's form posts: the plan e-mail, saving and deleting the answers. */
export type QuizResultActionData = {
  form: "email" | "save";
  status: "sent" | "invalid" | "refused";
  message: string;
  email?: string;
};
