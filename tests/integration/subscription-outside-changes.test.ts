import { beforeEach, describe, expect, it, onTestFailed } from "vitest";
import { formatMoney } from "../../app/shared/money";
import { addDays, STORE_TIME_ZONE, zonedDate } from "../../app/shared/subscription-cycle";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { eventually, mailsTo, postJson } from "./checkout-harness";
import { removeSellingPlan } from "./subscription-support";
import {
  advanceTo,
  DAY,
  dashboardPost,
  liveUntil,
  orderMails,
  reminderMails,
  sdk,
  shopifyOrders,
  subscribe,
} from "./subscription-timeline";

/**
 * Issue 36 item 8 (decision 133): a subscription changed outside this site, in the sandbox's stand-in
 * for Stripe's dashboard (the same events Stripe sends) or through Stripe's API, and the site in step
 * with it: the bottles per delivery followed; a price the subscriber did not agree to logged as an error
 * and not fulfilled; a cancellation marked and e-mailed once; a released schedule, or pauses edited,
 * written again from the cycle so the weeks off are not charged; events twice and out of order change
 * nothing more; a selling plan removed in Shopify leaves the subscribers their terms and refuses new ones.
 */

const paidDates = async (stripe: ReturnType<typeof sdk>, subscriptionId: string, startedAt: number) =>
  (await stripe.invoices.list({ subscription: subscriptionId, limit: 100 })).data
    .filter((invoice) => invoice.status === "paid")
    .map((invoice) => Math.round((invoice.created - startedAt) / DAY))
    .sort((a, b) => a - b);

