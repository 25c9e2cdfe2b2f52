import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { type Emulators, eventually, mailsTo } from "./checkout-harness";
import { liveUntil, paidInvoices, sdk, subscribeAndPay } from "./subscription-support";

/**
 * Refunds of subscription orders (issue 36, decision 130) over HTTP: each paid invoice's order records
 * the PaymentIntent that paid it (Stripe's invoice payments), so a refund made in Stripe of a renewal's
 * charge is recorded on that order and mirrored once to its Shopify order; a refund whose event comes
 * before the invoice's own events makes the invoice's order first, and is still recorded once.
 */

type Money = { shopMoney: { amount: string } };
type AdminOrder = {
  sourceIdentifier: string | null;
  displayFinancialStatus: string;
  totalRefundedSet: Money;
};

async function shopifyOrdersOf(emulators: Emulators, invoiceId: string) {
  const response = await fetch(`${emulators.env.SHOPIFY_API_URL}/orders.json`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { orders: AdminOrder[] }).orders.filter(
    (order) => order.sourceIdentifier === invoiceId,
  );
}

/** The PaymentIntent that paid the invoice, as Stripe gives it (`payments` is includable). */
async function intentOf(stripe: Stripe, invoiceId: string) {
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
  const intent = invoice.payments?.data[0]?.payment.payment_intent;
  expect(typeof intent).toBe("string");
  return intent as string;
}

const SYNC_ENV = { SHOPIFY_SYNC_RETRY_MAX_SECONDS: "2", SHOPIFY_SYNC_LEASE_SECONDS: "10" };

