import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../app/shared/money";
import { daysBetween, STORE_TIME_ZONE, zonedDate } from "../../app/shared/subscription-cycle";
import type { RunningServer } from "../../scripts/lib/server-process";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import {
  createStore,
  type Emulators,
  eventually,
  type StoreTarget,
  startEmulators,
  startShop,
} from "./checkout-harness";
import {
  advanceTo,
  DAY,
  type ExpectedReminder,
  expectedReminders,
  liveUntil,
  orderMails,
  reminderMails,
  sdk,
  shopifyOrders,
  subscribe,
} from "./subscription-timeline";

/**
 * Issue 36 item 4's reminders (decision 133), over HTTP on a test clock moved a day at a time for six
 * months: three days before each charge (Stripe's `invoice.upcoming` before a renewal, a planned
 * reminder before the charge that ends the weeks off), and three days before each break starts and
 * ends, each once, at its time on Stripe's clock and not a step before; every event delivered again
 * sends nothing more. Then two server processes on one PostgreSQL, each receiving every event (twice,
 * out of order): one order, one e-mail, one Shopify order per invoice, one reminder each.
 */

const SIX_MONTHS = 182;

/** Who got which reminder at which step: each mail's subject, first seen at the clock time `seenAt`. */
type Seen = Map<string, number>;

/**
 * Moves the subscriber's clock a day at a time to `days`; after each day, waits until exactly the
 * reminders due by then have arrived (no more: one due later would be early), and notes when each came.
 */
async function dayByDay(
  emulators: Emulators,
  subscriber: { clockId: string; startedAt: number; email: string },
  expected: ExpectedReminder[],
  days: number,
) {
  const seen: Seen = new Map();
  let now = subscriber.startedAt;
  while (now < subscriber.startedAt + days * DAY) {
    now = await advanceTo(emulators, subscriber.clockId, now + DAY);
    const due = expected.filter((entry) => entry.dueAt <= now).map((entry) => entry.subject);
    await eventually(
      () => {
        const subjects = reminderMails(emulators.mail.messages(), subscriber.email).map(
          (mail) => mail.subject,
        );
        expect(subjects.sort(), `on ${zonedDate(now, STORE_TIME_ZONE)}`).toEqual([...due].sort());
      },
      20_000,
      100,
    );
    for (const subject of due) if (!seen.has(subject)) seen.set(subject, now);
  }
  return seen;
}

