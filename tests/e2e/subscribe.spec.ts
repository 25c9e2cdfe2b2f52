import { clickForNewTab, mailTo, newBuyer, payOnEmulator } from "./flows";
import { expect, expectNoAxeViolations, isMobile, test, waitForHydration } from "./support";

/**
 * Issue 36 item 2 in the browser, at both widths (decision 131): from the Enhancer's page to
 * /subscribe, a cycle chosen and its calendar redrawn, Stripe's checkout in a new tab, the welcome
 * page, and the sign-up e-mail in the mail emulator; zero axe violations on the pages on the way.
 */

const SUBSCRIBE = /^Subscribe: \$[\d.]+ today$/;

test("from the Enhancer's page: choose a cycle, see its calendar, pay at Stripe, land on the welcome page, read the e-mail", async ({
  page,
  context,
  request,
}) => {
  // A page load, two redraws, a checkout, a payment and an e-mail on two busy cores.
  test.setTimeout(150_000);
  const buyer = newBuyer(isMobile(page) ? "sub-390" : "sub-1280");

  // The link shows once the server has read the selling plan (in the background, at start).
  // The sandbox's plan is sample data: the link says so beside its figures (decision 137).
  const link = page.getByRole("link", {
    name: /^Subscribe and save 15%: \$33\.15 a bottle, .* \(sample data\)$/,
  });
  await expect
    .poll(
      async () => {
        await page.goto("/product/forge-enhancer");
        return link.count();
      },
      { timeout: 70_000, intervals: [1_000, 5_000, 10_000] },
    )
    .toBe(1);
  await link.click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribe to the Enhancer");
  await waitForHydration(page);

  const summary = page.getByTestId("subscribe-summary");
  const calendar = page.getByTestId("cycle-calendar");
  await expect(summary.getByTestId("price-per-delivery")).toHaveText("$33.15");
  await expect(summary.getByTestId("saving")).toHaveText("You save $5.85 a delivery (15%)");
  // Beside the price and the saving alike.
  await expect(summary.getByTestId("sample-data")).toHaveText(["(sample data)", "(sample data)"]);
  await expect(summary).toContainText("8 weeks on, 2 weeks off · 1 bottle a delivery");
  await expect(calendar).toContainText("Weeks off (2 weeks)");
  // With JavaScript the calendar follows each choice: the button for it is not needed.
  await expect(page.getByRole("button", { name: "Show this calendar" })).toHaveCount(0);

  await page.getByRole("group", { name: "Weeks on" }).getByLabel("12 weeks").check();
  await expect(page).toHaveURL(/weeksOn=12/);
  await expect(summary).toContainText("12 weeks on, 2 weeks off");
  await page.getByRole("group", { name: "Weeks off" }).getByLabel("4 weeks").check();
  await expect(page).toHaveURL(/weeksOn=12&weeksOff=4&bottles=1/);
  await expect(summary).toContainText("12 weeks on, 4 weeks off · 1 bottle a delivery");
  await expect(calendar).toContainText("Weeks off (4 weeks)");
  await expect(calendar).not.toContainText("Weeks off (2 weeks)");
  await expect(page.getByRole("status").filter({ hasText: "Calendar updated" })).toHaveText(
    /12 weeks on, 4 weeks off, 1 bottle a delivery/,
  );
  await expect(summary).toContainText("Nothing is charged or shipped during your 4 weeks off");
  await expectNoAxeViolations(page);

  const checkout = await clickForNewTab(context, () => page.getByRole("button", { name: SUBSCRIBE }).click());
  await expect(checkout.getByText(/and to a subscription: \$33\.15 now/)).toBeVisible();
  await expect(checkout.getByText(/\(12 weeks on, 4 weeks off\)/)).toBeVisible();
  await payOnEmulator(checkout, buyer);
  await checkout.waitForURL(/\/subscribe\/welcome\?session_id=cs_test_/);
  await expect(checkout.getByRole("heading", { level: 1 })).toHaveText(
    "Welcome: your subscription has started",
  );
  await expect(checkout.getByTestId("welcome-lead")).toContainText(buyer.email);
  const terms = checkout.getByTestId("welcome-terms");
  await expect(terms).toContainText("$33.15");
  await expect(terms).toContainText("12 weeks on, 4 weeks off");
  await expect(terms.getByRole("link", { name: "Manage your subscription" })).toHaveAttribute(
    "href",
    "/account/subscription",
  );
  await expect(checkout.getByTestId("cycle-calendar")).toContainText("Weeks off (4 weeks)");
  await waitForHydration(checkout);
  await expectNoAxeViolations(checkout);

  // The sign-up e-mail, as the mail emulator received it.
  await expect
    .poll(
      async () =>
        (await mailTo(request, buyer.email)).filter((mail) =>
          mail.subject.includes("subscription has started"),
        ).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  const mail = (await mailTo(request, buyer.email)).find((m) =>
    m.subject.includes("subscription has started"),
  );
  expect(mail?.text).toContain("$33.15 for each delivery of 1 bottle");
  expect(mail?.text).toContain("Nothing is charged or shipped during your 4 weeks off");
  expect(mail?.text).toMatch(/Weeks off \(4 weeks\): nothing charged or shipped/);
  expect(mail?.text).toMatch(/Manage or cancel your subscription:\nhttps?:\/\/\S+\/account\/subscription/);
  await checkout.goto("/__sandbox/mail");
  await expect(checkout.getByText(buyer.email).first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the choice redraws the calendar by the form's button, and the button still reaches Stripe", async ({
    page,
    context,
  }) => {
    test.skip(isMobile(page), "the form is the same at every width; the journey above runs at both");
    await page.goto("/subscribe");
    await page.getByRole("group", { name: "Bottles per delivery" }).getByLabel("2 bottles").check();
    await page.getByRole("button", { name: "Show this calendar" }).click();
    await expect(page).toHaveURL(/\/subscribe\?weeksOn=8&weeksOff=2&bottles=2$/);
    await expect(page.getByTestId("price-per-delivery")).toHaveText("$66.30");
    await expect(page.getByTestId("saving")).toHaveText("You save $11.70 a delivery (15%)");
    // A choice changed but not redrawn: the page, not Stripe, with what the shopper is about to buy.
    await page.getByRole("group", { name: "Weeks on" }).getByLabel("10 weeks").check();
    const shown = await clickForNewTab(context, () => page.getByRole("button", { name: SUBSCRIBE }).click());
    await shown.waitForURL(/\/subscribe\?weeksOn=10&weeksOff=2&bottles=2&changed=choice$/);
    await expect(shown.getByText("You changed your choice")).toBeVisible();
    await expect(shown.getByTestId("subscribe-summary")).toContainText("10 weeks on, 2 weeks off");
    const checkout = await clickForNewTab(context, () =>
      shown.getByRole("button", { name: /^Subscribe: \$66\.30 today$/ }).click(),
    );
    await checkout.waitForURL(/\/__sandbox\/stripe\/pay\/cs_test_/);
    await expect(checkout.getByText(/\$66\.30 now, then \$66\.30 every 30 days/)).toBeVisible();
  });
});
