import { kitFacts, kitSummary, usageGuidance } from "./product";
import { brand } from "./site";

/**
 * The T-Quiz (issue 34): nine questions, one answer type each (a single choice), written from
 * ../shared/facts/ (testing.md and the "Who should not take it" list). A symptom questionnaire cannot
 * tell a testosterone level (Morley et al., 2006; Millar et al., 2016), so no answer here ever leads to
 * "you have low testosterone": the quiz screens safety, learns goals and habits, and gives a plan.
 * Plain data, no server code: the quiz page, the result page, the e-mail and the tests read it.
 */

export type QuizOption = { value: string; label: string };
export type QuizQuestion = {
  id: string;
  /** The question itself: the fieldset's legend, so the group's accessible name. */
  legend: string;
  /** A short line under the question (what it is for). */
  hint?: string;
  /** A list the question asks about (the safety screen), shown above the choices. */
  list?: readonly string[];
  options: readonly QuizOption[];
};

const screenOptions = [
  { value: "none", label: "None of these" },
  { value: "some", label: "Yes, one or more" },
  { value: "unsure", label: "I'm not sure" },
] as const;

export const quizQuestions = [
  {
    id: "age",
    legend: "How old are you?",
    hint: `${brand.name} Enhancer is made for adults aged 18 to 65.`,
    options: [
      { value: "under-18", label: "Under 18" },
      { value: "18-29", label: "18 to 29" },
      { value: "30-44", label: "30 to 44" },
      { value: "45-65", label: "45 to 65" },
      { value: "over-65", label: "Over 65" },
    ],
  },
  {
    id: "conditions",
    legend: "Do any of these health conditions apply to you?",
    hint: "Some of the formula's ingredients are not safe with them.",
    list: [
      "Prostate or breast cancer, or another hormone-sensitive condition",
      "Liver disease or kidney disease",
      "Thyroid disease, or an autoimmune disease",
      "Parkinson's disease, or a history of psychosis or melanoma",
      "An allergy to legumes (such as peanuts or chickpeas)",
    ],
    options: screenOptions,
  },
  {
    id: "medicines",
    legend: "Do you take any of these, or does any of this apply to you?",
    hint: "Some of the formula's ingredients interact with them.",
    list: [
      "Testosterone therapy or anabolic agents",
      "Blood thinners, diabetes medication or thyroid medication",
      "Immunosuppressants, propranolol, levodopa or an MAO inhibitor",
      "Surgery planned in the coming weeks",
      "Competing in a sport that tests athletes for banned substances",
    ],
    options: screenOptions,
  },
  {
    id: "goal",
    legend: "What matters most to you right now?",
    options: [
      { value: "energy", label: "More energy through the day" },
      { value: "training", label: "Getting more from my training" },
      { value: "drive", label: "My sex drive" },
      { value: "know", label: "Knowing where my level stands" },
    ],
  },
  {
    id: "energy",
    legend: "Over the last month, how has your energy been?",
    options: [
      { value: "steady", label: "Steady most days" },
      { value: "mixed", label: "Up and down" },
      { value: "low", label: "Low most days" },
    ],
  },
  {
    id: "drive",
    legend: "Compared with a year ago, how is your interest in sex?",
    options: [
      { value: "same", label: "About the same, or higher" },
      { value: "lower", label: "A little lower" },
      { value: "much-lower", label: "Much lower" },
    ],
  },
  {
    id: "sleep",
    legend: "How long do you usually sleep at night?",
    options: [
      { value: "under-6", label: "Less than 6 hours" },
      { value: "6-7", label: "6 to 7 hours" },
      { value: "7-plus", label: "7 hours or more" },
    ],
  },
  {
    id: "training",
    legend: "How often do you do strength or resistance training?",
    options: [
      { value: "rarely", label: "Rarely or never" },
      { value: "weekly", label: "Once or twice a week" },
      { value: "often", label: "Three times a week or more" },
    ],
  },
  {
    id: "alcohol",
    legend: "On how many days a week do you drink alcohol?",
    options: [
      { value: "rarely", label: "None, or rarely" },
      { value: "some", label: "1 to 3 days" },
      { value: "most", label: "4 days or more" },
    ],
  },
] as const satisfies readonly QuizQuestion[];

