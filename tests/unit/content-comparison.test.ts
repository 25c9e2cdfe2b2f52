import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ComparisonTable } from "~/components/sections/comparison-table";
import * as about from "~/content/about";
import * as broScience from "~/content/bro-science";
import { comparison, formulaEvidence } from "~/content/comparison";
import * as deepDive from "~/content/deep-dive";
import * as enhancerFaqCopy from "~/content/enhancer-faqs";
import { ingredientFacts } from "~/content/facts/ingredients";
import * as faqPage from "~/content/faq-page";
import * as faqs from "~/content/faqs";
import { evidenceLabels } from "~/content/formula";
import * as home from "~/content/home";
import * as disclaimer from "~/content/legal/disclaimer";
import { termsOfSale } from "~/content/legal/terms";
import * as product from "~/content/product";
import * as routes from "~/content/routes";
import * as testKit from "~/content/test-kit";
import * as whoShouldNotCopy from "~/content/who-should-not";
import { strings } from "./content-strings";

/** The terms of sale as the default settings render them (US only, no Stripe Tax). */
const terms = termsOfSale({ shipsTo: ["United States"], automaticTax: false });

/**
 * Issue 20 item 3, Natural vs TRT: a check mark only on a plain fact about the product, never on a cell
 * that rests on research (the formula's evidence is moderate to weak, shared/facts); the evidence in
 * words; nothing that frames the supplement as a stand-in for a prescribed therapy.
 */

/** Words that make a cell a claim about what the product does or what research found. */
const RESEARCH = /evidence|stud(y|ies|ied)|research|ingredient|support|effect|works|boost|raise|increase/i;

describe("the comparison's marks", () => {
  it("counts the formula's evidence grades as shared/facts gives them", () => {
    const grades = ingredientFacts.map((item) => item.evidence);
    expect(formulaEvidence.ingredients).toBe(ingredientFacts.length);
    expect(formulaEvidence.moderate).toBe(grades.filter((grade) => grade === "moderate").length);
    expect(formulaEvidence.mixedOrWeak).toBe(grades.filter((grade) => grade !== "moderate").length);
    // No ingredient is better than moderate: no cell about the evidence may carry a check mark.
    expect(new Set(grades)).toEqual(new Set(["moderate", "mixed", "weak"]));
  });

  it("puts a check mark only on a plain fact about the product, never where research is the subject", () => {
    const checked = comparison.rows.filter((row) => row.mark.kind === "check");
    expect(checked.map((row) => row.label)).toEqual(["Needles", "Prescription"]);
    for (const row of checked) expect(`${row.label} ${row.natural}`).not.toMatch(RESEARCH);
    for (const row of comparison.rows)
      if (RESEARCH.test(`${row.label} ${row.natural}`)) expect(row.mark.kind, row.label).not.toBe("check");
  });

  it("states the evidence in words: its grade and the counts from the facts", () => {
    const evidenceRow = comparison.rows.find((row) => row.label === "Strength of the evidence");
    expect(evidenceRow?.mark).toEqual({ kind: "evidence", evidence: "mixed" });
    expect(evidenceRow?.natural).toContain(
      `Moderate for ${formulaEvidence.moderate} of the ${formulaEvidence.ingredients} ingredients, mixed or weak for the other ${formulaEvidence.mixedOrWeak}`,
    );
    expect(evidenceRow?.natural).toMatch(/below the dose studied/);
  });

  it("keeps the spec's names (spec §2: the natural versus TRT comparison; the tab Natural vs TRT)", () => {
    expect(comparison.title).toBe("Natural support vs TRT");
    expect(product.enhancerPage.tabs.natural).toBe("Natural vs TRT");
    expect(comparison.rows.find((row) => row.label === "Prescription")?.natural).toBe("Not needed");
  });

  it("says only neutral, plainly true things about TRT", () => {
    const trt = comparison.rows.map((row) => row.trt);
    expect(trt).toContain("A prescription medicine for diagnosed low testosterone");
    for (const cell of trt)
      expect(cell).not.toMatch(
        /risk of|side effect|infertil|danger|shut|cancer|heart|stroke|addict|for life/i,
      );
  });
});

describe("the rendered table", () => {
  const html = renderToStaticMarkup(createElement(ComparisonTable));
  const rows = html.split("<tr").slice(2); // the header row and what precedes it

  it("is a real table that scrolls inside its card, reachable by keyboard", () => {
    expect(html).toMatch(
      /<div role="group" class="card overflow-x-auto p-0" aria-label="Natural support vs TRT" tabindex="0">/,
    );
    expect(html).toContain('<caption class="sr-only">Natural support vs TRT</caption>');
    expect(rows).toHaveLength(comparison.rows.length);
  });

  it("gives every check mark a text alternative, and draws none where the evidence is not strong", () => {
    for (const [index, row] of comparison.rows.entries()) {
      const cells = rows[index]?.split("<td") ?? [];
      const natural = cells[1] ?? "";
      const checks = (natural.match(/<svg/g) ?? []).length;
      expect(checks, row.label).toBe(row.mark.kind === "check" ? 1 : 0);
      if (row.mark.kind === "check") {
        expect(natural).toContain('aria-hidden="true"');
        expect(natural).toContain(
          `<span class="sr-only">${comparison.checkLabel.replace(/'/g, "&#x27;")} </span>`,
        );
      }
      if (row.mark.kind === "evidence") expect(natural).toContain(evidenceLabels[row.mark.evidence].label);
    }
  });
});

describe("no stand-in for a prescribed therapy", () => {
  const copy = [
    comparison,
    about,
    broScience,
    deepDive,
    whoShouldNotCopy,
    enhancerFaqCopy,
    faqPage,
    faqs,
    home,
    product,
    routes,
    testKit,
    terms,
    disclaimer,
  ].flatMap((module) => strings(module));
  const therapy = /\bTRT\b|testosterone (replacement )?therapy|prescri\w* (therapy|treatment|medicine)/i;
  const sentences = copy.flatMap((text) => text.split(/(?<=[.!?])\s+/));
  // A text that names the therapy: each of its sentences is read, since "this is the natural route
  // ... first" frames the supplement as a stand-in without naming TRT in the same sentence.
  const nearTherapy = copy
    .filter((text) => therapy.test(text))
    .flatMap((text) => text.split(/(?<=[.!?])\s+/));
  const standIn =
    /alternative|substitut|replace(?!ment therapy)|replacement for|instead of|switch|swap|come off|ditch|skip the|(production|natural\w*|this|it) first\b/i;

  it("reads the content (a guard against an empty sweep)", () => {
    expect(sentences.filter((sentence) => therapy.test(sentence)).length).toBeGreaterThan(8);
  });

  it("the rule catches the wording it was written for", () => {
    for (const old of [
      "This is the natural route for men who want to support their own production first.",
      "Forge Enhancer is a dietary supplement: it does replace it.",
      "A natural alternative to TRT.",
    ])
      expect(old).toMatch(standIn);
  });

  it("names the therapy beside a stand-in word only to say no", () => {
    const framing = nearTherapy.filter(
      (sentence) =>
        standIn.test(sentence) && !sentence.endsWith("?") && !/\b(no|not|never)\b/i.test(sentence),
    );
    expect(framing).toEqual([]);
  });

  it("the comparison avoids the stand-in vocabulary altogether, and says what the supplement is not", () => {
    for (const text of strings(comparison)) expect(text).not.toMatch(standIn);
    expect(comparison.note).toMatch(/not for men on testosterone therapy/);
    expect(comparison.note).toMatch(/does not diagnose or treat low testosterone/);
  });
});
