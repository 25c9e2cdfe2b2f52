import { describe, expect, it } from "vitest";
import { quizQuestions } from "~/content/quiz";
import { databaseTargets } from "../../scripts/lib/test-database";
import { planAnswers } from "../support/quiz-answers";
import { useShop } from "../support/shop";
import { mailsTo } from "./checkout-harness";
import { adminSignIn, formPoster, textOf } from "./order-pages-support";

/**
 * Issue 34 over HTTP without JavaScript: every step a plain form post carrying the answers so far in a
 * sealed value, the result at its sealed link, bad input refused with a message and a 4xx (never a
 * 500, nothing stored), "Save my answers" storing them sealed only with the consent, the plan e-mail
 * carrying no answer, and the back office's counts.
 */
const ADMIN = "ops@forge.example";
let lastClient = 0;
const newClient = () => `192.0.2.${(++lastClient % 250) + 1}`;

describe.each(databaseTargets)("the T-Quiz without JavaScript on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "50" },
  });
  const post = formPoster(shop, newClient);
  const get = (path: string, cookie?: string) =>
    fetch(`${shop.origin}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const stateIn = (html: string) => /name="state" value="([^"]+)"/.exec(html)?.[1] ?? "";

  /** Answers every question as a person without JavaScript does: one post per step. Answers the result's path. */
  async function walk(answers: Record<string, string>): Promise<string> {
    let state = "";
    for (const [index, question] of quizQuestions.entries()) {
      const response = await post("/quiz", {
        ...(state ? { state } : {}),
        [question.id]: answers[question.id] ?? "",
      });
      if (index < quizQuestions.length - 1) {
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(textOf(html)).toContain(`Question ${index + 2} of 9`);
        state = stateIn(html);
        expect(state).not.toBe("");
      } else {
        expect(response.status).toBe(303);
        return response.headers.get("location") ?? "";
      }
    }
    throw new Error("unreachable");
  }

  it("walks the nine steps as form posts, keeps answers going back, and gives a plan at a sealed link", async () => {
    const first = await get("/quiz");
    expect(first.status).toBe(200);
    const firstText = textOf(await first.text());
    expect(firstText).toContain("Question 1 of 9");
    expect(firstText).toContain("How old are you?");

    // Two steps in, then Back: the second question again, its answer marked.
    const one = await post("/quiz", { age: "30-44" });
    const two = await post("/quiz", { state: stateIn(await one.text()), conditions: "none" });
    const back = await post("/quiz", { state: stateIn(await two.text()), intent: "back" });
    const backHtml = await back.text();
    expect(textOf(backHtml)).toContain("Question 2 of 9");
    expect(backHtml).toMatch(/aria-pressed="true"[^>]*value="none"|value="none"[^>]*aria-pressed="true"/);
    // The carried value shows nothing of the answers.
    expect(stateIn(backHtml)).not.toMatch(/30-44|none/);

    const location = await walk(planAnswers);
    expect(location).toMatch(/^\/results\/quiz\/[A-Za-z0-9_-]{60,200}$/);
    for (const answer of ["30-44", "under-6", "energy"]) expect(location).not.toContain(answer);
    const result = await get(location);
    expect(result.status).toBe(200);
    expect(result.headers.get("cache-control")).toContain("no-store");
    const html = await result.text();
    const text = textOf(html);
    expect(text).toContain("Your plan: test, supplement, track");
    expect(text).toContain("Only a blood test tells your level");
    expect(text).toContain("between 7 and 10 a.m.");
    expect(text).toContain("Buy the Enhancer: $");
    expect(text).toContain("Buy the test kit: $");
    expect(text).toMatch(/End of the cycle/);
    expect(html).toContain('name="item" value="enhancer"');
    expect(html).toContain('name="item" value="test_kit"');
    // The habits the answers point to (sleep under 6 hours, drinking most days, no training).
    expect(text).toContain("You sleep less than 6 hours");
    expect(text).toContain("As you drink on most days");
  });

  it("offers no Enhancer anywhere when the safety screen does not allow it, and says why first", async () => {
    const location = await walk({ ...planAnswers, medicines: "some" });
    const html = await (await get(location)).text();
    const text = textOf(html);
    expect(text).toContain("The Enhancer is not for you");
    expect(text).toContain("Why we do not offer you the Enhancer");
    expect(text.indexOf("Talk to your doctor")).toBeLessThan(text.indexOf("Only a blood test"));
    expect(html).not.toContain('value="enhancer"');
    expect(text).not.toContain("Buy the Enhancer");
    expect(html).toContain('value="test_kit"');
  });

  it("ends kindly under 18, offering nothing", async () => {
    const response = await post("/quiz", { age: "under-18" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain("Thanks for your interest");
    expect(html).not.toContain("/api/hybrid-checkout");
  });

  it("refuses bad input with a message and a 4xx, never a 500", async () => {
    const skipped = await post("/quiz", { intent: "next" });
    expect(skipped.status).toBe(400);
    expect(textOf(await skipped.text())).toContain("Choose an answer to go on.");

    const unknown = await post("/quiz", { age: "101" });
    expect(unknown.status).toBe(400);
    expect(textOf(await unknown.text())).toContain("That answer is not one of the choices");

    const one = await post("/quiz", { age: "30-44" });
    const state = stateIn(await one.text());
    const tampered = `${state.slice(0, 20)}${state[20] === "A" ? "B" : "A"}${state.slice(21)}`;
    const lost = await post("/quiz", { state: tampered, conditions: "none" });
    expect(lost.status).toBe(400);
    expect(textOf(await lost.text())).toContain("We could not read your earlier answers");

    const oversized = await post("/quiz", { age: "30-44", padding: "x".repeat(10_000) });
    expect(oversized.status).toBe(413);
    expect(textOf(await oversized.text())).toContain("Start again");

    const crossSite = await post("/quiz", { age: "30-44" }, { origin: "https://evil.example" });
    // Refused before anything is read (React Router's own origin check may answer first, with 400).
    expect([400, 403]).toContain(crossSite.status);

    const location = await walk(planAnswers);
    const token = location.split("/").at(-1) as string;
    const changed = `${token.slice(0, 30)}${token[30] === "A" ? "B" : "A"}${token.slice(31)}`;
    const bad = await get(`/results/quiz/${changed}`);
    expect(bad.status).toBe(404);
    expect(textOf(await bad.text())).toContain("This result link does not work");
    const garbage = await get("/results/quiz/not-a-token");
    expect(garbage.status).toBe(404);
  });

  it("stores the answers only with consent, sealed, and deletes them on request", async () => {
    const countSaved = () =>
      shop.store.query<{ n: number }>("select count(*)::int as n from saved_quiz_answers");
    const before = (await countSaved())[0]?.n ?? 0;
    const location = await walk({ ...planAnswers, goal: "training" });

    const noConsent = await post(location, { intent: "save" });
    expect(noConsent.status).toBe(400);
    expect(textOf(await noConsent.text())).toContain("Tick the box to agree first.");
    expect((await countSaved())[0]?.n).toBe(before);

    const saved = await post(location, { intent: "save", consent: "yes" });
    expect(saved.status).toBe(303);
    const savedLocation = saved.headers.get("location") ?? "";
    expect(savedLocation).not.toBe(location);
    expect(textOf(await (await get(savedLocation)).text())).toContain("Your answers are saved until");
    const rows = await shop.store.query<Record<string, unknown>>("select * from saved_quiz_answers");
    expect(rows.length).toBe(before + 1);
    const raw = JSON.stringify(rows);
    expect(raw).toMatch(/hd1\./);
    for (const plain of ["30-44", "training", "under-6", "most", "none"]) expect(raw).not.toContain(plain);

    const forgotten = await post(savedLocation, { intent: "forget" });
    expect(forgotten.status).toBe(303);
    expect((await countSaved())[0]?.n).toBe(before);
    expect(textOf(await (await get(forgotten.headers.get("location") ?? "")).text())).toContain(
      "Your saved answers are deleted.",
    );
  });

  it("e-mails the plan and its link, never an answer, and signs up for the newsletter only when ticked", async () => {
    const location = await walk({ ...planAnswers, conditions: "unsure" });
    const address = `plan.${Date.now().toString(36)}@example.com`;
    const sent = await post(location, { intent: "email", email: address });
    expect(sent.status).toBe(200);
    expect(textOf(await sent.text())).toContain("Your plan is on its way");
    const [mail] = await shop.emulators.mail.waitFor((all) => mailsTo(all, address).length === 1);
    expect(mail?.subject).toBe("Your Forge T-Quiz plan");
    expect(mail?.text).toContain(`${shop.origin}${location}`);
    for (const part of [mail?.text ?? "", mail?.html ?? ""]) {
      for (const answer of ["not sure", "I'm not sure", "sleep less", "drink", "30 to 44", "energy"])
        expect(part.toLowerCase()).not.toContain(answer.toLowerCase());
    }
    const subscribers = () =>
      shop.store.query<{ n: number }>(
        "select count(*)::int as n from newsletter_subscribers where email = $1",
        [address],
      );
    expect((await subscribers())[0]?.n).toBe(0);

    const second = `plan2.${Date.now().toString(36)}@example.com`;
    expect((await post(location, { intent: "email", email: second, newsletter: "yes" })).status).toBe(200);
    await shop.emulators.mail.waitFor((all) => mailsTo(all, second).length === 2);
    const confirmation = shop.emulators.mail.messages().filter((m) => m.to.includes(second));
    expect(confirmation.map((m) => m.subject).sort()).toEqual(
      ["Confirm your Forge newsletter subscription", "Your Forge T-Quiz plan"].sort(),
    );

    const invalid = await post(location, { intent: "email", email: "not an address" });
    expect(invalid.status).toBe(400);
  });

  it("shows the back office counts per outcome and week, nothing more", async () => {
    await walk({ ...planAnswers, age: "over-65" });
    const cookie = await adminSignIn(shop, post, ADMIN);
    const page = await get("/admin/quiz", cookie);
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain("Quiz results by week");
    expect(text).toMatch(/\d{4}-W\d{2}/);
    expect(text).toContain("Over 65: a doctor first");
    expect([302, 303]).toContain((await get("/admin/quiz")).status);
  });
});
