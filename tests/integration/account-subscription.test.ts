import { describe, expect, it } from "vitest";
import { formatMonthDay, formatWeekdayDay } from "~/shared/dates";
import { formatMoney } from "~/shared/money";
import {
  addDays,
  billingGaps,
  cycleCalendar,
  STORE_TIME_ZONE,
  zonedInstant,
} from "~/shared/subscription-cycle";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { shopperSignIn } from "./account-support";
import { eventually, mailsTo } from "./checkout-harness";
import { formPoster, textOf } from "./order-pages-support";
import { liveUntil, paidInvoices, type Subscriber, sdk, subscribeAndPay } from "./subscription-support";

/**
 * Issue 36 item 5 over HTTP (decision 132), on PGlite and PostgreSQL, each subscriber's Stripe time a
 * test clock: /account/subscription for the signed-in subscriber (the next charge and its amount, the
 * status, the calendar), and each change made by its plain form, carried to Stripe, recorded and
 * e-mailed once: a skip moves the next charge and nothing is charged on the skipped day; a pause of 2-8
 * weeks (1 or 9 refused); a new cycle; a new number of bottles (the next invoice's amount); a
 * cancellation (no further invoice, one e-mail). Another account's subscription is not found, a
 * visitor is shown the way in, and the portal opens fresh each time.
 */

let lastClient = 40;
const newClient = () => `198.51.100.${++lastClient}`;
const NOON = { hour: 12, minute: 0 };