describe.each(databaseTargets)("subscription reminders on $name", ({ name }) => {
  const shop = useShop({ store: name, webhooks: true, testClocks: true, ownOrigin: true });

  it("six months of 8 on / 2 off: each reminder once, three days ahead, on Stripe's clock; replays send nothing", async () => {
    const email = "reminded.subscriber@example.com";
    const subscriber = await subscribe(shop.server, shop.emulators, email);
    const stripe = sdk(shop.emulators);
    const price = (await stripe.subscriptions.retrieve(subscriber.subscriptionId)).items.data[0]?.price;
    const money = formatMoney(price?.unit_amount ?? 0, price?.currency ?? "usd");
    const expected = expectedReminders(subscriber.startedAt, SIX_MONTHS, money);
    // Charges on days 30, 74, 104, 148, 178; weeks off on days 56-69 and 126-139.
    expect(expected.map((entry) => entry.kind)).toEqual([
      "charge",
      "off_start",
      "off_end",
      "charge",
      "charge",
      "off_start",
      "off_end",
      "charge",
      "charge",
    ]);

    const seen = await dayByDay(shop.emulators, subscriber, expected, SIX_MONTHS);
    // Each came at the first step at or after its time: less than a day after it was due.
    for (const entry of expected) {
      const at = seen.get(entry.subject) as number;
      expect(at - entry.dueAt, entry.subject).toBeGreaterThanOrEqual(0);
      expect(at - entry.dueAt, entry.subject).toBeLessThan(DAY);
      // Days ahead of the date it is about, in New York: three, or two once the day's 09:00 passed.
      expect([2, 3], entry.subject).toContain(daysBetween(zonedDate(at, STORE_TIME_ZONE), entry.onDate));
    }

    // What they say: the date, amount and bottles, and where to skip, pause or cancel. No health data.
    const mails = reminderMails(shop.emulators.mail.messages(), email);
    const charge = mails.find((mail) => mail.subject === expected[0]?.subject);
    expect(charge?.text).toContain(`Amount: ${money}`);
    expect(charge?.text).toContain("Bottles: 1");
    for (const action of ["skip", "pause", "cancel"])
      expect(charge?.text).toContain(`${shop.origin}/account/subscription#${action}`);
    const starts = mails.find((mail) => mail.subject === expected[1]?.subject);
    expect(starts?.text).toMatch(
      /Nothing will be charged or shipped from \w+day, \w+ \d+ until your next bottle on \w+day, \w+ \d+/,
    );
    expect(starts?.text).toContain(`Your next bottle: ${money} for 1 bottle, charged on`);
    const ends = mails.find((mail) => mail.subject === expected[2]?.subject);
    expect(ends?.text).toContain("You have 4 servings left from your last bottle");
    for (const mail of mails) expect(mail.text ?? "").not.toMatch(/quiz|result|birth|symptom/i);

    // Every event of this subscriber delivered again, newest first: no reminder more, no order more.
    await eventually(() => expect(orderMails(shop.emulators.mail.messages(), email)).toHaveLength(6));
    const orders = 6;
    const ofIt = shop.emulators.stripe
      .events()
      .filter((event) => {
        const body = JSON.stringify(event.data.object);
        return body.includes(subscriber.subscriptionId) || body.includes(subscriber.clockId);
      })
      .reverse();
    expect(ofIt.some((event) => event.type === "invoice.upcoming")).toBe(true);
    await Promise.all(ofIt.map((event) => shop.emulators.stripe.redeliver(event.id)));
    await shop.emulators.stripe.webhooksSettled(60_000);
    await advanceTo(shop.emulators, subscriber.clockId, subscriber.startedAt + (SIX_MONTHS + 1) * DAY);
    expect(reminderMails(shop.emulators.mail.messages(), email)).toHaveLength(expected.length);
    expect(orderMails(shop.emulators.mail.messages(), email)).toHaveLength(orders);

    // In the database: the planned ones sent once; an ordinary renewal's came from invoice.upcoming.
    const rows = await shop.store.query<{ kind: string; sent: number; outbox: number }>(
      `select r.kind, count(*) filter (where r.status = 'sent')::int as sent,
                (select count(*)::int from email_deliveries d where d.to_address = $1 and d.kind in
                   ('subscription_charge_reminder', 'subscription_break_starts', 'subscription_break_ends')) as outbox
           from subscription_reminders r group by r.kind order by r.kind`,
      [email],
    );
    expect(rows).toEqual([
      { kind: "charge", sent: 2, outbox: expected.length },
      { kind: "off_end", sent: 2, outbox: expected.length },
      { kind: "off_start", sent: 2, outbox: expected.length },
    ]);
  }, 600_000);

  it("a subscription cancelled before its weeks off gets no reminder after", async () => {
    const email = "cancelled.early@example.com";
    const subscriber = await subscribe(shop.server, shop.emulators, email);
    // Two days at a time: the renewal's invoice.upcoming (day 27) is handled before the renewal.
    await liveUntil(shop.emulators, subscriber, 40, { stepDays: 2 });
    // The renewal's reminder (day 27) is sent by the outbox, after its webhook has been answered.
    await eventually(() => expect(reminderMails(shop.emulators.mail.messages(), email)).toHaveLength(1));
    await sdk(shop.emulators).subscriptions.cancel(subscriber.subscriptionId);
    await shop.emulators.stripe.webhooksSettled(30_000);
    await advanceTo(shop.emulators, subscriber.clockId, subscriber.startedAt + 80 * DAY);
    await eventually(() =>
      expect(
        shop.emulators.mail
          .messages()
          .filter((mail) => mail.to.includes(email) && mail.subject.includes("cancelled")),
      ).toHaveLength(1),
    );
    expect(reminderMails(shop.emulators.mail.messages(), email)).toHaveLength(1);
  }, 180_000);
});

