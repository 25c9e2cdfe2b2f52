/**
 * The nine answers of a typical T-Quiz path, one where the Enhancer is offered (an adult with no
 * condition or medicine that rules it out), for the tests that need a finished quiz.
 */
export const planAnswers: Record<string, string> = {
  age: "30-44",
  conditions: "none",
  medicines: "none",
  goal: "energy",
  energy: "low",
  drive: "lower",
  sleep: "under-6",
  training: "rarely",
  alcohol: "most",
};
