import { describe, expect, it } from "vitest";
import { pauseInstant } from "~/server/subscriptions/cycle-pauses.server";
import { formatWeekdayDay } from "~/shared/dates";
import { addDays } from "~/shared/subscription-cycle";
import { databaseTargets } from "../../scripts/lib/test-database";
import { useShop } from "../support/shop";
import { eventually } from "../support/wait";
import { shopperSignIn } from "./account-support";
import { mailsTo } from "./checkout-harness";
import { formPoster, textOf } from "./order-pages-support";
import { advanceClock } from "./stripe-billing-harness";
import { liveUntil, paidInvoices, sdk, subscribeAndPay } from "./subscription-support";

/**
 * Decision 157 over HTTP, on PGlite and PostgreSQL: a subscriber's change is written down before Stripe
 * is asked, so a change Stripe holds is never lost by this site, and is never told twice:
 *
 * - Stripe carries the change out but every answer is lost: the subscriber is told the change is kept;
 *   the sweep makes it (one record, one e-mail) and Stripe charges by it;
 * - Stripe is down: the change is kept, the page says it is on its way (a second press writes no
 *   second change), and it is made once Stripe is back;
 * - the process is killed while Stripe's answer is on its way: after the restart the change is made,
 *   once, and Stripe charges by it;
 * - killed so, and a day goes by before the site is back: the change is dropped, Stripe is written back
 *   to the recorded calendar (the skipped delivery is charged after all), and the subscriber is told
 *   once that it was not made; also when Stripe had already begun the skip's pause (decision 158);
 * - killed so, and back only after the skipped delivery's day went by inside Stripe's pause: the skip
 *   happened, so it is recorded as made and told as made (decision 160).
 */

let lastClient = 140;
const newClient = () => `198.51.100.${++lastClient}`;
/** Stripe's schedule writes: the pauses that skip a delivery (followCycle). */
const SCHEDULES = "/v1/subscription_schedules";
const KEPT = "Your change is kept: we will make it as soon as Stripe answers";
/** A date as the e-mails write it: "Tuesday, March 31, 2026". */
const emailDay = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

