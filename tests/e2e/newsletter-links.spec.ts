import type { APIRequestContext, Page } from "@playwright/test";
import { mailTo } from "./flows";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

/**
 * Issue 15 item 10 in the browser (docs/decisions/063): the links in the newsletter e-mail open pages
 * that change nothing until their button is pressed; the button works with and without JavaScript, and
 * a reload afterwards says what was done. Both pages pass axe at phone and desktop widths (axe needs
 * scripts, so it runs in the JavaScript half).
 */
const uniqueAddress = (tag: string) =>
  `links-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Signs an address up through the function and answers the confirmation e-mail's two links (paths). */
async function signUp(request: APIRequestContext, tag: string) {
  const address = uniqueAddress(tag);
  const reply = await request.post("/api/newsletter-subscribe", { data: { email: address } });
  expect(reply.status()).toBe(200);
  await expect.poll(async () => (await mailTo(request, address)).length).toBe(1);
  const [mail] = await mailTo(request, address);
  const path = (name: string) => {
    const link = new RegExp(`https?://[^\\s]+/newsletter/${name}\\?token=[\\w-]+`).exec(
      mail?.text ?? "",
    )?.[0];
    if (!link) throw new Error(`no ${name} link in:\n${mail?.text}`);
    return new URL(link).pathname + new URL(link).search;
  };
  return { confirm: path("confirm"), unsubscribe: path("unsubscribe") };
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    // axe runs inside the page, so only where scripts run; the markup is the same without them.
    const checkAxe = async (page: Page) => {
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    };
    const open = async (page: Page, path: string) => {
      await page.goto(path);
      if (javaScriptEnabled) await waitForHydration(page);
    };

    test("a confirmation link: a page with a button, which confirms; a reload says You're subscribed", async ({
      page,
      request,
    }) => {
      const { confirm } = await signUp(request, javaScriptEnabled ? "confirm-js" : "confirm-nojs");
      await open(page, confirm);
      await expect(heading(page)).toHaveText("Confirm your subscription");
      await checkAxe(page);
      // Opened again (as a mail scanner would): still waiting for the button.
      await open(page, confirm);
      await expect(heading(page)).toHaveText("Confirm your subscription");

      await page.getByRole("button", { name: "Confirm subscription" }).click();
      await expect(heading(page)).toHaveText("You're subscribed");
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(confirm);
      await checkAxe(page);
      await page.reload();
      await expect(heading(page)).toHaveText("You're subscribed");
    });

    test("an unsubscribe link: a page with a button, which unsubscribes; a reload says so", async ({
      page,
      request,
    }) => {
      const { unsubscribe } = await signUp(request, javaScriptEnabled ? "unsub-js" : "unsub-nojs");
      await open(page, unsubscribe);
      await expect(heading(page)).toHaveText("Unsubscribe from the newsletter");
      await checkAxe(page);
      await open(page, unsubscribe);
      await expect(heading(page)).toHaveText("Unsubscribe from the newsletter");

      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(heading(page)).toHaveText("You're unsubscribed");
      await checkAxe(page);
      await page.reload();
      await expect(heading(page)).toHaveText("You're unsubscribed");
    });
  });
}
