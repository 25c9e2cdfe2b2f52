import { describe, expect, it } from "vitest";
import type { RunningServer } from "../../scripts/lib/server-process";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import {
  counts,
  createCheckout,
  ENHANCER,
  eventually,
  payFields,
  postJson,
  sleep,
  submitPayPage,
  TEST_KIT,
  verify,
} from "./checkout-harness";

/**
 * The whole purchase on the embedded defaults, as `npm start` runs it: the in-process Shopify, Stripe
 * and mail emulators behind the real adapters (the real `stripe` SDK, nodemailer), the pay page's form
 * submitted like a browser without JavaScript, Stripe's signed webhook, the payment-success call.
 */

type Mail = { to: string[]; subject: string; html: string | null; text: string | null };

/** The e-mails the in-process mail emulator holds for `to` (every test buys as a buyer of its own). */
async function mails(server: RunningServer, to: string): Promise<Mail[]> {
  const response = await fetch(`${server.url}/__sandbox/mail/messages.json`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Mail[] }).messages.filter((mail) => mail.to.includes(to));
}

/** The two-line checkout a visitor starts from the Enhancer page (two Enhancers and a test kit). */
function startPurchase(server: RunningServer, site: string) {
  return createCheckout(
    server,
    [
      { shopifyVariantId: ENHANCER, quantity: 2 },
      { shopifyVariantId: TEST_KIT, quantity: 1 },
    ],
    { origin: site, referer: `${site}/product/forge-enhancer?ref=hero` },
  );
}

/** That checkout paid by `buyer`, fulfilled (webhook and page), its e-mail sent: the order's number. */
async function paidPurchase(server: RunningServer, site: string, buyer: string) {
  const { sessionId, checkoutUrl } = await startPurchase(server, site);
  expect((await submitPayPage(checkoutUrl, payFields(undefined, { email: buyer }))).status).toBe(303);
  const result = await verify(server, sessionId);
  expect(result.json).toMatchObject({ success: true, emailStatus: "sent" });
  await eventually(async () => expect(await mails(server, buyer)).toHaveLength(1));
  return { sessionId, orderNumber: (result.json.order as { orderNumber: number }).orderNumber };
}

