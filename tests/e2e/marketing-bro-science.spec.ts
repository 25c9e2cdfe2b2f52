import { broScienceFaqs } from "~/content/faqs";
import { whoShouldNot } from "~/content/who-should-not";
import {
  expectAccordionBehaviour,
  expectInertButton,
  expectJsonLdUnderCsp,
  jsonLdOfType,
} from "./marketing-helpers";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

test.describe("Bro Science", () => {
  test("who should not take it, in short, under the pricing cards, linking to the full list", async ({
    page,
  }) => {
    await page.goto("/bro-science");
    // A top-level landmark of its own (an aside inside the region broke axe's
    // landmark-complementary-is-top-level, issue 32 item 10), right after the pricing cards.
    const note = page.getByRole("complementary", { name: "Who should not take it" });
    await expect(note).toContainText(whoShouldNot.summary);
    const plans = page.getByRole("region", { name: "Choose your weapon" });
    const follows = await plans.evaluate(
      (region, aside) =>
        Boolean(region.compareDocumentPosition(aside as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
      await note.elementHandle(),
    );
    expect(follows).toBe(true);
    await expect(note.getByRole("link", { name: whoShouldNot.fullListLink.label })).toHaveAttribute(
      "href",
      whoShouldNot.fullListLink.to,
    );
  });

  test("three pricing cards with the spec's prices; their buttons are real and do nothing", async ({
    page,
  }) => {
    await page.goto("/bro-science");
    await waitForHydration(page);
    const plans = page
      .getByRole("region", { name: "Choose your weapon" })
      .getByRole("listitem")
      .filter({
        has: page.getByRole("heading", { level: 3 }),
      });
    await expect(plans).toHaveCount(3);
    const [starter, beast, complete] = [plans.nth(0), plans.nth(1), plans.nth(2)];
    await expect(starter.getByRole("heading")).toHaveText("STARTER");
    await expect(starter).toContainText("$39");
    await expect(starter).toContainText("1 month");
    await expect(beast.getByRole("heading")).toHaveText("BEAST MODE");
    await expect(beast).toContainText("$197");
    await expect(beast).toContainText("3 months");
    // Three bottles at $39 cost $117: the $197 pack saves nothing, so no badge, its price a month instead.
    await expect(beast).toContainText("$65.67 a month");
    await expect(beast).not.toContainText("Save");
    await expect(complete.getByRole("heading")).toHaveText("COMPLETE");
    await expect(complete).toContainText("$128");
    await expect(complete).toContainText("Enhancer plus Test Kit");

    for (const plan of [starter, beast, complete]) {
      const button = plan.getByRole("button");
      await expect(button).toHaveCount(1);
      await expectInertButton(page, button);
    }
  });

  test("links to the product and the quiz; a loud hero", async ({ page }) => {
    await page.goto("/bro-science");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bro Science: No needles. No excuses.");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "See the Enhancer" }).first()).toHaveAttribute(
      "href",
      "/product/forge-enhancer",
    );
    await expect(main.getByRole("link", { name: "Take the Quiz" }).first()).toHaveAttribute("href", "/quiz");
  });

  test("the short FAQ is an accordion: one open at a time, collapsible, keyboard; FAQPage JSON-LD", async ({
    page,
  }) => {
    const response = await page.goto("/bro-science");
    await waitForHydration(page);
    const faq = page.getByRole("region", { name: "Questions, answered" });
    await expectAccordionBehaviour(
      page,
      faq,
      broScienceFaqs.map((f) => f.question),
    );
    await faq.getByRole("button", { name: broScienceFaqs[0]?.question ?? "" }).click();
    await expect(faq.getByText(broScienceFaqs[0]?.answer ?? "")).toBeVisible();
    await expectNoAxeViolations(page);

    const data = await jsonLdOfType(page, "FAQPage");
    const entities = data.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(entities.map((e) => e.name)).toEqual(broScienceFaqs.map((f) => f.question));
    expect(entities.map((e) => e.acceptedAnswer.text)).toEqual(broScienceFaqs.map((f) => f.answer));
    await expectJsonLdUnderCsp(page, response?.headers()["content-security-policy"] ?? "");
  });
});