describe.each(databaseTargets)("the subscriber's page on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    webhooks: true,
    testClocks: true,
    ownOrigin: true,
    env: { TRUST_PROXY_HOPS: "1" },
  });
  const post = formPoster(shop, newClient);
  const get = (path: string, cookie?: string) =>
    fetch(`${shop.origin}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

  /** A subscriber, paid, signed in: their cookie and the page's form fields. */
  async function subscribed(email: string, terms: { quantity?: number } = {}) {
    const subscriber = await subscribeAndPay(shop, email, terms);
    const cookie = await shopperSignIn(shop, post, email, "/account/subscription");
    return { subscriber, cookie };
  }

  async function page(cookie: string) {
    const response = await get("/account/subscription", cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    const id = /name="subscription" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? "";
    const version = /name="version" value="(\d+)"/.exec(html)?.[1] ?? "";
    const bottle = /name="bottle" value="(\d+)"/.exec(html)?.[1] ?? "";
    return { html, text: textOf(html), id, version, bottle };
  }

  async function change(cookie: string, fields: Record<string, string>) {
    const current = await page(cookie);
    return post(
      "/account/subscription",
      { subscription: current.id, version: current.version, ...fields },
      { cookie },
    );
  }

  /** Follows a change's redirect: the page with its confirmation. */
  async function confirmed(response: Response, cookie: string) {
    expect(response.status, await response.clone().text()).toBe(303);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/account\/subscription\?changed=[0-9a-f-]{36}$/);
    const after = await get(location, cookie);
    return textOf(await after.text());
  }

  const mailsWith = (email: string, subject: RegExp) =>
    mailsTo(shop.emulators.mail.messages(), email).filter((mail) => subject.test(mail.subject));

  async function unitAmount(subscriber: Subscriber) {
    const stripe = await sdk(shop.emulators).subscriptions.retrieve(subscriber.subscriptionId);
    return stripe.items.data[0]?.price.unit_amount as number;
  }

  it("shows a visitor what the page holds and the way in; the forms need a session and this site", async () => {
    const visitor = await get("/account/subscription");
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toBe("no-store");
    const html = await visitor.text();
    expect(textOf(html)).toContain("skip a delivery, pause, change your cycle or bottles");
    expect(html).toContain('href="/account?next=/account/subscription"');
    const cancel = await get("/account/subscription/cancel");
    expect(cancel.status).toBe(302);
    expect(cancel.headers.get("location")).toBe("/account?next=%2Faccount%2Fsubscription%2Fcancel");
    const signedOut = await post("/account/subscription", { intent: "skip" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/account?next=%2Faccount%2Fsubscription");
    // Another site's page cannot post as the visitor (React Router's check or this site's: 400 or 403).
    const foreign = await post(
      "/account/subscription",
      { intent: "skip" },
      { origin: "https://evil.example" },
    );
    expect([400, 403]).toContain(foreign.status);
  });

  it("skips the next delivery: the next charge moves, nothing is charged that day, one e-mail", async () => {
    const email = `skip-${name}@example.com`;
    const { subscriber, cookie } = await subscribed(email);
    const price = formatMoney(await unitAmount(subscriber), "usd");
    const before = await page(cookie);
    const due = addDays(subscriber.start, 30);
    expect(before.text).toContain(formatWeekdayDay(due));
    expect(before.text).toContain(`${price} for 1 bottle`);
    expect(before.text).toContain("Active");
    expect(before.text).toContain("8 weeks on, 2 weeks off");
    expect(before.bottle).toBe("1");

    const text = await confirmed(await change(cookie, { intent: "skip", bottle: before.bottle }), cookie);
    expect(text).toContain(`the delivery of ${formatWeekdayDay(due)} is skipped`);
    // 8 on / 2 off: the third bottle is due on day 74, now the next charge.
    expect(text).toContain(formatWeekdayDay(addDays(subscriber.start, 74)));
    expect(text).toContain("Skipped: nothing charged or shipped");

    await liveUntil(shop, subscriber, 80);
    const { dates } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(dates).toEqual([subscriber.start, addDays(subscriber.start, 74)]);
    expect(dates).not.toContain(due);
    await eventually(() => expect(mailsWith(email, /^Skipped: /)).toHaveLength(1), 30_000);
    expect(mailsWith(email, /^Skipped: /)[0]?.text).toContain(`${shop.origin}/account/subscription`);
  }, 120_000);

  it("pauses for 2 to 8 weeks (1 and 9 refused), moving the next charge by the pause", async () => {
    const email = `pause-${name}@example.com`;
    const { subscriber, cookie } = await subscribed(email);
    await liveUntil(shop, subscriber, 10);
    for (const weeks of ["1", "9", "two"]) {
      const refused = await change(cookie, { intent: "pause", weeks });
      expect(refused.status).toBe(400);
      expect(textOf(await refused.text())).toContain("Choose a pause of 2 to 8 weeks.");
    }
    // A form from before another change is refused, and says why.
    const stale = await post(
      "/account/subscription",
      { intent: "pause", weeks: "2", subscription: (await page(cookie)).id, version: "7" },
      { cookie },
    );
    expect(stale.status).toBe(409);
    expect(textOf(await stale.text())).toContain("changed since this page was loaded");

    const text = await confirmed(await change(cookie, { intent: "pause", weeks: "3" }), cookie);
    const until = addDays(subscriber.start, 31);
    expect(text).toContain(`paused for 3 weeks, until ${formatWeekdayDay(until)}`);
    expect(text).toContain(`Paused until ${formatMonthDay(until)}, as you asked`);
    expect(text).toContain(formatWeekdayDay(addDays(subscriber.start, 51)));

    await liveUntil(shop, subscriber, 60);
    const { dates } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(dates).toEqual([subscriber.start, addDays(subscriber.start, 51)]);
    await eventually(() => expect(mailsWith(email, /paused for 3 weeks/)).toHaveLength(1), 30_000);
  }, 120_000);

  it("changes the cycle: Stripe charges by the new one, and the pauses after each resume follow it", async () => {
    const email = `cycle-${name}@example.com`;
    const { subscriber, cookie } = await subscribed(email);
    await liveUntil(shop, subscriber, 10);
    const refused = await change(cookie, { intent: "cycle", weeksOn: "9", weeksOff: "2" });
    expect(refused.status).toBe(400);
    const text = await confirmed(
      await change(cookie, { intent: "cycle", weeksOn: "12", weeksOff: "4" }),
      cookie,
    );
    expect(text).toContain("your cycle is now 12 weeks on, 4 weeks off");
    expect(text).toContain("12 weeks on, 4 weeks off");
    const stripe = await sdk(shop.emulators).subscriptions.retrieve(subscriber.subscriptionId);
    expect(stripe.metadata).toMatchObject({ weeks_on: "12", weeks_off: "4" });

    await liveUntil(shop, subscriber, 125);
    // Changed in the first on period, the calendar is 12 on / 4 off from the start: days 0, 30, 60, 118.
    const expected = cycleCalendar({
      start: subscriber.start,
      weeksOn: 12,
      weeksOff: 4,
      through: addDays(subscriber.start, 125),
    });
    const { dates } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(dates).toEqual(expected.charges.map((charge) => charge.date));
    expect(
      dates.map((date) => Math.round((Date.parse(date) - Date.parse(subscriber.start)) / 86_400_000)),
    ).toEqual([0, 30, 60, 118]);
    // The resume on day 118 topped the pauses up from the recorded change, not the cycle sold.
    const schedule = await sdk(shop.emulators).subscriptionSchedules.retrieve(stripe.schedule as string);
    const next = billingGaps(
      cycleCalendar({
        start: subscriber.start,
        weeksOn: 12,
        weeksOff: 4,
        through: addDays(subscriber.start, 400),
      }),
    ).find((gap) => gap.after === 5);
    expect(schedule.pause_schedules.map((entry) => entry.key)).toContain("after-5");
    expect(schedule.pause_schedules.find((entry) => entry.key === "after-5")?.resume?.resume_at).toBe(
      zonedInstant(next?.resumeOn as string, NOON, STORE_TIME_ZONE),
    );
    await eventually(
      () => expect(mailsWith(email, /cycle is now 12 weeks on, 4 off/)).toHaveLength(1),
      30_000,
    );
  }, 180_000);

  it("changes the bottles per delivery: the next invoice is for them, at the price signed up at", async () => {
    const email = `bottles-${name}@example.com`;
    const { subscriber, cookie } = await subscribed(email);
    const unit = await unitAmount(subscriber);
    const refused = await change(cookie, { intent: "quantity", quantity: "7" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain("Choose 1 to 6 bottles.");
    const text = await confirmed(await change(cookie, { intent: "quantity", quantity: "3" }), cookie);
    expect(text).toContain("from your next delivery you receive 3 bottles");
    expect(text).toContain(`${formatMoney(unit * 3, "usd")} for 3 bottles`);

    await liveUntil(shop, subscriber, 31);
    const { paid } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(paid.map((invoice) => invoice.amount_paid).sort((a, b) => a - b)).toEqual([unit, unit * 3]);
    // The renewal is an order of 3 bottles, confirmed by e-mail.
    await eventually(() => {
      const orders = mailsWith(email, /order #\d+ is confirmed/);
      expect(orders).toHaveLength(2);
      expect(orders.some((mail) => mail.text?.includes(formatMoney(unit * 3, "usd")))).toBe(true);
    }, 30_000);
    await eventually(() => expect(mailsWith(email, /deliveries are now 3 bottles/)).toHaveLength(1), 30_000);
  }, 120_000);

  it("cancels with one page and one button: no further invoice, one e-mail", async () => {
    const email = `cancel-${name}@example.com`;
    const { subscriber, cookie } = await subscribed(email);
    const id = (await page(cookie)).id;
    const form = await get(`/account/subscription/cancel?subscription=${id}`, cookie);
    expect(form.status).toBe(200);
    const html = await form.text();
    const words = textOf(html);
    expect(words).toContain("Nothing more is charged");
    expect(words).toContain(`charged ${formatWeekdayDay(subscriber.start)}`);
    expect(words).toContain("refunds nothing by itself");
    // One form, one button on it.
    expect(
      /<form[^>]*action="\/account\/subscription\/cancel[^"]*"[\s\S]*?<\/form>/
        .exec(html)?.[0]
        .match(/<button/g),
    ).toHaveLength(1);

    const done = await post(
      `/account/subscription/cancel?subscription=${id}`,
      { intent: "cancel", subscription: id },
      { cookie },
    );
    const text = await confirmed(done, cookie);
    expect(text).toContain("Your subscription is cancelled");
    expect(text).toContain("Cancelled on");
    expect((await sdk(shop.emulators).subscriptions.retrieve(subscriber.subscriptionId)).status).toBe(
      "canceled",
    );
    // Pressed again (a second tab): nothing more happens.
    const again = await post(
      `/account/subscription/cancel?subscription=${id}`,
      { intent: "cancel", subscription: id },
      { cookie },
    );
    expect(again.status).toBe(303);

    await liveUntil(shop, subscriber, 100);
    expect((await paidInvoices(shop, subscriber.subscriptionId)).dates).toEqual([subscriber.start]);
    await eventually(() => expect(mailsWith(email, /subscription is cancelled/)).toHaveLength(1), 30_000);
    await shop.emulators.stripe.webhooksSettled(30_000);
    expect(mailsWith(email, /subscription is cancelled/)).toHaveLength(1);
    expect(mailsWith(email, /subscription is cancelled/)[0]?.text).toContain("as you asked");
  }, 120_000);

  it("refuses another account's subscription (404) and leaves it as it was", async () => {
    const owner = await subscribeAndPay(shop, `owner-${name}@example.com`);
    const { cookie } = await subscribed(`other-${name}@example.com`);
    const ownerCookie = await shopperSignIn(shop, post, `owner-${name}@example.com`, "/account/subscription");
    const theirs = await page(ownerCookie);
    const attempts: Record<string, string>[] = [
      { intent: "skip", bottle: "1" },
      { intent: "pause", weeks: "2" },
      { intent: "cycle", weeksOn: "12", weeksOff: "4" },
      { intent: "quantity", quantity: "2" },
      { intent: "portal" },
    ];
    for (const fields of attempts) {
      const refused = await post(
        "/account/subscription",
        { subscription: theirs.id, version: theirs.version, ...fields },
        { cookie },
      );
      expect(refused.status, fields.intent).toBe(404);
      expect(textOf(await refused.text())).toContain("There is no such subscription in your account.");
    }
    expect((await get(`/account/subscription/cancel?subscription=${theirs.id}`, cookie)).status).toBe(404);
    const cancel = await post(
      `/account/subscription/cancel?subscription=${theirs.id}`,
      { intent: "cancel", subscription: theirs.id },
      { cookie },
    );
    expect(cancel.status).toBe(404);
    const stripe = await sdk(shop.emulators).subscriptions.retrieve(owner.subscriptionId);
    expect(stripe.status).toBe("active");
    expect(stripe.items.data[0]?.quantity).toBe(1);
    expect((await page(ownerCookie)).version).toBe("0");
  }, 120_000);

  it("opens a fresh customer portal session on each press, coming back to this page; a failed payment leads here", async () => {
    const email = `card-${name}@example.com`;
    const { subscriber, cookie } = await subscribed(email);
    const id = (await page(cookie)).id;
    const first = await post("/account/subscription", { intent: "portal", subscription: id }, { cookie });
    const second = await post("/account/subscription", { intent: "portal", subscription: id }, { cookie });
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    const [one, two] = [first.headers.get("location") ?? "", second.headers.get("location") ?? ""];
    expect(one).toMatch(/\/portal\/bps_/);
    expect(two).not.toBe(one);
    const portal = await fetch(one);
    expect(await portal.text()).toContain(`href="${shop.origin}/account/subscription"`);

    shop.emulators.stripe.setCustomerCard(subscriber.customerId, "4000000000000341");
    await liveUntil(shop, subscriber, 31);
    await eventually(() => {
      const failed = mailsWith(email, /payment did not go through/);
      expect(failed).toHaveLength(1);
      expect(failed[0]?.text).toContain(`Update your card:\n${shop.origin}/account/subscription`);
    }, 30_000);
    const now = await page(cookie);
    expect(now.text).toContain("Payment failed: update your card");
    expect(now.text).toContain("We try again on");
  }, 120_000);
});