export type QuizQuestionId = (typeof quizQuestions)[number]["id"];
type QuestionById<Id extends QuizQuestionId> = Extract<(typeof quizQuestions)[number], { id: Id }>;
export type QuizAnswers = { [Id in QuizQuestionId]: QuestionById<Id>["options"][number]["value"] };
export type PartialQuizAnswers = Partial<QuizAnswers>;

export const QUIZ_QUESTION_COUNT = quizQuestions.length;

/** The session storage key of the answers in progress (the quiz page's only browser storage). */
export const QUIZ_PROGRESS_KEY = `${brand.slug}:quiz-progress`;

/** Whether `value` is one of the question's answers. */
export function isAnswerOf(questionId: QuizQuestionId, value: unknown): boolean {
  const question = quizQuestions.find((q) => q.id === questionId);
  return !!question && question.options.some((option) => option.value === value);
}

/** Under 18: the quiz ends at the first question, kindly, and offers nothing. */
export const endsTheQuiz = (answers: PartialQuizAnswers) => answers.age === "under-18";

export const quizPage = {
  eyebrow: "The T-Quiz",
  lead: "Tell us about your goals and habits, and check whether the Enhancer is safe for you. A quiz cannot tell your testosterone level: only a blood test can. What it can give you is a plan.",
  progress: (step: number) => `Question ${step} of ${QUIZ_QUESTION_COUNT}`,
  next: "Next",
  back: "Back",
  skipped: "Choose an answer to go on.",
  unknownAnswer: "That answer is not one of the choices. Choose one of them.",
  lostState: "We could not read your earlier answers (the page may be too old). Please start again.",
  startAgain: "Start again",
  privacy:
    "Your answers are not stored unless you ask us to save them on the result page. We count only how many people get each kind of plan.",
  ended: {
    heading: "Thanks for your interest",
    text: `${brand.name} Enhancer and the test kit are made for adults aged 18 to 65, so we have no plan to offer you. If something about your health worries you, a parent, a school nurse or a doctor is the right person to talk to.`,
    home: "Back to the home page",
  },
} as const;

// ---------------------------------------------------------------------------------------------------
// The outcomes: every sentence a result page and the plan e-mail show, in one table.

export type OutcomeId = "plan" | "check-first" | "not-suitable" | "doctor-first" | "under-18";

export type QuizOutcome = {
  id: OutcomeId;
  /** Which answers lead here. The unit test walks every combination: exactly one outcome matches each. */
  when: (answers: QuizAnswers) => boolean;
  heading: string;
  /** Said first, before the plan: the situations that call for a doctor. */
  redFlag?: string;
  /** Why the Enhancer is not offered, in plain words (outcomes without it only). */
  whyNot?: string;
  /** Whether the page offers the Enhancer (a buy button, the cycle plan). */
  offersEnhancer: boolean;
  /** Whether the page offers the test kit. */
  offersKit: boolean;
  summary: string;
};

const hasAnswer = (answers: QuizAnswers, value: "some" | "unsure") =>
  answers.conditions === value || answers.medicines === value;

