import pino from "pino";
import { describe, expect, it } from "vitest";
import { formatRange, subscribeLinkText } from "~/content/subscribe";
import { choiceFromQuery, choiceQuery, DEFAULT_CHOICE, shownTermsKey } from "~/contracts/subscribe";
import type { Db } from "~/server/db/client.server";
import { renderSubscriptionWelcome } from "~/server/mail/templates/subscription-welcome";
import type { SubscriptionOffer } from "~/server/shopify/types";
import { termsAcceptanceMessage, termsConsent } from "~/server/stripe/consent.server";
import { renewalAgreement } from "~/server/stripe/subscriptions.server";
import { subscriptionWelcomeOf } from "~/server/subscriptions/sign-up-email.server";
import { addMonths, signUpCalendar, termsOf } from "~/server/subscriptions/sign-up-terms.server";
import {
  createSubscribePage,
  type SubscribePageDeps,
  subscribeForm,
} from "~/server/subscriptions/subscribe-page.server";
import { cycleCalendar } from "~/shared/subscription-cycle";

/**
 * Issue 36 item 2, the pure parts (decision 131): the terms of a choice on Shopify's selling plan and
 * their true saving, the sign-up calendar drawn from the cycle's calendar, the page's reading of its
 * form, the consent Checkout collects, and the sign-up e-mail's words.
 */

const offer = (price: string, oneTime: string, currencyCode = "USD"): SubscriptionOffer => ({
  variantId: "gid://shopify/ProductVariant/1",
  sellingPlanId: "gid://shopify/SellingPlan/1",
  name: "Delivered every 30 days",
  groupName: "Subscribe and save",
  description: null,
  pricePerDelivery: { amount: price, currencyCode },
  oneTimePrice: { amount: oneTime, currencyCode },
  percentageOff: 15,
  deliveryEveryDays: 30,
});

describe("the terms of a choice", () => {
  it("are the plan's price per bottle times the bottles, saving only against the plan's own one-time price", () => {
    expect(termsOf(offer("33.15", "39.0"), 2)).toEqual({
      currency: "usd",
      bottles: 2,
      pricePerBottle: 3315,
      oneTimePerBottle: 3900,
      perDelivery: 6630,
      oneTimePerDelivery: 7800,
      savingPerDelivery: 1170,
      percentOff: 15,
      everyDays: 30,
    });
  });

  it("round the percentage down, never up, and claim no saving where the plan saves nothing", () => {
    // 6.00 of 39.99 is 15.004 %: 15. 5.99 of 39.99 is 14.98 %: 14, not 15.
    expect(termsOf(offer("33.99", "39.99"), 1)?.percentOff).toBe(15);
    expect(termsOf(offer("34.00", "39.99"), 1)?.percentOff).toBe(14);
    const dearer = termsOf(offer("41.00", "39.00"), 1);
    expect(dearer).toMatchObject({ savingPerDelivery: 0, percentOff: 0 });
    expect(subscribeLinkText("$41.00", 0)).not.toMatch(/save/i);
    expect(subscribeLinkText("$33.15", 15)).toBe(
      "Subscribe and save 15%: $33.15 a bottle, nothing charged in your weeks off",
    );
  });

  it("say they are sample data beside the price and saving while the store is the sandbox's, and only then", async () => {
    expect(subscribeLinkText("$33.15", 15, true)).toBe(
      "Subscribe and save 15%: $33.15 a bottle, nothing charged in your weeks off (sample data)",
    );
    const pageOn = (sampleData: boolean) =>
      createSubscribePage({
        db: {} as Db,
        catalog: { getSubscriptionOffer: async () => ({ offered: true, offer: offer("33.15", "39.00") }) },
        billing: {} as SubscribePageDeps["billing"],
        subscribe: {} as SubscribePageDeps["subscribe"],
        variantId: "gid://shopify/ProductVariant/1",
        logger: pino({ level: "silent" }),
        liveTtlMs: 0,
        shownCache: { ttlMs: 60_000, swrMs: 60_000, maxStaleMs: 600_000 },
        today: () => "2026-11-28",
        sampleData,
      });
    const caller = { buyerIp: "127.0.0.1", requestId: "r" };
    const sandbox = await pageOn(true).view(DEFAULT_CHOICE, caller);
    expect(sandbox.offer).toMatchObject({ status: "offered", sample: true });
    const store = await pageOn(false).view(DEFAULT_CHOICE, caller);
    expect(store.offer.status).toBe("offered");
    expect(store.offer).not.toHaveProperty("sample");
  });

  it("are none for prices in two currencies or a price that is not one", () => {
    expect(
      termsOf({ ...offer("33.15", "39.00"), oneTimePrice: { amount: "39.00", currencyCode: "EUR" } }, 1),
    ).toBeNull();
    expect(termsOf(offer("0", "39.00"), 1)).toBeNull();
    expect(termsOf(offer("33.155", "39.00"), 1)).toBeNull();
  });
});

