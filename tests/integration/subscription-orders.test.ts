import { describe, expect, it } from "vitest";
import { addDays, cycleCalendar, STORE_TIME_ZONE, zonedDate } from "../../app/shared/subscription-cycle";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { type Emulators, eventually, mailsTo, postJson } from "./checkout-harness";
import {
  ADDRESS,
  checkoutElsewhere,
  liveUntil,
  paidInvoices,
  removeSellingPlan,
  type Subscriber,
  sdk,
  subscribeAndPay,
} from "./subscription-support";

/**
 * Issue 36 item 4 over HTTP (decision 130): a subscription started at POST /api/subscribe on Shopify's
 * selling plan and paid at Stripe; its customer's test clock moved through months. Every paid invoice
 * is one order, one confirmation e-mail and one Shopify order; the off weeks bill nothing (the app
 * writes the pauses from Stripe's events); a duplicated or early invoice.paid changes nothing; a failed
 * payment e-mails a link to fix the card each attempt and ends in a cancellation e-mail; a
 * subscription this site did not start is ignored; no selling plan, no subscription.
 */

async function shopifyOrders(emulators: Emulators) {
  const response = await fetch(`${emulators.env.SHOPIFY_API_URL}/orders.json`);
  return ((await response.json()) as { orders: { sourceIdentifier: string | null }[] }).orders;
}