export const quizOutcomes: readonly QuizOutcome[] = [
  {
    id: "under-18",
    when: (a) => a.age === "under-18",
    heading: quizPage.ended.heading,
    offersEnhancer: false,
    offersKit: false,
    summary: quizPage.ended.text,
  },
  {
    id: "doctor-first",
    when: (a) => a.age === "over-65",
    heading: "A doctor first",
    redFlag:
      "The Enhancer is made for adults up to 65. Over 65, talk to your doctor before you take any supplement for testosterone, and about whether a blood test makes sense for you.",
    whyNot: "The Enhancer is made for adults aged 18 to 65, so we do not offer it over 65.",
    offersEnhancer: false,
    offersKit: true,
    summary: "Your plan starts with your doctor, and a blood test if your doctor agrees.",
  },
  {
    id: "not-suitable",
    when: (a) => a.age !== "under-18" && a.age !== "over-65" && hasAnswer(a, "some"),
    heading: "The Enhancer is not for you",
    redFlag:
      "You told us that a condition, a medicine or a situation on our safety list applies to you. Talk to your doctor before you take any supplement, this one included.",
    whyNot:
      "Some of the formula's 14 ingredients are not safe with a condition, a medicine or a situation on that list: they can interact with medicines or make some conditions worse. So we do not offer you the Enhancer, and we would rather lose the sale than have you take it.",
    offersEnhancer: false,
    offersKit: true,
    summary: "Your plan: talk to your doctor, and measure your level with a blood test.",
  },
  {
    id: "check-first",
    when: (a) =>
      a.age !== "under-18" && a.age !== "over-65" && !hasAnswer(a, "some") && hasAnswer(a, "unsure"),
    heading: "Check with your doctor first",
    redFlag:
      "You were not sure whether something on our safety list applies to you. Before you take any supplement, ask your doctor or pharmacist, and show them the full ingredient list.",
    whyNot:
      "Until you know that nothing on the safety list applies to you, we do not offer you the Enhancer: some of its ingredients are not safe with those conditions and medicines. Once your doctor or pharmacist has said it is fine, take the quiz again.",
    offersEnhancer: false,
    offersKit: true,
    summary: "Your plan: check the safety list with your doctor or pharmacist, and measure your level.",
  },
  {
    id: "plan",
    when: (a) =>
      a.age !== "under-18" && a.age !== "over-65" && a.conditions === "none" && a.medicines === "none",
    heading: "Your plan: test, supplement, track",
    offersEnhancer: true,
    offersKit: true,
    summary:
      "Your plan: measure your level, take the Enhancer in cycles of 8 to 12 weeks on and 2 to 4 weeks off, and measure again.",
  },
];

/** The one outcome the answers lead to (the unit test proves there is exactly one for every combination). */
export function outcomeOf(answers: QuizAnswers): QuizOutcome {
  const found = quizOutcomes.find((outcome) => outcome.when(answers));
  if (!found) throw new Error("no quiz outcome matches");
  return found;
}

export const outcomeById = (id: OutcomeId): QuizOutcome => {
  const found = quizOutcomes.find((outcome) => outcome.id === id);
  if (!found) throw new Error(`no quiz outcome ${id}`);
  return found;
};

/** What a quiz can and cannot tell, said on every result (testing.md). */
export const onlyABloodTest = {
  heading: "Only a blood test tells your level",
  text: "No questionnaire can tell your testosterone level: in studies, men with normal levels often answered like men with low ones (Morley et al., 2006, Maturitas), and symptoms are only weakly linked to the level (Millar et al., 2016, CMAJ). The American Urological Association does not use questionnaires to decide who needs treatment (Mulhall et al., 2018, J Urol). So this page is a plan, not a diagnosis.",
};

/** How and when to take the sample (testing.md: the daily rhythm; two separate mornings). */
export const sampleTiming = {
  heading: "When and how to take the sample",
  steps: [
    "Take the sample in the morning, between 7 and 10 a.m.: testosterone follows a daily rhythm and is highest in the morning.",
    "Levels vary from day to day, so a low result is measured again on another morning before anyone acts on it.",
    `Results come ${kitFacts.resultsTiming}, and are ${kitFacts.keptOnline}.`,
  ],
  afterResult:
    "If your result is outside the range the lab reports, or you have symptoms and a low result, see a doctor with it.",
} as const;

