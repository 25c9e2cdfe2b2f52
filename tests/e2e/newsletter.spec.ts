import { expectToast, mailTo } from "./flows";
import { expect, test, waitForHydration } from "./support";

const uniqueAddress = (tag: string) =>
  `news-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

// The form is the same at every width: the desktop project alone runs this file (playwright.config.ts).
test.describe("the footer newsletter sign-up", () => {
  test("with JavaScript: an invalid address gets an inline error tied to the field", async ({ page }) => {
    await page.goto("/videos");
    await waitForHydration(page);
    const field = page.getByRole("textbox", { name: /e-mail/i });
    await field.fill("not-an-address");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/Enter a valid email address/);
    await expect(field).toBeFocused();
  });

  test("with JavaScript: a toast, the field cleared, then the confirmation e-mail's link and its page's button confirm", async ({
    page,
    request,
  }) => {
    const address = uniqueAddress("js");
    await page.goto("/deep-dive");
    await waitForHydration(page);
    const field = page.getByRole("textbox", { name: /e-mail/i });
    await field.fill(address);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Check your inbox");
    await expect(field).toHaveValue("");

    await expect.poll(async () => (await mailTo(request, address)).length).toBe(1);
    await page.goto("/__sandbox/mail");
    await expect(page.getByText(address).first()).toBeVisible();
    const [mail] = await mailTo(request, address);
    const link = /https?:\/\/[^\s]+\/newsletter\/confirm\?token=[\w-]+/.exec(mail?.text ?? "")?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link as string).pathname + new URL(link as string).search);
    // Opening the link changes nothing (mail scanners open links too): its page's button confirms.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts and the same page comes back with the message", async ({ page, request }) => {
      const address = uniqueAddress("nojs");
      await page.goto("/bro-science");
      await page.getByRole("textbox", { name: /e-mail/i }).fill(address);
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/bro-science\?newsletter=subscribed#newsletter$/);
      await expect(page.locator("#newsletter-status")).toContainText("Check your inbox.");
      await expect.poll(async () => (await mailTo(request, address)).length).toBe(1);
    });
  });
});