if (!process.env.TEST_DATABASE_URL)
  console.warn(
    "subscription-reminders: the two-process test is SKIPPED: it needs PostgreSQL (set TEST_DATABASE_URL); PGlite holds one process only",
  );

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "subscriptions across two server processes sharing PostgreSQL",
  () => {
    let emulators: Emulators;
    let store: StoreTarget;
    let servers: RunningServer[] = [];

    beforeAll(async () => {
      emulators = await startEmulators({ clockPerCheckoutCustomer: true });
      store = await createStore("postgres");
      servers = await Promise.all([
        startShop({ ...emulators.env, ...store.env }),
        startShop({ ...emulators.env, ...store.env }),
      ]);
      // Every event to both processes, each delivery twice and out of order.
      emulators.stripe.setWebhookUrls(servers.map((server) => `${server.url}/api/stripe-webhook`));
      emulators.stripe.setWebhookDisorder({ duplicate: true, maxDelayMs: 300 });
    }, 180_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await emulators?.close();
      await store?.drop();
    });

    it("each paid invoice is one order, one e-mail, one Shopify order; each reminder one e-mail", async () => {
      const [a] = servers as [RunningServer, RunningServer];
      const email = "two.processes@example.com";
      const subscriber = await subscribe(a, emulators, email);
      const price = (await sdk(emulators).subscriptions.retrieve(subscriber.subscriptionId)).items.data[0]
        ?.price;
      const money = formatMoney(price?.unit_amount ?? 0, price?.currency ?? "usd");
      const days = 110;
      const expected = expectedReminders(subscriber.startedAt, days, money);
      let now = subscriber.startedAt;
      while (now < subscriber.startedAt + days * DAY)
        now = await advanceTo(emulators, subscriber.clockId, now + 2 * DAY);
      // And every event once more, to both, at once.
      const ofIt = emulators.stripe.events().filter((event) => {
        const body = JSON.stringify(event.data.object);
        return body.includes(subscriber.subscriptionId) || body.includes(subscriber.clockId);
      });
      await Promise.all(ofIt.map((event) => emulators.stripe.redeliver(event.id)));
      await emulators.stripe.webhooksSettled(60_000);

      const paid = (
        await sdk(emulators).invoices.list({ subscription: subscriber.subscriptionId, limit: 100 })
      ).data.filter((invoice) => invoice.status === "paid");
      // Days 0, 30, 74 and 104.
      expect(paid).toHaveLength(4);
      await eventually(() => {
        expect(orderMails(emulators.mail.messages(), email)).toHaveLength(paid.length);
        expect(
          reminderMails(emulators.mail.messages(), email)
            .map((mail) => mail.subject)
            .sort(),
        ).toEqual(expected.map((entry) => entry.subject).sort());
      }, 30_000);
      await eventually(async () => {
        const synced = (await shopifyOrders(emulators)).map((order) => order.sourceIdentifier);
        for (const invoice of paid) expect(synced.filter((id) => id === invoice.id)).toHaveLength(1);
      }, 30_000);
      const [counts] = await store.query<{ orders: number; invoices: number; reminders: number }>(
        `select count(*)::int as orders, count(distinct stripe_invoice_id)::int as invoices,
                (select count(*)::int from email_deliveries where kind like 'subscription_%_reminder'
                   or kind like 'subscription_break_%') as reminders
           from orders where stripe_invoice_id is not null`,
      );
      expect(counts).toEqual({ orders: 4, invoices: 4, reminders: expected.length });
      // Both processes took part.
      for (const server of servers)
        expect(server.logs.some((line) => line.includes("stripe webhook handled"))).toBe(true);
    }, 600_000);
  },
);
