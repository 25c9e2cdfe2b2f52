import { support } from "~/content/site";
import { buyEnhancerFromHome, mailTo } from "./flows";
import { expect, expectNoAxeViolations, isMobile, test, waitForHydration } from "./support";

/**
 * Issue 17 items 2 and 3 as a visitor meets them: the contact form and the guarantee request, with and
 * without JavaScript, their inline errors, and the e-mails that arrive.
 */
const unique = (tag: string) =>
  `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

test.describe("the contact page", () => {
  test("shows who answers and when, beside a form a keyboard can fill", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact");
    await expect(page.getByText("Monday to Friday, 9 am to 5 pm Eastern Time")).toBeVisible();
    const aside = page.getByRole("complementary", { name: "Other ways to reach us" });
    await expect(aside.getByRole("link", { name: support.email })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("its cards' icon chips are one size and their texts start at one x (they were squashed to four widths)", async ({
    page,
  }) => {
    await page.goto("/contact");
    const aside = page.getByRole("complementary", { name: "Other ways to reach us" });
    const chips = await aside
      .getByTestId("contact-chip")
      .evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().toJSON()));
    expect(chips).toHaveLength(4);
    for (const chip of chips) expect([Math.round(chip.width), Math.round(chip.height)]).toEqual([40, 40]);
    const titleStarts = await aside
      .getByRole("heading", { level: 3 })
      .evaluateAll((elements) => elements.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(titleStarts).toHaveLength(4);
    expect(new Set(titleStarts).size).toBe(1);
  });

  test("with JavaScript: mistakes are listed and marked, then the message is sent and acknowledged", async ({
    page,
    request,
  }) => {
    test.skip(isMobile(page), "the same form at every width; the no-JavaScript test runs at 390 px too");
    const email = unique("contact-js");
    await page.goto("/contact?topic=kit");
    await waitForHydration(page);
    await expect(page.getByLabel("Topic")).toHaveValue("kit");
    await page.getByLabel("Your e-mail").fill("not-an-address");
    await page.getByRole("button", { name: "Send message" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Please fix 3 things");
    await expect(page.getByLabel("Your e-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Your e-mail")).toHaveAccessibleDescription(/Enter a valid email address/);
    await expectNoAxeViolations(page);
    // The summary's links lead to their fields.
    await summary.getByRole("link", { name: /Your name/ }).click();
    await expect(page.getByLabel("Your name")).toBeFocused();

    await page.getByLabel("Your name").fill("Sam Carter");
    await page.getByLabel("Your e-mail").fill(email);
    await page
      .getByLabel("Message", { exact: true })
      .fill("How long does the lab take once it has my sample?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "your message is with us" })).toBeVisible();
    await expect.poll(async () => (await mailTo(request, email)).length).toBe(1);
    const [ack] = await mailTo(request, email);
    expect(ack?.subject).toBe("We have your message | Forge");
    // The acknowledgement quotes nothing the visitor typed (issue 38 item 2, decision 090).
    expect(ack?.text).not.toContain("How long does the lab take once it has my sample?");
    expect(ack?.text).not.toContain("Sam Carter");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts, comes back with what to fix and what was typed, then sends", async ({
      page,
      request,
    }) => {
      const email = unique("contact-nojs");
      await page.goto("/contact");
      await page.getByLabel("Your name").fill("Alex Kim");
      await page.getByLabel("Your e-mail").fill(email);
      await page.getByLabel("Topic").selectOption("order");
      await page.getByLabel("Message", { exact: true }).fill("Too short");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("alert")).toContainText("Message: Write at least 10 characters.");
      await expect(page.getByLabel("Your name")).toHaveValue("Alex Kim");
      await expect(page.getByLabel("Topic")).toHaveValue("order");

      await page.getByLabel("Message", { exact: true }).fill("My order has not arrived yet, can you check?");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("heading", { name: "Message sent" })).toBeVisible();
      await expect.poll(async () => (await mailTo(request, email)).length).toBe(1);
    });
  });
});

test.describe("the 60-day guarantee", () => {
  test("states its terms and refuses an order it cannot find, in words", async ({ page }) => {
    await page.goto("/guarantee");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("60-day money-back guarantee");
    for (const term of ["Who", "How long", "What is refunded", "How", "What it doesn't cover"])
      await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    await page.getByLabel("Order number").fill("99999999");
    await page.getByLabel("E-mail used for the order").fill("nobody@example.com");
    await page.getByRole("button", { name: "Request my refund" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "We couldn't find an order with that number and e-mail address.",
    );
    await expectNoAxeViolations(page);
  });

  test("buy, then from the order page ask for the money back: one request, and the e-mail says so", async ({
    page,
    context,
    request,
  }) => {
    test.skip(isMobile(page), "one width is enough for this journey");
    const { buyer, orderUrl } = await buyEnhancerFromHome(page, context, request, "guarantee");

    await page.goto(new URL(orderUrl).pathname);
    await page.getByRole("link", { name: "60-day money-back guarantee" }).click();
    await expect(page).toHaveURL(/\/guarantee\?order=\d+$/);
    const orderNumber = new URL(page.url()).searchParams.get("order") ?? "";
    await expect(page.getByLabel("Order number")).toHaveValue(orderNumber);
    await page.getByLabel("E-mail used for the order").fill(buyer.email);
    await page.getByLabel("What went wrong?").fill("Not for me.");
    await page.getByRole("button", { name: "Request my refund" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Your request for order #${orderNumber} is open.` }),
    ).toBeVisible();
    await expect
      .poll(async () =>
        (await mailTo(request, buyer.email)).some((m) => m.subject.startsWith("Your money-back")),
      )
      .toBe(true);

    // Asked again: already open, no second request.
    await page.goto(`/guarantee?order=${orderNumber}`);
    await page.getByLabel("E-mail used for the order").fill(buyer.email);
    await page.getByRole("button", { name: "Request my refund" }).click();
    await expect(page.getByRole("alert")).toContainText(
      `A request for order #${orderNumber} is already open`,
    );
  });
});
