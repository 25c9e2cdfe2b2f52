import { describe, expect, it } from "vitest";
import { createQuizTokens } from "~/server/quiz/quiz-tokens.server";

describe("the quiz's sealed tokens (decision 102)", () => {
  const at = new Date("2026-11-28T06:00:00Z");
  const tokens = (now = at, secret = "s".repeat(32)) =>
    createQuizTokens({ secret, resultDays: 30, now: () => now });

  it("opens what it sealed, and shows nothing of it", () => {
    const token = tokens().seal("result", { answers: "201000212" });
    expect(token).not.toContain("201000212");
    const opened = tokens().open("result", token);
    expect(opened).toMatchObject({ status: "valid", answers: "201000212" });
    if (opened.status === "valid") expect(opened.expiresAt.toISOString()).toBe("2026-12-28T06:00:00.000Z");
  });

  it("refuses a changed character, another purpose, another secret and anything not a token", () => {
    const token = tokens().seal("result", { answers: "201000212" });
    const changed = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect(tokens().open("result", changed).status).toBe("invalid");
    expect(tokens().open("draft", token).status).toBe("invalid");
    expect(tokens(at, "t".repeat(32)).open("result", token).status).toBe("invalid");
    for (const bad of ["", "not a token", "x".repeat(500), `${token}=`])
      expect(tokens().open("result", bad).status).toBe("invalid");
  });

  it("expires a result after 30 days and a step's carried answers after a day", () => {
    const result = tokens().seal("result", { answers: "201000212" });
    const draft = tokens().seal("draft", { answers: "2--------", step: 1 });
    const later = (days: number) => tokens(new Date(at.getTime() + days * 86_400_000));
    expect(later(29.9).open("result", result).status).toBe("valid");
    expect(later(30).open("result", result).status).toBe("expired");
    expect(later(0.5).open("draft", draft)).toMatchObject({ status: "valid", step: 1 });
    expect(later(1).open("draft", draft).status).toBe("expired");
  });

  it("carries the saved answers' row id once saved", () => {
    const savedId = "0b8f7c2e-3c1f-4f5e-9a63-1d2e3f4a5b6c";
    const token = tokens().seal("result", { answers: "201000212", savedId });
    expect(tokens().open("result", token)).toMatchObject({ status: "valid", savedId });
  });
});