/** The symptoms asked neutrally: a marked change is worth telling a doctor, with the blood test's result. */
export const symptomNote = {
  when: (a: QuizAnswers) => a.energy === "low" || a.drive === "much-lower",
  text: "You told us about a marked change in your energy or your interest in sex. That alone says nothing about your testosterone level; if the blood test comes back low, take the result and these changes to a doctor.",
};

/** What the goal means for the plan, for the outcome that offers the Enhancer. */
export const goalNotes: Record<QuizAnswers["goal"], string> = {
  energy: `You said energy matters most. ${usageGuidance}`,
  training: `You said training matters most. Keep training through the cycle. ${usageGuidance}`,
  drive: `You said your sex drive matters most. ${usageGuidance} If a marked change goes on, talk to a doctor.`,
  know: "You said knowing where you stand matters most: start with the test, before you take anything, so you have a level to compare with.",
};

/** Habits the answers point to, only where the facts support a sentence (the Enhancer's plan only). */
export const habitNotes = [
  {
    id: "training",
    when: (a: QuizAnswers) => a.training === "rarely",
    text: "The one ashwagandha trial that measured a rise in testosterone was in men who did resistance training for its 8 weeks (Wankhede et al., 2015, J Int Soc Sports Nutr), at the 600 mg a day this formula has. It tells nothing about men who do not train.",
  },
  {
    id: "training",
    when: (a: QuizAnswers) => a.training !== "rarely",
    text: "You already train: the one ashwagandha trial that measured a rise in testosterone was in men doing resistance training for 8 weeks (Wankhede et al., 2015, J Int Soc Sports Nutr), at the 600 mg a day this formula has.",
  },
  {
    id: "sleep",
    when: (a: QuizAnswers) => a.sleep === "under-6",
    text: "You sleep less than 6 hours. Korean red ginseng, one of the ingredients, lists sleep problems among its side effects: take the capsules with your first meal, and if your sleep gets worse, stop and tell your doctor.",
  },
  {
    id: "alcohol",
    when: (a: QuizAnswers) => a.alcohol === "most",
    text: "Ashwagandha, fenugreek and Tribulus are not for anyone with liver disease. As you drink on most days, ask your doctor whether your liver is healthy before you start, and stop and see a doctor if your skin or eyes turn yellow or you itch all over.",
  },
] as const;

/** The cycle (spec §9): 8-12 weeks on, then 2-4 weeks off; energy in 2-3 weeks, the full effect in 6-8. */
export const cyclePlan = {
  heading: "Your cycle, on a calendar",
  startLabel: "Start date",
  change: "Show these dates",
  dose: "3 capsules a day with your first meal.",
  milestones: [
    { fromWeeks: 0, toWeeks: 0, label: "Start: your first 3 capsules, with your first meal" },
    { fromWeeks: 2, toWeeks: 3, label: "Check in on your energy" },
    { fromWeeks: 6, toWeeks: 8, label: "Judge it: 6 to 8 weeks of daily use" },
    {
      fromWeeks: 8,
      toWeeks: 12,
      label: "End of the cycle: stop, and test again with the same lab at the same morning time",
    },
    { fromWeeks: 10, toWeeks: 16, label: "After 2 to 4 weeks off, the next cycle can begin" },
  ],
} as const;