/** The order confirmation with the highest order number (the outbox sends in no set order). */
const latestOrder = (mails: ReturnType<typeof orderMails>) =>
  [...mails].sort(
    (a, b) => Number(/#(\d+)/.exec(b.subject)?.[1] ?? 0) - Number(/#(\d+)/.exec(a.subject)?.[1] ?? 0),
  )[0];

describe.each(databaseTargets)("changes made outside the site on $name", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true, testClocks: true, ownOrigin: true });
  beforeEach(() => {
    const mark = shop.server.logs.length;
    onTestFailed(() =>
      console.log(
        shop.server.logs
          .slice(mark)
          .filter(
            (l) => /"level":(40|50)|released|attached|upcoming/.test(l) && !l.includes("request errored"),
          )
          .join("\n"),
      ),
    );
  });

  it("bottles changed in Stripe's dashboard: the reminder and the next order follow what Stripe charges", async () => {
    const email = "two.bottles@example.com";
    const subscriber = await subscribe(shop.server, shop.emulators, email);
    const stripe = sdk(shop.emulators);
    const before = await stripe.subscriptions.retrieve(subscriber.subscriptionId);
    const unit = before.items.data[0]?.price.unit_amount as number;
    await advanceTo(shop.emulators, subscriber.clockId, subscriber.startedAt + 10 * DAY);
    const price = (unit / 100).toFixed(2);
    expect(
      await dashboardPost(shop.emulators, subscriber.subscriptionId, "update", { quantity: "2", price }),
    ).toBe(303);
    await shop.emulators.stripe.webhooksSettled(30_000);
    // Two days at a time: the renewal's invoice.upcoming (day 27) is handled before the renewal.
    await liveUntil(shop.emulators, subscriber, 31, { stepDays: 2 });

    const reminder = await eventually(() => {
      const [sent] = reminderMails(shop.emulators.mail.messages(), email);
      expect(sent).toBeDefined();
      return sent;
    });
    expect(reminder?.subject).toContain(formatMoney(unit * 2, "usd"));
    expect(reminder?.text).toContain("Bottles: 2");
    await eventually(() => expect(orderMails(shop.emulators.mail.messages(), email)).toHaveLength(2));
    const renewal = latestOrder(orderMails(shop.emulators.mail.messages(), email));
    expect(renewal?.text).toContain(`Qty 2 × ${formatMoney(unit, "usd")}`);
    expect(renewal?.text).toContain(`Total: ${formatMoney(unit * 2, "usd")}`);
  }, 180_000);

  it("a price the subscriber did not agree to: logged as an error, its invoice not fulfilled", async () => {
    const email = "repriced@example.com";
    const subscriber = await subscribe(shop.server, shop.emulators, email);
    await advanceTo(shop.emulators, subscriber.clockId, subscriber.startedAt + 10 * DAY);
    expect(
      await dashboardPost(shop.emulators, subscriber.subscriptionId, "update", {
        quantity: "1",
        price: "49.00",
      }),
    ).toBe(303);
    await shop.emulators.stripe.webhooksSettled(30_000);
    await liveUntil(shop.emulators, subscriber, 31);
    // Stripe charged the new price on day 30; the site made no order of it.
    const invoices = await sdk(shop.emulators).invoices.list({ subscription: subscriber.subscriptionId });
    const renewal = invoices.data.find((invoice) => invoice.billing_reason === "subscription_cycle");
    expect(renewal).toMatchObject({ status: "paid", amount_paid: 4900 });
    await eventually(() => expect(orderMails(shop.emulators.mail.messages(), email)).toHaveLength(1));
    const logs = shop.server.logs.join("\n");
    expect(logs).toContain("did not agree to");
    expect(logs).toContain("subscription invoice refused");
    expect(
      (await shopifyOrders(shop.emulators)).some((order) => order.sourceIdentifier === renewal?.id),
    ).toBe(false);
  }, 180_000);

  it("cancelled in Stripe's dashboard, its events twice and out of order: marked and e-mailed once", async () => {
    const email = "dashboard.cancel@example.com";
    const subscriber = await subscribe(shop.server, shop.emulators, email);
    await advanceTo(shop.emulators, subscriber.clockId, subscriber.startedAt + 5 * DAY);
    shop.emulators.stripe.setWebhookDisorder({ duplicate: true, maxDelayMs: 400 });
    try {
      expect(await dashboardPost(shop.emulators, subscriber.subscriptionId, "cancel")).toBe(303);
      await shop.emulators.stripe.webhooksSettled(30_000);
      const ofIt = shop.emulators.stripe
        .events()
        .filter((event) => JSON.stringify(event.data.object).includes(subscriber.subscriptionId));
      await Promise.all(ofIt.reverse().map((event) => shop.emulators.stripe.redeliver(event.id)));
      await shop.emulators.stripe.webhooksSettled(30_000);
    } finally {
      shop.emulators.stripe.setWebhookDisorder(null);
    }
    await liveUntil(shop.emulators, subscriber, 90);
    const cancelled = () =>
      mailsTo(shop.emulators.mail.messages(), email).filter((mail) => mail.subject.includes("cancelled"));
    await eventually(() => expect(cancelled()).toHaveLength(1));
    // Not "as you asked": it was not cancelled on the site.
    expect(cancelled()[0]?.text).toContain("subscription has been cancelled");
    expect(cancelled()[0]?.text).toContain("If you did not ask for this, reply to this e-mail");
    expect(cancelled()[0]?.text).toContain("Nothing more will be charged and nothing more will ship");
    expect(reminderMails(shop.emulators.mail.messages(), email)).toEqual([]);
    expect(orderMails(shop.emulators.mail.messages(), email)).toHaveLength(1);
  }, 180_000);

  it("a schedule released in Stripe: attached again with the cycle's pauses; the weeks off not charged", async () => {
    const stripe = sdk(shop.emulators);
    const email = "released.schedule@example.com";
    const subscriber = await subscribe(shop.server, shop.emulators, email);
    await advanceTo(shop.emulators, subscriber.clockId, subscriber.startedAt + 10 * DAY);
    const first = (await stripe.subscriptions.retrieve(subscriber.subscriptionId)).schedule as string;
    await stripe.subscriptionSchedules.release(first);
    await shop.emulators.stripe.webhooksSettled(30_000);
    const again = await eventually(async () => {
      const schedule = (await stripe.subscriptions.retrieve(subscriber.subscriptionId)).schedule as string;
      expect(schedule).toBeTruthy();
      expect(schedule).not.toBe(first);
      return schedule;
    });
    expect(
      (await stripe.subscriptionSchedules.retrieve(again)).pause_schedules.map((entry) => entry.key),
    ).toEqual(["after-1"]);

    // Released in the weeks off too (paused since day 59): attached again, it resumes on day 74.
    const during = await subscribe(shop.server, shop.emulators, "released.while.paused@example.com");
    await liveUntil(shop.emulators, during, 62);
    expect((await stripe.subscriptions.retrieve(during.subscriptionId)).status).toBe("paused");
    await stripe.subscriptionSchedules.release(
      (await stripe.subscriptions.retrieve(during.subscriptionId)).schedule as string,
    );
    await shop.emulators.stripe.webhooksSettled(30_000);

    await liveUntil(shop.emulators, subscriber, 80);
    await liveUntil(shop.emulators, during, 80);
    expect(await paidDates(stripe, subscriber.subscriptionId, subscriber.startedAt)).toEqual([0, 30, 74]);
    expect(await paidDates(stripe, during.subscriptionId, during.startedAt)).toEqual([0, 30, 74]);
    await eventually(() => expect(orderMails(shop.emulators.mail.messages(), email)).toHaveLength(3));
  }, 240_000);

  it("pauses edited in Stripe: the cycle's written again, the charge stays on its date", async () => {
    const stripe = sdk(shop.emulators);
    const email = "edited.pauses@example.com";
    const subscriber = await subscribe(shop.server, shop.emulators, email);
    await advanceTo(shop.emulators, subscriber.clockId, subscriber.startedAt + 10 * DAY);
    const scheduleId = (await stripe.subscriptions.retrieve(subscriber.subscriptionId)).schedule as string;
    const written = await stripe.subscriptionSchedules.retrieve(scheduleId);
    // Someone clears the pauses in the dashboard: the subscription would renew through the weeks off.
    await stripe.subscriptionSchedules.update(scheduleId, { pause_schedules: "" });
    await shop.emulators.stripe.webhooksSettled(30_000);
    await eventually(async () =>
      expect((await stripe.subscriptionSchedules.retrieve(scheduleId)).pause_schedules).toEqual(
        written.pause_schedules,
      ),
    );
    await liveUntil(shop.emulators, subscriber, 80);
    expect(await paidDates(stripe, subscriber.subscriptionId, subscriber.startedAt)).toEqual([0, 30, 74]);
    const start = zonedDate(subscriber.startedAt, STORE_TIME_ZONE);
    const resumed = (await stripe.invoices.list({ subscription: subscriber.subscriptionId })).data.find(
      (invoice) => invoice.billing_reason === "subscription_update",
    );
    expect(zonedDate(resumed?.created ?? 0, STORE_TIME_ZONE)).toBe(addDays(start, 74));
  }, 180_000);

  it("a selling plan removed in Shopify: subscribers keep their terms, new sign-ups are refused", async () => {
    const email = "kept.terms@example.com";
    const subscriber = await subscribe(shop.server, shop.emulators, email);
    const unit = (await sdk(shop.emulators).subscriptions.retrieve(subscriber.subscriptionId)).items.data[0]
      ?.price.unit_amount as number;
    expect(await removeSellingPlan(shop.emulators)).toBe(200);
    const refused = await postJson(`${shop.server.url}/api/subscribe`, {
      quantity: 1,
      weeksOn: 8,
      weeksOff: 2,
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("not offered on subscription");

    await liveUntil(shop.emulators, subscriber, 31, { stepDays: 2 });
    await eventually(() => expect(orderMails(shop.emulators.mail.messages(), email)).toHaveLength(2));
    const renewal = latestOrder(orderMails(shop.emulators.mail.messages(), email));
    expect(renewal?.text).toContain(`Total: ${formatMoney(unit, "usd")}`);
    expect(reminderMails(shop.emulators.mail.messages(), email)[0]?.subject).toContain(
      formatMoney(unit, "usd"),
    );

    // In the database: the quantity followed, the cancellation marked, every order one per invoice.
    const rows = await shop.store.query<{ email: string; status: string; quantity: number }>(
      `select email, status, quantity from subscriptions where email in ($1, $2) order by email`,
      ["dashboard.cancel@example.com", "two.bottles@example.com"],
    );
    expect(rows).toEqual([
      { email: "dashboard.cancel@example.com", status: "canceled", quantity: 1 },
      { email: "two.bottles@example.com", status: "active", quantity: 2 },
    ]);
  }, 180_000);
});