/** The no-JavaScript buy button's form post for the bundle, from the kit page: the pay page's URL. */
async function formCheckout(server: RunningServer, site: string) {
  const response = await fetch(`${server.url}/api/hybrid-checkout`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: site,
      referer: `${site}/product/test-kit`,
    },
    body: new URLSearchParams({ item: "enhancer_kit_bundle", quantity: "1" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response.headers.get("location") ?? "";
}

// Each test starts from nothing but the shared server: its own checkout, its own buyer.
describe.each(databaseTargets)("sandbox purchase on $name", ({ name }) => {
  const shop = useShop({ store: name, inProcessEmulators: true, ownOrigin: true });

  it("runs every outside system on an emulator", async () => {
    const response = await fetch(`${shop.server.url}/__sandbox`);
    expect(await response.json()).toEqual({ active: expect.arrayContaining(["shopify", "stripe", "mail"]) });
  });

  it("creates a Stripe Checkout Session with Shopify's names and prices", async () => {
    const site = shop.origin;
    const started = await startPurchase(shop.server, site);
    expect(started.success).toBe(true);
    expect(started.sessionId).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(started.checkoutUrl).toBe(`${site}/__sandbox/stripe/pay/${started.sessionId}`);
    const payUrl = started.checkoutUrl;

    const page = await fetch(payUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Forge Enhancer");
    expect(html).toContain("At-Home Testosterone Test Kit");
    expect(html).toContain("× 2");
    expect(html).toContain("$127.00");
    expect(html).toContain("Free shipping");
    // Cancel goes back to the page the visitor came from, on this site.
    expect(html).toContain(`href="${site}/product/forge-enhancer?ref=hero"`);
    for (const field of [
      "email",
      "cardNumber",
      "cardExpiry",
      "cardCvc",
      "name",
      "line1",
      "city",
      "state",
      "postalCode",
    ]) {
      expect(html).toMatch(
        new RegExp(
          `<label for="f-${field}">[^<]+</label>\\s*<(input|select) id="f-${field}" name="${field}"`,
        ),
      );
    }
    // Served by the site under its own CSP: no script at all, so nothing for the policy to allow.
    expect(html).not.toMatch(/<script/i);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain("form-action 'self'");
  });

  it("refuses a declined card with a message and fulfils nothing", async () => {
    const buyer = "declined.buyer@example.com";
    const { sessionId, checkoutUrl: payUrl } = await startPurchase(shop.server, shop.origin);
    const declined = await submitPayPage(payUrl, payFields("4000 0000 0000 0002", { email: buyer }));
    expect(declined.status).toBe(402);
    expect(declined.location).toBeNull();
    expect(declined.html).toContain("Your card was declined.");
    expect(declined.html).toContain('role="alert"');

    const result = await verify(shop.server, sessionId);
    expect(result.status).toBe(402);
    expect(result.json).toMatchObject({
      success: false,
      email: null,
      message: "This checkout session has not been paid yet.",
    });
    await sleep(300);
    expect(await mails(shop.server, buyer)).toEqual([]);
  });

  it("pays: redirects to payment-success, the webhook and the page fulfil it once, one e-mail", async () => {
    const buyer = "sam.buyer@example.com";
    const site = shop.origin;
    const { sessionId, checkoutUrl: payUrl } = await startPurchase(shop.server, site);
    const paid = await submitPayPage(payUrl, payFields(undefined, { email: buyer }));
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${site}/payment-success?session_id=${sessionId}`);

    // Stripe's signed webhook reaches the app and fulfils the order.
    await eventually(() => {
      const handled = shop.server.logs.find(
        (line) => line.includes("stripe webhook handled") && line.includes(sessionId),
      );
      expect(handled).toContain('"outcome":"fulfilled"');
    });

    // The payment-success page's call: the same order, and the e-mail's state.
    const result = await verify(shop.server, sessionId);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      success: true,
      email: buyer,
      emailStatus: "sent",
      message: "Confirmation email has been sent to your email address.",
      order: {
        currency: "USD",
        total: { amount: 12_700, formatted: "$127.00" },
        items: [
          { name: "Forge Enhancer", quantity: 2, unitAmount: 3_900, formatted: "$78.00" },
          { name: "At-Home Testosterone Test Kit", quantity: 1, unitAmount: 4_900, formatted: "$49.00" },
        ],
        shippingAddress: {
          name: "Sam Buyer",
          line1: "500 Congress Ave",
          line2: "Apt 4",
          city: "Austin",
          state: "TX",
          postalCode: "78701",
          country: "US",
        },
      },
    });
    const orderNumber = (result.json.order as { orderNumber: number }).orderNumber;
    expect(orderNumber).toBeGreaterThan(0);

    const [mail, ...others] = await eventually(async () => {
      const list = await mails(shop.server, buyer);
      expect(list.length).toBeGreaterThan(0);
      return list;
    });
    expect(others).toEqual([]);
    expect(mail?.to).toEqual([buyer]);
    expect(mail?.subject).toBe(`Your Forge order #${orderNumber} is confirmed`);
    for (const body of [mail?.html ?? "", mail?.text ?? ""]) {
      const expected = [
        `#${orderNumber}`,
        "Forge Enhancer",
        "At-Home Testosterone Test Kit",
        "Qty 2 × $39.00",
        "Qty 1 × $49.00",
        "$127.00",
        "Sam Buyer",
        "500 Congress Ave",
        "Austin, TX 78701",
        "1-2 business days",
        "3 Forge Enhancer capsules daily with your first meal",
        "3-5 days",
        "12 months",
        "60-day money-back guarantee",
        // The sandbox's support address (fictional, decision 094), never a placeholder.
        "support@sandbox.forge.test",
        "These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.",
      ];
      // Listed as missing phrases, so a failure names them rather than printing the whole e-mail.
      expect(expected.filter((phrase) => !body.includes(phrase))).toEqual([]);
    }
  });

  it("answers a repeated page call with the same order and sends nothing more", async () => {
    const buyer = "repeat.buyer@example.com";
    const { sessionId, orderNumber } = await paidPurchase(shop.server, shop.origin, buyer);
    const again = await verify(shop.server, sessionId);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ success: true, emailStatus: "sent", order: { orderNumber } });
    await sleep(1_000);
    expect(await mails(shop.server, buyer)).toHaveLength(1);
  });

  it("lists the e-mail on /__sandbox/mail with its HTML body a click away", async () => {
    const buyer = "listed.buyer@example.com";
    const { orderNumber } = await paidPurchase(shop.server, shop.origin, buyer);
    const list = await fetch(`${shop.server.url}/__sandbox/mail`, { headers: { accept: "text/html" } });
    const html = await list.text();
    expect(html).toContain(`Your Forge order #${orderNumber} is confirmed`);
    expect(html).toContain(buyer);
    const link = /href="(\/__sandbox\/mail\/[^"]+\/html)"/.exec(html)?.[1];
    expect(link).toBeTruthy();
    const body = await fetch(`${shop.server.url}${link}`);
    expect(body.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await body.text()).toContain(`#${orderNumber}`);
  });

  it("sends the no-JavaScript buy button (a form post) to the checkout with a 303", async () => {
    const site = shop.origin;
    const location = await formCheckout(shop.server, site);
    expect(location).toMatch(new RegExp(`^${site}/__sandbox/stripe/pay/cs_test_[A-Za-z0-9]+$`));
    const formSessionId = location.split("/").pop() ?? "";
    const html = await (await fetch(location)).text();
    expect(html).toContain("Forge Enhancer + Test Kit");
    expect(html).toContain("$128.00");
    expect(html).toContain(`href="${site}/product/test-kit"`);

    // A declined card on this one: nothing is fulfilled.
    expect((await submitPayPage(location, payFields("4000000000000002"))).status).toBe(402);
    expect((await verify(shop.server, formSessionId)).status).toBe(402);
  });

  it("answers an unconfigured item from the form with a readable page, not a checkout", async () => {
    const site = shop.origin;
    const response = await fetch(`${shop.server.url}/api/hybrid-checkout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site },
      body: new URLSearchParams({ item: "test_item", quantity: "1" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Product not configured");
    expect(html).toContain(`href="${site}/"`);
    expect(html).not.toMatch(/<script/i);
  });

  it("is reachable through the JSON function with a bad Origin refused", async () => {
    const refused = await postJson(
      `${shop.server.url}/api/hybrid-checkout`,
      { products: [{ shopifyVariantId: ENHANCER, quantity: 1 }] },
      { origin: "https://evil.example" },
    );
    expect(refused.status).toBe(403);
  });
});

// A shop of its own: this test counts every row.
describe.each(databaseTargets)("sandbox purchase on $name, in the database", ({ name }) => {
  const shop = useShop({ store: name, inProcessEmulators: true, ownOrigin: true });
  it("leaves one order, one sent e-mail, and both checkouts recorded", async () => {
    const buyer = "sam.buyer@example.com";
    const site = shop.origin;
    // One purchase paid, one form checkout declined.
    const { sessionId, orderNumber } = await paidPurchase(shop.server, site, buyer);
    const location = await formCheckout(shop.server, site);
    const formSessionId = location.split("/").pop() ?? "";
    expect((await submitPayPage(location, payFields("4000000000000002"))).status).toBe(402);

    // PGlite lives in the server process: read its directory once the server has stopped.
    if (shop.store.name === "pglite") expect(await shop.server.stop()).toBe(0);
    expect(await counts(shop.store)).toEqual({ checkouts: 2, orders: 1, deliveries: 1, sent: 1 });
    const checkoutRows = await shop.store.query<{
      stripe_session_id: string;
      status: string;
      amount_total: number;
      lines: { variantId: string; quantity: number }[];
    }>("select stripe_session_id, status, amount_total, lines from checkouts order by created_at");
    // Each row its own (the statement is prepared once and reused): its session, total and lines.
    expect(checkoutRows).toEqual([
      {
        stripe_session_id: sessionId,
        status: "complete",
        amount_total: 12_700,
        lines: [
          expect.objectContaining({ variantId: ENHANCER, quantity: 2 }),
          expect.objectContaining({ variantId: TEST_KIT, quantity: 1 }),
        ],
      },
      {
        stripe_session_id: formSessionId,
        status: "open",
        amount_total: 12_800,
        lines: [expect.objectContaining({ quantity: expect.any(Number) })],
      },
    ]);
    const [order] = await shop.store.query<{
      order_number: string;
      email: string;
      amount_total: number;
      lines: unknown;
    }>("select order_number, email, amount_total, lines from orders");
    expect(Number(order?.order_number)).toBe(orderNumber);
    expect(order).toMatchObject({ email: buyer, amount_total: 12_700 });
    expect(order?.lines).toEqual([
      expect.objectContaining({ variantId: ENHANCER, quantity: 2, unitAmount: 3_900, currency: "usd" }),
      expect.objectContaining({ variantId: TEST_KIT, quantity: 1, unitAmount: 4_900, currency: "usd" }),
    ]);
  });
});
