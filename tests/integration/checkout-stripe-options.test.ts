import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPayments } from "~/server/stripe/payments.server";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { createCheckout, ENHANCER, eventually, payFields, submitPayPage, TEST_KIT } from "./checkout-harness";

/**
 * What Checkout asks of the shopper (issue 16, item 4) and what Stripe gives back (item 3), over HTTP:
 * the server creates the checkout (shipping countries, free shipping, promotion codes, automatic tax,
 * the terms of sale); the shopper pays on the emulator's page with a promotion code; the app's Stripe
 * adapter reads back the discount, code, tax, totals and PaymentIntent; refunds made through Stripe's
 * API and through the sandbox dashboard are read back and announced by signed `charge.refunded`.
 */

type Delivery = { body: string; signature: string | null; type: string };

/** A webhook endpoint of the test's own: what Stripe posted, byte for byte. */
async function startReceiver() {
  const received: Delivery[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const type = (JSON.parse(body) as { type: string }).type;
      received.push({ body, signature: req.headers["stripe-signature"] as string | null, type });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The fields of Stripe's answers the tests read. */
type StripeJson = {
  id: string;
  amount: number;
  latest_charge: string;
  payment_intent: string;
  error?: Record<string, unknown>;
  [key: string]: unknown;
};

describe.each(databaseTargets)("Stripe Checkout options and refunds on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    ownOrigin: true,
    env: { STRIPE_AUTOMATIC_TAX: "true", SHIPPING_COUNTRIES: "US,CA" },
  });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const adapter = () =>
    createPayments({
      secretKey: shop.emulators.stripe.secretKey,
      webhookSecret: shop.emulators.stripe.webhookSecret,
      apiUrl: shop.emulators.stripe.apiUrl,
    });
  /** Stripe's API as a script would call it (the dashboard's counterpart). */
  const api = async (method: string, path: string, form?: Record<string, string>) => {
    const response = await fetch(`${shop.emulators.stripe.apiUrl}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${shop.emulators.stripe.secretKey}`,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    return { status: response.status, body: (await response.json()) as StripeJson };
  };
  const start = () =>
    createCheckout(
      shop.server,
      [
        { shopifyVariantId: ENHANCER, quantity: 2 },
        { shopifyVariantId: TEST_KIT, quantity: 1 },
      ],
      { origin: shop.origin, referer: `${shop.origin}/product/forge-enhancer` },
    );
  const codeForm = (payUrl: string, code: string) =>
    fetch(`${payUrl}/promotion-code`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code, action: "apply" }),
      redirect: "manual",
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    shop.emulators.stripe.setWebhookUrls([receiver.url]);
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("creates the checkout with the shipping countries, free shipping, codes, tax and the terms of sale", async () => {
    const { sessionId } = await start();
    const session = shop.emulators.stripe.session(sessionId);
    expect(session).toMatchObject({
      shipping_address_collection: { allowed_countries: ["US", "CA"] },
      shipping_cost: { amount_total: 0 },
      allow_promotion_codes: true,
      // As at Stripe, the tax waits for the address: the total the server checks is untaxed.
      automatic_tax: { enabled: true, status: "requires_location_inputs" },
      consent_collection: { terms_of_service: "required" },
      custom_text: {
        terms_of_service_acceptance: {
          message: `I agree to the [terms of sale](${shop.origin}/legal/terms).`,
        },
      },
    });
    expect(session?.shipping_options).toHaveLength(1);
  });

  it("refuses an unknown or inactive code, and payment without the terms ticked", async () => {
    const { checkoutUrl, sessionId } = await start();
    for (const code of ["NOPE", "spring25"]) {
      const refused = await codeForm(checkoutUrl, code);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("This code is invalid.");
    }
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain(`href="${shop.origin}/legal/terms"`);
    expect(page).toContain('type="checkbox" id="f-terms" name="terms"');
    const unticked = await submitPayPage(checkoutUrl, payFields(undefined, { terms: "" }));
    expect(unticked.status).toBe(400);
    expect(unticked.html).toContain("You must agree to the terms to continue.");
    expect(shop.emulators.stripe.session(sessionId)?.status).toBe("open");
  });

  it("pays with FORGE10: the adapter reads the discount, code, tax, totals and PaymentIntent", async () => {
    const { checkoutUrl, sessionId } = await start();
    const applied = await codeForm(checkoutUrl, "forge10");
    expect(applied.status).toBe(303);
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain("<strong>FORGE10</strong> applied");
    expect(page).toContain("Discount (FORGE10)");
    expect(page).toContain("Sandbox tax (8%, a flat sandbox rate)");
    const paid = await submitPayPage(checkoutUrl, payFields());
    expect(paid.status).toBe(303);

    const details = await adapter().retrieveCheckoutSession(sessionId);
    if (!details) throw new Error("session not found");
    const subtotal = details.amountSubtotal;
    expect(subtotal).toBe(details.lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0));
    expect(details.amountDiscount).toBe(Math.round(subtotal / 10));
    // 8 % of the discounted items, rounded line by line.
    expect(Math.abs(details.amountTax - (subtotal - details.amountDiscount) * 0.08)).toBeLessThanOrEqual(1);
    expect(details).toMatchObject({
      status: "complete",
      paymentStatus: "paid",
      promotionCode: "FORGE10",
      shippingTitle: "Free shipping",
      amountShipping: 0,
      amountTotal: subtotal - details.amountDiscount + details.amountTax,
      paymentIntentId: expect.stringMatching(/^pi_\w+$/),
    });
    const intent = await api("GET", `/payment_intents/${details.paymentIntentId}`);
    expect(intent.body).toMatchObject({ status: "succeeded", amount: details.amountTotal });
    const charge = await api("GET", `/charges/${intent.body.latest_charge}`);
    expect(charge.body).toMatchObject({ amount: details.amountTotal, amount_refunded: 0, refunded: false });
  });

  it("refunds partly through the API, the rest through the dashboard, each announced by a signed charge.refunded", async () => {
    const { checkoutUrl, sessionId } = await start();
    const buyer = `refund.${name}@example.com`;
    expect((await submitPayPage(checkoutUrl, payFields(undefined, { email: buyer }))).status).toBe(303);
    const paymentIntent = shop.emulators.stripe.session(sessionId)?.payment_intent as string;
    const chargeId = (await api("GET", `/payment_intents/${paymentIntent}`)).body.latest_charge as string;
    const total = (await api("GET", `/charges/${chargeId}`)).body.amount as number;

    const partial = await api("POST", "/refunds", { payment_intent: paymentIntent, amount: "1000" });
    expect(partial).toMatchObject({
      status: 200,
      body: { object: "refund", amount: 1000, charge: chargeId },
    });
    const tooMuch = await api("POST", "/refunds", { charge: chargeId, amount: String(total) });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { error: { code: "amount_too_large", param: "amount" } },
    });
    expect((await api("GET", `/refunds/${partial.body.id}`)).body).toMatchObject({ amount: 1000 });

    const dashboard = `${shop.emulators.stripe.apiUrl}/payments`;
    const listed = await (await fetch(dashboard)).text();
    expect(listed).toContain(buyer);
    expect(listed).toContain(`/payments/${chargeId}/refund`);
    const rest = await fetch(`${dashboard}/${chargeId}/refund`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        amount: ((total - 1000) / 100).toFixed(2),
        reason: "requested_by_customer",
      }),
      redirect: "manual",
    });
    expect(rest.status).toBe(303);
    expect(rest.headers.get("location")).toMatch(/^\/payments\?refunded=re_\w+$/);

    const refunds = await adapter().retrieveChargeRefunds(chargeId);
    expect(refunds).toMatchObject({
      chargeId,
      paymentIntentId: paymentIntent,
      amountRefunded: total,
      fullyRefunded: true,
    });
    expect(refunds?.refunds.map((refund) => refund.amount).sort((a, b) => a - b)).toEqual(
      [1000, total - 1000].sort((a, b) => a - b),
    );
    expect(await adapter().retrieveChargeRefunds("ch_doesnotexist")).toBeNull();
    const again = await api("POST", "/refunds", { charge: chargeId });
    expect(again.body.error).toMatchObject({ code: "charge_already_refunded" });

    await eventually(() => {
      const events = receiver.received
        .filter((delivery) => delivery.type === "charge.refunded")
        .map((delivery) => adapter().parseWebhook(delivery.body, delivery.signature))
        .filter((event) => event.chargeId === chargeId);
      expect(events).toHaveLength(2);
    });
  });
});