describe("the sign-up calendar", () => {
  it("adds months as a calendar does: a day the month lacks is its last", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2026-11-28", 6)).toBe("2027-05-28");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
  });

  it("is the cycle calendar's charges and stretches for 6 months, in date order, each charge the delivery's price", () => {
    const calendar = signUpCalendar({
      start: "2026-11-28",
      cycle: { weeksOn: 8, weeksOff: 2 },
      amountPerDelivery: 3315,
    });
    const plain = cycleCalendar({ start: "2026-11-28", weeksOn: 8, weeksOff: 2, through: "2027-05-27" });
    const charges = calendar.entries.filter((entry) => entry.kind === "charge");
    expect(charges.map((entry) => entry.date)).toEqual(plain.charges.map((charge) => charge.date));
    expect(charges.map((entry) => entry.date)).toEqual([
      "2026-11-28",
      "2026-12-28",
      "2027-02-10",
      "2027-03-12",
      "2027-04-25",
      "2027-05-25",
    ]);
    expect(charges.every((entry) => entry.kind === "charge" && entry.amount === 3315)).toBe(true);
    expect(calendar).toMatchObject({ through: "2027-05-27", deliveries: 6, total: 6 * 3315, months: 6 });
    // The first weeks on start the day of the first charge, and are listed before it.
    expect(calendar.entries[0]).toEqual({ kind: "on", start: "2026-11-28", last: "2027-01-22" });
    expect(calendar.entries[1]).toMatchObject({ kind: "charge", delivery: 1 });
    expect(calendar.entries.find((entry) => entry.kind === "off")).toEqual({
      kind: "off",
      start: "2027-01-23",
      last: "2027-02-05",
      days: 14,
      servingsCarried: 4,
    });
    const dates = calendar.entries.map((entry) => (entry.kind === "charge" ? entry.date : entry.start));
    expect([...dates].sort()).toEqual(dates);
  });

  it("draws the bar within the horizon: charges and months as percentages, on and off in turn", () => {
    const { bar } = signUpCalendar({
      start: "2026-11-28",
      cycle: { weeksOn: 12, weeksOff: 4 },
      amountPerDelivery: 3315,
    });
    expect(bar.charges[0]).toEqual({ at: 0, delivery: 1 });
    for (const mark of [...bar.charges.map((c) => c.at), ...bar.months.map((m) => m.at)]) {
      expect(mark).toBeGreaterThanOrEqual(0);
      expect(mark).toBeLessThan(100);
    }
    expect(bar.months.map((month) => month.label)).toEqual(["Dec", "Jan", "Feb", "Mar", "Apr", "May"]);
    expect(bar.segments.map((segment) => segment.kind).slice(0, 3)).toEqual(["on", "off", "on"]);
    // 12 weeks on of 181 days.
    expect(bar.segments[0]).toEqual({ kind: "on", from: 0, to: 46.41 });
  });

  it("states a stretch across a new year with both years", () => {
    expect(formatRange("2026-11-28", "2027-01-22")).toBe("Nov 28, 2026 to Jan 22, 2027");
    expect(formatRange("2027-01-23", "2027-02-05")).toBe("Jan 23 to Feb 5, 2027");
  });
});

