import { buyEnhancerFromHome } from "./flows";
import { expect, expectNoAxeViolations, test } from "./support";

/**
 * Issue 16 item 8, the whole life of an order in the sandbox: bought in the browser → the order is in
 * the emulated Shopify (/__sandbox/shopify/orders) → a person marks it shipped there → the order page
 * linked from the confirmation e-mail shows the carrier and a tracking link. One width is enough for this
 * journey (the pages are checked at 390 px elsewhere): the desktop project alone runs it
 * (playwright.config.ts).
 */

test("buy → the order reaches Shopify → marked shipped there → the order page shows the tracking link", async ({
  page,
  context,
  request,
}) => {
  const { buyer, orderUrl } = await buyEnhancerFromHome(page, context, request, "journey");

  // The order reaches the emulated store within seconds of the payment (the Shopify sync).
  const shopify = await context.newPage();
  const card = shopify.getByRole("listitem").filter({ hasText: buyer.email });
  await expect
    .poll(
      async () => {
        await shopify.goto("/__sandbox/shopify/orders");
        return card.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(card).toContainText("Forge Enhancer");
  await expect(card).toContainText("$39.00");
  await card.getByLabel("Carrier").selectOption("UPS");
  await card.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await card.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(card).toContainText("1Z999AA10123456784");

  // The shopper's order page reads Shopify's status (cached briefly: a fresh page load after the cache).
  const orderPath = new URL(orderUrl).pathname;
  await expect
    .poll(
      async () => {
        await page.goto(orderPath);
        return page.getByRole("link", { name: /1Z999AA10123456784/ }).count();
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(1);
  await expect(page.getByText(/Shipped/).first()).toBeVisible();
  await expect(page.getByText("UPS").first()).toBeVisible();
  const tracking = page.getByRole("link", { name: /1Z999AA10123456784/ });
  await expect(tracking).toHaveAttribute("href", /ups\.com.*1Z999AA10123456784/);
  await expectNoAxeViolations(page);
});
