import type { APIRequestContext, Page } from "@playwright/test";
import { sandboxProducts } from "../../sandbox/shopify/seed";
import { expectToast, holdRequests, newBuyer } from "./flows";
import { withOwnServer } from "./own-server";
import { expect, test, waitForHydration } from "./support";

/** Buys the Enhancer over HTTP (hybrid-checkout, then the pay page's form) and returns the success URL. */
async function paidSession(request: APIRequestContext, base: string, email: string): Promise<string> {
  const checkout = await request.post(`${base}/api/hybrid-checkout`, {
    data: { products: [{ shopifyVariantId: sandboxProducts[0].variantId, quantity: 2 }] },
  });
  expect(checkout.status()).toBe(200);
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  const buyer = newBuyer("success");
  const paid = await request.post(checkoutUrl, {
    form: {
      email,
      cardNumber: "4242 4242 4242 4242",
      cardExpiry: "12 / 34",
      cardCvc: "123",
      name: buyer.name,
      line1: buyer.line1,
      city: buyer.city,
      state: buyer.state,
      postalCode: buyer.postalCode,
      country: "US",
      terms: "accepted",
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return paid.headers().location as string;
}

function countVerifyCalls(page: Page): () => number {
  let calls = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/verify-and-send-confirmation")) calls++;
  });
  return () => calls;
}

// States, not layout: the desktop project alone runs this file (playwright.config.ts).
test.describe("payment success", () => {
  test("shows Sending..., then ✓ Sent with the order, and never asks again", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = newBuyer("sent").email;
    const successUrl = await paidSession(request, baseURL as string, email);
    const calls = countVerifyCalls(page);
    // Hold the call until the sending state has been seen.
    const verify = await holdRequests(page, "**/api/verify-and-send-confirmation");
    await page.goto(successUrl);
    await expect(page.getByTestId("email-status")).toHaveText("Sending...");
    await expect(page.getByTestId("payment-lead")).toHaveText(/^Checking your payment/);
    verify.release();
    await expect(page.getByTestId("email-status")).toHaveText("✓ Sent");
    await expect(page.getByTestId("payment-lead")).toHaveText(/^Payment received\. Thank you for your order/);
    await expect(page.getByText("Confirmation email has been sent to your email address.")).toBeVisible();
    await expect(page.getByTestId("order-email")).toHaveText(email);
    await expect(page.getByTestId("order-total")).toHaveText("$78.00");
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
    await expect(page.getByText("Ships in 1-2 business days")).toBeVisible();
    // Leave and come back within the app: the page re-renders and remounts, and asks nothing again.
    await page.getByRole("link", { name: "Forge home" }).first().click();
    await expect(page).toHaveURL("/");
    await page.goBack();
    await expect(page.getByTestId("email-status")).toHaveText("✓ Sent");
    await page.waitForTimeout(500);
    expect(calls()).toBe(1);
  });

  test("without session_id: a clear message, a link home, and no call", async ({ page }) => {
    const calls = countVerifyCalls(page);
    await page.goto("/payment-success");
    await waitForHydration(page);
    await expect(page.getByText("the link has no order reference")).toBeVisible();
    await expect(page.getByText(/Payment received/i)).toHaveCount(0);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
    expect(calls()).toBe(0);
  });

  test("an unknown session says so", async ({ page }) => {
    await page.goto("/payment-success?session_id=cs_test_doesnotexist123");
    await expect(page.getByRole("alert").filter({ hasText: "No checkout session was found" })).toBeVisible();
    // Nothing on the page claims a payment that was never made.
    await expect(page.getByTestId("payment-lead")).toHaveText(/could not confirm a payment/);
    await expect(page.getByText(/Payment received|Thank you for your order/i)).toHaveCount(0);
  });
});

const serverTest = withOwnServer({
  // Nothing listens on port 9 (discard) of loopback here: every connection is refused.
  SMTP_URL: "smtp://127.0.0.1:9",
});

serverTest.describe("payment success when the mail server refuses", () => {
  serverTest(
    "shows ⚠ Error and the Email Error toast, with the order still shown",
    async ({ page, request, ownServer: server }) => {
      const email = newBuyer("smtp-down").email;
      const successUrl = await paidSession(request, server.url, email);
      await page.goto(successUrl);
      await expect(page.getByTestId("email-status")).toHaveText("⚠ Error", { timeout: 15_000 });
      await expectToast(
        page,
        "Email Error",
        "There was an issue sending your confirmation email. Please contact support.",
        { destructive: true },
      );
      await expect(page.getByTestId("order-email")).toHaveText(email);
    },
  );
});