const orderMails = (emulators: Emulators, email: string) =>
  mailsTo(emulators.mail.messages(), email).filter((mail) => /order #\d+ is confirmed/.test(mail.subject));

describe.each(databaseTargets)("subscription orders on $name", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true, testClocks: true, ownOrigin: true });

  async function subscribe(email: string, weeks = { weeksOn: 8, weeksOff: 2 }): Promise<Subscriber> {
    return subscribeAndPay(shop, email, { quantity: 1, ...weeks });
  }

  it("each paid invoice over seven months is one order, one e-mail, one Shopify order; off weeks bill nothing", async () => {
    const email = "cycling.subscriber@example.com";
    const subscriber = await subscribe(email);
    const { subscriptionId, startedAt } = subscriber;
    await liveUntil(shop, subscriber, 230);

    // The cycle's charge dates: 8 on / 2 off is days 0, 30, 74, 104, 148, 178, 222 (decision 119); the
    // third gap exists at Stripe only if the app topped the pauses up on a resume.
    const start = zonedDate(startedAt, STORE_TIME_ZONE);
    const expected = cycleCalendar({ start, weeksOn: 8, weeksOff: 2, through: addDays(start, 230) })
      .charges.map((charge) => charge.date)
      .filter((date) => date <= addDays(start, 230));
    const { paid, dates } = await paidInvoices(shop, subscriptionId);
    expect(dates).toEqual(expected);
    expect(expected).toHaveLength(7);

    await eventually(() => expect(orderMails(shop.emulators, email)).toHaveLength(7), 30_000);
    await eventually(async () => {
      const synced = (await shopifyOrders(shop.emulators)).map((order) => order.sourceIdentifier);
      for (const invoice of paid) expect(synced.filter((id) => id === invoice.id)).toHaveLength(1);
    }, 30_000);

    // Every event again, the first invoice's last: nothing new.
    const events = shop.emulators.stripe
      .events()
      .filter(
        (event) =>
          (event.data.object as { subscription?: string; id: string }).id === subscriptionId ||
          paid.some((invoice) => invoice.id === (event.data.object as { id: string }).id),
      );
    for (const event of events.reverse()) await shop.emulators.stripe.redeliver(event.id);
    await shop.emulators.stripe.webhooksSettled(30_000);
    expect(orderMails(shop.emulators, email)).toHaveLength(7);
    expect(
      (await shopifyOrders(shop.emulators)).filter((order) =>
        paid.some((i) => i.id === order.sourceIdentifier),
      ),
    ).toHaveLength(7);
  }, 240_000);

  it("an invoice.paid before its checkout's completion, and twice, is still one order", async () => {
    const email = "early.invoice@example.com";
    shop.emulators.stripe.setWebhookUrls([]);
    const { subscriptionId } = await subscribe(email);
    shop.emulators.stripe.setWebhookUrls([`${shop.server.url}/api/stripe-webhook`]);
    const ofIt = shop.emulators.stripe.events().filter((event) => {
      const object = event.data.object as { id: string; subscription?: string | null };
      return (
        object.id === subscriptionId ||
        object.subscription === subscriptionId ||
        (event.type === "invoice.paid" && JSON.stringify(object).includes(subscriptionId))
      );
    });
    const invoicePaid = ofIt.find((event) => event.type === "invoice.paid");
    const completed = ofIt.find((event) => event.type === "checkout.session.completed");
    expect(invoicePaid && completed).toBeTruthy();
    await Promise.all([
      shop.emulators.stripe.redeliver(invoicePaid?.id as string),
      shop.emulators.stripe.redeliver(invoicePaid?.id as string),
    ]);
    await shop.emulators.stripe.redeliver(completed?.id as string);
    await shop.emulators.stripe.redeliver(invoicePaid?.id as string);
    await shop.emulators.stripe.webhooksSettled(30_000);
    await eventually(() => expect(orderMails(shop.emulators, email)).toHaveLength(1), 30_000);
    // The completion wrote the cycle's pauses (the off weeks), though the invoice came first.
    const schedule = (await sdk(shop.emulators).subscriptions.retrieve(subscriptionId)).schedule;
    expect(schedule).toBeTruthy();
  }, 120_000);

  it("a failed renewal e-mails a link to fix the card on each attempt, then a cancellation", async () => {
    const email = "declined.subscriber@example.com";
    const subscriber = await subscribe(email);
    const { subscriptionId, customerId } = subscriber;
    await eventually(() => expect(orderMails(shop.emulators, email)).toHaveLength(1), 30_000);
    shop.emulators.stripe.setCustomerCard(customerId, "4000000000000341");
    // The renewal on day 30 fails; Stripe tries again 3, 5 and 7 days later, then cancels.
    // Two days at a time from then: each attempt's event is handled before the next attempt.
    await liveUntil(shop, subscriber, 29);
    await liveUntil(shop, subscriber, 50, 2);
    await eventually(() => {
      const mails = mailsTo(shop.emulators.mail.messages(), email);
      expect(mails.filter((mail) => mail.subject.includes("payment did not go through"))).toHaveLength(4);
      expect(mails.filter((mail) => mail.subject.includes("subscription is cancelled"))).toHaveLength(1);
    }, 30_000);
    const mails = mailsTo(shop.emulators.mail.messages(), email);
    const failed = mails.filter((mail) => mail.subject.includes("payment did not go through"));
    // Each links to the subscription page, which opens a fresh portal session (decision 132).
    for (const mail of failed)
      expect(mail.text).toContain(`Update your card:\n${shop.origin}/account/subscription`);
    // Three say when Stripe tries again (3, 5 and 7 days later); the last, that no attempt is left.
    expect(failed.filter((mail) => mail.text?.includes("We will try again on"))).toHaveLength(3);
    expect(failed.filter((mail) => mail.text?.includes("No further attempt is scheduled"))).toHaveLength(1);
    expect(mails.find((mail) => mail.subject.includes("cancelled"))?.text).toContain(
      "the payment failed on every attempt",
    );
    expect(orderMails(shop.emulators, email)).toHaveLength(1);
    expect((await sdk(shop.emulators).subscriptions.retrieve(subscriptionId)).status).toBe("canceled");
  }, 180_000);

  it("a subscription this site did not start is ignored; with no selling plan, none is started", async () => {
    const email = "elsewhere.subscriber@example.com";
    const foreign = await checkoutElsewhere(shop.emulators);
    shop.emulators.stripe.completeSession(foreign.id, { email, name: "Ola Other", address: ADDRESS });
    await shop.emulators.stripe.webhooksSettled(30_000);
    const answered = shop.emulators.stripe.deliveries().filter((entry) => entry.sessionId === foreign.id);
    expect(answered.every((entry) => entry.status === 200)).toBe(true);
    expect(mailsTo(shop.emulators.mail.messages(), email)).toEqual([]);

    expect(await removeSellingPlan(shop.emulators)).toBe(200);
    const refused = await postJson(`${shop.server.url}/api/subscribe`, {
      quantity: 1,
      weeksOn: 8,
      weeksOff: 2,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("not offered on subscription");
    const bad = await postJson(`${shop.server.url}/api/subscribe`, { quantity: 1, weeksOn: 9, weeksOff: 2 });
    expect(bad.status).toBe(400);

    // In the database: one order per paid invoice of this site's subscriptions, and none other.
    const rows = await shop.store.query<{
      invoices: number;
      orders: number;
      distinct_invoices: number;
      subs: number;
    }>(
      `select (select count(*)::int from orders where stripe_invoice_id is not null) as orders,
                (select count(distinct stripe_invoice_id)::int from orders) as distinct_invoices,
                (select count(*)::int from subscriptions where stripe_subscription_id is not null) as subs,
                0 as invoices`,
    );
    expect(rows[0]).toMatchObject({ orders: 9, distinct_invoices: 9, subs: 3 });
  }, 180_000);
});