export const resultPage = {
  eyebrow: "Your T-Quiz result",
  kit: {
    heading: "Measure your level at home",
    text: kitSummary,
    buy: (price: string) => `Buy the test kit: ${price}`,
  },
  enhancer: {
    heading: `${brand.name} Enhancer`,
    text: "14 researched ingredients, 3 capsules a day with your first meal: a 30-day supply.",
    buy: (price: string) => `Buy the Enhancer: ${price}`,
  },
  whyNotHeading: "Why we do not offer you the Enhancer",
  firstHeading: "First",
  habitsHeading: "What your answers point to",
  safetyLink: "Read the full safety list",
  validUntil: (date: string) => `This page's link works until ${date}.`,
  retake: "Take the quiz again",
  disclaimer:
    "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.",
  email: {
    heading: "E-mail me my plan",
    text: "We send the plan and this page's link, nothing you answered. We keep your address only to send it.",
    label: "E-mail address",
    newsletter: "Also sign me up for the newsletter (we e-mail you first to confirm)",
    submit: "E-mail my plan",
    sent: "Your plan is on its way. If it does not arrive, check the address and try again in 10 minutes.",
    invalid: "Enter an e-mail address such as name@example.com.",
  },
  save: {
    heading: "Save my answers",
    text: "Keep your answers for 12 months so a later result, and your test kit's results, can be compared with them. They are encrypted, and nothing is kept unless you tick the box.",
    consent: "I agree that Forge keeps my quiz answers, encrypted, for 12 months",
    submit: "Save my answers",
    saved: (date: string) => `Your answers are saved until ${date}.`,
    needsConsent: "Tick the box to agree first.",
    remove: "Delete my saved answers",
    removed: "Your saved answers are deleted.",
  },
  invalidLink: {
    heading: "This result link does not work",
    text: "The link is incomplete or was changed. Take the quiz again for a new one.",
  },
  expiredLink: {
    heading: "This result link has expired",
    text: "Result links work for 30 days. Take the quiz again for a new one: it takes 2 minutes.",
  },
} as const;

/** The result link's life (issue 34 item 3). */
export const QUIZ_RESULT_DAYS = 30;
/** Saved answers' life: as long as kit results are available (12 months). */
export const SAVED_ANSWERS_MONTHS = 12;

/** The back office's names of the outcomes. */
export const outcomeLabels: Record<OutcomeId, string> = {
  plan: "Plan with the Enhancer",
  "check-first": "Check with a doctor first (not sure)",
  "not-suitable": "Not suitable (safety list)",
  "doctor-first": "Over 65: a doctor first",
  "under-18": "Under 18: ended",
};

/** Every answer as one digit per question (its option's index), "-" where not answered: what a token carries. */
export function encodeAnswers(answers: PartialQuizAnswers): string {
  return quizQuestions
    .map((question) => {
      const value = answers[question.id];
      const index = question.options.findIndex((option) => option.value === value);
      return index < 0 ? "-" : String(index);
    })
    .join("");
}

/** The answers `encodeAnswers` wrote, or null when the text is not such a code. */
export function decodeAnswers(code: string): PartialQuizAnswers | null {
  if (code.length !== QUIZ_QUESTION_COUNT) return null;
  const answers: Record<string, string> = {};
  for (const [index, question] of quizQuestions.entries()) {
    const digit = code[index];
    if (digit === "-") continue;
    const option = question.options[Number(digit)] as QuizOption | undefined;
    if (!digit || !/^\d$/.test(digit) || !option) return null;
    answers[question.id] = option.value;
  }
  return answers as PartialQuizAnswers;
}

/** Whether every question has an answer. */
export function isComplete(answers: PartialQuizAnswers): answers is QuizAnswers {
  return quizQuestions.every((question) => isAnswerOf(question.id, answers[question.id]));
}

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of a UTC day. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The cycle's milestones as dates from a start day: each a day or a range of days. */
export function cycleCalendar(start: Date) {
  const at = (weeks: number) => new Date(start.getTime() + weeks * 7 * DAY_MS);
  return cyclePlan.milestones.map((milestone) => ({
    label: milestone.label,
    from: at(milestone.fromWeeks),
    to: at(milestone.toWeeks),
  }));
}

/** A start day from `YYYY-MM-DD`, within a year of `today`; else null. */
export function parseStartDay(value: string | null, today: Date): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || isoDay(day) !== value) return null;
  const distance = Math.abs(day.getTime() - today.getTime());
  return distance <= 366 * DAY_MS ? day : null;
}