describe("the page's form", () => {
  it("reads a shared link leniently: anything unknown is the default (8 on, 2 off, 1 bottle)", () => {
    expect(choiceFromQuery(new URLSearchParams(""))).toEqual(DEFAULT_CHOICE);
    expect(DEFAULT_CHOICE).toEqual({ weeksOn: 8, weeksOff: 2, bottles: 1 });
    expect(choiceFromQuery(new URLSearchParams("weeksOn=12&weeksOff=4&bottles=3"))).toEqual({
      weeksOn: 12,
      weeksOff: 4,
      bottles: 3,
    });
    expect(choiceFromQuery(new URLSearchParams("weeksOn=9&weeksOff=1e1&bottles=-1"))).toEqual(DEFAULT_CHOICE);
    expect(choiceQuery({ weeksOn: 10, weeksOff: 3, bottles: 2 })).toBe("weeksOn=10&weeksOff=3&bottles=2");
    expect(shownTermsKey({ weeksOn: 10, weeksOff: 3, bottles: 2 }, 3315, "usd")).toBe("10-3-2-3315-usd");
  });

  it("refuses a posted value the page never offers, and any other field", () => {
    expect(subscribeForm.parse({ weeksOn: "10", weeksOff: "3", bottles: "2" })).toEqual({
      weeksOn: 10,
      weeksOff: 3,
      bottles: 2,
    });
    expect(subscribeForm.safeParse({ weeksOn: "9", weeksOff: "3", bottles: "2" }).success).toBe(false);
    expect(subscribeForm.safeParse({ weeksOn: "8", weeksOff: "2", bottles: "4" }).success).toBe(false);
    expect(subscribeForm.safeParse({ weeksOn: "8", weeksOff: "2", bottles: "1", price: "1" }).success).toBe(
      false,
    );
  });
});

describe("the consent Stripe Checkout collects", () => {
  it("is one helper: the terms of sale for a purchase; the renewal too for a subscription", () => {
    expect(termsConsent(undefined)).toEqual({});
    expect(termsConsent("https://shop.example/")).toEqual({
      consent_collection: { terms_of_service: "required" },
      custom_text: {
        terms_of_service_acceptance: { message: termsAcceptanceMessage("https://shop.example") },
      },
    });
    const renewal = renewalAgreement(
      { unitAmount: 3315, quantity: 2, currency: "usd", everyDays: 30, cycle: { weeksOn: 10, weeksOff: 3 } },
      "https://shop.example",
    );
    const consent = termsConsent("https://shop.example", () => renewal);
    expect(consent.consent_collection).toEqual({ terms_of_service: "required" });
    expect(consent.custom_text?.terms_of_service_acceptance).toHaveProperty(
      "message",
      "I agree to the [terms of sale](https://shop.example/legal/terms) and to a subscription: $66.30 now, then $66.30 every 30 days during my weeks on and nothing during my weeks off (10 weeks on, 3 weeks off), until I cancel, which I can do online at any time on [my subscription page](https://shop.example/account/subscription).",
    );
  });
});

describe("the sign-up e-mail", () => {
  it("restates the terms, the next dates and how to cancel, with nothing about health", async () => {
    const payload = subscriptionWelcomeOf(
      {
        productTitle: "Forge Enhancer",
        quantity: 1,
        unitAmount: 3315,
        currency: "usd",
        weeksOn: 8,
        weeksOff: 2,
      },
      Date.parse("2026-11-28T17:00:00Z") / 1000,
      "https://shop.example/",
    );
    expect(payload).toMatchObject({
      startedOn: "2026-11-28",
      everyDays: 30,
      manageUrl: "https://shop.example/account/subscription",
      termsUrl: "https://shop.example/legal/terms",
    });
    const mail = await renderSubscriptionWelcome(payload);
    expect(mail.subject).toBe("Your Forge subscription has started: your terms and dates");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("$33.15 for each delivery of 1 bottle");
      expect(part).toContain("Every 30 days during your weeks on");
      expect(part).toContain("Nothing is charged or shipped during your 2 weeks off");
      expect(part).toContain("https://shop.example/account/subscription");
      expect(part).toContain("Wed, Feb 10, 2027");
      expect(part).toContain("Jan 23 to Feb 5, 2027");
    }
    expect(mail.text).toContain("Delivery 3: 1 bottle for $33.15");
    expect(mail.text).toContain("How to cancel: Online at any time, on your subscription page");
    expect(mail.text).not.toMatch(/testosterone level|result|quiz|date of birth/i);
  });
});
