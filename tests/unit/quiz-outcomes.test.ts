import { describe, expect, it } from "vitest";
import * as quizContent from "~/content/quiz";
import {
  cycleCalendar,
  decodeAnswers,
  encodeAnswers,
  goalNotes,
  habitNotes,
  outcomeOf,
  parseStartDay,
  type QuizAnswers,
  quizOutcomes,
  quizQuestions,
} from "~/content/quiz";
import { strings } from "./content-strings";

/** Every combination of the nine answers (5·3·3·4·3·3·3·3·3 = 43,740). */
function* everyCombination(): Generator<QuizAnswers> {
  const walk = function* (index: number, partial: Record<string, string>): Generator<QuizAnswers> {
    const question = quizQuestions[index];
    if (!question) {
      yield { ...partial } as QuizAnswers;
      return;
    }
    for (const option of question.options)
      yield* walk(index + 1, { ...partial, [question.id]: option.value });
  };
  yield* walk(0, {});
}

/** Every sentence an outcome can show: the outcomes, and the notes and plan they carry. */
const outcomeText = strings({
  outcomes: quizOutcomes,
  goalNotes,
  habitNotes,
  onlyABloodTest: quizContent.onlyABloodTest,
  sampleTiming: quizContent.sampleTiming,
  symptomNote: quizContent.symptomNote,
  cyclePlan: quizContent.cyclePlan,
  resultPage: quizContent.resultPage,
});

/** Words that name a condition the product could be said to treat (no disease claims, facts README). */
const diseaseWords =
  /low testosterone|low[ -]t\b|hypogonad|testosterone deficien|androgen deficien|andropause|erectile|impoten|infertil|depress|fatigue syndrome|diabet|obes/i;

describe("the quiz's outcome table", () => {
  it("has nine questions, each a single choice with distinct answers", () => {
    expect(quizQuestions).toHaveLength(9);
    for (const question of quizQuestions) {
      const values = question.options.map((option) => option.value);
      expect(new Set(values).size).toBe(values.length);
      expect(question.legend).toMatch(/\?$/);
    }
  });

  it("leads every combination of answers to exactly one outcome", () => {
    const reached = new Map<string, number>();
    let combinations = 0;
    for (const answers of everyCombination()) {
      combinations++;
      const matching = quizOutcomes.filter((outcome) => outcome.when(answers));
      if (matching.length !== 1)
        throw new Error(
          `${JSON.stringify(answers)} reaches ${matching.map((o) => o.id).join(", ") || "none"}`,
        );
      const [outcome] = matching;
      if (!outcome) throw new Error("unreachable");
      reached.set(outcome.id, (reached.get(outcome.id) ?? 0) + 1);
      // The rules the issue fixes, for every combination.
      if (answers.age === "under-18") expect(outcome.offersKit || outcome.offersEnhancer).toBe(false);
      if (answers.age === "over-65") expect(outcome.id).toBe("doctor-first");
      if (answers.conditions !== "none" || answers.medicines !== "none")
        expect(outcome.offersEnhancer).toBe(false);
      if (outcome.offersEnhancer) expect(outcome.redFlag).toBeUndefined();
      else expect(outcome.whyNot ?? outcome.summary).toBeTruthy();
    }
    expect(combinations).toBe(5 * 3 * 3 * 4 * 3 * 3 * 3 * 3 * 3);
    // Every outcome is reachable.
    expect([...reached.keys()].sort()).toEqual(quizOutcomes.map((o) => o.id).sort());
  });

  it("gives each habit a sentence only where the answers point to it, at most one per habit", () => {
    for (const answers of everyCombination()) {
      const notes = habitNotes.filter((note) => note.when(answers));
      expect(new Set(notes.map((note) => note.id)).size).toBe(notes.length);
    }
  });

  it("names no condition the product could be said to treat, and never reads a level from answers", () => {
    expect(outcomeText.length).toBeGreaterThan(30);
    expect(outcomeText.filter((text) => diseaseWords.test(text))).toEqual([]);
    expect(
      outcomeText.filter((text) => /you (have|may have|likely have|probably have) (a )?low/i.test(text)),
    ).toEqual([]);
    expect(quizContent.onlyABloodTest.heading).toBe("Only a blood test tells your level");
  });

  it("asks the symptoms neutrally: no answer is worded as a condition", () => {
    const questionText = strings(quizQuestions.filter((q) => q.id === "energy" || q.id === "drive"));
    expect(questionText.filter((text) => diseaseWords.test(text))).toEqual([]);
  });

  it("carries any set of answers through the compact code and back", () => {
    for (const answers of [...everyCombination()].filter((_, index) => index % 997 === 0)) {
      expect(decodeAnswers(encodeAnswers(answers))).toEqual(answers);
      expect(outcomeOf(answers).id).toBeTruthy();
    }
    expect(decodeAnswers(encodeAnswers({ age: "30-44" }))).toEqual({ age: "30-44" });
    for (const bad of ["", "99999999", "9--------", "0-------x", "0000000000"])
      expect(decodeAnswers(bad)).toBeNull();
  });

  it("dates the cycle from its start: 8-12 weeks on, then 2-4 weeks off", () => {
    const start = new Date("2026-12-07T00:00:00Z");
    const calendar = cycleCalendar(start);
    const end = calendar.find((row) => row.label.startsWith("End of the cycle"));
    expect(end?.from.toISOString().slice(0, 10)).toBe("2027-02-01");
    expect(end?.to.toISOString().slice(0, 10)).toBe("2027-03-01");
    const next = calendar.at(-1);
    expect(next?.from.toISOString().slice(0, 10)).toBe("2027-02-15");
    expect(next?.to.toISOString().slice(0, 10)).toBe("2027-03-29");
    expect(parseStartDay("2026-12-07", start)?.getTime()).toBe(start.getTime());
    expect(parseStartDay("2026-02-30", start)).toBeNull();
    expect(parseStartDay("2030-01-01", start)).toBeNull();
    expect(parseStartDay("tomorrow", start)).toBeNull();
  });
});