describe.each(databaseTargets)("subscription refunds on $name", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true, testClocks: true, ownOrigin: true, env: SYNC_ENV });

  /** The invoice's order and its refunds, as stored. */
  const recorded = async (invoiceId: string) => ({
    orders: await shop.store.query<{ payment_intent_id: string | null; amount_refunded: number }>(
      "select payment_intent_id, amount_refunded from orders where stripe_invoice_id = $1",
      [invoiceId],
    ),
    refunds: await shop.store.query<{ amount: number }>(
      "select r.amount from refunds r join orders o on o.id = r.order_id where o.stripe_invoice_id = $1",
      [invoiceId],
    ),
  });

  it("a renewal's charge refunded in part in Stripe: recorded on its order, mirrored once to Shopify", async () => {
    const subscriber = await subscribeAndPay(shop, "refunded.renewal@example.com");
    await liveUntil(shop, subscriber, 31);
    const stripe = sdk(shop.emulators);
    const { paid } = await paidInvoices(shop, subscriber.subscriptionId);
    const renewal = paid.find((invoice) => invoice.billing_reason === "subscription_cycle");
    expect(renewal).toBeDefined();
    const invoiceId = renewal?.id as string;
    const intent = await intentOf(stripe, invoiceId);
    // As at Stripe: `payments` only when expanded, and the invoice found from its PaymentIntent.
    expect((await stripe.invoices.retrieve(invoiceId)).payments).toBeUndefined();
    const byIntent = await stripe.invoicePayments.list({
      payment: { type: "payment_intent", payment_intent: intent },
    });
    expect(byIntent.data.map((payment) => payment.invoice)).toEqual([invoiceId]);
    await eventually(
      async () => expect(await shopifyOrdersOf(shop.emulators, invoiceId)).toHaveLength(1),
      30_000,
    );

    await stripe.refunds.create({ payment_intent: intent, amount: 1_000 });
    await shop.emulators.stripe.webhooksSettled(30_000);
    await eventually(async () => {
      const [order] = await shopifyOrdersOf(shop.emulators, invoiceId);
      expect(order).toMatchObject({ displayFinancialStatus: "PARTIALLY_REFUNDED" });
      expect(order?.totalRefundedSet.shopMoney.amount).toBe("10.0");
    }, 30_000);

    // The refund's event again: nothing new.
    const refunded = shop.emulators.stripe
      .events()
      .filter((event) => event.type === "charge.refunded")
      .at(-1);
    await shop.emulators.stripe.redeliver(refunded?.id as string);
    await shop.emulators.stripe.webhooksSettled(30_000);
    const after = await shopifyOrdersOf(shop.emulators, invoiceId);
    expect(after).toHaveLength(1);
    expect(after[0]?.totalRefundedSet.shopMoney.amount).toBe("10.0");
    expect(await recorded(invoiceId)).toEqual({
      orders: [{ payment_intent_id: intent, amount_refunded: 1_000 }],
      refunds: [{ amount: 1_000 }],
    });
  }, 180_000);

  it("an order recorded before orders kept their PaymentIntent: its refund is still recorded, the intent filled in", async () => {
    const subscriber = await subscribeAndPay(shop, "older.order@example.com");
    const stripe = sdk(shop.emulators);
    const { paid } = await paidInvoices(shop, subscriber.subscriptionId);
    const invoiceId = paid[0]?.id as string;
    const intent = await intentOf(stripe, invoiceId);
    await eventually(
      async () => expect(await shopifyOrdersOf(shop.emulators, invoiceId)).toHaveLength(1),
      30_000,
    );
    // The invoice's order holds its PaymentIntent; one made before it did is as if it were cleared.
    const [order] = await shop.store.query<{ payment_intent_id: string | null }>(
      "select payment_intent_id from orders where stripe_invoice_id = $1",
      [invoiceId],
    );
    expect(order?.payment_intent_id).toBe(intent);
    await shop.store.query("update orders set payment_intent_id = null where stripe_invoice_id = $1", [
      invoiceId,
    ]);
    await stripe.refunds.create({ payment_intent: intent, amount: 500 });
    await shop.emulators.stripe.webhooksSettled(30_000);
    await eventually(async () => {
      const [order] = await shopifyOrdersOf(shop.emulators, invoiceId);
      expect(order?.totalRefundedSet.shopMoney.amount).toBe("5.0");
    }, 30_000);
    expect(await recorded(invoiceId)).toEqual({
      orders: [{ payment_intent_id: intent, amount_refunded: 500 }],
      refunds: [{ amount: 500 }],
    });
  }, 180_000);

  it("a refund whose event comes before its invoice's: the invoice's order is made, the refund recorded once", async () => {
    const email = "early.subscription.refund@example.com";
    const emulator = shop.emulators.stripe;
    const stripe = sdk(shop.emulators);
    // Nothing is delivered while the subscriber pays and the brand refunds: the refund's event first.
    emulator.setWebhookUrls([]);
    let invoiceId: string;
    let sessionId: string;
    try {
      const { subscriptionId, ...subscriber } = await subscribeAndPay(shop, email);
      sessionId = subscriber.sessionId;
      const { paid } = await paidInvoices(shop, subscriptionId);
      expect(paid).toHaveLength(1);
      invoiceId = paid[0]?.id as string;
      await stripe.refunds.create({ payment_intent: await intentOf(stripe, invoiceId), amount: 1_500 });
    } finally {
      emulator.setWebhookUrls([`${shop.server.url}/api/stripe-webhook`]);
    }
    const refunded = emulator
      .events()
      .filter((event) => event.type === "charge.refunded")
      .at(-1);
    expect(refunded).toBeDefined();
    await emulator.redeliver(refunded?.id as string);
    await emulator.webhooksSettled(30_000);
    await eventually(async () => {
      const found = await shopifyOrdersOf(shop.emulators, invoiceId);
      expect(found).toHaveLength(1);
      expect(found[0]?.totalRefundedSet.shopMoney.amount).toBe("15.0");
    }, 30_000);

    // The invoice's own events, late, and the refund's again: nothing new.
    const own = emulator.events().filter((event) => {
      const object = event.data.object as { id: string };
      return (
        (event.type === "invoice.paid" && object.id === invoiceId) ||
        (event.type === "checkout.session.completed" && object.id === sessionId)
      );
    });
    expect(own).toHaveLength(2);
    for (const event of own) await emulator.redeliver(event.id);
    await emulator.redeliver(refunded?.id as string);
    await emulator.webhooksSettled(30_000);
    const after = await shopifyOrdersOf(shop.emulators, invoiceId);
    expect(after).toHaveLength(1);
    expect(after[0]?.totalRefundedSet.shopMoney.amount).toBe("15.0");
    const mails = mailsTo(shop.emulators.mail.messages(), email);
    expect(mails.filter((mail) => /order #\d+ is confirmed/.test(mail.subject))).toHaveLength(1);
    const { orders, refunds } = await recorded(invoiceId);
    expect(orders).toEqual([{ payment_intent_id: expect.stringMatching(/^pi_/), amount_refunded: 1_500 }]);
    expect(refunds).toEqual([{ amount: 1_500 }]);
  }, 180_000);
});
