import { describe, expect, it } from "vitest";
import { formatDay } from "../../app/shared/dates";
import { formatMoney } from "../../app/shared/money";
import { addDays, STORE_TIME_ZONE, zonedDate } from "../../app/shared/subscription-cycle";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { shopperSignIn } from "./account-support";
import { eventually, mailsTo, postJson } from "./checkout-harness";
import { adminSignIn, buyOrder, formPoster, textOf } from "./order-pages-support";
import { liveUntil, sdk, startAndPay } from "./subscription-support";

/**
 * Issue 36 item 7 over HTTP (decision 135): subscriptions made through the Stripe emulator (a paid
 * one renewed once, one whose renewal failed, a cancelled one, a checkout never paid) appear in
 * `/admin/subscriptions` with their state, cycle, next charge from the calendar, paid orders and
 * failed payments (a replayed failure counted once), filtered by state and paged; each has its page
 * (terms, calendar, orders, failures); an order from a subscription carries a link to it on the order
 * list and its page, with the subscription's other orders. Operators only.
 */

const ADMIN = "ops@forge.example";
let lastClient = 80;
const newClient = () => `203.0.113.${++lastClient}`;

/** The rows of a subscriptions list: each one's id (ours) and its visible text. */
function rowsOf(html: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of html.matchAll(/<tr[^>]*data-subscription="([0-9a-f-]{36})"[^>]*>([\s\S]*?)<\/tr>/g))
    rows.set(match[1] as string, textOf(match[2] as string).trim());
  return rows;
}

