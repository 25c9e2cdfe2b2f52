import type { APIRequestContext, Page } from "@playwright/test";
import { withOwnServer } from "./own-server";
import { subscribedThroughApi } from "./subscription-support";
import { expect, expectNoAxeViolations } from "./support";

/**
 * Issue 36 item 7 in the browser: the operator signs in, opens Subscriptions from the back office's
 * navigation, filters by state, opens a subscription (terms, calendar, orders), follows its order to
 * the order's page, which says it came from the subscription and links back; the order list marks it.
 * By keyboard; zero axe violations on each page. Every assertion is about the pages' words and links,
 * so it runs once, at 1280 px (decision 126); the axe sweep (accessibility.spec.ts) opens both pages at
 * 390 px too.
 */
const OPERATOR = "ops@forge.example";
const test = withOwnServer({ ADMIN_EMAILS: OPERATOR, PGLITE_DIR: "memory://", RATE_LIMIT_MULTIPLIER: "50" });

type Mail = { to: string[]; text: string | null };
async function operatorMails(request: APIRequestContext, base: string): Promise<Mail[]> {
  const { messages } = (await (await request.get(`${base}/__sandbox/mail/messages.json`)).json()) as {
    messages: Mail[];
  };
  return messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === OPERATOR));
}

async function signIn(page: Page, request: APIRequestContext, base: string) {
  const linkOf = (mail: Mail) => /https?:\/\/\S+\/admin\/sign-in\?token=[\w-]+/.exec(mail.text ?? "")?.[0];
  const before = new Set((await operatorMails(request, base)).map(linkOf));
  await page.goto(`${base}/admin`);
  await page.getByLabel("E-mail address").fill(OPERATOR);
  await page.getByLabel("E-mail address").press("Enter");
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await operatorMails(request, base)).map(linkOf).find((found) => found && !before.has(found));
        return link;
      },
      { timeout: 30_000 },
    )
    .toBeTruthy();
  await page.goto(link as string);
  await page.getByRole("button", { name: "Sign in" }).press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders$/);
}

test("the operator finds a subscription, its calendar and its orders, and the order links back; no axe violations", async ({
  page,
  request,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const base = ownServer.url;
  const subscriber = `e2e.subscriber.${Date.now().toString(36)}@example.com`;
  await subscribedThroughApi(request, base, subscriber, { quantity: 2, weeksOn: 10, weeksOff: 3 });
  await signIn(page, request, base);

  // The order list marks the subscription's order.
  const orderRow = page.getByTestId("admin-orders").locator("tbody tr", { hasText: subscriber });
  const mark = orderRow.getByRole("link", { name: /^Subscription of order #\d+$/ });
  await expect(mark).toHaveText("Subscription");

  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Subscriptions" })
    .press("Enter");
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscriptions");
  const row = page.getByTestId("admin-subscriptions").locator("tbody tr", { hasText: subscriber });
  await expect(row.getByTestId("subscription-state")).toHaveText("Active");
  await expect(row).toContainText("10 on / 3 off");
  await expect(row.getByTestId("subscription-next-charge")).toContainText(/\w{3} \d{1,2}, \d{4}\$\d+\.\d\d/);
  await expect(row.getByTestId("subscription-failures")).toHaveText("None");
  await expectNoAxeViolations(page);

  // The filter: Past due shows none of them, Active shows it.
  const filter = page.getByRole("navigation", { name: "Show subscriptions" });
  await filter.getByRole("link", { name: "Past due" }).press("Enter");
  await expect(page).toHaveURL(/\?state=past_due$/);
  await expect(filter.getByRole("link", { name: "Past due" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No subscription is in this state.")).toBeVisible();
  await filter.getByRole("link", { name: "Active" }).press("Enter");
  await expect(page).toHaveURL(/\?state=active$/);
  await page.getByRole("link", { name: subscriber }).press("Enter");

  await expect(page).toHaveURL(/\/admin\/subscriptions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscription");
  await expect(page.getByTestId("subscription-terms")).toContainText("Cycle10 on / 3 off weeks");
  await expect(page.getByTestId("subscription-terms")).toContainText("Bottles per delivery2");
  const calendar = page.getByRole("list", { name: /The cycle's calendar/ });
  const stretches = calendar.locator(":scope > li");
  await expect(stretches.first()).toContainText("On · 10 weeks");
  await expect(stretches.first()).toHaveAttribute("aria-current", "date");
  await expect(stretches.nth(1)).toContainText("Off · 3 weeks");
  await expect(stretches.nth(1)).toContainText("servings carried over");
  const paid = calendar.getByRole("link", { name: /^order #\d+$/ });
  await expect(paid).toHaveCount(1);
  await expect(calendar).toContainText(/Bottle 2, \w{3} \d{1,2}, \d{4}: Next charge/);
  await expect(page.getByTestId("subscription-failures-card")).toContainText("No payment has failed.");
  await expectNoAxeViolations(page);
  const subscriptionUrl = page.url();

  const orderNumber = ((await paid.textContent()) ?? "").replace("order #", "");
  await paid.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNumber}$`));
  const card = page.getByTestId("order-subscription");
  await expect(card).toContainText("Subscription order");
  await expect(card).toContainText("2 bottles per delivery, 10 on / 3 off weeks.");
  await expect(card).toContainText("This is its only order so far.");
  await expectNoAxeViolations(page);
  await card.getByRole("link", { name: "Open the subscription" }).press("Enter");
  await expect(page).toHaveURL(subscriptionUrl);
});

test("signed out, the subscriptions are not shown: the sign-in page is", async ({ page, ownServer }) => {
  await page.goto(`${ownServer.url}/admin/subscriptions`);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
});
