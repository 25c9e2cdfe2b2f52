import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import { waitForHydration } from "./support";

/** Clicks a buy button and returns the new tab it opens (the checkout). */
export async function clickForNewTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent("page"), click()]);
  return tab;
}

export type Buyer = {
  email: string;
  name: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
};

export function newBuyer(tag: string): Buyer {
  const id = `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `buyer-${id}@example.com`,
    name: "Alex Carter",
    line1: "12 Forge Street",
    city: "Austin",
    state: "TX",
    postalCode: "78701",
  };
}

/** Fills the emulated Stripe pay page and pays with the given card. */
export async function payOnEmulator(tab: Page, buyer: Buyer, card = "4242 4242 4242 4242") {
  await tab.waitForURL(/\/__sandbox\/stripe\//);
  await tab.getByLabel("Email").fill(buyer.email);
  await tab.getByLabel("Card number").fill(card);
  await tab.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await tab.getByLabel("CVC").fill("123");
  await tab.getByLabel("Full name").fill(buyer.name);
  await tab.getByLabel("Address line 1").fill(buyer.line1);
  await tab.getByLabel("City").fill(buyer.city);
  const state = tab.getByLabel("State");
  if ((await state.evaluate((el) => el.tagName)) === "SELECT") await state.selectOption(buyer.state);
  else await state.fill(buyer.state);
  await tab.getByLabel("ZIP code").fill(buyer.postalCode);
  // Checkout requires agreement to the terms of sale (issue 16).
  await tab.getByRole("checkbox", { name: /I agree to the terms of sale/ }).check();
  await tab.getByRole("button", { name: /^Pay / }).click();
}

export type Mail = { to: string[]; subject: string; text: string | null; html: string | null };

/** The messages the mail emulator received for one address. */
export async function mailTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const response = await request.get("/__sandbox/mail/messages.json");
  expect(response.ok()).toBe(true);
  const { messages } = (await response.json()) as { messages: Mail[] };
  return messages.filter((m) => m.to.some((to) => to.includes(address)));
}

/** After paying: the payment-success page shows the order, then "✓ Sent"; one e-mail arrives. */
export async function expectConfirmed(
  request: APIRequestContext,
  tab: Page,
  buyer: Buyer,
  expected: { item: RegExp; total: string },
) {
  await tab.waitForURL(/\/payment-success\?session_id=cs_test_/);
  await expect(tab.getByTestId("email-status")).toHaveText("✓ Sent", { timeout: 15_000 });
  await expect(tab.getByText("Confirmation email has been sent to your email address.")).toBeVisible();
  await expect(tab.getByTestId("order-total")).toHaveText(expected.total);
  await expect(tab.getByRole("list", { name: "Items" })).toContainText(expected.item);
  await expect(tab.getByTestId("order-email")).toHaveText(buyer.email);
  await expect.poll(async () => (await mailTo(request, buyer.email)).length).toBe(1);
  const [mail] = await mailTo(request, buyer.email);
  expect(mail?.text).toMatch(expected.item);
  expect(mail?.text).toContain(expected.total);
  expect(mail?.text).toContain(buyer.line1);
  // Give any duplicate a moment to show up: there must still be exactly one.
  await tab.waitForTimeout(500);
  expect(await mailTo(request, buyer.email)).toHaveLength(1);
}

/**
 * Holds the browser's calls to `pattern` until `release()` (or 20 s at most), so a test can see the
 * state a page shows while it waits. A fixed delay is not enough: on a busy machine the assertion's
 * polls can fall on either side of it.
 */
export async function holdRequests(page: Page, pattern: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([released, new Promise((resolve) => (timer = setTimeout(resolve, 20_000)))]);
    clearTimeout(timer);
    await route.continue().catch(() => {
      // The page closed while the call was held: nothing is waiting for it any more.
    });
  });
  return { release };
}

/** A toast with this title and description is on screen, announced as an alert when destructive. */
export async function expectToast(
  page: Page,
  title: string,
  description?: string,
  options: { destructive?: boolean } = {},
) {
  const role = options.destructive ? "alert" : "status";
  const toast = page
    .getByRole("region", { name: "Notifications" })
    .getByRole(role)
    .filter({ hasText: title })
    .filter({ hasText: description ?? title });
  await expect(toast.first()).toBeVisible();
  return toast.first();
}

/** Queues a fault in the in-process Shopify emulator (see sandbox/shopify/emulator.ts). */
export async function shopifyFault(
  request: APIRequestContext,
  base: string,
  fault: {
    kind: "latency" | "status" | "throttled" | "malformed" | "timeout";
    api?: "storefront" | "admin";
    times?: number;
    ms?: number;
    status?: number;
  },
) {
  const response = await request.post(`${base}/__sandbox/shopify/__control/faults`, { data: fault });
  expect(response.status()).toBe(201);
}

export async function clearShopifyFaults(request: APIRequestContext, base: string) {
  await request.delete(`${base}/__sandbox/shopify/__control/faults`);
}

/**
 * The shortest whole purchase: the home page's Enhancer button, paid on the emulator, confirmed; answers
 * the buyer and the order page's address from the confirmation e-mail.
 */
export async function buyEnhancerFromHome(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  tag: string,
): Promise<{ buyer: Buyer; orderUrl: string }> {
  await page.goto("/");
  await waitForHydration(page);
  const buyer = newBuyer(tag);
  const tab = await clickForNewTab(context, () =>
    page.getByRole("button", { name: "Shop Enhancer ($39)" }).click(),
  );
  await payOnEmulator(tab, buyer);
  await expectConfirmed(request, tab, buyer, { item: /Forge Enhancer/, total: "$39.00" });
  const [mail] = await mailTo(request, buyer.email);
  const orderUrl = mail?.text?.match(/https?:\/\/\S+\/orders\/[\w-]+/)?.[0];
  expect(orderUrl, "the confirmation e-mail links to the order page").toBeTruthy();
  return { buyer, orderUrl: orderUrl as string };
}
