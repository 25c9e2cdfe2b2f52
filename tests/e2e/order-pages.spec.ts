import type { APIRequestContext } from "@playwright/test";
import { paidThroughApi } from "./api-purchase";
import { withOwnServer } from "./own-server";
import { expect, expectNoAxeViolations } from "./support";

/**
 * Issue 16 items 5 and 7 in the browser, at 390 and 1280 px: the order page opened from the
 * confirmation e-mail (without JavaScript too), and the back office signed in by an e-mailed link,
 * where an order is found by its shopper's address and opened (decision 088), with zero axe
 * violations on each page.
 */
const ADMIN = "ops@forge.example";
const test = withOwnServer({ ADMIN_EMAILS: ADMIN, PGLITE_DIR: "memory://", RATE_LIMIT_MULTIPLIER: "50" });

type Mail = { to: string[]; subject: string; text: string | null };
async function mailsTo(request: APIRequestContext, base: string, address: string): Promise<Mail[]> {
  const { messages } = (await (await request.get(`${base}/__sandbox/mail/messages.json`)).json()) as {
    messages: Mail[];
  };
  return messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** A paid order through the sandbox's checkout (the purchase specs drive its pages): its e-mail's order link. */
async function orderLink(request: APIRequestContext, base: string, buyer: string): Promise<string> {
  await paidThroughApi(request, base, buyer, 2);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await mailsTo(request, base, buyer);
      link = /https?:\/\/\S+\/orders\/[\w-]{70}/.exec(mail?.text ?? "")?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

const buyer = (tag: string) => `order-${tag}-${Date.now().toString(36)}@example.com`;

test("the order page from the e-mail: the order, the address, Paid, no axe violations", async ({
  page,
  request,
  ownServer,
}) => {
  const link = await orderLink(request, ownServer.url, buyer("page"));
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order #\d+$/);
  await expect(page.getByRole("heading", { name: "Paid — packing comes next" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Order progress" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByTestId("order-items")).toContainText("Forge Enhancer");
  await expect(page.getByTestId("order-totals")).toContainText("Free");
  await expect(page.getByTestId("order-address")).toContainText("12 Forge Street");
  await expectNoAxeViolations(page);
});

type ShopifyOrder = { name: string; email: string | null };

test("shipped in Shopify: a reload says Shipped at once and when it checked, the tracking number whole, the shipping e-mail sent, one order number", async ({
  page,
  request,
  ownServer,
}) => {
  const base = ownServer.url;
  const shopper = buyer("shipped");
  const link = await orderLink(request, base, shopper);
  await page.goto(link);
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").replace(/^Order /, "");
  expect(number).toMatch(/^#\d+$/);
  // Shopify's list names the order with the shopper's number (decision 095).
  await expect
    .poll(
      async () => {
        const { orders } = (await (await request.get(`${base}/__sandbox/shopify/orders.json`)).json()) as {
          orders: ShopifyOrder[];
        };
        return orders.find((order) => order.email === shopper)?.name;
      },
      { timeout: 30_000 },
    )
    .toBe(number);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Paid — packing comes next" })).toBeVisible();
  await expect(page.getByTestId("status-checked")).toHaveText(
    /^Last checked \w+ \d+, \d{4}, \d+:\d\d [AP]M UTC$/,
  );

  // A person marks it shipped in the Shopify sandbox, sending the shipping details as the box offers.
  const tracking = "9400111899223817351234";
  const shipped = await request.post(`${base}/__sandbox/shopify/orders/${number.slice(1)}/ship`, {
    form: { carrier: "USPS", trackingNumber: tracking, notifyCustomer: "1" },
    maxRedirects: 0,
  });
  expect(shipped.status()).toBe(303);
  await page.reload();
  // At once: no minute-long cache between Shopify and the page.
  await expect(page.getByRole("heading", { name: "Shipped" })).toBeVisible({ timeout: 5_000 });
  const trackingLink = page.getByTestId("shipment").getByRole("link", { name: new RegExp(tracking) });
  await expect(trackingLink).toBeVisible();
  // The number is drawn on one line, never broken mid-string (it was at 390 px).
  const lines = await trackingLink.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element.firstChild as Node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);

  // The shipping e-mail Shopify sends reaches the mail sandbox, with the same number.
  await expect
    .poll(async () => (await mailsTo(request, base, shopper)).map((mail) => mail.subject), {
      timeout: 20_000,
    })
    .toContain(`A shipment from order ${number} is on the way`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the order page shows the same; a changed link is not found", async ({ page, request, ownServer }) => {
    const link = await orderLink(request, ownServer.url, buyer("nojs"));
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Paid — packing comes next" })).toBeVisible();
    const changed = `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`;
    expect((await page.goto(changed))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  });
});

test("the back office: sign in by e-mailed link, see the orders, sign out, no axe violations", async ({
  page,
  request,
  ownServer,
}) => {
  const base = ownServer.url;
  const shopper = buyer("admin");
  await orderLink(request, base, shopper);
  await page.goto(`${base}/admin`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expectNoAxeViolations(page);

  const before = (await mailsTo(request, base, ADMIN)).length;
  await page.getByLabel("E-mail address").fill(ADMIN);
  await page.getByLabel("E-mail address").press("Enter");
  await expect(page.getByRole("status")).toHaveText(/If that address may sign in, a link is on its way/);
  await expectNoAxeViolations(page);

  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await mailsTo(request, base, ADMIN);
      if (mails.length <= before) return undefined;
      link = /https?:\/\/\S+\/admin\/sign-in\?token=[\w-]+/.exec(mails[0]?.text ?? "")?.[0];
      return link;
    })
    .toBeTruthy();
  await page.goto(link as string);
  await expectNoAxeViolations(page);
  // Keyboard only: the sign-in button is reached and pressed with the keyboard.
  const signIn = page.getByRole("button", { name: "Sign in" });
  await signIn.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  await expect(page.getByTestId("admin-orders")).toContainText("order-admin-");
  await expectNoAxeViolations(page);

  // A shopper writes in: the operator finds the order by their address (any case), keyboard only,
  // and opens it (decision 088).
  const search = page.getByLabel("Find an order");
  await search.fill(shopper.toUpperCase());
  await search.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders\?q=/);
  const rows = page.getByTestId("admin-orders").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(shopper);
  await expectNoAxeViolations(page);
  await rows.getByRole("link", { name: /^#\d+$/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order #\d+$/);
  await expect(page.getByTestId("order-items")).toContainText("Forge Enhancer");
  await expect(page.getByTestId("order-customer")).toContainText(shopper);
  await expect(page.getByTestId("order-payment")).toContainText("Stripe Checkout session");
  await expect(page.getByTestId("order-emails")).toContainText("Order confirmation");
  await expectNoAxeViolations(page);
  // The fresh link it gives opens the shopper's own page for the same order.
  const orderHeading = await page.getByRole("heading", { level: 1 }).textContent();
  const shopperLink = await page.getByLabel("Link to the shopper's order page").inputValue();
  await page.goto(shopperLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(orderHeading ?? "");
  await page.goBack();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${base}/admin/orders`);
  await expect(page).toHaveURL(/\/admin$/);
});