describe.each(databaseTargets)("a subscriber's change Stripe did not confirm, on $name", ({ name }) => {
  const shop = useShop({
    store: name,
    webhooks: true,
    testClocks: true,
    ownOrigin: true,
    env: { TRUST_PROXY_HOPS: "1", SUBSCRIPTION_CHANGE_SWEEP_SECONDS: "1" },
  });
  const post = formPoster(shop, newClient);
  const get = (path: string, cookie: string) =>
    fetch(`${shop.origin}${path}`, { redirect: "manual", headers: { cookie } });

  async function page(cookie: string) {
    const response = await get("/account/subscription", cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    return {
      text: textOf(html),
      id: /name="subscription" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? "",
      version: /name="version" value="(\d+)"/.exec(html)?.[1] ?? "",
      bottle: /name="bottle" value="(\d+)"/.exec(html)?.[1] ?? "",
    };
  }

  async function subscribedForSkip(email: string) {
    const subscriber = await subscribeAndPay(shop, email);
    const cookie = await shopperSignIn(shop, post, email, "/account/subscription");
    const before = await page(cookie);
    expect(before.bottle).toBe("1");
    const skip = {
      intent: "skip",
      subscription: before.id,
      version: before.version,
      bottle: before.bottle,
    };
    return { subscriber, cookie, skip, due: addDays(subscriber.start, 30) };
  }

  const mails = (email: string, subject: RegExp) =>
    mailsTo(shop.emulators.mail.messages(), email).filter((mail) => subject.test(mail.subject));

  async function changesOf(subscriptionId: string) {
    return shop.store.query<{ kind: string; pending: boolean }>(
      `select kind, pending from subscription_changes c join subscriptions s on s.id = c.subscription_id
       where s.stripe_subscription_id = $1 order by c.sequence`,
      [subscriptionId],
    );
  }

  /** The hold of a process that died runs out a minute after it was taken: here, at once. */
  const holdRunOut = (subscriptionId: string) =>
    shop.store.query(
      "update subscriptions set changing_until = now() - interval '1 second' where stripe_subscription_id = $1",
      [subscriptionId],
    );

  /** The subscription's pending change written down a day and an hour ago. */
  const aDayOld = (subscriptionId: string) =>
    shop.store.query(
      `update subscription_changes set created_at = now() - interval '25 hours'
       where subscription_id = (select id from subscriptions where stripe_subscription_id = $1)`,
      [subscriptionId],
    );

  /** Posts the skip and kills the server once Stripe has carried out the schedule write, unanswered. */
  async function killedWhileStripeAnswers(cookie: string, skip: Record<string, string>) {
    const since = Date.now();
    shop.emulators.stripe.faults.add({
      kind: "lost",
      ms: 120_000,
      method: "POST",
      pathPrefix: SCHEDULES,
      times: 1,
    });
    const posted = post("/account/subscription", skip, { cookie }).then(
      (response) => response.status,
      () => "no answer" as const,
    );
    await eventually(
      () =>
        expect(
          shop.emulators.stripe.requests().some((request) => request.fault === "lost" && request.at >= since),
        ).toBe(true),
      30_000,
    );
    // In an object: an async function's promise would wait for `posted` itself.
    return { posted };
  }

  /**
   * A subscriber asks to skip; the server is killed while Stripe's answer is held, and comes back when
   * the change is a day old (its hold long run out), after `meanwhile` (Stripe's clock moved) while down.
   */
  async function skipKilledAndBackADayLater(
    email: string,
    meanwhile?: (clockId: string, due: string) => Promise<unknown>,
  ) {
    const { subscriber, cookie, skip, due } = await subscribedForSkip(email);
    const { posted } = await killedWhileStripeAnswers(cookie, skip);
    await shop.whileStopped(
      async () => {
        expect(await posted).toBe("no answer");
        expect(await changesOf(subscriber.subscriptionId)).toEqual([{ kind: "skip", pending: true }]);
        await aDayOld(subscriber.subscriptionId);
        await holdRunOut(subscriber.subscriptionId);
        await meanwhile?.(subscriber.clockId, due);
      },
      { signal: "SIGKILL" },
    );
    return { subscriber, cookie, due };
  }

  it("Stripe makes the change but its answers are lost: kept, then made once by the sweep", async () => {
    const email = `lost-answers-${name}@example.com`;
    const { subscriber, cookie, skip, due } = await subscribedForSkip(email);
    // Every try of the SDK (the first and its two retries, the same idempotency key) loses its answer.
    shop.emulators.stripe.faults.add({ kind: "lost", method: "POST", pathPrefix: SCHEDULES, times: 3 });
    const response = await post("/account/subscription", skip, { cookie });
    expect(response.status).toBe(502);
    expect(textOf(await response.text())).toContain(KEPT);

    await eventually(() => expect(mails(email, /^Skipped: /)).toHaveLength(1), 30_000);
    const after = await page(cookie);
    expect(after.text).toContain("Skipped: nothing charged or shipped");
    expect(await changesOf(subscriber.subscriptionId)).toEqual([{ kind: "skip", pending: false }]);

    await liveUntil(shop, subscriber, 80);
    const { dates } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(dates).toEqual([subscriber.start, addDays(subscriber.start, 74)]);
    expect(dates).not.toContain(due);
    expect(mails(email, /^Skipped: /)).toHaveLength(1);
    expect(mails(email, /was not made/)).toHaveLength(0);
  }, 180_000);

  it("Stripe down: the change is kept, the page says it is on its way, and it is made once Stripe is back", async () => {
    const email = `stripe-down-${name}@example.com`;
    const { subscriber, cookie, skip } = await subscribedForSkip(email);
    // Stripe's schedules cannot be read, by the request or by the sweep, until the fault is cleared.
    shop.emulators.stripe.faults.add({ kind: "error", status: 503, method: "GET", pathPrefix: SCHEDULES });
    try {
      const response = await post("/account/subscription", skip, { cookie });
      expect(response.status).toBe(502);
      expect(textOf(await response.text())).toContain(KEPT);
      const meanwhile = await page(cookie);
      expect(meanwhile.text).toContain("A change you asked for is on its way to our payment provider.");
      expect(meanwhile.text).not.toContain("Skipped: nothing charged or shipped");
      expect(await changesOf(subscriber.subscriptionId)).toEqual([{ kind: "skip", pending: true }]);
      // A second press while it is pending: told it is kept (502: Stripe failed), or, while the sweep
      // holds it, that a change is being saved (409); no second change is written.
      const again = await post("/account/subscription", skip, { cookie });
      expect([409, 502]).toContain(again.status);
      expect(await changesOf(subscriber.subscriptionId)).toEqual([{ kind: "skip", pending: true }]);
    } finally {
      shop.emulators.stripe.faults.clear();
    }
    await eventually(() => expect(mails(email, /^Skipped: /)).toHaveLength(1), 30_000);
    const after = await page(cookie);
    expect(after.text).toContain("Skipped: nothing charged or shipped");
    expect(after.text).not.toContain("on its way to our payment provider");
    expect(await changesOf(subscriber.subscriptionId)).toEqual([{ kind: "skip", pending: false }]);
  }, 180_000);

  it("killed between Stripe's answer and the record: after the restart the change is made, once", async () => {
    const email = `killed-${name}@example.com`;
    const { subscriber, cookie, skip, due } = await subscribedForSkip(email);
    const { posted } = await killedWhileStripeAnswers(cookie, skip);
    await shop.whileStopped(
      async (exitCode) => {
        expect(exitCode).toBeNull();
        expect(await posted).toBe("no answer");
        // Written down before Stripe was asked, not yet made; nothing told.
        expect(await changesOf(subscriber.subscriptionId)).toEqual([{ kind: "skip", pending: true }]);
        expect(mails(email, /^Skipped: /)).toHaveLength(0);
        // The dead process's hold (a minute) has run out by the time it is back.
        await holdRunOut(subscriber.subscriptionId);
      },
      { signal: "SIGKILL" },
    );

    await eventually(() => expect(mails(email, /^Skipped: /)).toHaveLength(1), 60_000);
    expect(mails(email, /^Skipped: /)[0]?.subject).toContain(emailDay(due));
    expect(await changesOf(subscriber.subscriptionId)).toEqual([{ kind: "skip", pending: false }]);
    const after = await page(cookie);
    expect(after.text).toContain("Skipped: nothing charged or shipped");
    expect(after.version).toBe("1");

    await liveUntil(shop, subscriber, 80);
    const { dates } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(dates).toEqual([subscriber.start, addDays(subscriber.start, 74)]);
    expect(mails(email, /^Skipped: /)).toHaveLength(1);
  }, 240_000);

  it("killed so, and back a day later: the change is dropped, Stripe written back, the subscriber told once", async () => {
    const email = `dropped-${name}@example.com`;
    const { subscriber, cookie, due } = await skipKilledAndBackADayLater(email);

    await eventually(() => expect(mails(email, /was not made$/)).toHaveLength(1), 60_000);
    const notice = mails(email, /was not made$/)[0];
    expect(notice?.subject).toBe("Your Forge subscription change was not made");
    expect(notice?.text).toContain("you asked to skip your next delivery");
    expect(notice?.text).toContain("your subscription is as it was before you asked");
    expect(notice?.text).toContain(`Your next charge is`);
    expect(notice?.text).toContain(`on ${emailDay(due)}.`);
    expect(await changesOf(subscriber.subscriptionId)).toEqual([]);
    const after = await page(cookie);
    expect(after.text).not.toContain("Skipped");
    expect(after.text).toContain(formatWeekdayDay(due));

    // Stripe follows the record again: the delivery the change would have skipped is charged.
    await liveUntil(shop, subscriber, 40);
    const { dates } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(dates).toEqual([subscriber.start, due]);
    expect(mails(email, /^Skipped: /)).toHaveLength(0);
    expect(mails(email, /was not made$/)).toHaveLength(1);
  }, 240_000);

  it("killed so, back a day later, and Stripe had begun the skip's pause: it ends for the delivery told", async () => {
    const email = `dropped-begun-${name}@example.com`;
    // Meanwhile Stripe began the skip's pause: at noon the day before the delivery it skips.
    const { subscriber, cookie, due } = await skipKilledAndBackADayLater(email, (clockId, day) =>
      advanceClock(sdk(shop.emulators), clockId, pauseInstant(addDays(day, -1)) + 3_600, 20_000),
    );

    await eventually(() => expect(mails(email, /was not made$/)).toHaveLength(1), 60_000);
    const notice = mails(email, /was not made$/)[0];
    expect(notice?.text).toContain(`on ${emailDay(due)}.`);
    expect(await changesOf(subscriber.subscriptionId)).toEqual([]);
    expect((await page(cookie)).text).toContain(formatWeekdayDay(due));

    // The pause Stripe had begun resumes on that day, and the delivery is charged as the e-mail says.
    await liveUntil(shop, subscriber, 40);
    const { dates } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(dates).toEqual([subscriber.start, due]);
    expect(mails(email, /was not made$/)).toHaveLength(1);
  }, 240_000);

  it("killed so, and back only after the skipped delivery's day went by in Stripe's pause: the skip was made, and says so", async () => {
    const email = `skipped-meanwhile-${name}@example.com`;
    // Stripe carried the skip out: its pause began, and the delivery's day went by uncharged.
    const { subscriber, due } = await skipKilledAndBackADayLater(email, (clockId, day) =>
      advanceClock(sdk(shop.emulators), clockId, pauseInstant(addDays(day, 2)), 20_000),
    );

    // Not "as it was before you asked": that delivery is gone. The skip is recorded as made, told once.
    await eventually(() => expect(mails(email, /^Skipped: /)).toHaveLength(1), 60_000);
    expect(mails(email, /^Skipped: /)[0]?.subject).toBe(`Skipped: your Forge delivery of ${emailDay(due)}`);
    expect(mails(email, /was not made/)).toHaveLength(0);
    expect(await changesOf(subscriber.subscriptionId)).toEqual([{ kind: "skip", pending: false }]);

    // Stripe charges by the skip's calendar, as when it is made at once.
    await liveUntil(shop, subscriber, 80);
    const { dates } = await paidInvoices(shop, subscriber.subscriptionId);
    expect(dates).toEqual([subscriber.start, addDays(subscriber.start, 74)]);
    expect(mails(email, /^Skipped: /)).toHaveLength(1);
    expect(mails(email, /was not made/)).toHaveLength(0);
  }, 240_000);
});
