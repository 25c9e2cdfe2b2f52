import type { APIRequestContext } from "@playwright/test";
import { formatMonthDay, formatWeekdayDay } from "~/shared/dates";
import { addDays, STORE_TIME_ZONE, zonedDate } from "~/shared/subscription-cycle";
import { sandboxCheckoutForm } from "../../scripts/lib/sandbox-checkout";
import { signInByLink } from "./kit-support";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./support";

/**
 * Issue 36 item 5 in the browser, at both widths: a subscriber (subscribed and paid through the API and
 * the sandbox's Stripe, as other specs buy) signs in by e-mailed link, sees the next charge, its amount
 * and the calendar, skips the next delivery, pauses, and cancels with one page and one button, and
 * receives one e-mail for each. Zero axe violations on the page and on the cancel page.
 */

type Mail = { to: string[]; subject: string; text: string | null };

async function subjectsTo(request: APIRequestContext, base: string, address: string): Promise<string[]> {
  const { messages } = (await (await request.get(`${base}/__sandbox/mail/messages.json`)).json()) as {
    messages: Mail[];
  };
  return messages
    .filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()))
    .map((mail) => mail.subject);
}

/** A subscription of 2 bottles, 8 weeks on and 2 off, paid on the sandbox's Stripe page by its form. */
async function subscribedThroughApi(request: APIRequestContext, base: string, email: string) {
  const started = await request.post(`${base}/api/subscribe`, {
    headers: { origin: base },
    data: { quantity: 2, weeksOn: 8, weeksOff: 2 },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
  const paid = await request.post(checkoutUrl, { form: sandboxCheckoutForm(email), maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

test("a subscriber sees the next charge and calendar, skips, pauses, cancels with one button, and gets one e-mail each", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const base = baseURL as string;
  const email = `subscriber-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  const today = zonedDate(Math.floor(Date.now() / 1000), STORE_TIME_ZONE);
  await subscribedThroughApi(request, base, email);

  // Signed out: what the page holds, and the way in.
  await page.goto(`${base}/account/subscription`);
  await expect(page.getByRole("heading", { level: 1, name: "Your subscription" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to your subscription" })).toHaveAttribute(
    "href",
    "/account?next=/account/subscription",
  );

  await signInByLink(page, request, base, email, "/account?next=/account/subscription", "/account/sign-in");
  await expect(page).toHaveURL(/\/account\/subscription$/);
  // The webhook that links the paid subscription to its e-mail address may still be on its way.
  await expect
    .poll(
      async () => {
        if (await page.getByText("Next charge", { exact: true }).isVisible()) return true;
        await page.reload();
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await waitForHydration(page);

  // 8 on / 2 off: the second bottle 30 days after the first.
  const second = addDays(today, 30);
  const third = addDays(today, 74);
  await expect(page.getByText(formatWeekdayDay(second)).first()).toBeVisible();
  await expect(page.getByText(/ for 2 bottles$/)).toBeVisible();
  await expect(page.getByText("8 weeks on, 2 weeks off")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your calendar" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Off weeks" }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: `Skip ${formatMonthDay(second)}` }).click();
  await expect(page.getByText(`Done: the delivery of ${formatWeekdayDay(second)} is skipped.`)).toBeVisible();
  await expect(page.getByText(formatWeekdayDay(third)).first()).toBeVisible();

  // The pause, by keyboard: the choice, then the button.
  await page.getByLabel("How long").focus();
  await page.getByLabel("How long").selectOption("3");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Pause my subscription" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/Done: your subscription is paused for 3 weeks, until /)).toBeVisible();
  await expectNoAxeViolations(page);

  // Cancelling: one page, one button.
  await page.getByRole("link", { name: "Cancel my subscription" }).click();
  await expect(page).toHaveURL(/\/account\/subscription\/cancel\?subscription=/);
  await expect(page.getByRole("heading", { name: "What happens when you cancel" })).toBeVisible();
  await expect(page.getByText(/Nothing more is charged/)).toBeVisible();
  await expect(page.getByText(/still ships/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Cancel my subscription" }).click();
  await expect(page).toHaveURL(/\/account\/subscription\?changed=/);
  await expect(page.getByText("Your subscription is cancelled: nothing more is charged.")).toBeVisible();
  await expect(page.getByText(/Status: Cancelled on \w{3}, /)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Skip / })).toHaveCount(0);

  // One e-mail for each: the skip, the pause, the cancellation (and the first order's confirmation).
  await expect
    .poll(
      async () => {
        const subjects = await subjectsTo(request, base, email);
        return [
          subjects.filter((subject) => subject.startsWith("Skipped: ")).length,
          subjects.filter((subject) => subject.includes("paused for 3 weeks")).length,
          subjects.filter((subject) => subject.includes("subscription is cancelled")).length,
        ];
      },
      { timeout: 30_000 },
    )
    .toEqual([1, 1, 1]);
});