// `npm start`'s sandbox: the dashboard is on the site's own origin, next to the pay page.
describe("the sandbox's Stripe dashboard on the site", () => {
  const shop = useShop({ store: "pglite", inProcessEmulators: true, ownOrigin: true });

  it("lists a paid checkout and refunds it in two steps without credentials", async () => {
    const buyer = "dashboard.buyer@example.com";
    const { checkoutUrl } = await createCheckout(shop.server, [{ shopifyVariantId: ENHANCER, quantity: 1 }], {
      origin: shop.origin,
      referer: `${shop.origin}/product/forge-enhancer`,
    });
    expect(new URL(checkoutUrl).pathname).toMatch(/^\/__sandbox\/stripe\/pay\//);
    expect((await submitPayPage(checkoutUrl, payFields(undefined, { email: buyer }))).status).toBe(303);

    const dashboard = `${shop.server.url}/__sandbox/stripe/payments`;
    const listed = await fetch(dashboard);
    expect(listed.status).toBe(200);
    const html = await listed.text();
    expect(html).toContain(buyer);
    const action = /action="(\/__sandbox\/stripe\/payments\/ch_\w+\/refund)"/.exec(html)?.[1];
    if (!action) throw new Error("no refund form");
    const refund = (amount: string) =>
      fetch(`${shop.server.url}${action}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.origin },
        body: new URLSearchParams({ amount, reason: "requested_by_customer" }),
        redirect: "manual",
      });

    const partial = await refund("5.00");
    expect(partial.status).toBe(303);
    const back = partial.headers.get("location") ?? "";
    expect(back).toMatch(/^\/__sandbox\/stripe\/payments\?refunded=re_\w+$/);
    const afterPartial = await (await fetch(`${shop.server.url}${back}`)).text();
    expect(afterPartial).toContain("Refunded $5.00 of charge");
    expect(afterPartial).toMatch(/Refunded so far<\/dt><dd>\$5\.00/);

    const tooMuch = await refund("1000.00");
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain("is greater than unrefunded amount on charge");

    // Blank: all that is left, as Stripe's dashboard refunds by default.
    expect((await refund("")).status).toBe(303);
    expect(await (await fetch(dashboard)).text()).toContain("Fully refunded.");
  });
});