describe.each(databaseTargets)("subscriptions in the back office on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    webhooks: true,
    testClocks: true,
    ownOrigin: true,
    env: { ADMIN_EMAILS: ADMIN, TRUST_PROXY_HOPS: "1", RATE_LIMIT_MULTIPLIER: "50" },
  });
  const post = formPoster(shop, newClient);
  const get = (path: string, cookie?: string) =>
    fetch(`${shop.origin}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const page = async (path: string, cookie: string) => {
    const response = await get(path, cookie);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  type Subscribed = {
    id: string;
    subscriptionId: string;
    customerId: string;
    clockId: string;
    start: string;
  };

  /** A subscription bought at POST /api/subscribe and paid at the emulator's Checkout; its first order made. */
  async function subscribe(email: string, terms: { quantity: number; weeksOn: number; weeksOff: number }) {
    const { subscription, customerId, clockId } = await startAndPay(
      shop.server.url,
      shop.emulators,
      email,
      terms,
    );
    await eventually(
      () =>
        expect(
          mailsTo(shop.emulators.mail.messages(), email).filter((mail) => /is confirmed/.test(mail.subject)),
        ).toHaveLength(1),
      30_000,
    );
    return {
      id: subscription.metadata.forge_subscription as string,
      subscriptionId: subscription.id,
      customerId,
      clockId,
      start: zonedDate(subscription.start_date, STORE_TIME_ZONE),
      startedAt: subscription.start_date,
    };
  }

  let renewed: Subscribed & { startedAt: number };
  let failing: Subscribed & { startedAt: number };
  let cancelled: Subscribed & { startedAt: number };
  let pendingId: string;
  let perDelivery: string;
  let cookie: string;

  it("lists each subscription with its state, cycle, next charge from the calendar, paid orders and failures", async () => {
    const stamp = Date.now().toString(36);
    const stripe = sdk(shop.emulators);
    renewed = await subscribe(`renewed.${stamp}@example.com`, { quantity: 2, weeksOn: 8, weeksOff: 2 });
    failing = await subscribe(`failing.${stamp}@example.com`, { quantity: 1, weeksOn: 10, weeksOff: 3 });
    cancelled = await subscribe(`cancelled.${stamp}@example.com`, { quantity: 1, weeksOn: 12, weeksOff: 4 });
    const pending = await postJson(`${shop.server.url}/api/subscribe`, {
      quantity: 3,
      weeksOn: 8,
      weeksOff: 4,
    });
    expect(pending.status).toBe(200);

    // The first renewal (day 30) paid for one; refused for the other (Stripe tries again on day 33).
    await liveUntil(shop, renewed, 31);
    shop.emulators.stripe.setCustomerCard(failing.customerId, "4000000000000341");
    await liveUntil(shop, failing, 31);
    await eventually(
      () =>
        expect(
          mailsTo(shop.emulators.mail.messages(), `failing.${stamp}@example.com`).filter((mail) =>
            mail.subject.includes("payment did not go through"),
          ),
        ).toHaveLength(1),
      30_000,
    );
    // Cancelled at Stripe (the customer portal, or the dashboard): customer.subscription.deleted.
    await stripe.subscriptions.cancel(cancelled.subscriptionId);
    await shop.emulators.stripe.webhooksSettled(30_000);

    const invoices = await stripe.invoices.list({ subscription: renewed.subscriptionId, limit: 10 });
    const first = invoices.data.find((invoice) => invoice.status === "paid");
    perDelivery = formatMoney(first?.amount_paid ?? 0, first?.currency ?? "usd");

    cookie = await adminSignIn(shop, post, ADMIN);
    const html = await eventually(async () => {
      const listed = await page("/admin/subscriptions", cookie);
      expect(rowsOf(listed).get(cancelled.id)).toContain("Cancelled");
      expect(rowsOf(listed).get(failing.id)).toContain("Past due");
      return listed;
    }, 30_000);
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    const rows = rowsOf(html);
    pendingId = [...rows.entries()].find(([, text]) => text.startsWith("No e-mail yet"))?.[0] ?? "";
    expect(pendingId).not.toBe("");

    // 8 on / 2 off, two bottles, renewed once: the third charge is day 74, for the same amount.
    const renewedRow = rows.get(renewed.id) ?? "";
    expect(renewedRow).toContain(`renewed.${stamp}@example.com`);
    expect(renewedRow).toContain("Active");
    expect(renewedRow).toContain("8 on / 2 off");
    expect(renewedRow).toContain(`${perDelivery}`);
    expect(renewedRow).toContain(`${formatDay(addDays(renewed.start, 74))} ${perDelivery}`);
    expect(renewedRow).toMatch(new RegExp(`${formatDay(addDays(renewed.start, 74))} \\S+ 2 None`));

    // 10 on / 3 off, the day-30 renewal refused: past due, that charge still the next, one failure.
    const failingRow = rows.get(failing.id) ?? "";
    expect(failingRow).toContain("Past due");
    expect(failingRow).toContain("10 on / 3 off");
    expect(failingRow).toContain(formatDay(addDays(failing.start, 30)));
    expect(failingRow).toMatch(/ 1 1 failed Latest: attempt 1, \w{3} \d{1,2}, \d{4}/);

    // Cancelled: no next charge.
    const cancelledRow = rows.get(cancelled.id) ?? "";
    expect(cancelledRow).toContain("12 on / 4 off");
    expect(cancelledRow).toMatch(/Cancelled 12 on \/ 4 off 1 \S+ None 1 None/);

    // Never paid: pending, no e-mail and no charge.
    expect(rows.get(pendingId)).toMatch(/^No e-mail yet Pending 8 on \/ 4 off 3 \S+ None 0 None/);

    // The same failure delivered again counts once.
    const failedEvent = shop.emulators.stripe
      .events()
      .find(
        (event) =>
          event.type === "invoice.payment_failed" &&
          JSON.stringify(event.data.object).includes(failing.subscriptionId),
      );
    expect(failedEvent).toBeTruthy();
    await shop.emulators.stripe.redeliver(failedEvent?.id as string);
    await shop.emulators.stripe.redeliver(failedEvent?.id as string);
    await shop.emulators.stripe.webhooksSettled(30_000);
    expect(rowsOf(await page("/admin/subscriptions", cookie)).get(failing.id)).toContain(" 1 failed ");
  }, 240_000);

  it("filters by state and pages 25 at a time", async () => {
    const only = async (state: string) => [
      ...rowsOf(await page(`/admin/subscriptions?state=${state}`, cookie)).keys(),
    ];
    expect(await only("active")).toContain(renewed.id);
    expect(await only("active")).not.toContain(failing.id);
    expect(await only("past_due")).toEqual([failing.id]);
    expect(await only("canceled")).toEqual([cancelled.id]);
    expect(await only("pending")).toEqual([pendingId]);
    expect(await only("paused")).toEqual([]);
    const paused = textOf(await page("/admin/subscriptions?state=paused", cookie));
    expect(paused).toContain("No subscription is in this state.");
    // The filter's links say which is shown.
    const filtered = await page("/admin/subscriptions?state=past_due", cookie);
    expect(filtered).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/admin\/subscriptions\?state=past_due"|<a[^>]*href="\/admin\/subscriptions\?state=past_due"[^>]*aria-current="page"/,
    );
    // Anything else in the address is no filter.
    expect([...rowsOf(await page("/admin/subscriptions?state=bogus&page=x", cookie)).keys()]).toHaveLength(4);

    // Thirty checkouts more never paid: page 1 of the pending ones holds 25, page 2 the other 6.
    await shop.store.query(
      `insert into subscriptions (stripe_session_id, variant_id, selling_plan_id, product_title, weeks_on, weeks_off, quantity, unit_amount, currency, created_at)
         select 'cs_test_paging_' || n, 'gid://shopify/ProductVariant/49100000000001', 'gid://shopify/SellingPlan/1',
                'Forge Enhancer', 8, 2, 1, 3315, 'usd', now() - make_interval(days => n)
         from generate_series(1, 30) as n`,
    );
    const first = await page("/admin/subscriptions?state=pending", cookie);
    expect(rowsOf(first).size).toBe(25);
    expect(first).toContain('href="/admin/subscriptions?state=pending&amp;page=2"');
    expect(textOf(first)).toContain("Older subscriptions →");
    const second = await page("/admin/subscriptions?state=pending&page=2", cookie);
    expect(rowsOf(second).size).toBe(6);
    expect(textOf(second)).toContain("← Newer subscriptions");
    expect(new Set([...rowsOf(first).keys(), ...rowsOf(second).keys()]).size).toBe(31);
    // The newest first: the one made by the test came before the thirty made days ago.
    expect([...rowsOf(first).keys()][0]).toBe(pendingId);
  }, 120_000);

  it("shows one subscription: its terms, calendar, orders and failures", async () => {
    const renewedPage = await page(`/admin/subscriptions/${renewed.id}`, cookie);
    const text = textOf(renewedPage);
    expect(text).toContain("Forge Enhancer");
    expect(text).toContain("Cycle 8 on / 2 off weeks");
    expect(text).toContain("Bottles per delivery 2");
    expect(text).toContain(`Price per delivery ${perDelivery}`);
    expect(text).toContain(`First charge ${formatDay(renewed.start)}`);
    expect(text).toContain(`Subscription ${renewed.subscriptionId}`);
    const orderNumbers = [...renewedPage.matchAll(/<tr[^>]*data-order="(\d+)"/g)].map((match) =>
      Number(match[1]),
    );
    expect(orderNumbers).toHaveLength(2);
    const [newer, older] = orderNumbers as [number, number];
    expect(newer).toBeGreaterThan(older);
    expect(renewedPage).toContain(`href="/admin/orders/${older}"`);
    // The calendar: the two paid bottles with their orders, the next and the off weeks.
    expect(text).toContain(`Bottle 1, ${formatDay(renewed.start)}: Paid · order #${older}`);
    expect(text).toContain(`Bottle 2, ${formatDay(addDays(renewed.start, 30))}: Paid · order #${newer}`);
    expect(text).toContain(`Bottle 3, ${formatDay(addDays(renewed.start, 74))}: Next charge`);
    expect(text).toContain(
      `Off · 2 weeks ${formatDay(addDays(renewed.start, 56))} – ${formatDay(addDays(renewed.start, 69))} 4 servings carried over`,
    );
    expect(text).toContain("No payment has failed.");

    const failingText = textOf(await page(`/admin/subscriptions/${failing.id}`, cookie));
    expect(failingText).toContain("Past due");
    expect(failingText).toContain("Failed payments (1)");
    expect(failingText).toMatch(/Stripe tries again \w{3} \d{1,2}, \d{4}/);
    expect(failingText).toContain(`Bottle 2, ${formatDay(addDays(failing.start, 30))}: Not paid`);

    const cancelledText = textOf(await page(`/admin/subscriptions/${cancelled.id}`, cookie));
    expect(cancelledText).toContain("Cancelled");
    expect(cancelledText).toMatch(/Next charge None/);

    // An id that names none: 404 inside the back office.
    for (const path of [
      "/admin/subscriptions/00000000-0000-4000-8000-000000000000",
      "/admin/subscriptions/nope",
    ]) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(404);
      expect(textOf(await response.text())).toContain("No such subscription");
    }
  }, 60_000);

  it("marks an order from a subscription on the order list and its page, with the subscription's other orders", async () => {
    const buyer = `one.time.${Date.now().toString(36)}@example.com`;
    const oneTime = { ...(await buyOrder(shop, buyer)), buyer };
    const renewedPage = await page(`/admin/subscriptions/${renewed.id}`, cookie);
    const [newer, older] = [...renewedPage.matchAll(/<tr[^>]*data-order="(\d+)"/g)].map((match) =>
      Number(match[1]),
    ) as [number, number];

    const list = await page("/admin/orders", cookie);
    const rowOf = (orderNumber: number) =>
      new RegExp(`<tr[^>]*data-order="${orderNumber}"[^>]*>([\\s\\S]*?)</tr>`).exec(list)?.[1] ?? "";
    for (const orderNumber of [newer, older]) {
      expect(rowOf(orderNumber)).toContain(`href="/admin/subscriptions/${renewed.id}"`);
      expect(rowOf(orderNumber)).toContain(`aria-label="Subscription of order #${orderNumber}"`);
    }
    expect(rowOf(oneTime.orderNumber)).not.toBe("");
    expect(rowOf(oneTime.orderNumber)).not.toContain("/admin/subscriptions/");

    const orderPage = await page(`/admin/orders/${newer}`, cookie);
    const orderText = textOf(orderPage);
    expect(orderText).toContain("Subscription order");
    expect(orderText).toContain("2 bottles per delivery, 8 on / 2 off weeks.");
    expect(orderText).toContain(`Next charge ${formatDay(addDays(renewed.start, 74))}, ${perDelivery}.`);
    expect(orderText).toContain("Its other orders (1)");
    // Its Stripe source is the invoice it paid, named as such.
    expect(orderText).toMatch(/Stripe invoice in_\w+/);
    expect(orderText).not.toContain("Stripe Checkout session");
    expect(orderPage).toContain(`href="/admin/subscriptions/${renewed.id}"`);
    expect(orderPage).toContain(`href="/admin/orders/${older}"`);
    // A one-time order has no subscription card.
    expect(textOf(await page(`/admin/orders/${oneTime.orderNumber}`, cookie))).not.toContain(
      "Subscription order",
    );

    // The order list searched by the subscriber's address (any case) shows their subscription too; by
    // an order number, or another customer's address, none.
    expect(textOf(await page(`/admin/orders?q=${newer}`, cookie))).not.toContain(
      "This customer's subscriptions",
    );
    expect(textOf(await page(`/admin/orders?q=${encodeURIComponent(oneTime.buyer)}`, cookie))).not.toContain(
      "This customer's subscriptions",
    );
    const email = /renewed\.[a-z0-9]+@example\.com/.exec(textOf(renewedPage))?.[0] ?? "";
    const byAddress = await page(`/admin/orders?q=${encodeURIComponent(email.toUpperCase())}`, cookie);
    expect(textOf(byAddress)).toContain("This customer's subscriptions (1)");
    expect(textOf(byAddress)).toContain("8 on / 2 off weeks, since");
    expect(byAddress).toContain(`href="/admin/subscriptions/${renewed.id}"`);
  }, 120_000);

  it("refuses anyone not signed in", async () => {
    for (const path of [
      "/admin/subscriptions",
      "/admin/subscriptions?state=past_due",
      `/admin/subscriptions/${renewed.id}`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/\/admin$/);
      expect(await response.text()).not.toContain("renewed.");
    }
    // A cookie that is not a session is no better.
    const forged = await get("/admin/subscriptions", "forge_admin=not-a-session");
    expect(forged.status).toBe(302);
  });

  it("after the subscriber skips a delivery on their page, shows the next charge their page shows", async () => {
    const email = `skipper.${Date.now().toString(36)}@example.com`;
    const skipper = await subscribe(email, { quantity: 1, weeksOn: 8, weeksOff: 2 });
    const shopper = await shopperSignIn(shop, post, email, "/account/subscription");
    const mine = await (await get("/account/subscription", shopper)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(mine)?.[1] ?? "";
    const skipped = await post(
      "/account/subscription",
      {
        subscription: field("subscription"),
        version: field("version"),
        bottle: field("bottle"),
        intent: "skip",
      },
      { cookie: shopper },
    );
    expect(skipped.status, await skipped.clone().text()).toBe(303);
    const theirs = textOf(await (await get(skipped.headers.get("location") ?? "", shopper)).text());
    // 8 on / 2 off: the day-30 bottle skipped, the third (day 74) is the next charge on their page…
    expect(theirs).toContain("Skipped: nothing charged or shipped");
    const next = addDays(skipper.start, 74);

    // …and in the back office: the list, and the subscription's calendar.
    const row = rowsOf(await page("/admin/subscriptions", cookie)).get(skipper.id) ?? "";
    expect(row).toContain("Active");
    expect(row).toMatch(new RegExp(`${formatDay(next)} \\S+ 1 None`));
    expect(row).not.toContain(formatDay(addDays(skipper.start, 30)));
    const detail = textOf(await page(`/admin/subscriptions/${skipper.id}`, cookie));
    expect(detail).toContain(`Bottle 2, ${formatDay(addDays(skipper.start, 30))}: Skipped`);
    expect(detail).toContain(`Bottle 3, ${formatDay(next)}: Next charge`);
  }, 120_000);
});
